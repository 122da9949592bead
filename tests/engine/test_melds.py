"""Melds and the least-deadwood arrangement: the rules digest's table, the classic
traps, eleven cards, named melds, the deadwood command, and the brute force."""
import random
from io import StringIO

import pytest
from django.core.management import call_command
from hypothesis import given, settings
from hypothesis import strategies as st

from ginscore.engine import CardError, parse_cards
from ginscore.engine.cards import DECK
from ginscore.engine.melds import (
    arrangement_with, arrangements, best_arrangement, deadwood, eleven, is_meld, meld_of,
)
from tests.commands import manage
from tests.engine import brute
from tests.engine.card_strategies import hands


def melds_text(arrangement):
    return [str(m) for m in arrangement.melds]


# -- the rules digest's deadwood table ---------------------------------------------------------

@pytest.mark.parametrize("text, least", [
    ("AS 2S 3S 7H 7D 7C KD QD JD 5C", 5),
    ("6S 7S 8S 6C 7C 8C 8D 8H KS KH", 33),
    ("AH 2H 3H 4H 4S 4D 5D 6D 7D 9C", 9),
    ("KS KH KD KC QS JS 10S 9S 2C 3D", 5),
    ("2S 3S 4S 5S 5H 5D 6S 7S 8S KC", 10),
    ("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S", 0),
])
def test_digest_table(text, least):
    cards = parse_cards(text)
    assert deadwood(cards) == least
    found = best_arrangement(cards)
    assert found.deadwood == least == sum(c.value for c in found.deadwood_cards)
    assert brute.least_deadwood(cards) == least


def test_digest_table_melds():
    assert melds_text(best_arrangement(parse_cards("AS 2S 3S 7H 7D 7C KD QD JD 5C"))) == \
        ["AS 2S 3S", "7H 7D 7C", "JD QD KD"]
    # the set of 8s (three of them) and one run beat two runs
    found = best_arrangement(parse_cards("6S 7S 8S 6C 7C 8C 8D 8H KS KH"))
    assert len(found.melds) == 2 and {m.kind for m in found.melds} == {"set", "run"}
    assert melds_text(best_arrangement(parse_cards("2S 3S 4S 5S 5H 5D 6S 7S 8S KC"))) == \
        ["2S 3S 4S", "5S 5H 5D", "6S 7S 8S"]
    assert melds_text(best_arrangement(parse_cards("AH 2H 3H 4H 4S 4D 5D 6D 7D 9C"))) == \
        ["AH 2H 3H", "4S 4H 4D", "5D 6D 7D"]


# -- the traps ---------------------------------------------------------------------------------

def test_a_card_that_fits_a_set_and_a_run_goes_where_it_helps_most():
    # 7S makes the run 7S 8S 9S; the other three sevens still make a set.
    found = best_arrangement(parse_cards("7S 7H 7D 7C 8S 9S 2D 3H 4C KC"))
    assert melds_text(found) == ["7S 8S 9S", "7H 7D 7C"] and found.deadwood == 19
    # 5C in the run 3C-7C leaves 5H 5D (10); in the set it would leave 3C 4C 6C 7C (20).
    found = best_arrangement(parse_cards("5H 5D 5C 3C 4C 6C 7C KS QH JD"))
    assert melds_text(found) == ["3C 4C 5C 6C 7C"] and found.deadwood == 40


def test_ace_is_low_only():
    assert not is_meld(parse_cards("QS KS AS"))
    assert not is_meld(parse_cards("KH AH 2H"))
    assert is_meld(parse_cards("AS 2S 3S"))
    assert deadwood(parse_cards("QS KS AS")) == 21
    assert deadwood(parse_cards("QS KS AS JS")) == 1  # J Q K is the run, the ace is deadwood


@pytest.mark.parametrize("text, reason", [
    ("7H 8H", "at least three cards"),
    ("7H 8H 10H", "in sequence"),
    ("7H 8H 9D", "one rank, a run is one suit"),
    ("7H 7D 8D", "one rank, a run is one suit"),
])
def test_meld_of_says_why_not(text, reason):
    with pytest.raises(CardError, match=reason):
        meld_of(parse_cards(text))


def test_meld_of_orders_cards():
    assert str(meld_of(parse_cards("9H 7H 8H"))) == "7H 8H 9H"
    assert str(meld_of(parse_cards("7C 7S 7D"))) == "7S 7D 7C"


def test_no_meld_at_all():
    cards = parse_cards("AS 3H 5D 7C 9S JH KD 2C 4S 6H")
    found = best_arrangement(cards)
    assert found.melds == () and found.deadwood == sum(c.value for c in cards) == 57


def test_most_deadwood_ten_cards_can_hold_is_98():
    assert deadwood(parse_cards("KS KH QD QC JS JH 10D 10C 9S 9H")) == 98


# -- every arrangement ---------------------------------------------------------------------

def test_equal_arrangements_are_all_listed():
    found = arrangements(parse_cards("KS KH KD KC QS JS 10S 9S 2C 3D"))
    assert sorted(melds_text(a) for a in found) == [
        ["9S 10S JS QS", "KS KH KD KC"], ["9S 10S JS QS KS", "KH KD KC"]]
    assert all(a.deadwood == 5 for a in found)


def test_arrangements_up_to_a_bound_join_adjacent_runs():
    found = arrangements(parse_cards("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S"), 10)
    assert found[0].deadwood == 0 and melds_text(found[0]) == ["AS 2S 3S 4S 5S 6S 7S 8S 9S 10S"]
    assert all(a.deadwood <= 10 for a in found)
    keys = [tuple(melds_text(a)) for a in found]
    assert len(keys) == len(set(keys))
    for a in found:  # never two runs that could be one
        ranks = sorted((m.cards[0].rank, m.cards[-1].rank) for m in a.melds)
        assert all(hi + 1 != lo for (_, hi), (lo, _) in zip(ranks, ranks[1:]))
    # e.g. leaving the ace out, or the 4 (AS 2S 3S + 5S ... 10S)
    assert ["2S 3S 4S 5S 6S 7S 8S 9S 10S"] in [melds_text(a) for a in found]
    assert ["AS 2S 3S", "5S 6S 7S 8S 9S 10S"] in [melds_text(a) for a in found]


# -- eleven cards ------------------------------------------------------------------------

def test_eleven_all_melded_is_big_gin():
    found = eleven(parse_cards("AS 2S 3S 4S 5S 7H 7D 7C JD QD KD"))
    assert found.big_gin and found.discard is None and found.arrangement.deadwood == 0
    assert len(found.arrangement.melds) == 3


def test_eleven_best_discard():
    found = eleven(parse_cards("AS 2S 3S 7H 7D 7C KD QD JD 5C 4S"))
    assert not found.big_gin and str(found.discard) == "5C" and found.arrangement.deadwood == 0
    found = eleven(parse_cards("AS 2S 3S 7H 7D 7C KD QD JD 5C 9H"))
    assert str(found.discard) == "9H" and found.arrangement.deadwood == 5


def test_eleven_needs_eleven():
    with pytest.raises(CardError, match="eleven cards"):
        eleven(parse_cards("AS 2S 3S"))


# -- named melds ----------------------------------------------------------------------------

def test_arrangement_with_named_melds():
    cards = parse_cards("KS KH KD KC QS JS 10S 9S 2C 3D")
    named = arrangement_with(cards, [parse_cards("KH KD KC"), parse_cards("9S 10S JS QS KS")])
    assert named.deadwood == 5 and melds_text(named) == ["9S 10S JS QS KS", "KH KD KC"]
    worse = arrangement_with(cards, [parse_cards("KH KD KC")])
    assert worse.deadwood == 5 + 10 + 10 + 10 + 9 + 10


@pytest.mark.parametrize("melds, message", [
    (["KS KH KD", "KS QS JS"], "KS is in two melds"),
    (["KH KD 2C"], "is not a meld"),
    (["AH 2H 3H"], "AH is not one of Ann's cards"),
])
def test_arrangement_with_refuses(melds, message):
    cards = parse_cards("KS KH KD KC QS JS 10S 9S 2C 3D")
    with pytest.raises(CardError, match=message):
        arrangement_with(cards, [parse_cards(m) for m in melds], owner="Ann")


# -- against the brute force ------------------------------------------------------------------

def check_arrangement(cards, found):
    melded = [c for m in found.melds for c in m.cards]
    assert all(is_meld(m.cards) for m in found.melds)
    assert sorted(melded + list(found.deadwood_cards)) == sorted(cards)
    assert found.deadwood == sum(c.value for c in found.deadwood_cards)


@settings(max_examples=400)
@given(hands(10))
def test_least_deadwood_agrees_with_brute_force(cards):
    least = brute.least_deadwood(cards)
    assert deadwood(cards) == least
    found = best_arrangement(cards)
    check_arrangement(cards, found)
    assert found.deadwood == least
    every = arrangements(cards)
    assert every and all(a.deadwood == least for a in every)
    assert found in every


@settings(max_examples=100)
@given(hands(11))
def test_eleven_agrees_with_brute_force(cards):
    least, big = brute.least_deadwood_eleven(cards)
    found = eleven(cards)
    assert found.big_gin == big
    assert found.arrangement.deadwood == (0 if big else least)
    kept = [c for c in cards if c != found.discard]
    check_arrangement(kept, found.arrangement)


@settings(max_examples=30)
@given(st.integers(0, 2**32))
def test_thousands_of_random_hands_agree_with_brute_force(seed):
    rng = random.Random(seed)
    for _ in range(100):  # 3,000 hands in all
        cards = rng.sample(DECK, 10)
        assert deadwood(cards) == brute.least_deadwood(cards), cards


# -- python manage.py deadwood ---------------------------------------------------------------

def deadwood_command(*args):
    out, err = StringIO(), StringIO()
    call_command("deadwood", *args, stdout=out, stderr=err)
    return out.getvalue()


def test_command_ten_cards():
    assert deadwood_command("AS 2S 3S 7H 7D 7C KD QD JD 5C").splitlines() == [
        "melds: AS 2S 3S | 7H 7D 7C | JD QD KD", "deadwood: 5 (5C)"]


def test_command_cards_as_separate_words_and_gin():
    out = deadwood_command(*"as 2s 3s 4s 5s 6s 7s 8s 9s ts".split())
    assert out.splitlines() == ["melds: AS 2S 3S 4S 5S 6S 7S 8S 9S 10S", "deadwood: 0 (gin)"]


def test_command_eleven_cards():
    assert deadwood_command("AS 2S 3S 7H 7D 7C KD QD JD 5C 9H").splitlines() == [
        "discard: 9H", "big gin: no", "melds: AS 2S 3S | 7H 7D 7C | JD QD KD", "deadwood: 5 (5C)"]
    assert deadwood_command("AS 2S 3S 4S 5S 7H 7D 7C JD QD KD").splitlines() == [
        "big gin: yes (all 11 cards melded)", "melds: AS 2S 3S 4S 5S | 7H 7D 7C | JD QD KD"]


@pytest.mark.parametrize("text, message", [
    ("AS 2S 3S", "give 10 cards (11 for the discard and big gin), not 3"),
    ("AS 2S 3S 7H 7D 7C KD QD JD 1C", "'1C' is not a card (write it like 7S, 10H, AD or KC)"),
    ("AS 2S 3S 7H 7D 7C KD QD JD AS", "AS is given twice"),
])
def test_command_refuses_bad_input_in_one_line(text, message):
    out, err = StringIO(), StringIO()
    with pytest.raises(SystemExit) as exit_:
        call_command("deadwood", text, stdout=out, stderr=err)
    assert exit_.value.code == 1 and out.getvalue() == "" and err.getvalue() == message + "\n"


def test_command_exits_1_without_a_traceback():
    code, out, err = manage("deadwood", "AS 2S ZZ")   # as a shell runs it, in this process (tests/commands.py)
    assert code == 1 and out == ""
    assert err == "'ZZ' is not a card (write it like 7S, 10H, AD or KC)\n"
