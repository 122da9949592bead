"""Reads: the club's ratings, a replay of every rated match in the order it finished.

``replay()`` reads the rated matches (``Match.objects.rated``: finished, not a friendly, not a bye,
forfeit or withdrawal) in finishing order from the caches the match services keep on ``Match``
(players, winner, rules, length; three players: each pair's net, whose sign is who pays whom) and
rates them with the engine (``ginscore.engine.ratings``), in two queries. The pages never run it at
a club's size: the background worker does after every change of the rated history
(``services.ratings_replay``) and stores it under the history's number (``RatingsReplay``);
``club_ratings()`` reads the stored replay, kept by each process under the ratings version's stamp.
While a newer replay is being made the stored one is shown, and ``ClubRatings.behind`` says so.
"""
from __future__ import annotations

import pickle
import zlib
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from fractions import Fraction
from typing import NamedTuple

from django.db.models import IntegerField
from django.db.models.fields.json import KT
from django.db.models.functions import Cast
from django.utils import timezone

from ginscore.club.kept import Kept
from ginscore.engine import MatchLength
from ginscore.engine.ratings import (
    START, PlayerRating, Ratings, length_weight, partnership, three_players, two_players,
)
from ginscore.matches.models import Match
from ginscore.players.models import Player
from ginscore.ratings.models import RatingsReplay, ratings_stamp, ratings_version  # noqa: F401 (ratings_stamp: the views')

TREND_DAYS = 30
ACTIVE_DAYS = 183  # six months: a player with no rated match since is listed apart


class _Rules(NamedTuple):
    game_target: int
    match_target: int
    columns: int


class Point(NamedTuple):
    """One rated match of one player: their rating after it and what it changed."""

    match_id: int
    finished_at: datetime
    rating: float
    change: float
    won: bool
    opponents: tuple[int, ...]   # the other side's players (three players: both others)


@dataclass
class ClubRatings:
    ratings: Ratings                       # by player id
    history: dict[int, list[Point]]        # by player id, in finishing order
    changes: dict[int, dict[int, float]]   # by match id: each player's change
    names: dict[int, str] = field(default_factory=dict)
    hidden: set[int] = field(default_factory=set)
    # The stored replay is of an older history than the club's now: a newer one is being made
    # (the pages show these with a note saying so).
    behind: bool = False

    def of(self, player_id: int) -> PlayerRating:
        return self.ratings.of(player_id)

    def rating_on(self, player_id: int, moment: datetime) -> float:
        """The player's rating as it stood at ``moment`` (1500 before their first rated match)."""
        rating = START
        for point in self.history.get(player_id, ()):
            if point.finished_at > moment:
                break
            rating = point.rating
        return rating


_FIELDS = ("id", "finished_at", "player_a_id", "player_b_id", "player_c_id", "player_d_id", "winner_id",
           "length_kind", "length_games", "game_target", "match_target", "columns")
# The three rules a match's length weight needs, read as whole numbers by the database (not a
# JSON document decoded per value: a club's whole history is read at once).
_RULES = {key: Cast(KT(f"rules__{key}"), IntegerField()) for key in ("game_target", "match_target", "columns")}


def _paid(pairs: dict | None, seats: dict[str, int]) -> list[tuple[int, int]]:
    """Three players: (payer, payee) for each pair whose net is not 0 (a pair's net is what its
    games credited the first seat minus the second: the lower pays the difference)."""
    out = []
    for key, pair in (pairs or {}).items():
        net = (pair or {}).get("net", 0)
        if net:
            p, q = seats[key[0]], seats[key[1]]
            out.append((q, p) if net > 0 else (p, q))
    return out


def replay() -> ClubRatings:
    """Every rated match of the club, rated in the order it finished (two queries, three with the
    players' names)."""
    rated = Match.objects.rated()
    rows = rated.annotate(**_RULES).order_by("finished_at", "id").values_list(*_FIELDS)
    pairs = dict(rated.filter(player_c__isnull=False, player_d__isnull=True).order_by()
                 .values_list("id", "tallies__pairs"))
    ratings = Ratings()
    history: dict[int, list[Point]] = {}
    changes: dict[int, dict[int, float]] = {}
    weights: dict[tuple, Fraction] = {}
    for pk, finished_at, a, b, c, d, winner, kind, games, game_target, match_target, columns in rows:
        key = (kind, games, game_target, match_target, columns)
        n = weights.get(key)
        if n is None:
            n = weights[key] = length_weight(_Rules(game_target, match_target, columns),
                                             MatchLength(kind, games if kind == "best_of" else None))
        if d is not None:
            match = partnership((a, c), (b, d), winner == a, n)
            winners = (a, c) if winner == a else (b, d)
            sides = {a: (b, d), c: (b, d), b: (a, c), d: (a, c)}
        elif c is not None:
            match = three_players((a, b, c), _paid(pairs.get(pk), {"a": a, "b": b, "c": c}), n)
            winners = (winner,)
            sides = {a: (b, c), b: (a, c), c: (a, b)}
        else:
            match = two_players(a, b, winner, n)
            winners = (winner,)
            sides = {a: (b,), b: (a,)}
        change = ratings.rate(match)
        changes[pk] = change
        for p, moved in change.items():
            history.setdefault(p, []).append(
                Point(pk, finished_at, ratings.players[p].rating, moved, p in winners, sides[p]))
    return ClubRatings(ratings, history, changes)


# The stored replay's format (``replay_dump``): a replay stored in another is made again.
REPLAY_FORMAT = 2


def replay_dump(club: ClubRatings) -> bytes:
    """The replay as stored: its ratings, history and changes, pickled (as Django's database cache
    keeps its values: written and read by the site alone, in its own database) and compressed.
    Loading it (``replay_load``) costs a page a sixth of a replay at a club's size
    (``bench/bench_ratings.py``); floats and fractions come back exactly."""
    return zlib.compress(pickle.dumps((REPLAY_FORMAT, club.ratings.players, club.history, club.changes),
                                      protocol=pickle.HIGHEST_PROTOCOL), 1)


def replay_load(data: bytes) -> ClubRatings | None:
    """The replay ``replay_dump`` stored; None when it is of another format (or code that no longer
    reads it: then it is made again)."""
    try:
        form, players, history, changes = pickle.loads(zlib.decompress(data))
    except Exception:   # a stored replay of code since changed (a class renamed): made again
        return None
    if form != REPLAY_FORMAT:
        return None
    ratings = Ratings()
    ratings.players = players
    return ClubRatings(ratings, history, changes)


def _runs_in_request() -> bool:
    """The jobs run inside the request that starts them (``GINSCORE_TASKS=immediate``; the tests):
    no worker will make a replay the request did not."""
    from django_tasks import DEFAULT_TASK_BACKEND_ALIAS, task_backends
    from django_tasks.backends.immediate import ImmediateBackend

    return isinstance(task_backends[DEFAULT_TASK_BACKEND_ALIAS], ImmediateBackend)


def stored_replay(number: int, replayed: int | None) -> ClubRatings:
    """The stored replay (``behind`` when it is of a history older than ``number``, the history's
    number now; ``replayed``: the stored one's, as the version row says). With none stored yet (a
    site whose rated history has not moved since it was set up or upgraded: the worker stores one
    at the next change), or one of an older format, or jobs run in the request, the replay is made
    here, in memory (and kept by the process under the ratings' stamp: ``club_ratings``)."""
    club = None
    if replayed is not None and not (replayed < number and _runs_in_request()):
        row = RatingsReplay.objects.filter(pk=1).values_list("number", "data").first()
        club = replay_load(bytes(row[1])) if row is not None and row[1] else None
        if club is not None:
            club.behind = row[0] < number
    return replay() if club is None else club


# The club's ratings read once per ratings version by each process (every ratings page, every rated
# pad), not once a page (``GINSCORE_KEPT_RESULTS=0``: read every time).
KEPT = Kept(4, switch="GINSCORE_KEPT_RESULTS")


def club_ratings() -> ClubRatings:
    """The club's ratings as the stored replay has them (``behind`` while a newer one is being
    made), with the players' names and who hides their rating; read once per ratings version by
    each process."""
    stamp, number, replayed = ratings_version()

    def make():
        club = stored_replay(number, replayed)
        for pk, name, hidden in Player.objects.order_by().values_list("id", "name", "rating_hidden"):
            club.names[pk] = name
            if hidden:
                club.hidden.add(pk)
        return club

    return KEPT.get_or_make(("club", stamp), make) if stamp else make()


def shows_rating(club: ClubRatings, player_id: int, user) -> bool:
    """Whether ``user`` sees the player's number: always, unless the player hides it from others."""
    if player_id not in club.hidden:
        return True
    viewer = getattr(user, "player", None) if getattr(user, "is_authenticated", False) else None
    return viewer is not None and viewer.pk == player_id


@dataclass
class ListRow:
    """One player of the rating list."""

    player_id: int
    name: str
    rating: float | None          # None: hidden from this viewer
    experience: Fraction
    matches: int
    provisional: bool
    active: bool
    trend: float | None           # the change over the last 30 days (None: hidden)
    last_played: datetime | None
    rank: int | None = None       # ranked: shown, established and active

    @property
    def experience_number(self) -> int | float:
        return int(self.experience) if self.experience.denominator == 1 else float(self.experience)


def rating_list(club: ClubRatings, user=None, now: datetime | None = None) -> list[ListRow]:
    """Everyone with a rated match, highest rating first (equal: by name), those whose rating is
    hidden from ``user`` last (by name); the shown, established, active players ranked 1, 2, 3...
    (equal ratings sharing a rank)."""
    now = now or timezone.now()
    since, active_since = now - timedelta(days=TREND_DAYS), now - timedelta(days=ACTIVE_DAYS)
    rows = []
    for pk, state in club.ratings.players.items():
        points = club.history.get(pk, ())
        shown = shows_rating(club, pk, user)
        last = points[-1].finished_at if points else None
        rows.append(ListRow(
            pk, club.names.get(pk, "?"), state.rating if shown else None, state.experience, state.matches,
            state.provisional, last is not None and last >= active_since,
            state.rating - club.rating_on(pk, since) if shown else None, last))
    # A rating hidden from this viewer places nothing: those rows come last, by name (their place
    # in the list would tell the number). Equal ratings (as shown, to two decimals) share a rank:
    # 7, 7, then 9.
    rows.sort(key=lambda r: (r.rating is None, -round(r.rating, 2) if r.rating is not None else 0,
                             r.name.casefold() if r.rating is None else r.name))
    position, last, rank = 0, None, 0
    for row in rows:
        if row.rating is not None and not row.provisional and row.active:
            position += 1
            shown = round(row.rating, 2)
            if shown != last:
                rank, last = position, shown
            row.rank = rank
    return rows


class Line(NamedTuple):
    """A rated match on a player's page: the point, and the names of the other side."""

    point: Point
    opponents: str


@dataclass
class PlayerRatings:
    """A player's page: the rating now, its history, the best win (the win that gained the most)
    and the longest run of rated matches won."""

    state: PlayerRating
    shown: bool
    points: list[Point]
    best_win: Line | None
    longest_streak: int
    recent: list[Line]

    @property
    def provisional(self) -> bool:
        return self.state.provisional


RECENT = 10


def player_ratings(club: ClubRatings, player_id: int, user=None) -> PlayerRatings:
    points = club.history.get(player_id, [])

    def line(point: Point) -> Line:
        return Line(point, " & ".join(club.names.get(p, "?") for p in point.opponents))

    best = None
    streak = longest = 0
    for point in points:
        if point.won:
            streak += 1
            longest = max(longest, streak)
            if best is None or point.change > best.change:
                best = point
        else:
            streak = 0
    return PlayerRatings(club.of(player_id), shows_rating(club, player_id, user), points,
                         line(best) if best else None, longest, [line(p) for p in points[::-1][:RECENT]])


def match_changes(club: ClubRatings, match: Match, user=None) -> list[tuple[str, float | None]] | None:
    """What a finished match did to each of its players' ratings, in seat order: (name, change,
    None when hidden from ``user``); None when the match is not rated."""
    change = club.changes.get(match.pk)
    if change is None:
        return None
    return [(p.name, change[p.pk] if shows_rating(club, p.pk, user) else None) for p in match.seats]
