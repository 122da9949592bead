"""A match's tallies for the players' pages, by seat letter: worked out from the engine's result
on every write (``services``) and kept in ``Match.tallies`` so a player's page reads them from
one query however many matches and hands there are.

``{"seats": {"a": {"hands", "won", "gins", "undercuts"}, ...},
   "pairs": {"ab": {"hands", "won": {"a", "b"}, "gins": {...}, "undercuts": {...}, "net"}, ...}}``

Every hand is played between two players (a two-player match's two; the two who did not deal a
three-handed hand; a partnership table's two), so each hand counts for its pair and for both
seats. A pair's ``net`` is what the pair's finished games credited the first seat minus what
they credited the second (two players: the match's net; three: the pair's own settlement; a
partnership's players settle as teams, so their pairs carry 0).
"""
from __future__ import annotations

from ginscore.engine import MatchResult
from ginscore.matches.records import SEAT_LETTERS

GINS = ("gin", "big_gin")


def _counts(seats) -> dict:
    return dict.fromkeys(seats, 0)


def match_tallies(result: MatchResult, names: tuple[str, ...]) -> dict:
    """The tallies of a scored match; ``names`` are its players in seat order."""
    seat_of = {name: SEAT_LETTERS[i] for i, name in enumerate(names)}
    seats = {s: {"hands": 0, "won": 0, "gins": 0, "undercuts": 0} for s in seat_of.values()}
    pairs: dict[str, dict] = {}

    def pair_of(players) -> tuple[dict, str, str]:
        p, q = sorted(seat_of[x] for x in players)
        pair = pairs.setdefault(p + q, {"hands": 0, "won": _counts((p, q)), "gins": _counts((p, q)),
                                        "undercuts": _counts((p, q)), "net": 0})
        return pair, p, q

    hands = [t for deal in result.hands for t in deal.tables] if result.teams else result.hands
    for h in hands:
        pair, p, q = pair_of(h.players or names[:2])
        pair["hands"] += 1
        seats[p]["hands"] += 1
        seats[q]["hands"] += 1
        if h.winner is None:
            continue
        w = seat_of[h.winner]
        for what, counted in (("won", True), ("gins", h.end in GINS), ("undercuts", h.undercut)):
            if counted:
                pair[what][w] += 1
                seats[w][what] += 1
    if not result.teams:
        for game in result.games:
            for net in game.pairs:
                if net.credited is None or not net.net:
                    continue
                pair, p, _ = pair_of(net.players)
                pair["net"] += net.net if seat_of[net.credited] == p else -net.net
    return {"seats": seats, "pairs": pairs}
