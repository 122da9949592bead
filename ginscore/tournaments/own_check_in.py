"""Who may check a player in: the player themselves (their own account, or their own personal
check-in link or its QR code, ``ginscore.club.passes``) or the director at the desk. The public
check-in page only shows who is here; it ticks no one.

The personal link is made from the entry (tournament, entry, player): the director hands it out
from the desk (link or QR), a sheet may print it (``check_in_passes``).
"""
from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q
from django.urls import reverse

from ginscore.club.passes import pass_token, token_matches
from ginscore.tournaments.models import Entry, Tournament


def _parts(entry: Entry):
    return (entry.tournament_id, entry.pk, entry.player_id)


def check_in_token(entry: Entry) -> str:
    return pass_token("check_in", *_parts(entry))


def check_in_link(entry: Entry) -> str:
    """The entry's personal check-in link (a path)."""
    return reverse("tournaments:check_in_own", args=[entry.tournament_id, entry.pk, check_in_token(entry)])


def check_in_proven(entry: Entry, token: str) -> bool:
    return token_matches(token, "check_in", *_parts(entry))


@dataclass(frozen=True)
class CheckInPass:
    entry: Entry
    link: str   # a path


def check_in_passes(t: Tournament) -> list[CheckInPass]:
    """Every entry still in the event with its personal check-in link, by name (one query)."""
    entries = t.entries.filter(withdrawn=False).select_related("player", "partner").order_by("player__name", "id")
    return [CheckInPass(e, check_in_link(e)) for e in entries]


def own_entries(t: Tournament, user) -> list[Entry]:
    """The entries of ``t`` the account plays in (its player, or a doubles partner), not withdrawn."""
    if user is None or not user.is_authenticated:
        return []
    return list(t.entries.filter(withdrawn=False).filter(Q(player__user=user) | Q(partner__user=user))
                .select_related("player", "partner"))
