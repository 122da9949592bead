"""Prize pools and payouts (the contract is ``shared/spec/payouts.md``, version 1.1).

pool = entrants x fee + added - house, house = house_fixed + house_percent % of
(entrants x fee). Each paid place gets pool x percent / 100 rounded down to a
multiple of the club's ``unit``; what rounding leaves over goes to 1st, so the
amounts add up to the pool exactly. Tied places add up the amounts of the
places they occupy and share them equally (each share rounded down to the
unit; the whole units left over go one each to the tie's better places, first
first, and anything smaller than a unit to the first of them).

Version 1.1 of the spec adopts this project's readings: a tie's whole units left over go one
each to its better places, the house's percent is taken in whole cents (rounded down), and a
custom split pays no place more than the place above it. Where the spec is still silent
(``docs/seasons-and-money.md``):
- the house never takes more than there is: the pool is never below 0;
- every percent of a custom split is above 0 with at most two decimals;
- every amount is at most ``MAX_AMOUNT`` (what a two-place, ten-digit column holds).

Everything is ``Decimal``; no float is ever made.
"""
from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from decimal import ROUND_DOWN, Decimal, InvalidOperation

from ginscore.engine.errors import MoneyError, money_refused
from ginscore.engine.i18n import gettext_lazy as _
from ginscore.engine.i18n import ngettext_lazy, number

FORMAT = "ginscore-payouts/1"
CENT = Decimal("0.01")
HUNDRED = Decimal(100)
MAX_AMOUNT = Decimal("99999999.99")
MAX_ENTRANTS = 10000
PRESETS = ("auto", "wta", "custom")
PRESET_NAMES = {"auto": _("By the size of the field"), "wta": _("Winner takes all"), "custom": _("Our own split")}

# (fewest entrants, percents from 1st down): the spec's table, largest fields first.
AUTO_TABLE: tuple[tuple[int, tuple[Decimal, ...]], ...] = tuple(
    (least, tuple(Decimal(p) for p in percents)) for least, percents in (
        (46, ("30", "20", "12", "10", "8", "6.5", "5.5", "4.5", "3.5")),
        (21, ("40", "24", "16", "12", "8")),
        (11, ("45", "25", "15", "10", "5")),
        (7, ("50", "30", "20")),
        (6, ("60", "40")),
        (1, ("100",)),
    )
)


def parse_amount(value, field: str, *, positive: bool = False, most: Decimal = MAX_AMOUNT,
                 percent: bool = False) -> Decimal:
    """``value`` (text, int or Decimal; never a float) as a Decimal with two
    places, or ``MoneyError`` naming ``field`` and the reason."""
    if isinstance(value, float):
        raise money_refused(field, _("give the amount as text or a Decimal, not a float"))
    try:
        amount = Decimal(str(value).strip()) if not isinstance(value, Decimal) else value
    except (InvalidOperation, ValueError):
        amount = None
    if amount is None or not amount.is_finite():
        # (The example is how this reads an amount, a point before the cents, in every language:
        # "12,50" is refused here; the site's forms read the reader's way before it gets here.)
        said = {"value": repr(str(value)[:40]), "example": "12.50"}
        raise money_refused(field, (_("%(value)s is not a percent (write it like 20 or %(example)s)") if percent else
                                    _("%(value)s is not an amount (write it like 20 or %(example)s)")) % said)
    if amount < 0:
        raise money_refused(field, _("must not be negative"))
    if positive and amount == 0:
        raise money_refused(field, _("must be more than 0"))
    if amount > most:
        raise money_refused(field, _("must be at most %(most)s") % {"most": number(most)})
    if amount != amount.quantize(CENT, rounding=ROUND_DOWN):
        raise money_refused(field, _("at most two decimal places (cents)"))
    return amount.quantize(CENT)


def parse_entrants(value, field: str = "entrants") -> int:
    try:
        n = int(str(value).strip())
    except ValueError:
        raise money_refused(field, _("%(value)s is not a whole number") % {"value": repr(str(value)[:40])}) from None
    if not 1 <= n <= MAX_ENTRANTS:
        raise money_refused(field, _("must be from 1 to %(most)s") % {"most": MAX_ENTRANTS})
    return n


def parse_split(value, field: str = "split") -> tuple[Decimal, ...]:
    """A custom split ("50,30,20" or a sequence of percents): each above 0 with
    at most two decimals, none more than the place above it, adding up to 100."""
    parts = [p.strip() for p in value.split(",")] if isinstance(value, str) else list(value)
    if not parts or parts == [""]:
        raise money_refused(field, _("give the percent of each paid place, 1st first, like 50,30,20"))
    percents = []
    for i, part in enumerate(parts, 1):
        try:
            percents.append(parse_amount(part, field, positive=True, most=HUNDRED, percent=True))
        except MoneyError as e:
            raise money_refused(field, _("place %(place)s: %(problem)s") % {"place": i, "problem": e.problem}) from None
    for i in range(1, len(percents)):
        if percents[i] > percents[i - 1]:
            raise money_refused(field, _("place %(place)s gets more than place %(above)s; list the percents from "
                                         "1st down") % {"place": i + 1, "above": i})
    total = sum(percents)
    if total != HUNDRED:
        raise money_refused(field, _("the percents add up to %(total)s, not 100")
                            % {"total": number(total.normalize(), max(0, -total.normalize().as_tuple().exponent))})
    return tuple(percents)


@dataclass(frozen=True, slots=True)
class PrizeRules:
    """How a tournament's pool is made and paid: what ``manage.py payouts`` takes."""

    fee: Decimal = Decimal("0.00")
    added: Decimal = Decimal("0.00")
    house_fixed: Decimal = Decimal("0.00")
    house_percent: Decimal = Decimal("0.00")
    unit: Decimal = Decimal("1.00")
    preset: str = "auto"
    split: tuple[Decimal, ...] = ()

    def __post_init__(self):
        for name in ("fee", "added", "house_fixed"):
            object.__setattr__(self, name, parse_amount(getattr(self, name), name))
        object.__setattr__(self, "house_percent", parse_amount(self.house_percent, "house_percent", most=HUNDRED))
        object.__setattr__(self, "unit", parse_amount(self.unit, "unit", positive=True))
        if self.preset not in PRESETS:
            raise money_refused("preset", _("must be one of %(choices)s") % {"choices": ", ".join(PRESETS)})
        if self.preset == "custom":
            object.__setattr__(self, "split", parse_split(self.split))
        elif self.split:
            raise money_refused("split", _("only a custom preset takes a split (this one is %(preset)s)")
                                % {"preset": self.preset})


@dataclass(frozen=True, slots=True)
class Pool:
    gross: Decimal     # entrants x fee
    added: Decimal
    house: Decimal     # what the house keeps (never more than gross + added)
    amount: Decimal    # what is paid out


def prize_pool(entrants: int, rules: PrizeRules) -> Pool:
    """The pool for ``entrants`` paid entries (0 entries: only the added money)."""
    if not 0 <= entrants <= MAX_ENTRANTS:
        raise money_refused("entrants", _("must be from 0 to %(most)s") % {"most": MAX_ENTRANTS})
    gross = rules.fee * entrants
    house = rules.house_fixed + (gross * rules.house_percent / HUNDRED).quantize(CENT, rounding=ROUND_DOWN)
    house = min(house, gross + rules.added)
    amount = gross + rules.added - house
    if gross > MAX_AMOUNT:
        raise money_refused("pool", _("%(entrants)s x %(fee)s comes to more than %(most)s")
                            % {"entrants": number(entrants), "fee": number(rules.fee, 2), "most": number(MAX_AMOUNT)})
    if amount > MAX_AMOUNT:   # the entry fees fit: the added money takes the pool past the limit
        raise money_refused("added", _("the entry fees (%(fees)s) and the added money (%(added)s) come to more than "
                                       "%(most)s") % {"fees": number(gross, 2), "added": number(rules.added, 2),
                                                      "most": number(MAX_AMOUNT)})
    return Pool(gross=gross, added=rules.added, house=house, amount=amount)


def paid_percents(entrants: int, rules: PrizeRules) -> tuple[Decimal, ...]:
    """The percent of the pool for each paid place, 1st first."""
    if entrants < 1:
        raise money_refused("entrants", _("there must be at least one entrant"))
    if rules.preset == "wta":
        return (HUNDRED,)
    if rules.preset == "custom":
        if len(rules.split) > entrants:
            raise money_refused("split", ngettext_lazy("pays %(places)s places but there is only %(count)s entrant",
                                                       "pays %(places)s places but there are only %(count)s entrants",
                                                       entrants) % {"places": len(rules.split), "count": entrants})
        return rules.split
    return next(percents for least, percents in AUTO_TABLE if entrants >= least)


def _down(amount: Decimal, unit: Decimal) -> Decimal:
    return (amount / unit).to_integral_value(rounding=ROUND_DOWN) * unit


def place_amounts(pool: Decimal, percents: Sequence[Decimal], unit: Decimal) -> list[Decimal]:
    """Each place's amount rounded down to ``unit``, what is left over to 1st."""
    amounts = [_down(pool * p / HUNDRED, unit).quantize(CENT) for p in percents]
    amounts[0] += pool - sum(amounts)
    return amounts


def share(total: Decimal, ways: int, unit: Decimal) -> list[Decimal]:
    """``total`` split ``ways`` equally: shares rounded down to ``unit``, the
    whole units left over one each to the first shares, anything smaller to
    the first. The shares add up to ``total``, best first."""
    each = _down(total / ways, unit).quantize(CENT)
    shares = [each] * ways
    left = total - each * ways
    for i in range(ways):
        if left < unit:
            break
        shares[i] += unit
        left -= unit
    shares[0] += left
    return shares


def check_ties(ties: Iterable[Sequence[int]], entrants: int) -> list[tuple[int, ...]]:
    """Ties as runs of consecutive places within the field, none overlapping."""
    seen: set[int] = set()
    runs = []
    for tie in ties:
        places = tuple(sorted(tie))
        label = ",".join(str(p) for p in tie)

        def refused(problem):
            return MoneyError(_("tie %(places)s: %(problem)s") % {"places": label, "problem": problem}, None, problem)

        if len(places) < 2:
            raise refused(_("a tie names at least two places"))
        if len(set(places)) != len(places):
            raise refused(_("names a place twice"))
        for p in places:
            if not 1 <= p <= entrants:
                raise refused(ngettext_lazy("there is no place %(place)s with %(count)s entrant",
                                            "there is no place %(place)s with %(count)s entrants", entrants)
                              % {"place": p, "count": entrants})
        if places[-1] - places[0] != len(places) - 1:
            raise refused(_("tied places must follow each other (like 3,4)"))
        if seen & set(places):
            raise refused(_("place %(place)s is already in another tie") % {"place": min(seen & set(places))})
        seen |= set(places)
        runs.append(places)
    return sorted(runs)


@dataclass(frozen=True, slots=True)
class Payouts:
    pool: Pool
    places: tuple[tuple[int, Decimal], ...]   # (place, amount), place order; tied places each with its share

    def to_json(self) -> dict:
        return {"format": FORMAT, "pool": f"{self.pool.amount:.2f}",
                "places": [{"place": p, "amount": f"{a:.2f}"} for p, a in self.places]}


def payouts(entrants: int, rules: PrizeRules, ties: Iterable[Sequence[int]] = (), *,
            paid_entries: int | None = None) -> Payouts:
    """The payouts for a field of ``entrants`` (the pool from ``paid_entries``,
    all of them unless told), ``ties`` naming runs of tied places."""
    if not 1 <= entrants <= MAX_ENTRANTS:
        raise money_refused("entrants", _("must be from 1 to %(most)s") % {"most": MAX_ENTRANTS})
    pool = prize_pool(entrants if paid_entries is None else paid_entries, rules)
    amounts = place_amounts(pool.amount, paid_percents(entrants, rules), rules.unit)
    runs = check_ties(ties, entrants)
    last = max([len(amounts)] + [run[-1] for run in runs if run[0] <= len(amounts)])
    by_place = {p: (amounts[p - 1] if p <= len(amounts) else Decimal("0.00")) for p in range(1, last + 1)}
    for run in runs:
        if run[0] > len(amounts):
            continue   # a tie among unpaid places shares nothing
        for place, amount in zip(run, share(sum(by_place[p] for p in run), len(run), rules.unit)):
            by_place[place] = amount
    return Payouts(pool=pool, places=tuple(sorted(by_place.items())))


def ties_from_groups(groups: Sequence[Sequence[Hashable]]) -> list[tuple[int, ...]]:
    """Final standings as groups of tied players, best first -> the runs of tied places."""
    runs, place = [], 1
    for group in groups:
        if len(group) > 1:
            runs.append(tuple(range(place, place + len(group))))
        place += len(group)
    return runs


def pay_standings(groups: Sequence[Sequence[Hashable]], rules: PrizeRules, *,
                  paid_entries: int | None = None) -> tuple[Pool, dict[Hashable, Decimal]]:
    """Final standings (groups of tied players, best first; players in a group
    in the order the standings list them) -> the pool and each paid player's
    amount. Players paid nothing are left out."""
    entrants = sum(len(g) for g in groups)
    result = payouts(entrants, rules, ties_from_groups(groups), paid_entries=paid_entries)
    players = [p for g in groups for p in g]
    paid = {players[place - 1]: amount for place, amount in result.places if amount > 0}
    return result.pool, paid
