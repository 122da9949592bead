"""Reads: each player's record (matches, games, gins, undercuts, net points)
and their head-to-head against each opponent.

The numbers come from the engine's results over the players' matches, read
from the caches ``ginscore.matches.services`` rebuilds on ``Match`` from the
hands on every write. One pass over one query of matches, so a page costs the
same number of queries however many matches and hands the club has.
"""
from __future__ import annotations

from dataclasses import dataclass

from django.shortcuts import get_object_or_404

from ginscore.matches.models import Match
from ginscore.players.models import Player

# The cached columns one tally needs, per match.
_MATCH_FIELDS = ("player_a_id", "player_b_id", "complete", "winner_id", "score_a", "score_b",
                 "games_a", "games_b", "gins_a", "gins_b", "undercuts_a", "undercuts_b")


@dataclass
class Tally:
    """A player's record over some matches (all of them, or those against one opponent).

    ``net`` is the settlement points of the finished matches: won minus lost.
    """

    player: Player
    matches: int = 0
    in_play: int = 0
    won: int = 0
    lost: int = 0
    games_won: int = 0
    games_lost: int = 0
    gins: int = 0
    undercuts: int = 0
    net: int = 0

    @property
    def finished(self) -> int:
        return self.won + self.lost

    def add(self, row: dict, side: str) -> None:
        """Counts one match (a row of ``_MATCH_FIELDS``) from ``side`` ("a" or "b")."""
        other = "b" if side == "a" else "a"
        self.matches += 1
        self.games_won += row[f"games_{side}"]
        self.games_lost += row[f"games_{other}"]
        self.gins += row[f"gins_{side}"]
        self.undercuts += row[f"undercuts_{side}"]
        if not row["complete"]:
            self.in_play += 1
            return
        if row["winner_id"] == row[f"player_{side}_id"]:
            self.won += 1
        else:
            self.lost += 1
        self.net += row[f"score_{side}"] - row[f"score_{other}"]


def player_records() -> list[Tally]:
    """Every player's record, in name order (two queries)."""
    tallies = {p.pk: Tally(p) for p in Player.objects.all()}
    for row in Match.objects.order_by().values(*_MATCH_FIELDS):
        tallies[row["player_a_id"]].add(row, "a")
        tallies[row["player_b_id"]].add(row, "b")
    return list(tallies.values())


def player_get(pk: int) -> Player:
    return get_object_or_404(Player.objects.select_related("user"), pk=pk)


@dataclass(frozen=True)
class PlayerSummary:
    overall: Tally
    head_to_head: list[Tally]  # one per opponent, ``player`` the opponent; most matches first


def player_summary(player: Player) -> PlayerSummary:
    """The player's record and head-to-head against each opponent (one query)."""
    overall = Tally(player)
    opponents: dict[int, Tally] = {}
    rows = (Match.objects.for_player(player).order_by()
            .values(*_MATCH_FIELDS, "player_a__name", "player_b__name"))
    for row in rows:
        side = "a" if row["player_a_id"] == player.pk else "b"
        other = "b" if side == "a" else "a"
        overall.add(row, side)
        opponent_id = row[f"player_{other}_id"]
        if opponent_id not in opponents:
            opponents[opponent_id] = Tally(Player(pk=opponent_id, name=row[f"player_{other}__name"]))
        opponents[opponent_id].add(row, side)
    head_to_head = sorted(opponents.values(), key=lambda t: (-t.matches, t.player.name))
    return PlayerSummary(overall, head_to_head)


def player_matches(player: Player):
    """The player's matches, newest first, with their players (for the history table)."""
    return Match.objects.for_player(player).with_players().order_by("-created_at", "-id")
