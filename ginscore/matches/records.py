"""Between the database and the engine: a ``Match`` and its ``Hand`` rows as
an engine ``MatchRecord``, and back. Everything that scores, imports or
exports a stored match goes through here (one place that knows both sides).

Hands are stored by *seat* ("a".."d", see ``ginscore.matches.models``), records speak in
player *names*; ``HandEntry`` is a hand in the stored shape, before it has a row, and a
``Pair`` is the two players of one hand (two players: always a and b; three: the two who
did not deal; a partnership: that deal's table).
"""
from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Iterable, Mapping, NamedTuple

from django.utils.translation import gettext as _

from ginscore.engine import (
    Hand as EngineHand, MatchLength, MatchRecord, RecordError, Rules, parse_card, record_to_json, rules_from,
    score_hand,
)
from ginscore.engine.records import parse_hand, parse_three_handed_hand
from ginscore.engine.sides import Deal, OneTable, Team, at_table, two_names

TWO_COUNTS = ("knock", "challenge")  # ends whose record gives both players' counts, the one who ended it first
SEAT_LETTERS = "abcd"
TWO = ("a", "b")


@dataclass(frozen=True, slots=True)
class HandEntry:
    """A hand as the table enters it: by seat, deadwood by role (knocker/defender)."""

    end: str
    by: str = ""  # the seat letter ("a".."d") of who ended it; "" for a dead hand and a stock-out
    knocker_deadwood: int | None = None  # knocks; a challenger's count; a stock-out: the first player's
    defender_deadwood: int | None = None  # the other player's; a stock-out: the second player's count
    upcard: str = ""  # canonical text ("7S"), "" when not given
    cards: Mapping[str, str] | None = None  # by seat, for hands entered as cards
    melds: Mapping[str, list] | None = None  # by seat
    bonus: int | None = None  # Sequence Gin: the winner's bonus as a number (None: not given)
    no_contract: bool = False  # Skarney Gin: the other had not laid down the contract meld
    rulings: Mapping[str, Any] | None = None  # the director's rulings, players by seat letter
    table: int = 1  # a partnership deal's table (1 or 2)

    @classmethod
    def of(cls, hand) -> "HandEntry":
        """The entry of a stored ``Hand`` row."""
        return cls(hand.end, hand.by, hand.knocker_deadwood, hand.defender_deadwood, hand.upcard,
                   hand.cards, hand.melds, hand.bonus, hand.no_contract, getattr(hand, "rulings", None) or None,
                   getattr(hand, "table", 1))

    def fields(self) -> dict:
        """The ``Hand`` model fields this entry sets."""
        return {"end": self.end, "by": self.by, "knocker_deadwood": self.knocker_deadwood,
                "defender_deadwood": self.defender_deadwood, "upcard": self.upcard,
                "cards": dict(self.cards) if self.cards is not None else None,
                "melds": dict(self.melds) if self.melds is not None else None,
                "bonus": self.bonus, "no_contract": self.no_contract,
                "rulings": dict(self.rulings) if self.rulings else None, "table": self.table}


class Pair(NamedTuple):
    """The two players of one hand: their seat letters and names, in seat order."""

    seats: tuple[str, str]
    names: tuple[str, str]

    def name(self, seat: str) -> str:
        return self.names[self.seats.index(seat)]

    def other(self, seat: str) -> str:
        return self.seats[1] if seat == self.seats[0] else self.seats[0]


def two(names: tuple[str, str]) -> Pair:
    """The pair of a two-player match."""
    return Pair(TWO, (names[0], names[1]))


def _pair(names) -> Pair:
    return names if isinstance(names, Pair) else two(names)


def game_in_play_fields(result, names: tuple[str, ...]) -> dict:
    """The ``Match`` fields of the game in play (``game_number``, ``game_a``, ``game_b``,
    ``game_c``, ``game_columns``) from the engine's ``MatchResult``; ``names`` are its sides."""
    games = result.games_in_play()
    columns = [[g.n, *(g.players[s].points for s in names)] for g in games]
    if not columns:
        return {"game_number": None, "game_a": 0, "game_b": 0, "game_c": 0, "game_columns": []}
    n, *points = columns[0]
    points += [0] * (3 - len(points))
    return {"game_number": n, "game_a": points[0], "game_b": points[1], "game_c": points[2],
            "game_columns": columns}


def match_seats(match) -> tuple:
    """The match's players in seat order (a, b[, c[, d]])."""
    extra = [getattr(match, "player_c", None), getattr(match, "player_d", None)]  # (older migrations lack them)
    return (match.player_a, match.player_b, *(p for p in extra if p is not None))


def match_names(match) -> tuple[str, ...]:
    """Every player's name in seat order (two, three or four)."""
    return tuple(p.name for p in match_seats(match))


def match_teams(match) -> tuple[Team, Team] | None:
    """A partnership's two teams (A and C, B and D), or None."""
    names = match_names(match)
    if len(names) != 4:
        return None
    a, b, c, d = names
    return (Team(match.team_a_name or f"{a} & {c}", (a, c)), Team(match.team_b_name or f"{b} & {d}", (b, d)))


def match_rules(match) -> Rules:
    return rules_from({"preset": match.preset, **(match.rule_overrides or {})})


def match_length(match) -> MatchLength:
    return MatchLength(match.length_kind, match.length_games if match.length_kind == "best_of" else None)


def partnership_pair(names: tuple[str, ...], deal: int, table: int) -> Pair:
    """Who plays at ``table`` in ``deal`` (team A's player first): odd deals a v b and c v d,
    even deals a v d and c v b (the spec's alternation)."""
    seats = (("a", "b"), ("c", "d")) if deal % 2 else (("a", "d"), ("c", "b"))
    s = seats[table - 1]
    return Pair(s, (names[SEAT_LETTERS.index(s[0])], names[SEAT_LETTERS.index(s[1])]))


def _by_name(mapping: Mapping[str, Any] | None, pair: Pair) -> dict | None:
    if mapping is None:
        return None
    return {pair.name(seat): v for seat, v in mapping.items()}


def _by_seat(mapping: Mapping[str, Any] | None, names: tuple[str, ...]) -> dict | None:
    if mapping is None:
        return None
    return {SEAT_LETTERS[names.index(name)]: v for name, v in mapping.items()}


def _rulings_json(rulings: Mapping[str, Any], pair: Pair) -> dict:
    """The rulings as the record writes them (player names)."""
    names = dict(zip(SEAT_LETTERS, pair.names)) | dict(zip(pair.seats, pair.names))

    def name(seat):
        return names.get(seat, seat)

    out: dict[str, Any] = {}
    if rulings.get("missing_cards"):
        out["missing_cards"] = {name(s): n for s, n in rulings["missing_cards"].items()}
    for key in ("extra_cards", "no_bonus"):
        if rulings.get(key):
            out[key] = [name(s) for s in rulings[key]]
    if rulings.get("knock_accepted"):
        out["knock_accepted"] = True
    return out


def rulings_by_seat(rulings, names: tuple[str, ...]) -> dict | None:
    """An engine ``Rulings`` (players by name) in the stored shape (by seat letter), or None."""
    if rulings is None:
        return None
    out: dict[str, Any] = {}
    if rulings.missing_cards:
        out["missing_cards"] = _by_seat(rulings.missing_cards, names)
    for key in ("extra_cards", "no_bonus"):
        value = getattr(rulings, key)
        if value:
            out[key] = [SEAT_LETTERS[names.index(p)] for p in value]
    if rulings.knock_accepted:
        out["knock_accepted"] = True
    return out or None


def entry_to_json(entry: HandEntry, names) -> dict:
    """The hand as the spec's record writes it (player names); ``names`` is the hand's ``Pair``
    (or a two-player match's two names)."""
    pair = _pair(names)
    out: dict[str, Any] = {"end": entry.end}
    if entry.end == "stock_out":
        if entry.cards is not None:
            out["cards"] = _by_name(entry.cards, pair)
        else:
            out["deadwood"] = {pair.names[0]: entry.knocker_deadwood, pair.names[1]: entry.defender_deadwood}
    elif entry.end != "dead":
        if entry.by not in pair.seats:
            raise RecordError(_("by: %(a)s or %(b)s ended this hand") % {"a": pair.names[0], "b": pair.names[1]})
        by, other = pair.name(entry.by), pair.name(pair.other(entry.by))
        out["by"] = by
        if entry.cards is not None:
            out["cards"] = _by_name(entry.cards, pair)
            if entry.melds is not None:
                out["melds"] = _by_name(entry.melds, pair)
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
    if entry.rulings:
        out.update(_rulings_json(entry.rulings, pair))
    return out


def entry_to_engine(entry: HandEntry, names, rules: Rules, n: int) -> EngineHand:
    """The engine's ``Hand``; ``n`` numbers the hand in error messages; ``names`` as for ``entry_to_json``."""
    pair = _pair(names)
    if entry.cards is not None or entry.rulings or entry.end not in ("knock", "gin", "big_gin", "dead"):
        return parse_hand(entry_to_json(entry, pair), n, pair.names, rules)  # the record's checks, in full
    upcard = parse_card(entry.upcard) if entry.upcard else None
    if entry.end == "dead":
        return EngineHand("dead", upcard=upcard)
    if entry.by not in pair.seats:
        if entry.by in SEAT_LETTERS and entry.by:
            raise RecordError(_("hand %(n)s: by: only %(players)s played this hand")
                              % {"n": n, "players": two_names(pair.names)})
        raise RecordError(_("hand %(n)s: by: who ended the hand is missing") % {"n": n})
    by, other = pair.name(entry.by), pair.name(pair.other(entry.by))
    if entry.defender_deadwood is None:
        raise RecordError(_("hand %(n)s: deadwood for %(name)s is missing") % {"n": n, "name": other})
    extras = {"bonus": entry.bonus, "no_contract": entry.no_contract}
    if entry.end == "knock":
        if entry.knocker_deadwood is None:
            raise RecordError(_("hand %(n)s: deadwood for %(name)s is missing") % {"n": n, "name": by})
        return EngineHand("knock", by, {by: entry.knocker_deadwood, other: entry.defender_deadwood}, upcard,
                          **extras)
    return EngineHand(entry.end, by, {other: entry.defender_deadwood}, upcard, **extras)


def entry_from_engine(hand: EngineHand, names: tuple[str, ...], table: int = 1) -> HandEntry:
    """A parsed record hand in the stored shape (import); ``names`` are the match's players in
    seat order (two, three or four)."""
    upcard = str(hand.upcard) if hand.upcard is not None else ""
    extras = {"bonus": hand.bonus, "no_contract": hand.no_contract,
              "rulings": rulings_by_seat(hand.rulings, names), "table": table}
    if hand.end == "dead":
        return HandEntry("dead", upcard=upcard, **extras)
    if hand.end == "stock_out":
        counts = (hand.detail or {}).get("deadwood", hand.deadwood)
        first, second = sorted(counts, key=names.index)
        return HandEntry("stock_out", "", counts.get(first), counts.get(second), upcard,
                         _by_seat(hand.cards, names), **extras)
    seat = SEAT_LETTERS[names.index(hand.by)]
    known = hand.cards if hand.cards is not None else hand.deadwood
    other = next((p for p in known if p != hand.by), None)
    two_counts = hand.end in TWO_COUNTS
    if hand.cards is not None:
        detail_dw = (hand.detail or {}).get("deadwood", {})
        return HandEntry(hand.end, seat, detail_dw.get(hand.by) if two_counts else None,
                         detail_dw.get(other), upcard, _by_seat(hand.cards, names), _by_seat(hand.melds, names),
                         **extras)
    knocker = hand.deadwood.get(hand.by) if two_counts else None
    return HandEntry(hand.end, seat, knocker, hand.deadwood.get(other), upcard, **extras)


def entry_from_json(raw: dict, match, n: int, table: int = 1) -> HandEntry:
    """A hand as the record (and the history) writes it, back in the stored shape. With three
    players or at a partnership's table, the hand names the two who played it."""
    names = match_names(match)
    rules = match_rules(match)
    if len(names) == 4:
        hand = parse_hand(raw, n, partnership_pair(names, n, table).names, rules)
    elif len(names) == 3:
        hand = parse_three_handed_hand(raw, n, names, rules)
    else:
        hand = parse_hand(raw, n, names, rules)
    return entry_from_engine(hand, names, table)


def plain_decimal(value) -> Decimal:
    """A stored decimal without the database's padding: 0.0500 -> 0.05, 2.0000 -> 2 (never 2E+0)."""
    text = format(Decimal(value), "f")
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return Decimal(text)


def record_of(match, entries: Iterable[HandEntry]) -> MatchRecord:
    """The engine's record of ``match`` with these hands (stored or about to be, in order).

    Three players: the two who played each hand are the two who did not deal it; the deal
    is followed from the hands (the loser deals the next; after a hand no one won the same
    dealer deals again). A partnership: the entries are its tables' hands in (deal, table)
    order; a deal whose second table is not in yet is left out (``waiting_table`` names it).
    """
    names = match_names(match)
    rules = match_rules(match)
    stake = plain_decimal(match.stake) if match.stake is not None else None
    length = match_length(match)
    entries = list(entries)
    if len(names) == 4:
        deals, _ = _deals(names, rules, entries)
        return MatchRecord(rules, names, None, stake, tuple(deals), length, match_teams(match))
    first = _first_dealer(match, names)
    if len(names) == 3:
        hands = tuple(hand for _, hand in _three_handed(names, rules, first, entries))
        return MatchRecord(rules, names, first, stake, hands, length)
    pair = two(names)
    engine_hands = tuple(entry_to_engine(e, pair, rules, i) for i, e in enumerate(entries, 1))
    return MatchRecord(rules, names, first, stake, engine_hands, length)


def _three_handed(names, rules, first_dealer, entries) -> list[tuple[Pair, EngineHand]]:
    """For each hand of a three-handed match, who played it and the engine's hand; the deal is
    followed by the engine's ``OneTable`` (the dealer sits out, the loser deals next)."""
    table = OneTable(rules, names, first_dealer)
    out = []
    for n, entry in enumerate(entries, 1):
        dealer = table.dealer
        pair = Pair(tuple(SEAT_LETTERS[names.index(p)] for p in table.table_for(dealer)), table.table_for(dealer))
        dealt = SEAT_LETTERS[names.index(dealer)]
        if entry.by == dealt or dealt in (entry.cards or {}) or _rulings_name(entry.rulings, dealt):
            raise RecordError(_("hand %(n)s: %(dealer)s dealt this hand and sat it out; it was played by %(players)s")
                              % {"n": n, "dealer": dealer, "players": two_names(pair.names)})
        hand = entry_to_engine(entry, pair, rules, n)
        table.play(n, hand, _no_games)
        out.append((pair, hand))
    return out


def _no_games(*_) -> tuple:
    return ()  # following the deal only: the games are scored with the whole record


def _first_dealer(match, names: tuple[str, ...]) -> str:
    letter = match.first_dealer
    return names[SEAT_LETTERS.index(letter)] if letter and letter in SEAT_LETTERS[:len(names)] else names[0]


def hand_pair(match, entries: list[HandEntry] | None, number: int, table: int = 1) -> Pair:
    """Who played hand ``number`` (a partnership: ``table``'s hand of that deal); with three
    players, followed from ``entries`` (the match's hands, in order)."""
    names = match_names(match)
    if len(names) == 4:
        return partnership_pair(names, number, table)
    if len(names) == 2:
        return two(names)
    # Who plays a hand follows from the hands before it only (the next hand too: a stand-in ends the walk).
    walked = _three_handed(names, match_rules(match), _first_dealer(match, names),
                           [*(entries or [])[:number - 1], HandEntry("dead")])
    return walked[number - 1][0]


def _rulings_name(rulings, seat: str) -> bool:
    if not rulings:
        return False
    return seat in (rulings.get("missing_cards") or {}) or any(seat in (rulings.get(k) or ())
                                                               for k in ("extra_cards", "no_bonus"))


def _deals(names, rules, entries) -> tuple[list[Deal], HandEntry | None]:
    """A partnership's complete deals, and the table hand of a deal still waiting for its
    other table (checked on its own), if any."""
    deals, waiting = [], None
    i, n = 0, 1
    while i < len(entries):
        first = entries[i]
        second = entries[i + 1] if i + 1 < len(entries) else None
        if second is not None and first.table == 1 and second.table == 2:
            hands = []
            for t, e in ((1, first), (2, second)):
                try:
                    hands.append(entry_to_engine(e, partnership_pair(names, n, t), rules, n))
                except RecordError as err:
                    raise RecordError(at_table(str(err), n, t)) from None
            deals.append(Deal((hands[0], hands[1])))
            i += 2
            n += 1
            continue
        if i + 1 < len(entries):
            raise RecordError(_("deal %(n)s: needs the hands of table 1 and table 2") % {"n": n})
        waiting = first
        pair = partnership_pair(names, n, first.table)
        try:
            score_hand(entry_to_engine(first, pair, rules, n), rules, pair.names, n)
        except RecordError as err:
            raise RecordError(at_table(str(err), n, first.table)) from None
        i += 1
    return deals, waiting


def waiting_table(match, entries: Iterable[HandEntry]) -> HandEntry | None:
    """A partnership's table hand whose deal waits for the other table, or None."""
    names = match_names(match)
    if len(names) != 4:
        return None
    return _deals(names, match_rules(match), list(entries))[1]


def match_to_record(match, hands: Iterable | None = None) -> MatchRecord:
    """The engine's record of a stored match; ``hands`` (the rows, in order) saves a query."""
    rows = match.hands.order_by("number", "table") if hands is None else hands
    return record_of(match, (HandEntry.of(h) for h in rows))


def match_to_json(match, hands: Iterable | None = None) -> dict:
    """The stored match as the spec's record document (export). A partnership deal still
    waiting for its second table is not part of the record. A friendly carries ``"rated": false``."""
    out = record_to_json(match_to_record(match, hands))
    if not match.rated:
        out["rated"] = False
    return out


def match_fields_from_record(record: MatchRecord) -> dict:
    """The ``Match`` fields a record sets (players aside)."""
    length = record.length
    fields = {
        "preset": record.rules.preset,
        "rule_overrides": record.rules.overrides(),
        "rules": record.rules.to_json(),
        "length_kind": length.kind,
        "length_games": length.games,
        "stake": record.stake,
        "first_dealer": SEAT_LETTERS[record.players.index(record.first_dealer)] if record.first_dealer else "a",
    }
    if record.teams:
        fields["team_a_name"], fields["team_b_name"] = _team_names(record)
    return fields


def _team_names(record: MatchRecord) -> tuple[str, str]:
    """The teams' names to keep: blank where the record's name is the default "Ann & Cat"."""
    out = []
    for team in record.teams:
        default = f"{team.players[0]} & {team.players[1]}"
        out.append("" if team.name == default else team.name)
    return out[0], out[1]


def record_seats(record: MatchRecord) -> tuple[str, ...]:
    """The record's players in the site's seat order: as listed for two or three players; for a
    partnership team 1's first, team 2's first, team 1's second, team 2's second (a, b, c, d)."""
    if record.teams:
        (a, c), (b, d) = record.teams[0].players, record.teams[1].players
        return (a, b, c, d)
    return record.players


def record_entries(record: MatchRecord) -> list[HandEntry]:
    names = record_seats(record)
    if record.teams:
        return [entry_from_engine(h, names, t) for deal in record.hands for t, h in enumerate(deal.tables, 1)]
    return [entry_from_engine(h, names) for h in record.hands]
