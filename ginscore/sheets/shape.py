"""The shape of a table, as every sheet draws it: who the sides are, who sits where, how many
tables a deal takes, whether the dealer sits out, and how many games run at once.

The engine already knows this (``ginscore.engine.sides``): a ``OneTable`` of two players, or of
three where the dealer sits each hand out, and a ``Partnership`` of two teams whose deals are
two hands at once with opponents that change every deal. A ``TableShape`` is read from those
objects, so a pad and a match sheet follow the engine's seats instead of a copy of them.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Mapping, Sequence

from django.utils.translation import gettext_lazy as _

from ginscore.engine.rules import rules_from
from ginscore.engine.sides import OneTable, Partnership, Team

LETTERS = ("A", "B", "C")
GAME_WORDS = {"two": _("Gin Rummy"), "three": _("Three-handed Gin Rummy"), "partnership": _("Partnership Gin Rummy")}


@dataclass(frozen=True)
class TableShape:
    """``kind``: "two", "three" or "partnership". ``sides``: who the games score (players, or teams),
    "" where a blank pad leaves the name to write in; ``seats``: the players in the record's order
    (a partnership's a, b, c, d); ``tables``: hands a deal (two for a partnership); ``sits_out``: the
    dealer sits each hand out (three players); ``columns``: games at once (three: Hollywood)."""

    kind: str
    sides: tuple[str, ...]
    seats: tuple[str, ...]
    tables: int
    sits_out: bool
    columns: int
    rotation: tuple[tuple[tuple[str, str], ...], ...] = ()  # a partnership: the seat labels at each table, odd and even deals

    @property
    def letters(self) -> tuple[str, ...]:
        """The sides' letters on a pad: none for two players (their names head the columns)."""
        return LETTERS[:len(self.sides)] if self.kind != "two" else ("", "")

    @property
    def pairs(self) -> tuple[tuple[int, int], ...]:
        """Three players: the pairs that settle each game between them, in the spec's order."""
        return ((0, 1), (0, 2), (1, 2)) if len(self.sides) == 3 else ()

    @property
    def game_words(self) -> str:
        return str(GAME_WORDS[self.kind])

    def seats_at(self, deal: int, table: int) -> tuple[str, str]:
        """A partnership's seat labels at ``table`` (1 or 2) in ``deal`` ("A1", "B2")."""
        return self.rotation[(deal - 1) % 2][table - 1]

    def seat_name(self, label: str) -> str:
        """The player in seat "A1", "B2", ... ("" on a blank pad)."""
        team, k = "AB".index(label[0]), int(label[1]) - 1
        return self.seats[2 * k + team] if self.seats else ""


def team_names(players: Sequence[str] | None, teams: Sequence[str] | None) -> tuple[str, str]:
    """Team A (a, c) and team B (b, d): the names given, else "Ann & Cat", else blanks."""
    if teams:
        return tuple(teams)
    if players:
        return f"{players[0]} & {players[2]}", f"{players[1]} & {players[3]}"
    return "", ""


@lru_cache(maxsize=None)
def _engine_shape(kind: str, columns: int) -> tuple[int, bool, tuple]:
    """(tables a deal, dealer sits out, seat rotation) as the engine's sides play them, for seat labels."""
    rules = rules_from({"preset": "partnership" if kind == "partnership" else "standard", "columns": columns})
    if kind == "partnership":
        side = Partnership(rules, (Team("A", ("A1", "A2")), Team("B", ("B1", "B2"))))
        rotation = tuple(side.tables_for(n) for n in (1, 2))
        return len(rotation[0]), False, rotation
    seats = ("A", "B", "C")[:3 if kind == "three" else 2]
    side = OneTable(rules, seats, seats[0])
    return 1, seats[0] not in side.table_for(seats[0]), ()


def table_shape(kind: str, rules: Mapping, players: Sequence[str] | None = None,
                teams: Sequence[str] | None = None) -> TableShape:
    """The shape of a ``kind`` table ("two", "three", "partnership") under ``rules``; ``players`` in seat
    order (a partnership's a, b, c, d) and ``teams`` name the sides when known."""
    columns = rules.get("columns", 1) if kind == "two" else 1
    tables, sits_out, rotation = _engine_shape(kind, columns)
    count = {"two": 2, "three": 3, "partnership": 4}[kind]
    seats = tuple(players) if players else ()
    if kind == "partnership":
        sides = team_names(players, teams)
    else:
        sides = seats or ("",) * count
    return TableShape(kind, tuple(sides), seats, tables, sits_out, columns, rotation)


def result_shape(result: Mapping) -> TableShape:
    """The shape of a played match's table, from the engine's result document."""
    if result.get("teams"):
        return table_shape("partnership", result["rules"], result["players"], [t["name"] for t in result["teams"]])
    kind = "three" if len(result["players"]) == 3 else "two"
    return table_shape(kind, result["rules"], result["players"])
