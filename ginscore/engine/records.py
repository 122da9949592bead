"""Match records: reading and writing the spec's JSON (``ginscore/1``).

``record_from_json`` checks a record's shape and names the first bad field or
hand in words a player understands; the rules themselves (knock limits, a hand
after the match ended) are checked while scoring (``ginscore.engine.match``).
``result_to_json`` writes the spec's result document.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from decimal import Decimal, InvalidOperation
from typing import Any

from ginscore.engine.cards import parse_card
from ginscore.engine.errors import CardError, RecordError, RuleError, at_hand, reason
from ginscore.engine.hands import COUNTED_ENDS, ENDS, MAX_BONUS, NO_CONTRACT_ONLY, Hand, Rulings, end_refused
from ginscore.engine.i18n import gettext_lazy as _
from ginscore.engine.match import MatchLength
from ginscore.engine.results import DealResult, HandResult, MatchResult
from ginscore.engine.rules import Rules, rules_from
from ginscore.engine.sides import Deal, Partnership, Team, at_table, two_names

FORMAT = "ginscore/1"
RESULT_FORMAT = "ginscore-result/1"


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """Two or three players (``hands``: ``Hand``), or four in two ``teams`` (``hands``: ``Deal``)."""

    rules: Rules
    players: tuple[str, ...]
    first_dealer: str | None  # None for a partnership (dealers are not tracked)
    stake: Decimal | None = None
    hands: tuple = ()
    length: MatchLength = field(default_factory=MatchLength)
    teams: tuple[Team, Team] | None = None


def parse_json_text(text: str | bytes, source: str) -> Any:
    """The JSON in ``text`` (bytes must be UTF-8); ``RecordError`` names ``source`` and where it broke."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise RecordError(_("%(source)s: is not UTF-8 text") % {"source": source}) from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise RecordError(_("%(source)s: not valid JSON (%(problem)s at line %(line)s, column %(column)s)")
                          % {"source": source, "problem": e.msg, "line": e.lineno, "column": e.colno}) from None
    except RecursionError:
        raise RecordError(_("%(source)s: the JSON is nested too deeply to be a match record")
                          % {"source": source}) from None
    except ValueError:  # Python's limit on the digits of an integer (4,300)
        raise RecordError(_("%(source)s: holds a number with thousands of digits; "
                            "no value of a match record is that long") % {"source": source}) from None


def _name(v: Any) -> str | None:
    return v.strip() if isinstance(v, str) and v.strip() else None


def parse_players(value: Any) -> tuple[str, ...]:
    """Two, three or four distinct names (four play in two partnerships)."""
    if not isinstance(value, list) or not 2 <= len(value) <= 4:
        raise RecordError(_("players: must be a list of two, three or four names"))
    names = tuple(_name(v) for v in value)
    if not all(names):
        raise RecordError(_("players: each player needs a name that is not empty"))
    if len(set(names)) != len(names):
        twice = next(p for i, p in enumerate(names) if p in names[:i])
        if len(names) == 2:
            raise RecordError(_('players: the two players must be different, both are "%(name)s"') % {"name": twice})
        raise RecordError(_('players: the players must be different, "%(name)s" is given twice') % {"name": twice})
    return names


def parse_teams(value: Any, players: tuple[str, ...]) -> tuple[Team, Team] | None:
    """Four players: two teams of two, together the four; a team's name defaults to "Ann & Cat"."""
    if len(players) != 4:
        if value is not None:
            raise RecordError(_("teams: only four players play in partnerships (two teams of two); "
                                "this record has %(count)s players") % {"count": len(players)})
        return None
    example = {"example": '[{"name": "North", "players": ["Ann", "Cat"]}, {"name": "South", "players": ["Ben", "Dan"]}]'}
    if value is None:
        raise RecordError(_("teams: four players play in two partnerships; say who partners whom, like %(example)s")
                          % example)
    if not isinstance(value, list) or len(value) != 2 or not all(isinstance(t, dict) for t in value):
        raise RecordError(_("teams: must be two teams, like %(example)s") % example)
    teams = []
    for i, raw in enumerate(value, 1):
        members = raw.get("players")
        if not isinstance(members, list) or len(members) != 2:
            raise RecordError(_("teams: team %(team)s must have two players") % {"team": i})
        for p in members:
            if p not in players:
                raise RecordError(_("teams: team %(team)s: %(name)s is not one of the players")
                                  % {"team": i, "name": repr(p)})
        if raw.get("name") is None:
            name = f"{members[0]} & {members[1]}"
        else:
            name = _name(raw["name"])
            if not name:
                raise RecordError(_("teams: team %(team)s's name must be text that is not empty") % {"team": i})
        teams.append(Team(name, (members[0], members[1])))
    a, b = teams
    members = a.players + b.players
    twice = [p for i, p in enumerate(members) if p in members[:i]]
    if twice:
        raise RecordError(_("teams: %(player)s is named twice; each player plays in one team") % {"player": twice[0]})
    if a.name == b.name:
        raise RecordError(_('teams: the two teams need different names, both are "%(name)s"') % {"name": a.name})
    return a, b


def parse_stake(value: Any) -> Decimal | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        raise RecordError(_('stake: must be a decimal number such as "0.05"'))
    try:
        stake = Decimal(str(value).strip())
    except InvalidOperation:
        raise RecordError(_('stake: "%(value)s" is not a decimal number such as "0.05"') % {"value": value}) from None
    if not stake.is_finite() or stake < 0:
        raise RecordError(_('stake: must be zero or more, not "%(value)s"') % {"value": value})
    return stake


def parse_length(value: Any) -> MatchLength:
    if value is None or value == "target":
        return MatchLength()
    if value == "set":
        return MatchLength("set")
    if isinstance(value, dict):
        unknown = set(value) - {"kind", "games"}
        if unknown:
            raise RecordError(_('length: "%(field)s" is not a length field (kind, games)') % {"field": sorted(unknown)[0]})
        return MatchLength(value.get("kind", "target"), value.get("games"))
    raise RecordError(_('length: must be "target", "set" or {"kind": "best_of", "games": K}'))


def length_to_json(length: MatchLength) -> Any:
    if length.kind == "best_of":
        return {"kind": "best_of", "games": length.games}
    return length.kind


def _deadwood(raw: dict, player: str, n: int, rules: Rules) -> int:
    dw = raw.get("deadwood")
    gin = rules.game == "gin"
    if not isinstance(dw, dict) or player not in dw:
        raise RecordError(at_hand(n, (_("deadwood for %(player)s is missing") if gin else
                                      _("the count of cards held (deadwood) for %(player)s is missing"))
                                  % {"player": player}))
    v = dw[player]
    most = rules.max_count
    if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= most:
        raise RecordError(at_hand(n, (_("deadwood for %(player)s must be a whole number from 0 to %(most)s, "
                                        "not %(value)s") if gin else
                                      _("the count of cards held (deadwood) for %(player)s must be a whole number "
                                        "from 0 to %(most)s, not %(value)s"))
                                  % {"player": player, "most": most, "value": repr(v)}))
    return v


def _hand_extras(raw: dict, n: int, rules: Rules) -> dict:
    """Sequence Gin's ``bonus`` and Skarney's ``no_contract``, checked against the game."""
    extras: dict[str, Any] = {}
    end = raw.get("end")
    if raw.get("bonus") is not None:
        bonus = raw["bonus"]
        if not rules.sequence_bonus:
            raise RecordError(at_hand(n, _("bonus goes only with Sequence Gin's bonus (the rule sequence_bonus)")))
        if isinstance(bonus, bool) or not isinstance(bonus, int) or not 0 <= bonus <= MAX_BONUS:
            raise RecordError(at_hand(n, _("bonus must be a whole number from 0 to %(most)s, not %(value)s")
                                      % {"most": MAX_BONUS, "value": repr(bonus)}))
        if bonus and end == "dead":
            raise RecordError(at_hand(n, _("a dead hand has no winner, so no bonus")))
        extras["bonus"] = bonus
    no_contract = raw.get("no_contract", False)
    if no_contract is not False:
        if not isinstance(no_contract, bool):
            raise RecordError(at_hand(n, _("no_contract must be true or false, not %(value)s")
                                      % {"value": repr(no_contract)}))
        if rules.game != "skarney" or end != "gin":
            raise RecordError(at_hand(n, NO_CONTRACT_ONLY))
        extras["no_contract"] = True
    return extras


RULINGS = ("missing_cards", "extra_cards", "no_bonus", "knock_accepted")


def _rulings(raw: dict, n: int, players: tuple[str, ...]) -> Rulings | None:
    """The director's rulings a hand carries (seed 000), each naming players of that hand."""
    if not any(raw.get(key) not in (None, False) for key in RULINGS):
        return None

    def of_the_hand(key: str, name: Any) -> str:
        if name not in players:
            said = {"field": key, "name": repr(name)}
            if len(players) == 2:
                problem = _("%(field)s: %(name)s did not play this hand (it was played by %(players)s)") % {
                    **said, "players": two_names(players)}
            else:
                problem = _("%(field)s: %(name)s did not play this hand (the players are %(players)s)") % {
                    **said, "players": ", ".join(players)}
            raise RecordError(at_hand(n, problem))
        return name

    missing = raw.get("missing_cards") or {}
    if not isinstance(missing, dict):
        raise RecordError(at_hand(n, _('missing_cards: must name the players short of cards, like {"Ann": 1}')))
    for p, count in missing.items():
        of_the_hand("missing_cards", p)
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= 10:
            raise RecordError(at_hand(n, _("missing_cards for %(player)s must be a whole number of cards from 1 to 10, "
                                           "not %(value)s") % {"player": p, "value": repr(count)}))
    named = {}
    for key in ("extra_cards", "no_bonus"):
        value = raw.get(key) or []
        if not isinstance(value, list):
            raise RecordError(at_hand(n, _('%(field)s: must be a list of players, like ["Ann"]') % {"field": key}))
        named[key] = tuple(dict.fromkeys(of_the_hand(key, p) for p in value))
    accepted = raw.get("knock_accepted", False)
    if not isinstance(accepted, bool):
        raise RecordError(at_hand(n, _("knock_accepted must be true or false, not %(value)s")
                                  % {"value": repr(accepted)}))
    return Rulings(dict(missing), named["extra_cards"], named["no_bonus"], accepted)


def parse_hand(raw: Any, n: int, players: tuple[str, str], rules: Rules) -> Hand:
    """One hand object of a record (``n`` counts from 1) as a ``Hand``."""
    if not isinstance(raw, dict):
        raise RecordError(at_hand(n, _('must be an object such as {"end": "gin", "by": ...}')))
    end = raw.get("end")
    if end not in ENDS:
        raise RecordError(at_hand(n, _("end must be one of %(ends)s, not %(value)s")
                                  % {"ends": ", ".join(rules.ends), "value": repr(end)}))
    refused = end_refused(end, rules)
    if refused is not None:
        raise RecordError(at_hand(n, refused))
    upcard = None
    if raw.get("upcard") is not None:
        try:
            upcard = parse_card(raw["upcard"])
        except CardError as e:
            raise RecordError(at_hand(n, _("upcard: %(problem)s") % {"problem": reason(e)})) from None
    extras = _hand_extras(raw, n, rules)
    rulings = _rulings(raw, n, players)
    if rulings is not None:
        extras["rulings"] = rulings
    if end == "dead":
        return Hand("dead", upcard=upcard, rulings=rulings)
    by = raw.get("by")
    if end == "stock_out":
        if by is not None:
            raise RecordError(at_hand(n, _("a stock_out names no by (the lower count wins it)")))
    elif by not in players:
        raise RecordError(at_hand(n, _("by: %(name)s is not one of the players (%(first)s, %(second)s)")
                                  % {"name": repr(by), "first": players[0], "second": players[1]}))
    if raw.get("cards") is not None:
        from ginscore.engine.card_hands import hand_from_cards

        hand = hand_from_cards(raw, n, players, rules)
        return replace(hand, **extras) if extras else hand
    dw = raw.get("deadwood")
    if isinstance(dw, dict):
        strangers = [p for p in dw if p not in players]
        if strangers:
            raise RecordError(at_hand(n, _("deadwood: %(name)s is not one of the players") % {"name": repr(strangers[0])}))
    other = None if by is None else players[1] if by == players[0] else players[0]
    if end in COUNTED_ENDS or end == "knock":
        order = players if by is None else (by, other)
        return Hand(end, by, {p: _deadwood(raw, p, n, rules) for p in order}, upcard, **extras)
    d = _deadwood(raw, other, n, rules)
    if isinstance(dw, dict) and by in dw and _deadwood(raw, by, n, rules) != 0:
        said = {"gin": _("a gin leaves %(player)s no deadwood, but %(given)s is given"),
                "big_gin": _("a big gin leaves %(player)s no deadwood, but %(given)s is given"),
                "out": _("going out leaves %(player)s no deadwood, but %(given)s is given")}[end]
        raise RecordError(at_hand(n, said % {"player": by, "given": dw[by]}))
    return Hand(end, by, {other: d}, upcard, **extras)


def parse_three_handed_hand(raw: Any, n: int, players: tuple[str, ...], rules: Rules) -> Hand:
    """A hand of three players: written as for two, naming the two who played it (in the
    record's order); that they are the two who did not deal is checked while scoring."""
    if not isinstance(raw, dict) or raw.get("end") in (None, "dead"):
        return parse_hand(raw, n, players, rules)  # its own message; a dead hand names no one
    by = raw.get("by")
    if by is not None and by not in players:
        return parse_hand(raw, n, players, rules)  # "by: ... is not one of the players"
    named = [by] if by is not None else []
    for key in ("deadwood", "cards"):
        if isinstance(raw.get(key), dict):
            named.extend(raw[key])
    for p in named:
        if p not in players:
            raise RecordError(at_hand(n, _("%(name)s is not one of the players (%(players)s)")
                                      % {"name": repr(p), "players": ", ".join(players)}))
    pair = tuple(p for p in players if p in named)
    if len(pair) > 2:
        raise RecordError(at_hand(n, _("names %(first)s, %(second)s and %(third)s; a hand is played by two "
                                       "(the dealer sits it out)")
                                  % {"first": pair[0], "second": pair[1], "third": pair[2]}))
    if len(pair) < 2:
        if by is not None:
            problem = _("deadwood: give the count of %(player)s's opponent (the dealer sits the hand out)") % {
                "player": by}
        else:
            problem = _("deadwood: give the count of both players who did not deal (the dealer sits the hand out)")
        raise RecordError(at_hand(n, problem))
    return parse_hand(raw, n, pair, rules)


def _deal(raw: Any, n: int, seats, rules: Rules) -> Deal:
    """A partnership deal: ``{"tables": [H1, H2]}``, each hand naming only its table's two players."""
    if not isinstance(raw, dict) or not isinstance(raw.get("tables"), list) or len(raw["tables"]) != 2:
        raise RecordError(at_hand(n, _('a partnership deal must be {"tables": [table 1\'s hand, table 2\'s hand]}')))
    hands = []
    for t, (table_raw, players) in enumerate(zip(raw["tables"], seats), 1):
        if isinstance(table_raw, dict):
            named = [table_raw["by"]] if table_raw.get("by") is not None else []
            for key in ("deadwood", "cards"):
                if isinstance(table_raw.get(key), dict):
                    named.extend(table_raw[key])
            for p in named:
                if p not in players:
                    said = {"deal": n, "table": t, "name": repr(p), "players": two_names(players)}
                    elsewhere = next((u for u, other in enumerate(seats, 1) if p in other), None)
                    if elsewhere is None:
                        raise RecordError(_("deal %(deal)s, table %(table)s: %(name)s is not one of the players; "
                                            "table %(table)s is %(players)s") % said)
                    raise RecordError(_("deal %(deal)s, table %(table)s: %(name)s plays at table %(other)s in this "
                                        "deal; table %(table)s is %(players)s") % {**said, "other": elsewhere})
        try:
            hands.append(parse_hand(table_raw, n, players, rules))
        except RecordError as e:
            raise RecordError(at_table(reason(e), n, t)) from None
    return Deal((hands[0], hands[1]))


def record_from_json(data: Any) -> MatchRecord:
    """A record (the parsed JSON) as a ``MatchRecord``; ``RecordError`` names what is wrong."""
    if not isinstance(data, dict):
        raise RecordError(_("the record must be a JSON object with players, rules and hands"))
    fmt = data.get("format", FORMAT)
    if fmt != FORMAT:
        raise RecordError(_('format: expected "%(format)s", not %(value)s') % {"format": FORMAT, "value": repr(fmt)})
    players = parse_players(data.get("players"))
    teams = parse_teams(data.get("teams"), players)
    try:
        rules = rules_from(data.get("rules", "standard"))
    except RuleError as e:
        raise RecordError(_("rules: %(problem)s") % {"problem": reason(e)}) from None
    if len(players) > 2 and rules.columns != 1:
        raise RecordError(_("rules: columns must be 1 with %(count)s players (Hollywood is for two), not %(columns)s")
                          % {"count": len(players), "columns": rules.columns})
    first_dealer = data.get("first_dealer", players[0])
    if first_dealer not in players:
        raise RecordError(_("first_dealer: %(name)s is not one of the players") % {"name": repr(first_dealer)})
    stake = parse_stake(data.get("stake"))
    length = parse_length(data.get("length"))
    raw_hands = data.get("hands", [])
    if not isinstance(raw_hands, list):
        raise RecordError(_("hands: must be a list of hands"))
    if teams:
        seating = Partnership(rules, teams)
        hands = tuple(_deal(h, i, seating.tables_for(i), rules) for i, h in enumerate(raw_hands, 1))
        return MatchRecord(rules, players, None, stake, hands, length, teams)
    if len(players) == 3:
        hands = tuple(parse_three_handed_hand(h, i, players, rules) for i, h in enumerate(raw_hands, 1))
    else:
        hands = tuple(parse_hand(h, i, players, rules) for i, h in enumerate(raw_hands, 1))
    return MatchRecord(rules, players, first_dealer, stake, hands, length)


def hand_to_json(hand: Hand) -> dict:
    out: dict[str, Any] = {"end": hand.end}
    if hand.end != "dead":
        if hand.by is not None:
            out["by"] = hand.by
        if hand.cards is not None:
            out["cards"] = dict(hand.cards)
            if hand.melds is not None:
                out["melds"] = {p: [list(m) for m in ms] for p, ms in hand.melds.items()}
        else:
            out["deadwood"] = dict(hand.deadwood)
    if hand.upcard is not None:
        out["upcard"] = str(hand.upcard)
    if hand.bonus is not None:
        out["bonus"] = hand.bonus
    if hand.no_contract:
        out["no_contract"] = True
    if hand.rulings is not None:
        out.update(hand.rulings.to_json())
    return out


def record_to_json(record: MatchRecord) -> dict:
    """A ``MatchRecord`` as the spec's JSON; ``record_from_json`` reads it back unchanged."""
    out: dict[str, Any] = {
        "format": FORMAT,
        "rules": record.rules.to_record(),
        "players": list(record.players),
    }
    if record.teams:
        out["teams"] = [{"name": t.name, "players": list(t.players)} for t in record.teams]
    else:
        out["first_dealer"] = record.first_dealer
    if record.stake is not None:
        out["stake"] = str(record.stake)
    if record.length.kind != "target":
        out["length"] = length_to_json(record.length)
    out["hands"] = [{"tables": [hand_to_json(t) for t in h.tables]} if isinstance(h, Deal) else hand_to_json(h)
                    for h in record.hands]
    return out


def _money(amount: Decimal | None) -> str | None:
    """The amount as the stake wrote it: 800 points at "0.10" is "80.00"."""
    return None if amount is None else format(amount, "f")


def _hand_json(h: HandResult, table_players: bool) -> dict:
    item = {"n": h.n, "dealer": h.dealer, "end": h.end, "by": h.by, "winner": h.winner,
            "undercut": h.undercut, "points": h.points, "boxes": h.boxes, "games": list(h.games)}
    if table_players:
        item["players"] = list(h.players)
    if h.rulings is not None:
        item.update(h.rulings.to_json())
    if h.detail:
        item.update(h.detail)
    return item


def _deal_json(d: DealResult) -> dict:
    tables = []
    for h in d.tables:
        item = {"table": h.table, "players": list(h.players), "end": h.end, "by": h.by, "winner": h.winner,
                "undercut": h.undercut, "points": h.points, "boxes": h.boxes}
        if h.rulings is not None:
            item.update(h.rulings.to_json())
        if h.detail:
            item.update(h.detail)
        tables.append(item)
    return {"n": d.n, "dealer": None, "tables": tables, "points": dict(d.points), "boxes": dict(d.boxes),
            "games": list(d.games)}


def _settlement_json(s) -> dict:
    return {"payer": s.payer, "payee": s.payee, "points": s.points, "amount": _money(s.amount)}


def result_to_json(result: MatchResult) -> dict:
    """The spec's result document (three players: hands name who played, games their pairs;
    a partnership: deals with their tables, games and the match by team)."""
    three = len(result.players) == 3
    hands = [_deal_json(h) if isinstance(h, DealResult) else _hand_json(h, three) for h in result.hands]
    games = []
    for g in result.games:
        item = {"n": g.n, "complete": g.complete, "winner": g.winner, "shutout": g.shutout, "net": g.net,
                "players": {name: {"points": line.points, "boxes": line.boxes, "box_bonus": line.box_bonus,
                                   "game_bonus": line.game_bonus, "shutout_bonus": line.shutout_bonus,
                                   "total": line.total}
                            for name, line in g.players.items()}}
        if three:
            item["shut_out"] = list(g.shut_out)
            item["pairs"] = [{"players": list(p.players), "net": p.net, "credited": p.credited} for p in g.pairs]
        games.append(item)
    m = result.match
    out = {
        "format": RESULT_FORMAT,
        "players": list(result.players),
    }
    if result.teams:
        out["teams"] = [{"name": t.name, "players": list(t.players)} for t in result.teams]
    out.update({
        "rules": result.rules.to_json(),
        "hands": hands,
        "games": games,
        "match": {"target": m.target, "complete": m.complete, "winner": m.winner, "score": dict(m.score),
                  "settlement": _settlement_json(m.settlement),
                  "settlements": [_settlement_json(s) for s in m.settlements]},
    })
    if result.length.kind != "target":
        out["match"]["length"] = length_to_json(result.length)
    return out
