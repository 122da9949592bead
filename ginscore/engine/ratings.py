"""The club rating (``club-ratings.md``): FIBS's formula with gin's match lengths.

Every player starts at 1500 with experience 0. A rated, complete match moves each of its
players by ``weight x K(p) x sqrt(N) x (S - E)`` summed over the player's *pairings*:

- two players: one pairing, weight 4, S = 1 for the winner;
- a partnership: one pairing of the two teams (a team's rating is its players' mean),
  weight 4, each player with their own K;
- three players: each pair is half a match (weight 2); S from the settlements (1: the other
  pays me, 0: I pay, 1/2: neither).

N (``length_weight``) is how many games the match is worth; K = max(1, 5 - X / 100); E is the
chance that a side beats the other. Experience and N are kept as fractions (N may be 1.5),
ratings as floats never rounded between matches; ``round2`` is for printing only.

``rated_match`` reads what the engine already computed of a match (``MatchResult``: its
winner, settlements, rules and length); the site builds the same ``RatedMatch`` from the
caches it keeps on each match (``ginscore.ratings.selectors``), so the two agree.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Hashable, Iterable

START = 1500.0
PROVISIONAL_BELOW = 50  # experience under which a rating is provisional (shown with "?")
RATINGS_FORMAT = "ginscore-ratings/1"
HALF = 0.5


def length_weight(rules, length) -> int | Fraction:
    """N: the games a match is worth, from its rules (``game_target``, ``match_target``,
    ``columns``) and its length (``MatchLength``: kind and games). A whole number as an int
    (experience then adds up in ints), else an exact fraction (a match to 150 with games to 100: 3/2)."""
    if length.kind == "set":
        return rules.columns
    if length.kind == "best_of":
        return length.games // 2 + 1
    n = max(Fraction(1), Fraction(rules.match_target, rules.game_target))
    return int(n) if n.denominator == 1 else n


@dataclass(frozen=True, slots=True)
class Pairing:
    """Two sides meeting in a rated match: ``first`` scored ``score`` (1, 1/2 or 0) against
    ``second``; ``weight`` is 4 for a whole match, 2 for a three-handed pair (half a match)."""

    first: tuple[Hashable, ...]
    second: tuple[Hashable, ...]
    score: float
    weight: int


@dataclass(frozen=True, slots=True)
class RatedMatch:
    """What the rating needs of one complete match: its players, its length weight N (and √N)
    and who beat whom (its pairings). Players are any hashable keys (a name, a player's id)."""

    players: tuple[Hashable, ...]
    n: int | Fraction
    pairings: tuple[Pairing, ...]
    root_n: float


def two_players(a, b, winner, n) -> RatedMatch:
    return RatedMatch((a, b), n, (Pairing((a,), (b,), 1.0 if winner == a else 0.0, 4),), math.sqrt(n))


def partnership(team_a: tuple, team_b: tuple, a_won: bool, n) -> RatedMatch:
    return RatedMatch((*team_a, *team_b), n, (Pairing(tuple(team_a), tuple(team_b), 1.0 if a_won else 0.0, 4),),
                      math.sqrt(n))


def three_players(players: tuple, paid: Iterable[tuple], n) -> RatedMatch:
    """``paid``: (payer, payee) for each pair that owes at the end (the settlements)."""
    paid = set(paid)
    a, b, c = players
    pairings = []
    for p, q in ((a, b), (a, c), (b, c)):
        score = 1.0 if (q, p) in paid else 0.0 if (p, q) in paid else HALF
        pairings.append(Pairing((p,), (q,), score, 2))
    return RatedMatch(tuple(players), n, tuple(pairings), math.sqrt(n))


def rated_match(result, key=None) -> RatedMatch | None:
    """The rating's view of a scored match (``MatchResult``); None when it is not complete.
    ``key(name)`` is the player's key in the ratings (default: the name)."""
    if not result.match.complete:
        return None
    k = key or (lambda name: name)
    n = length_weight(result.rules, result.length)
    if result.teams:
        a, b = result.teams
        return partnership(tuple(map(k, a.players)), tuple(map(k, b.players)), result.match.winner == a.name, n)
    if len(result.players) == 3:
        return three_players(tuple(map(k, result.players)),
                             ((k(s.payer), k(s.payee)) for s in result.match.settlements), n)
    a, b = result.players
    return two_players(k(a), k(b), k(result.match.winner), n)


def k_of(experience) -> float:
    """K = max(1, 5 - X / 100)."""
    return max(1.0, 5 - float(experience) / 100)


@dataclass(slots=True)
class PlayerRating:
    rating: float = START
    experience: int | Fraction = 0   # exact: the sum of the N of the player's rated matches
    matches: int = 0
    k: float = field(init=False)   # k_of(experience), kept in step by ``Ratings.rate``

    def __post_init__(self):
        self.k = k_of(self.experience)

    @property
    def provisional(self) -> bool:
        return self.experience < PROVISIONAL_BELOW


NEWCOMER = PlayerRating()


def expected(r_first: float, r_second: float, root_n: float) -> float:
    """E: the chance that a side rated ``r_first`` beats one rated ``r_second``."""
    return 1 / (1 + 10 ** (-(r_first - r_second) * root_n / 2000))


class Ratings:
    """The ratings of everyone, as the rated matches leave them, one match at a time."""

    def __init__(self):
        self.players: dict[Hashable, PlayerRating] = {}

    def of(self, player) -> PlayerRating:
        found = self.players.get(player)
        return found if found is not None else PlayerRating()

    def changes(self, match: RatedMatch) -> dict:
        """What ``match`` would do to each of its players' ratings, from the ratings now.
        (Plain loops: a club's whole history is replayed at once.)"""
        get = self.players.get
        before = {}
        for p in match.players:
            before[p] = get(p) or NEWCOMER
        root_n = match.root_n
        change = dict.fromkeys(match.players, 0.0)
        for pairing in match.pairings:
            first, second = pairing.first, pairing.second
            if len(first) == 1:
                r1, r2 = before[first[0]].rating, before[second[0]].rating
            else:
                r1 = sum(before[p].rating for p in first) / len(first)
                r2 = sum(before[p].rating for p in second) / len(second)
            d = pairing.score - expected(r1, r2, root_n)  # the second side's is -d exactly
            step = pairing.weight * root_n
            for p in first:
                change[p] += step * before[p].k * d
            for p in second:
                change[p] += step * before[p].k * -d
        return change

    def rate(self, match: RatedMatch) -> dict:
        """Applies ``match``; returns each player's change."""
        change = self.changes(match)
        players, n = self.players, match.n
        for p, moved in change.items():
            state = players.get(p)
            if state is None:
                state = players[p] = PlayerRating()
            state.rating += moved
            state.experience += n
            state.k = k_of(state.experience)
            state.matches += 1
        return change

    def ranked(self) -> list[tuple[Hashable, PlayerRating]]:
        """Everyone rated, highest rating first (equal ratings: by key)."""
        return sorted(self.players.items(), key=lambda item: (-item[1].rating, item[0]))


def round2(x: float) -> float:
    """A rating or a change as printed: 2 decimals (never -0.0)."""
    return round(x, 2) + 0.0


def plain_number(x: int | Fraction) -> int | float:
    """N or an experience for JSON: 5, or 1.5."""
    return int(x) if x == int(x) else float(x)


def ratings_json(matches: list[RatedMatch | None], names: dict | None = None) -> dict:
    """The spec's output document for ``matches`` (one per input record, in order; None for a
    record that changes no rating); ``names`` maps the players' keys to the names to print."""
    names = names or {}
    ratings = Ratings()
    out = []
    for match in matches:
        if match is None:
            out.append({"rated": False, "n": None, "changes": {}})
            continue
        change = ratings.rate(match)
        out.append({"rated": True, "n": plain_number(match.n),
                    "changes": {names.get(p, p): round2(c) for p, c in change.items()}})
    ranked = sorted(ratings.players.items(), key=lambda item: (-item[1].rating, names.get(item[0], item[0])))
    players = [{"name": names.get(p, p), "rating": round2(s.rating), "experience": plain_number(s.experience),
                "rated_matches": s.matches, "provisional": s.provisional} for p, s in ranked]
    return {"format": RATINGS_FORMAT, "players": players, "matches": out}
