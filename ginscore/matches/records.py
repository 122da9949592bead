"""Between the database and the engine: a ``Match`` and its ``Hand`` rows as
an engine ``MatchRecord``, and back. Everything that scores, imports or
exports a stored match goes through here (one place that knows both sides).

Hands are stored by *side* ("a"/"b"), records speak in player *names*;
``HandEntry`` is a hand in the stored shape, before it has a row.
"""
from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Iterable, Mapping

from ginscore.engine import (
    Hand as EngineHand, MatchLength, MatchRecord, RecordError, Rules, parse_card, record_to_json, rules_from,
)
from ginscore.engine.records import parse_hand

OTHER = {"a": "b", "b": "a"}
TWO_COUNTS = ("knock", "challenge")  # ends whose record gives both players' counts, the one who ended it first


@dataclass(frozen=True, slots=True)
class HandEntry:
    """A hand as the table enters it: by side, deadwood by role (knocker/defender)."""

    end: str
    by: str = ""  # "a" / "b"; "" for a dead hand and a stock-out
    knocker_deadwood: int | None = None  # knocks; a challenger's count; a stock-out: player A's count
    defender_deadwood: int | None = None  # the other player's; a stock-out: player B's count
    upcard: str = ""  # canonical text ("7S"), "" when not given
    cards: Mapping[str, str] | None = None  # by side, for hands entered as cards
    melds: Mapping[str, list] | None = None  # by side
    bonus: int | None = None  # Sequence Gin: the winner's bonus as a number (None: not given)
    no_contract: bool = False  # Skarney Gin: the other had not laid down the contract meld

    @classmethod
    def of(cls, hand) -> "HandEntry":
        """The entry of a stored ``Hand`` row."""
        return cls(hand.end, hand.by, hand.knocker_deadwood, hand.defender_deadwood, hand.upcard,
                   hand.cards, hand.melds, hand.bonus, hand.no_contract)

    def fields(self) -> dict:
        """The ``Hand`` model fields this entry sets."""
        return {"end": self.end, "by": self.by, "knocker_deadwood": self.knocker_deadwood,
                "defender_deadwood": self.defender_deadwood, "upcard": self.upcard,
                "cards": dict(self.cards) if self.cards is not None else None,
                "melds": dict(self.melds) if self.melds is not None else None,
                "bonus": self.bonus, "no_contract": self.no_contract}


def game_in_play_fields(result, names: tuple[str, str]) -> dict:
    """The ``Match`` fields of the game in play (``game_number``, ``game_a``, ``game_b``,
    ``game_columns``) from the engine's ``MatchResult``."""
    a, b = names
    games = result.games_in_play()
    columns = [[g.n, g.players[a].points, g.players[b].points] for g in games]
    if not columns:
        return {"game_number": None, "game_a": 0, "game_b": 0, "game_columns": []}
    n, pa, pb = columns[0]
    return {"game_number": n, "game_a": pa, "game_b": pb, "game_columns": columns}


def match_names(match) -> tuple[str, str]:
    return match.player_a.name, match.player_b.name


def match_rules(match) -> Rules:
    return rules_from({"preset": match.preset, **(match.rule_overrides or {})})


def match_length(match) -> MatchLength:
    return MatchLength(match.length_kind, match.length_games if match.length_kind == "best_of" else None)


def _by_name(mapping: Mapping[str, Any] | None, names: tuple[str, str]) -> dict | None:
    if mapping is None:
        return None
    return {names[0] if side == "a" else names[1]: v for side, v in mapping.items()}


def _by_side(mapping: Mapping[str, Any] | None, names: tuple[str, str]) -> dict | None:
    if mapping is None:
        return None
    return {"a" if name == names[0] else "b": v for name, v in mapping.items()}


def entry_to_json(entry: HandEntry, names: tuple[str, str]) -> dict:
    """The hand as the spec's record writes it (player names)."""
    out: dict[str, Any] = {"end": entry.end}
    if entry.end == "stock_out":
        if entry.cards is not None:
            out["cards"] = _by_name(entry.cards, names)
        else:
            out["deadwood"] = {names[0]: entry.knocker_deadwood, names[1]: entry.defender_deadwood}
    elif entry.end != "dead":
        by = names[0] if entry.by == "a" else names[1]
        other = names[1] if entry.by == "a" else names[0]
        out["by"] = by
        if entry.cards is not None:
            out["cards"] = _by_name(entry.cards, names)
            if entry.melds is not None:
                out["melds"] = _by_name(entry.melds, names)
        elif entry.end in TWO_COUNTS:
            out["deadwood"] = {by: entry.knocker_deadwood, other: entry.defender_deadwood}
        else:
            out["deadwood"] = {other: entry.defender_deadwood}
    if entry.upcard:
        out["upcard"] = entry.upcard
    if entry.bonus is not None:
        out["bonus"] = entry.bonus
    if entry.no_contract:
        out["no_contract"] = True
    return out


def entry_to_engine(entry: HandEntry, names: tuple[str, str], rules: Rules, n: int) -> EngineHand:
    """The engine's ``Hand``; ``n`` numbers the hand in error messages."""
    if entry.cards is not None or entry.end not in ("knock", "gin", "big_gin", "dead"):
        return parse_hand(entry_to_json(entry, names), n, names, rules)  # the record's checks, in full
    upcard = parse_card(entry.upcard) if entry.upcard else None
    if entry.end == "dead":
        return EngineHand("dead", upcard=upcard)
    if entry.by not in OTHER:
        raise RecordError(f"hand {n}: by: who ended the hand is missing")
    by, other = (names[0], names[1]) if entry.by == "a" else (names[1], names[0])
    if entry.defender_deadwood is None:
        raise RecordError(f"hand {n}: deadwood for {other} is missing")
    extras = {"bonus": entry.bonus, "no_contract": entry.no_contract}
    if entry.end == "knock":
        if entry.knocker_deadwood is None:
            raise RecordError(f"hand {n}: deadwood for {by} is missing")
        return EngineHand("knock", by, {by: entry.knocker_deadwood, other: entry.defender_deadwood}, upcard,
                          **extras)
    return EngineHand(entry.end, by, {other: entry.defender_deadwood}, upcard, **extras)


def entry_from_engine(hand: EngineHand, names: tuple[str, str]) -> HandEntry:
    """A parsed record hand in the stored shape (import)."""
    upcard = str(hand.upcard) if hand.upcard is not None else ""
    extras = {"bonus": hand.bonus, "no_contract": hand.no_contract}
    if hand.end == "dead":
        return HandEntry("dead", upcard=upcard)
    if hand.end == "stock_out":
        counts = (hand.detail or {}).get("deadwood", hand.deadwood)
        return HandEntry("stock_out", "", counts.get(names[0]), counts.get(names[1]), upcard,
                         _by_side(hand.cards, names), **extras)
    side = "a" if hand.by == names[0] else "b"
    other = names[1] if side == "a" else names[0]
    two = hand.end in TWO_COUNTS
    if hand.cards is not None:
        detail_dw = (hand.detail or {}).get("deadwood", {})
        return HandEntry(hand.end, side, detail_dw.get(hand.by) if two else None,
                         detail_dw.get(other), upcard, _by_side(hand.cards, names), _by_side(hand.melds, names),
                         **extras)
    knocker = hand.deadwood.get(hand.by) if two else None
    return HandEntry(hand.end, side, knocker, hand.deadwood.get(other), upcard, **extras)


def entry_from_json(raw: dict, match, n: int) -> HandEntry:
    """A hand as the record (and the history) writes it, back in the stored shape."""
    names = match_names(match)
    return entry_from_engine(parse_hand(raw, n, names, match_rules(match)), names)


def plain_decimal(value) -> Decimal:
    """A stored decimal without the database's padding: 0.0500 -> 0.05, 2.0000 -> 2 (never 2E+0)."""
    text = format(Decimal(value), "f")
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return Decimal(text)


def record_of(match, entries: Iterable[HandEntry]) -> MatchRecord:
    """The engine's record of ``match`` with these hands (stored or about to be)."""
    names = match_names(match)
    rules = match_rules(match)
    engine_hands = tuple(entry_to_engine(e, names, rules, i) for i, e in enumerate(entries, 1))
    first = names[0] if match.first_dealer == "a" else names[1]
    stake = plain_decimal(match.stake) if match.stake is not None else None
    return MatchRecord(rules, names, first, stake, engine_hands, match_length(match))


def match_to_record(match, hands: Iterable | None = None) -> MatchRecord:
    """The engine's record of a stored match; ``hands`` (the rows, in order) saves a query."""
    rows = match.hands.order_by("number") if hands is None else hands
    return record_of(match, (HandEntry.of(h) for h in rows))


def match_to_json(match, hands: Iterable | None = None) -> dict:
    """The stored match as the spec's record document (export)."""
    return record_to_json(match_to_record(match, hands))


def match_fields_from_record(record: MatchRecord) -> dict:
    """The ``Match`` fields a record sets (players aside)."""
    length = record.length
    return {
        "preset": record.rules.preset,
        "rule_overrides": record.rules.overrides(),
        "rules": record.rules.to_json(),
        "length_kind": length.kind,
        "length_games": length.games,
        "stake": record.stake,
        "first_dealer": "a" if record.first_dealer == record.players[0] else "b",
    }


def record_entries(record: MatchRecord) -> list[HandEntry]:
    return [entry_from_engine(h, record.players) for h in record.hands]
