"""The match and its hands, and the lists of matches in play and finished."""
from __future__ import annotations

import zlib

from django.http import Http404

from ginscore.club.prepared import Prepared
from ginscore.engine import MatchResult, score_match
from ginscore.matches.models import AGREED, Hand, Match, hands_in_order
from ginscore.matches.records import match_to_record
from ginscore.ratings.models import ratings_stamp


_MATCH = Prepared(lambda pk: Match.objects.with_players().select_related("tournament_match__tournament")
                  .filter(pk=pk))


def match_get(pk: int) -> Match:
    """The match with its players and, for a tournament match, its place in the tournament (404: none)."""
    match = _MATCH.first(pk)
    if match is None:
        raise Http404("No such match.")
    return match


_PLACE = "tournament_match__"
_LIVE_FIELDS = (
    "revision", "complete", "updated_at", "player_a__name", "player_b__name", "player_c__name", "player_d__name",
    "team_a_name", "team_b_name", f"{_PLACE}table", f"{_PLACE}outcome", f"{_PLACE}time_hands", f"{_PLACE}at_time",
    f"{_PLACE}tournament__clock_deadline", f"{_PLACE}tournament__clock_called", f"{_PLACE}tournament__name")
_LIVE_VERSION = Prepared(lambda pk: Match.objects.filter(pk=pk).values_list(*_LIVE_FIELDS))
# The pads whose versions one answer of ``pads_live_versions`` gives: matches BLOCK * n to BLOCK * n + 15.
PADS_BLOCK = 16
_PADS_LIVE_VERSIONS = Prepared(lambda low, high: Match.objects.filter(pk__gte=low, pk__lte=high).values_list(
    "pk", *_LIVE_FIELDS))


def match_live_version(pk: int, **_) -> str | None:
    """The pad's version for the live page (one query): the hands' revision, the match's last change
    and the names it shows and, for a tournament match, its table, result, the round clock and the
    tournament's name; a finished match's page also says what it did to the ratings, which a
    correction to an earlier match moves: the ratings' version too (a second query). None: no such
    match. (A visitor's page is kept under it: ``live_page``.)"""
    row = _LIVE_VERSION.first(pk)
    if row is None:
        return None
    return _live_version(pk, row, ratings_stamp() if row[1] else None)


def _live_version(pk: int, row, ratings: int | None) -> str:
    revision, complete, *place_state = row
    ratings = f".r{ratings}" if complete else ""
    return f"m{pk}.{revision}.{zlib.crc32(repr(place_state).encode()):x}{ratings}"


def pads_live_versions(block: int) -> dict[int, str]:
    """The live versions of the pads of matches ``PADS_BLOCK * block`` to ``PADS_BLOCK * block + 15``
    that exist, each as ``match_live_version`` gives it (one query; a second when one is finished).
    A pad's onlookers poll these, shared by the front, and ask for the pad only when its version
    moved (static/ginscore/live.js): the site answers a few pads' polls at once, not each pad's.
    Every match's pad is the same for every visitor without a session, so nothing here is private."""
    low = PADS_BLOCK * block
    rows = {pk: row for pk, *row in _PADS_LIVE_VERSIONS(low, low + PADS_BLOCK - 1)}
    ratings = ratings_stamp() if any(row[1] for row in rows.values()) else None
    return {pk: _live_version(pk, row, ratings) for pk, row in sorted(rows.items())}


def match_hands(match: Match) -> list[Hand]:
    return hands_in_order(match.pk)


def hands_awaiting(match: Match) -> list[Hand]:
    """The hands of ``match`` that do not count yet (both players agree: awaiting the other
    player's confirmation, or disputed), with who entered them; one query."""
    return list(Hand.objects.filter(match=match).exclude(agreement=AGREED).select_related("entered_by")
                .order_by("number"))


def match_result(match: Match, hands: list[Hand] | None = None) -> MatchResult:
    return score_match(match_to_record(match, match_hands(match) if hands is None else hands))


def matches_in_play(limit: int = 20) -> list[Match]:
    return list(Match.objects.with_players().in_play().order_by("-updated_at")[:limit])


def matches_recent_results(limit: int = 10) -> list[Match]:
    return list(Match.objects.with_players().finished().order_by("-finished_at")[:limit])
