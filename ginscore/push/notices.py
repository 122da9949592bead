"""What each piece of news (``ginscore.tournaments.news``) tells whom: the notices, read from the
database when they are sent (the write is committed), each with the players it is for, a key
that names it once and for all (the ledger keeps it), and its words, written in the language
active when they are read (each subscription's own).

- ``paired``: an entrant whose next match is ready (both players, a match, no hand yet):
  "Round 3 is paired: table 7 against Ben." (again when a table comes free for it);
- ``time``: the players of the timed round's matches: "Round 3: time is called. Finish the hand in play.";
- ``confirm``: the players who may confirm a hand entered at the table: "Ben entered hand 4: confirm it.";
- ``result``: both entrants of a decided match: "Your result is in: won against Ben, 512–204."
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from django.db.models import Q
from django.utils.translation import gettext as _

from ginscore.matches.agreement import confirm_sides, entrant_side, hand_version
from ginscore.matches.models import AWAITING, KIND_PARTNERSHIP, Hand
from ginscore.push.models import Subscription
from ginscore.tournaments import selectors
from ginscore.tournaments.models import STATUS_RUNNING, Entry, Tournament, TournamentMatch

ENTRY_READS = ("entry_a__player", "entry_a__partner", "entry_b__player", "entry_b__partner")


@dataclass
class Notice:
    kind: str
    key: str                       # with the kind and the subscription: sent once
    tournament: Tournament
    entry: Entry                   # whose it is (their personal link opens their night)
    players: tuple[int, ...]       # the players it is for (an entry's one or two)
    words: Callable[[], str]       # the text, in the active language
    ttl: int                       # seconds the push service keeps it for a phone that is off


def _players(entry: Entry) -> tuple[int, ...]:
    return tuple(p for p in (entry.player_id, entry.partner_id) if p is not None)


def _followed(t: Tournament) -> set[int]:
    """The players with a subscription that hears ``t``'s news (one query)."""
    return set(Subscription.objects.filter(Q(tournament__isnull=True) | Q(tournament=t))
               .values_list("player_id", flat=True))


def paired(tournament: int) -> list[Notice]:
    t = Tournament.objects.filter(pk=tournament, status=STATUS_RUNNING).first()
    followed = _followed(t) if t is not None else set()
    if not followed:
        return []
    entries = Q(player_id__in=followed) | Q(partner_id__in=followed)
    ids = set(t.entries.filter(entries, withdrawn=False).values_list("pk", flat=True))
    rows = (TournamentMatch.objects.filter(tournament=t, outcome="", match__isnull=False)
            .filter(Q(entry_a_id__in=ids) | Q(entry_b_id__in=ids))
            .select_related("match", *ENTRY_READS).order_by("stage", "play_round", "id"))
    names = selectors.Names(t)
    notices, seen = [], set()
    for row in rows:
        for mine, other in ((row.entry_a, row.entry_b), (row.entry_b, row.entry_a)):
            if mine is None or mine.pk not in ids or mine.pk in seen:
                continue
            seen.add(mine.pk)   # an entrant's first open match is the one they play now
            if other is None or row.match.hand_count:
                continue
            notices.append(Notice("paired", f"{row.pk}.{row.table or 0}", t, mine, _players(mine),
                                  _paired_words(names, row, other.name), ttl=1800))
    return notices


def _paired_words(names, row: TournamentMatch, other: str):
    def words():
        values = {"round": names.play_round(row.stage, row.play_round), "table": row.table, "name": other}
        if row.table:
            return _("%(round)s is paired: table %(table)s against %(name)s.") % values
        return _("%(round)s is paired: against %(name)s; your table comes when one is free.") % values
    return words


def time(tournament: int, stage: int, round: int) -> list[Notice]:
    t = Tournament.objects.filter(pk=tournament).first()
    if t is None or not _followed(t):
        return []
    names = selectors.Names(t)
    rows = (TournamentMatch.objects.filter(tournament=t, stage=stage, play_round=round, time_hands__isnull=False)
            .select_related(*ENTRY_READS))

    def words():
        return _("%(round)s: time is called. Finish the hand in play.") % {"round": names.play_round(stage, round)}

    return [Notice("time", f"{stage}.{round}", t, entry, _players(entry), words, ttl=600)
            for row in rows for entry in (row.entry_a, row.entry_b) if entry is not None]


def confirm(match: int, hand: int, version: str) -> list[Notice]:
    found = Hand.objects.filter(pk=hand, match_id=match).select_related(
        "match__player_a", "match__player_b", "match__player_c", "match__player_d").first()
    if found is None or found.agreement != AWAITING or hand_version(found) != version:
        return []   # answered (or changed) already: nothing to ask
    row = TournamentMatch.objects.filter(match_id=match).select_related("tournament", *ENTRY_READS).first()
    if row is None or row.entry_a is None or row.entry_b is None:
        return []
    m = found.match
    asked = {m.player(seat).pk for seat in confirm_sides(m, found)}
    entrant = entrant_side(m, found)
    name = m.player(entrant).name if entrant else ""
    partnership = m.kind == KIND_PARTNERSHIP

    def words():
        values = {"name": name, "number": found.number, "table": found.table}
        if partnership:
            if name:
                return _("%(name)s entered deal %(number)s, table %(table)s: confirm it.") % values
            return _("Deal %(number)s, table %(table)s was entered at the table: confirm it.") % values
        if name:
            return _("%(name)s entered hand %(number)s: confirm it.") % values
        return _("Hand %(number)s was entered at the table: confirm it.") % values

    notices = []
    for entry in (row.entry_a, row.entry_b):
        players = tuple(p for p in _players(entry) if p in asked)
        if players:
            notices.append(Notice("confirm", version, row.tournament, entry, players, words, ttl=1800))
    return notices


def result(row: int) -> list[Notice]:
    found = (TournamentMatch.objects.filter(pk=row, outcome__in=("played", "forfeit"), winner__isnull=False)
             .select_related("tournament", *ENTRY_READS).first())
    if found is None or found.entry_a is None or found.entry_b is None:
        return []
    notices = []
    for mine, other, points in ((found.entry_a, found.entry_b, (found.points_a, found.points_b)),
                                (found.entry_b, found.entry_a, (found.points_b, found.points_a))):
        notices.append(Notice("result", f"{found.pk}.{found.winner_id}", found.tournament, mine, _players(mine),
                              _result_words(found, mine, other.name, points), ttl=3600))
    return notices


def _result_words(row: TournamentMatch, mine: Entry, other: str, points: tuple[int, int]):
    won = row.winner_id == mine.pk

    def words():
        values = {"name": other, "score": "–".join(str(p) for p in points)}
        if row.outcome == "forfeit":
            return (_("Your result is in: won by forfeit against %(name)s.") if won else
                    _("Your result is in: lost by forfeit against %(name)s.")) % values
        return (_("Your result is in: won against %(name)s, %(score)s.") if won else
                _("Your result is in: lost against %(name)s, %(score)s.")) % values
    return words


KINDS = {"paired": paired, "time": time, "confirm": confirm, "result": result}
