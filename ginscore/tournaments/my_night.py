"""My night: one entrant's own page of the event (reads only). Their next table and opponent,
the round and its clock, the live score, the hands awaiting their confirmation, their results so
far, their place in the standings and in the season, and their prize when the club plays for
money. Opened from their account, or their personal link (the check-in pass, ``own_check_in``)."""
from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from django.db.models import Q
from django.urls import reverse

from ginscore.matches import agreement
from ginscore.matches.selectors.match import hands_awaiting
from ginscore.seasons import selectors as seasons
from ginscore.tournaments import selectors
from ginscore.tournaments.models import STATUS_FINISHED, STATUS_RUNNING, Entry, Tournament, TournamentMatch
from ginscore.tournaments.own_check_in import check_in_proven, check_in_token


def night_link(entry: Entry) -> str:
    """The entrant's own page without an account (a path): the same pass as their personal
    check-in link (whoever holds one holds the other)."""
    return reverse("tournaments:my_night_link", args=[entry.tournament_id, entry.pk, check_in_token(entry)])


def night_proven(entry: Entry, token: str) -> bool:
    return check_in_proven(entry, token)


def own_entry(t: Tournament, user) -> Entry | None:
    """The account's entry in ``t`` (their player's, or a doubles partner's), withdrawn or not."""
    if user is None or not user.is_authenticated:
        return None
    return (t.entries.filter(Q(player__user=user) | Q(partner__user=user)).select_related("player", "partner")
            .first())


def nights_running(user) -> list[Tournament]:
    """The running events the account plays in (their player's entry or a doubles partner's, not
    withdrawn), for the home page's way to My night. One query; none for a visitor."""
    if user is None or not user.is_authenticated:
        return []
    mine = Entry.objects.filter(Q(player__user=user) | Q(partner__user=user), withdrawn=False)
    return list(Tournament.objects.filter(status=STATUS_RUNNING, pk__in=mine.values("tournament_id"))
                .order_by("-pk").only("pk", "name"))


@dataclass
class Game:
    row: TournamentMatch
    round_name: str
    opponent: str | None       # None: a bye
    result: str                # "won", "lost", "bye", "" (still playing)
    score: str                 # the game in play's score, or the points


@dataclass
class Night:
    entry: Entry
    now: Game | None = None                 # the match being played (or next to play)
    waiting: bool = False                   # no match now: waiting for the next round's pairing
    clock: bool = False                     # the round of ``now`` is timed
    to_confirm: list = field(default_factory=list)   # hands awaiting this entrant's confirmation
    games: list[Game] = field(default_factory=list)  # results so far, first to last
    place: dict | None = None               # the standings' row
    field_size: int = 0
    season: dict | None = None              # {"season", "rank", "total", "of"}
    prize: Decimal | None = None
    prize_final: bool = False


def _seats(row: TournamentMatch, entry: Entry) -> set[str]:
    return {"a", "c"} if row.entry_a_id == entry.pk else {"b", "d"}


def _game(row: TournamentMatch, entry: Entry, names) -> Game:
    mine_a = row.entry_a_id == entry.pk
    other = row.entry_b if mine_a else row.entry_a
    if row.bye or (row.outcome and other is None):
        result = "bye"
    elif row.winner_id is None:
        result = ""
    else:
        result = "won" if row.winner_id == entry.pk else "lost"
    m = row.match
    if m is not None and not m.complete:
        score = m.game_score_text
    elif m is not None and m.complete:
        score = "–".join(str(p) for p in ((row.points_a, row.points_b) if mine_a else (row.points_b, row.points_a)))
    else:
        score = ""
    return Game(row, names.play_round(row.stage, row.play_round), other.name if other else None, result, score)


def my_night(t: Tournament, entry: Entry) -> Night:
    names = selectors.Names.of(t)
    night = Night(entry=entry)
    rows = list(TournamentMatch.objects.filter(tournament=t).filter(Q(entry_a=entry) | Q(entry_b=entry))
                .select_related("entry_a__player", "entry_a__partner", "entry_b__player", "entry_b__partner",
                                "match__player_a", "match__player_b", "match__player_c", "match__player_d",
                                "winner").order_by("stage", "play_round", "id"))
    for row in rows:
        game = _game(row, entry, names)
        if row.outcome:
            night.games.append(game)
        elif night.now is None and row.entry_a_id and row.entry_b_id:
            night.now = game
    if night.now is not None:
        row = night.now.row
        night.clock = bool(t.clock_deadline and (t.clock_stage, t.clock_round) == (row.stage, row.play_round))
    night.waiting = night.now is None and t.status != STATUS_FINISHED and not entry.withdrawn
    if t.agree:
        for row in rows:
            if row.match is not None:
                seats = _seats(row, entry)
                night.to_confirm += [(row, h) for h in hands_awaiting(row.match)
                                     if seats & set(agreement.confirm_sides(row.match, h))]
    table = selectors.standings_kept(t) if t.status != "setup" else []
    night.field_size = len(table)
    place = next((r for r in table if r["entry_id"] == entry.pk), None)
    night.place = place if place and (place["played"] or place["byes"]) else None
    _season(t, entry, night)
    _prize(t, entry, night)
    return night


def _season(t: Tournament, entry: Entry, night: Night) -> None:
    season = seasons.season_of(t)
    if season is None:
        return
    view = seasons.season_view(season)
    row = next((r for r in view.table.ranked if r.player == entry.player_id), None)
    night.season = {"season": season, "rank": row.rank if row else None, "total": row.total if row else None,
                    "of": len(view.table.ranked)}


def _prize(t: Tournament, entry: Entry, night: Night) -> None:
    if not seasons.money_on() or night.place is None:
        return
    money = seasons.night_money(t)
    if money.error or not money.lines:
        return
    if money.final:
        night.prize_final = True
        night.prize = next((line.amount for line in money.lines if line.entry_id == entry.pk), Decimal(0))
    else:
        rank = night.place["rank"]
        night.prize = next((line.amount for line in money.lines if line.place == rank), Decimal(0))
