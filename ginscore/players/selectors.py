"""Reads: each player's record (matches, games, hands, gins, undercuts, net points), their
head-to-head against each opponent and, in partnerships, their record with each partner.

The numbers come from the engine's results over the players' matches, read from the caches
``ginscore.matches.services`` rebuilds on ``Match`` from the hands on every write (the match
columns, and ``Match.tallies`` by seat and by pair of seats). One pass over one query of
matches, so a page costs the same number of queries however many matches and hands the club has.

Every hand is between two players. Two players: the match is theirs. Three players: each
player's head-to-head with each of the other two counts the hands the two played against each
other and the pair's own settlement (won: the pair's net went to the player). A partnership:
a player's record is their team's (won, games, net), their own table hands, gins and undercuts;
head-to-head with each player of the other team counts the team's result and the hands the two
met at a table; the partners' table counts the team's whole record.
"""
from __future__ import annotations

from dataclasses import dataclass

from django.shortcuts import get_object_or_404

from ginscore.matches.agreement import PARTNER
from ginscore.matches.models import Match
from ginscore.players.models import Player

SEATS = "abcd"
# The cached columns one tally needs, per match.
_MATCH_FIELDS = ("player_a_id", "player_b_id", "player_c_id", "player_d_id", "complete", "winner_id",
                 "score_a", "score_b", "score_c", "games_a", "games_b", "games_c", "gins_a", "gins_b", "gins_c",
                 "undercuts_a", "undercuts_b", "undercuts_c", "tallies")
_NAMES = tuple(f"player_{s}__name" for s in SEATS)
TEAM_OF = {"a": "a", "c": "a", "b": "b", "d": "b"}  # a partnership's seats and their team's (A: a and c)


def _seats(row: dict) -> str:
    """The seat letters of a match row: "ab", "abc" or "abcd"."""
    return "".join(s for s in SEATS if row[f"player_{s}_id"] is not None)


def _side(row: dict, seat: str) -> str:
    """Whose games and score a seat shares: its own, or in a partnership its team's (a or b)."""
    return TEAM_OF[seat] if len(_seats(row)) == 4 else seat


def _pair(row: dict, seat: str, other: str) -> dict:
    """The pair's tallies (hands, won, gins, undercuts by seat, net), {} when none."""
    return ((row["tallies"] or {}).get("pairs") or {}).get("".join(sorted(seat + other))) or {}


def _pair_net(pair: dict, seat: str, other: str) -> int:
    """The pair's net as seen from ``seat``: credited to it minus credited to ``other``."""
    return pair.get("net", 0) * (1 if seat < other else -1)


@dataclass
class Tally:
    """A player's record over some matches (all of them, against one opponent, or with one partner).

    ``net`` is the settlement points of the finished matches: won minus lost. ``hands`` are the
    hands the player played (against that opponent), ``hands_won`` those they won.
    """

    player: Player
    matches: int = 0
    in_play: int = 0
    won: int = 0
    lost: int = 0
    games_won: int = 0
    games_lost: int = 0
    hands: int = 0
    hands_won: int = 0
    gins: int = 0
    undercuts: int = 0
    net: int = 0

    @property
    def finished(self) -> int:
        return self.won + self.lost

    def _result(self, won: bool | None, net: int) -> None:
        """A finished match: won (True), lost (False) or level (None), and its net points."""
        if won is True:
            self.won += 1
        elif won is False:
            self.lost += 1
        self.net += net

    def _add_seat(self, row: dict, seat: str) -> bool:
        """Adds the hands, wins, gins and undercuts of ``seat`` from the match's tallies; False
        when the match has none (not written since they were kept)."""
        mine = ((row["tallies"] or {}).get("seats") or {}).get(seat)
        if mine is None:
            return False
        self.hands += mine["hands"]
        self.hands_won += mine["won"]
        self.gins += mine["gins"]
        self.undercuts += mine["undercuts"]
        return True

    def add(self, row: dict, seat: str) -> None:
        """Counts one whole match (a row of ``_MATCH_FIELDS``) for the player in ``seat``."""
        seats, side = _seats(row), _side(row, seat)
        sides = "ab" if len(seats) == 4 else seats
        self.matches += 1
        self.games_won += row[f"games_{side}"]
        self.games_lost += sum(row[f"games_{s}"] for s in sides if s != side)
        if not self._add_seat(row, seat) and len(seats) == 2:  # (not written since tallies were kept)
            self.gins += row[f"gins_{side}"]
            self.undercuts += row[f"undercuts_{side}"]
        if not row["complete"]:
            self.in_play += 1
            return
        if len(seats) == 3:
            net = sum(_pair_net(_pair(row, seat, o), seat, o) for o in seats if o != seat)
        else:
            net = row[f"score_{side}"] - row[f"score_{'b' if side == 'a' else 'a'}"]
        self._result(row["winner_id"] == row[f"player_{side}_id"], net)

    def add_against(self, row: dict, seat: str, other: str) -> None:
        """Counts one match for the player in ``seat`` against the player in ``other``: two
        players, the whole match; three, the pair's hands and settlement; a partnership, the
        teams' result and the hands the two met at a table."""
        seats = _seats(row)
        if len(seats) == 2:
            self.add(row, seat)
            return
        pair = _pair(row, seat, other)
        side, other_side = _side(row, seat), _side(row, other)
        self.matches += 1
        self.games_won += row[f"games_{side}"]
        self.games_lost += row[f"games_{other_side}"]
        self.hands += pair.get("hands", 0)
        for what, field in (("won", "hands_won"), ("gins", "gins"), ("undercuts", "undercuts")):
            setattr(self, field, getattr(self, field) + (pair.get(what) or {}).get(seat, 0))
        if not row["complete"]:
            self.in_play += 1
            return
        if len(seats) == 3:
            net = _pair_net(pair, seat, other)
            self._result(True if net > 0 else False if net < 0 else None, net)
        else:
            self._result(row["winner_id"] == row[f"player_{side}_id"],
                         row[f"score_{side}"] - row[f"score_{other_side}"])

    def add_team(self, row: dict, seat: str) -> None:
        """Counts one partnership match for the team of the player in ``seat``: the team's result,
        and the hands, gins and undercuts of both partners."""
        self.add(row, seat)
        self._add_seat(row, PARTNER[seat])


def player_records() -> list[Tally]:
    """Every player's record, in name order (two queries)."""
    tallies = {p.pk: Tally(p) for p in Player.objects.all()}
    for row in Match.objects.order_by().values(*_MATCH_FIELDS):
        for seat in _seats(row):
            tallies[row[f"player_{seat}_id"]].add(row, seat)
    return list(tallies.values())


def player_get(pk: int) -> Player:
    return get_object_or_404(Player.objects.select_related("user"), pk=pk)


@dataclass(frozen=True)
class PlayerSummary:
    overall: Tally
    head_to_head: list[Tally]  # one per opponent, ``player`` the opponent; most matches first
    partners: list[Tally] = ()  # partnerships: one per partner, ``player`` the partner; ``team`` their name


@dataclass
class TeamTally(Tally):
    """A partnership's record: the player with one partner (``player`` is the partner)."""

    team: str = ""


def player_summary(player: Player) -> PlayerSummary:
    """The player's record, head-to-head against each opponent and record with each partner (one query)."""
    overall = Tally(player)
    opponents: dict[int, Tally] = {}
    partners: dict[int, TeamTally] = {}
    rows = (Match.objects.for_player(player).order_by("created_at", "id")
            .values(*_MATCH_FIELDS, *_NAMES, "team_a_name", "team_b_name"))
    for row in rows:
        seats = _seats(row)
        seat = next(s for s in seats if row[f"player_{s}_id"] == player.pk)
        overall.add(row, seat)
        for other in seats:
            if other == seat or (len(seats) == 4 and TEAM_OF[other] == TEAM_OF[seat]):
                continue
            opponent_id = row[f"player_{other}_id"]
            if opponent_id not in opponents:
                opponents[opponent_id] = Tally(Player(pk=opponent_id, name=row[f"player_{other}__name"]))
            opponents[opponent_id].add_against(row, seat, other)
        if len(seats) == 4:
            mate = PARTNER[seat]
            partner_id = row[f"player_{mate}_id"]
            side = TEAM_OF[seat]   # the team's name, or its players' ("Ann & Cat", as Match.team_names)
            team = row[f"team_{side}_name"] or " & ".join(row[f"player_{s}__name"] for s in (side, PARTNER[side]))
            if partner_id not in partners:
                partners[partner_id] = TeamTally(Player(pk=partner_id, name=row[f"player_{mate}__name"]))
            partners[partner_id].team = team  # the latest name the team played under
            partners[partner_id].add_team(row, seat)
    head_to_head = sorted(opponents.values(), key=lambda t: (-t.matches, t.player.name))
    teams = sorted(partners.values(), key=lambda t: (-t.matches, t.player.name))
    return PlayerSummary(overall, head_to_head, teams)


def player_matches(player: Player):
    """The player's matches, newest first, with their players (for the history table)."""
    return Match.objects.for_player(player).with_players().order_by("-created_at", "-id")
