"""Prize pools and payouts: the spec's examples (shared/spec/payouts.md) and its invariants."""
from decimal import Decimal as D

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ginscore.engine.errors import MoneyError
from ginscore.engine.payouts import (
    PrizeRules, pay_standings, paid_percents, parse_amount, payouts, prize_pool, share, ties_from_groups,
)


def amounts(result):
    return [str(a) for _, a in result.places]


def test_the_spec_example_fourteen_at_twenty():
    result = payouts(14, PrizeRules(fee="20"))
    assert result.to_json() == {
        "format": "ginscore-payouts/1", "pool": "280.00",
        "places": [{"place": 1, "amount": "126.00"}, {"place": 2, "amount": "70.00"},
                   {"place": 3, "amount": "42.00"}, {"place": 4, "amount": "28.00"},
                   {"place": 5, "amount": "14.00"}]}


@pytest.mark.parametrize("entrants,percents", [
    (1, ["100"]), (2, ["100"]), (5, ["100"]), (6, ["60", "40"]), (7, ["50", "30", "20"]),
    (10, ["50", "30", "20"]), (11, ["45", "25", "15", "10", "5"]), (20, ["45", "25", "15", "10", "5"]),
    (21, ["40", "24", "16", "12", "8"]), (45, ["40", "24", "16", "12", "8"]),
    (46, ["30", "20", "12", "10", "8", "6.5", "5.5", "4.5", "3.5"]),
    (400, ["30", "20", "12", "10", "8", "6.5", "5.5", "4.5", "3.5"]),
])
def test_the_auto_table_by_field_size(entrants, percents):
    assert paid_percents(entrants, PrizeRules()) == tuple(D(p) for p in percents)


def test_the_pool_takes_added_money_and_the_house_fixed_and_percent():
    pool = prize_pool(14, PrizeRules(fee="20", added="50", house_fixed="10", house_percent="10"))
    assert (pool.gross, pool.house, pool.amount) == (D("280.00"), D("38.00"), D("292.00"))
    # The house's percent in whole cents, rounded down: 12.5 % of 21.00 is 2.625 -> 2.62.
    assert prize_pool(7, PrizeRules(fee="3", house_percent="12.5")).house == D("2.62")
    # The house never takes more than there is.
    assert prize_pool(2, PrizeRules(fee="5", house_fixed="30")).amount == D("0.00")


def test_rounding_down_to_the_unit_with_the_remainder_to_first():
    # 10 at 7 = 70: 50/30/20 is 35, 21, 14 - all whole; with unit 5: 35, 20, 10 and 5 over to 1st.
    assert amounts(payouts(10, PrizeRules(fee="7", unit="5"))) == ["40.00", "20.00", "10.00"]
    # 11 at 3.33 = 36.63, paid in whole units: 16, 9, 5, 3, 1 (of 16.48, 9.15, 5.49, 3.66, 1.83) and 2.63 over to 1st.
    assert amounts(payouts(11, PrizeRules(fee="3.33"))) == ["18.63", "9.00", "5.00", "3.00", "1.00"]
    # ... and in cents.
    assert amounts(payouts(11, PrizeRules(fee="3.33", unit="0.01"))) == ["16.50", "9.15", "5.49", "3.66", "1.83"]


def test_winner_takes_all_and_a_custom_split():
    assert amounts(payouts(30, PrizeRules(fee="10", preset="wta"))) == ["300.00"]
    assert amounts(payouts(4, PrizeRules(fee="25", preset="custom", split="70,30"))) == ["70.00", "30.00"]
    assert amounts(payouts(3, PrizeRules(fee="10", preset="custom", split="33.34,33.33,33.33"))) == [
        "12.00", "9.00", "9.00"]


@pytest.mark.parametrize("split,message", [
    ("50,30", "split: the percents add up to 80, not 100"),
    ("50,30,25", "split: the percents add up to 105, not 100"),
    ("20,30,50", "split: place 2 gets more than place 1"),
    ("50,x,50", "split: place 2: 'x' is not a percent"),
    ("100,0", "split: place 2: must be more than 0"),
    ("", "split: give the percent of each paid place"),
])
def test_a_split_that_does_not_add_up_is_refused(split, message):
    with pytest.raises(MoneyError, match="^" + message.replace("(", r"\(")):
        PrizeRules(preset="custom", split=split)


def test_a_split_paying_more_places_than_entrants_is_refused():
    with pytest.raises(MoneyError, match="split: pays 3 places but there are only 2 entrants"):
        payouts(2, PrizeRules(fee="5", preset="custom", split="50,30,20"))


def test_losing_semi_finalists_share_third_and_fourth():
    # 14 at 20: 3rd 42 and 4th 28 -> 35 each.
    assert amounts(payouts(14, PrizeRules(fee="20"), [(3, 4)])) == [
        "126.00", "70.00", "35.00", "35.00", "14.00"]


def test_an_odd_shared_amount_leaves_its_unit_to_the_better_place():
    # 7 at 10 = 70: 35, 21, 14; a tie for 2nd and 3rd shares 35: 18 and 17.
    assert amounts(payouts(7, PrizeRules(fee="10"), [(2, 3)])) == ["35.00", "18.00", "17.00"]


def test_a_tie_past_the_last_paid_place_shares_among_all_tied():
    # 14 at 20: 5th is paid 14; a three-way tie for 5th-7th shares it: 5, 5, 4.
    assert amounts(payouts(14, PrizeRules(fee="20"), [(5, 6, 7)])) == [
        "126.00", "70.00", "42.00", "28.00", "5.00", "5.00", "4.00"]
    # A tie among unpaid places changes nothing.
    assert amounts(payouts(14, PrizeRules(fee="20"), [(8, 9)])) == amounts(payouts(14, PrizeRules(fee="20")))


def test_a_tie_for_first_takes_the_pools_odd_cents():
    # 7 at 3 less 12.5 % = 18.38, unit 5: 13.38, 5, 0 -> all three tied share 18.38: 8.38, 5, 5.
    result = payouts(7, PrizeRules(fee="3", house_percent="12.5", unit="5"), [(1, 2, 3)])
    assert amounts(result) == ["8.38", "5.00", "5.00"] and result.pool.amount == D("18.38")


@pytest.mark.parametrize("ties,message", [
    ([(3, 15)], "tie 3,15: there is no place 15 with 14 entrants"),
    ([(0, 1)], "tie 0,1: there is no place 0"),
    ([(3,)], "tie 3: a tie names at least two places"),
    ([(3, 5)], "tie 3,5: tied places must follow each other"),
    ([(3, 4), (4, 5)], "tie 4,5: place 4 is already in another tie"),
    ([(3, 3)], "tie 3,3: names a place twice"),
])
def test_bad_ties_are_refused(ties, message):
    with pytest.raises(MoneyError, match="^" + message):
        payouts(14, PrizeRules(fee="20"), ties)


@pytest.mark.parametrize("value,message", [
    ("-1", "fee: must not be negative"), ("abc", "fee: 'abc' is not an amount"),
    ("1.234", "fee: at most two decimal places"), ("100000000", "fee: must be at most 99,999,999.99"),
    ("Infinity", "fee: 'Infinity' is not an amount"), (1.5, "fee: give the amount as text or a Decimal"),
])
def test_bad_amounts_are_refused(value, message):
    with pytest.raises(MoneyError, match="^" + message):
        parse_amount(value, "fee")


def test_a_pool_too_big_for_the_database_is_refused():
    with pytest.raises(MoneyError, match="^pool: "):
        prize_pool(10000, PrizeRules(fee="99999999"))


def test_final_standings_pay_players_with_ties():
    groups = [["Zoë"], ["Ann-Marie"], ["Bob", "Cai"], ["Dee"], ["Eve"]] + [[f"P{i}"] for i in range(8)]
    assert ties_from_groups(groups) == [(3, 4)]
    pool, paid = pay_standings(groups, PrizeRules(fee="20"), paid_entries=13)
    assert pool.amount == D("260.00")
    # 260: 117, 65, 39 + 26 = 65 shared 33 / 32 (the odd unit to the tie's better place), 13; Eve unpaid.
    assert paid == {"Zoë": D("117.00"), "Ann-Marie": D("65.00"), "Bob": D("33.00"), "Cai": D("32.00"),
                    "Dee": D("13.00")}


# --- properties -----------------------------------------------------------------------------------

money = st.decimals(min_value=0, max_value=500, places=2, allow_nan=False, allow_infinity=False)


@st.composite
def fields(draw):
    entrants = draw(st.integers(1, 120))
    preset = draw(st.sampled_from(["auto", "wta", "custom"]))
    split = ()
    if preset == "custom":
        n = draw(st.integers(1, min(entrants, 8)))
        cuts = sorted(draw(st.lists(st.integers(1, 9999), min_size=n - 1, max_size=n - 1, unique=True)))
        parts = [b - a for a, b in zip([0, *cuts], [*cuts, 10000])]
        split = tuple(sorted((D(p) / 100 for p in parts), reverse=True))
    rules = PrizeRules(fee=draw(money), added=draw(money), house_fixed=draw(st.sampled_from([D(0), D(5), D(20)])),
                       house_percent=draw(st.sampled_from([D(0), D("10"), D("12.5")])),
                       unit=draw(st.sampled_from([D("0.01"), D("0.50"), D(1), D(5), D(20)])),
                       preset=preset, split=split)
    runs, place = [], 1
    while place <= entrants:
        size = draw(st.integers(1, 4)) if draw(st.integers(0, 3)) == 0 else 1
        size = min(size, entrants - place + 1)
        if size > 1:
            runs.append(tuple(range(place, place + size)))
        place += size
    return entrants, rules, runs


@settings(max_examples=300, deadline=None)
@given(fields())
def test_payouts_add_up_to_the_pool_exactly(field):
    entrants, rules, ties = field
    result = payouts(entrants, rules, ties)
    assert sum(a for _, a in result.places) == result.pool.amount
    assert all(a >= 0 and a == a.quantize(D("0.01")) for _, a in result.places)


@settings(max_examples=300, deadline=None)
@given(fields())
def test_no_paid_place_gets_less_than_a_worse_place(field):
    entrants, rules, ties = field
    places = [a for _, a in payouts(entrants, rules, ties).places]
    assert all(better >= worse for better, worse in zip(places, places[1:]))


@settings(max_examples=300, deadline=None)
@given(fields())
def test_ties_get_equal_shares_up_to_one_unit(field):
    entrants, rules, ties = field
    result = payouts(entrants, rules, ties)
    by_place = dict(result.places)
    odd = result.pool.amount % rules.unit   # the pool's part smaller than a unit, always 1st's
    for run in ties:
        shares = [by_place.get(p, D(0)) for p in run]
        spread = max(shares) - min(shares)
        assert spread <= rules.unit + (odd if run[0] == 1 else 0)
        assert all(s == shares[0] or s % rules.unit == 0 for s in shares[1:])


@given(st.decimals(min_value=0, max_value=10**6, places=2), st.integers(1, 12),
       st.sampled_from([D("0.01"), D(1), D(5)]))
def test_a_share_splits_exactly(total, ways, unit):
    shares = share(total, ways, unit)
    assert sum(shares) == total and shares == sorted(shares, reverse=True)
