"""Prize pools and payouts (the contract is ``shared/spec/payouts.md``, version 1).

pool = entrants x fee + added - house, house = house_fixed + house_percent % of
(entrants x fee). Each paid place gets pool x percent / 100 rounded down to a
multiple of the club's ``unit``; what rounding leaves over goes to 1st, so the
amounts add up to the pool exactly. Tied places add up the amounts of the
places they occupy and share them equally (each share rounded down to the
unit; the whole units left over go one each to the tie's better places, first
first, and anything smaller than a unit to the first of them).

Where the spec is silent (``docs/seasons-and-money.md``):
- the house's percent is taken in whole cents, rounded down, and the house
  never takes more than there is: the pool is never below 0;
- a custom split pays each place no more than the place above it, every
  percent above 0 with at most two decimals;
- every amount is at most ``MAX_AMOUNT`` (what a two-place, ten-digit column holds).

Everything is ``Decimal``; no float is ever made.
"""
from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from decimal import ROUND_DOWN, Decimal, InvalidOperation

from ginscore.engine.errors import MoneyError

FORMAT = "ginscore-payouts/1"
CENT = Decimal("0.01")
HUNDRED = Decimal(100)
MAX_AMOUNT = Decimal("99999999.99")
MAX_ENTRANTS = 10000
PRESETS = ("auto", "wta", "custom")
PRESET_NAMES = {"auto": "By the size of the field", "wta": "Winner takes all", "custom": "Our own split"}

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
                 what: str = "an amount") -> Decimal:
    """``value`` (text, int or Decimal; never a float) as a Decimal with two
    places, or ``MoneyError`` naming ``field`` and the reason."""
    if isinstance(value, float):
        raise MoneyError(f"{field}: give the amount as text or a Decimal, not a float")
    try:
        amount = Decimal(str(value).strip()) if not isinstance(value, Decimal) else value
    except (InvalidOperation, ValueError):
        raise MoneyError(f"{field}: {str(value)[:40]!r} is not {what} (write it like 20 or 12.50)") from None
    if not amount.is_finite():
        raise MoneyError(f"{field}: {str(value)[:40]!r} is not {what} (write it like 20 or 12.50)")
    if amount < 0:
        raise MoneyError(f"{field}: must not be negative")
    if positive and amount == 0:
        raise MoneyError(f"{field}: must be more than 0")
    if amount > most:
        raise MoneyError(f"{field}: must be at most {most:,}")
    if amount != amount.quantize(CENT, rounding=ROUND_DOWN):
        raise MoneyError(f"{field}: at most two decimal places (cents)")
    return amount.quantize(CENT)


def parse_entrants(value, field: str = "entrants") -> int:
    try:
        n = int(str(value).strip())
    except ValueError:
        raise MoneyError(f"{field}: {str(value)[:40]!r} is not a whole number") from None
    if not 1 <= n <= MAX_ENTRANTS:
        raise MoneyError(f"{field}: must be from 1 to {MAX_ENTRANTS}")
    return n


def parse_split(value, field: str = "split") -> tuple[Decimal, ...]:
    """A custom split ("50,30,20" or a sequence of percents): each above 0 with
    at most two decimals, none more than the place above it, adding up to 100."""
    parts = [p.strip() for p in value.split(",")] if isinstance(value, str) else list(value)
    if not parts or parts == [""]:
        raise MoneyError(f"{field}: give the percent of each paid place, 1st first, like 50,30,20")
    percents = []
    for i, part in enumerate(parts, 1):
        percents.append(parse_amount(part, f"{field}: place {i}", positive=True, most=HUNDRED, what="a percent"))
    for i in range(1, len(percents)):
        if percents[i] > percents[i - 1]:
            raise MoneyError(f"{field}: place {i + 1} gets more than place {i}; list the percents from 1st down")
    total = sum(percents)
    if total != HUNDRED:
        raise MoneyError(f"{field}: the percents add up to {total.normalize():f}, not 100")
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
            raise MoneyError(f"preset: must be one of {', '.join(PRESETS)}")
        if self.preset == "custom":
            object.__setattr__(self, "split", parse_split(self.split))
        elif self.split:
            raise MoneyError(f"split: only a custom preset takes a split (this one is {self.preset})")


@dataclass(frozen=True, slots=True)
class Pool:
    gross: Decimal     # entrants x fee
    added: Decimal
    house: Decimal     # what the house keeps (never more than gross + added)
    amount: Decimal    # what is paid out


def prize_pool(entrants: int, rules: PrizeRules) -> Pool:
    """The pool for ``entrants`` paid entries (0 entries: only the added money)."""
    if not 0 <= entrants <= MAX_ENTRANTS:
        raise MoneyError(f"entrants: must be from 0 to {MAX_ENTRANTS}")
    gross = rules.fee * entrants
    house = rules.house_fixed + (gross * rules.house_percent / HUNDRED).quantize(CENT, rounding=ROUND_DOWN)
    house = min(house, gross + rules.added)
    amount = gross + rules.added - house
    if amount > MAX_AMOUNT or gross > MAX_AMOUNT:
        raise MoneyError(f"pool: {entrants} x {rules.fee} comes to more than {MAX_AMOUNT:,}")
    return Pool(gross=gross, added=rules.added, house=house, amount=amount)


def paid_percents(entrants: int, rules: PrizeRules) -> tuple[Decimal, ...]:
    """The percent of the pool for each paid place, 1st first."""
    if entrants < 1:
        raise MoneyError("entrants: there must be at least one entrant")
    if rules.preset == "wta":
        return (HUNDRED,)
    if rules.preset == "custom":
        if len(rules.split) > entrants:
            raise MoneyError(f"split: pays {len(rules.split)} places but there are only {entrants} entrants")
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
        if len(places) < 2:
            raise MoneyError(f"tie {label}: a tie names at least two places")
        if len(set(places)) != len(places):
            raise MoneyError(f"tie {label}: names a place twice")
        for p in places:
            if not 1 <= p <= entrants:
                raise MoneyError(f"tie {label}: there is no place {p} with {entrants} entrants")
        if places[-1] - places[0] != len(places) - 1:
            raise MoneyError(f"tie {label}: tied places must follow each other (like 3,4)")
        if seen & set(places):
            raise MoneyError(f"tie {label}: place {min(seen & set(places))} is already in another tie")
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
        raise MoneyError(f"entrants: must be from 1 to {MAX_ENTRANTS}")
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
