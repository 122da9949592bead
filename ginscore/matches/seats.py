"""Each player's own pass to a match (``ginscore.club.passes``): what proves, on any phone, that
the one confirming a hand is that player and not whoever holds the table link.

- the **seat code** (6 digits) is shown only to the player: on their own pad (logged in to
  their account, or opened from their personal link) and on their seat of the printed table
  sheet (``seat_passes``, for the sheets). They type it on a shared phone to confirm a hand;
  the tries are counted where they come from (``ginscore.club.passes.code_guess``).
- the **personal link** (``/matches/<id>/seat/<letter>/<token>/``, also a QR code on the sheet)
  opens the pad as that player: it scores as the table link does and confirms in one tap. The
  link takes only the 22-character token, never the code.

Both come from the match's table token: renewing the table link renews every seat's pass.
"""
from __future__ import annotations

from dataclasses import dataclass

from django.urls import reverse

from ginscore.club.passes import code_matches, pass_code, pass_token, token_matches
from ginscore.matches.records import match_names

SEATS_KEY = "ginscore_seats"   # the session's proven seats: {match id: {seat: token}}


def _parts(match, seat: str):
    return (match.pk, seat, match.table_token)


def seat_code(match, seat: str) -> str:
    return pass_code("seat", *_parts(match, seat))


def seat_token(match, seat: str) -> str:
    return pass_token("seat", *_parts(match, seat))


def seat_link(match, seat: str) -> str:
    """The personal link's path (make it absolute with ``ginscore.club.site.absolute_url``)."""
    return reverse("matches:seat", args=[match.pk, seat, seat_token(match, seat)])


def seat_proven(match, seat: str, token: str) -> bool:
    """``token`` is the personal link's token of ``seat`` in ``match`` (a code never is)."""
    return seat in match.seat_letters and token_matches(token, "seat", *_parts(match, seat))


def seat_code_proven(match, seat: str, code: str) -> bool:
    """``code`` (typed, counted by ``ginscore.club.passes.code_guess``) is ``seat``'s code in ``match``."""
    return seat in match.seat_letters and code_matches(code, "seat", *_parts(match, seat))


@dataclass(frozen=True)
class SeatPass:
    seat: str
    name: str
    code: str
    link: str   # a path


def seat_passes(match) -> list[SeatPass]:
    """Every seat's pass, for the printed table sheet (each on its own seat's part of the sheet)."""
    return [SeatPass(seat, name, seat_code(match, seat), seat_link(match, seat))
            for seat, name in zip(match.seat_letters, match_names(match))]


def seat_grant(request, match, seat: str) -> None:
    """This browser has opened ``seat``'s personal link: it answers as that player from now on."""
    seats = dict(request.session.get(SEATS_KEY, {}))
    seats[str(match.pk)] = {**seats.get(str(match.pk), {}), seat: seat_token(match, seat)}
    request.session[SEATS_KEY] = seats


def seats_held(request, match) -> list[str]:
    """The seats this browser has proven (personal links still valid: not renewed since)."""
    held = request.session.get(SEATS_KEY, {}).get(str(match.pk), {})
    return [seat for seat, token in sorted(held.items()) if isinstance(token, str) and seat_proven(match, seat, token)]


def held_token(request, match, seat: str) -> str:
    """The personal link's token this browser holds for ``seat``, or ""."""
    return request.session.get(SEATS_KEY, {}).get(str(match.pk), {}).get(seat, "") if seat in seats_held(
        request, match) else ""
