"""The defender's lay-offs and the knocker's choice of melds, by example and against the brute force."""
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from ginscore.engine import parse_cards
from ginscore.engine.layoffs import best_layoffs, defender_play, knock_plays, knocker_choice
from ginscore.engine.melds import arrangement_with, best_arrangement, is_meld
from tests.engine import brute
from tests.engine.card_strategies import POOLS, deals


def texts(cards):
    return [str(c) for c in cards]


def melds_text(melds):
    return [str(m) for m in melds]


def knocker(cards, *melds):
    return arrangement_with(parse_cards(cards), [parse_cards(m) for m in melds])


# -- lay-offs by example ---------------------------------------------------------------------

def test_a_run_extended_by_three_cards_at_both_ends():
    k = knocker("6H 7H 8H KS KD KC 2C AD 3S 4D", "6H 7H 8H", "KS KD KC")
    play = best_layoffs(parse_cards("4H 5H 9H QS JD 10C 2D AS 3C 9C"), k.melds)
    assert texts(play.layoffs) == ["4H", "5H", "9H"]
    assert play.deadwood == 10 + 10 + 10 + 2 + 1 + 3 + 9 and play.melds == ()


def test_a_chain_stops_where_a_card_helps_more_in_a_set():
    k = knocker("6H 7H 8H KS KD KC 2C AD 3S 4D", "6H 7H 8H", "KS KD KC")
    # 9H then 10H go on the knocker's run; JH could follow but makes a set with JS JD
    play = best_layoffs(parse_cards("9H 10H JH JS JD QS 2D AS 3C 9C"), k.melds)
    assert play.deadwood == 10 + 2 + 1 + 3 + 9
    assert texts(play.layoffs) == ["9H", "10H"] and melds_text(play.melds) == ["JS JH JD"]


def test_the_fourth_card_of_a_set():
    k = knocker("7S 7D 7C JS QS KS 5S 2C AD 3H", "7S 7D 7C", "JS QS KS")
    play = best_layoffs(parse_cards("7H 10S 9S 2H 2D KD KH 8C 6H 5D"), k.melds)
    assert texts(play.layoffs) == ["7H", "9S", "10S"]  # 10S on JS QS KS, then 9S on the 10S
    assert play.deadwood == sum(c.value for c in parse_cards("2H 2D KD KH 8C 6H 5D"))


def test_a_card_fitting_a_set_and_a_run_goes_on_the_run():
    # 7H could be the fourth seven or extend 4H 5H 6H; only on the run can 8H follow it
    k = knocker("4H 5H 6H 7S 7D 7C KS 2C AD 3S", "4H 5H 6H", "7S 7D 7C")
    play = best_layoffs(parse_cards("7H 8H QC JD 10C 9D 2S 4C 6D KC"), k.melds)
    assert texts(play.layoffs) == ["7H", "8H"]


def test_gin_refuses_lay_offs():
    gin = best_arrangement(parse_cards("4H 5H 6H 7S 7D 7C KS QS JS 10S"))
    assert gin.deadwood == 0
    defender = parse_cards("7H 8H 9S QC JD 10C 9D 2S 4C 6D")
    play = defender_play(defender, gin)
    assert play.layoffs == () and play.deadwood == best_arrangement(defender).deadwood
    # the same melds after a knock with deadwood would take 7H 8H 9S
    assert texts(best_layoffs(defender, gin.melds).layoffs) == ["7H", "8H", "9S"]


def test_defender_rearranges_own_melds_for_a_lay_off():
    # alone, the best is the run JH QH KH (or the set of jacks); with the queens on the
    # table, QH goes on them and the jacks make a set: only KH is left
    k = knocker("QS QD QC 2S 3S 4S 5D 6D 7D AC", "QS QD QC", "2S 3S 4S", "5D 6D 7D")
    defender = parse_cards("JH QH KH JC JD 8S 9C 10S 2H 4C")
    own = best_arrangement(defender)
    play = best_layoffs(defender, k.melds)
    assert own.deadwood == 20 + 8 + 9 + 10 + 2 + 4
    assert texts(play.layoffs) == ["QH"] and melds_text(play.melds) == ["JH JD JC"]
    assert play.deadwood == 10 + 8 + 9 + 10 + 2 + 4


def test_defender_gives_up_a_four_set_to_lay_off_a_chain():
    k = knocker("8H 9H 10H 2S 3S 4S AD 2D 3C KC", "8H 9H 10H", "2S 3S 4S")
    defender = parse_cards("6H 7H 7S 7D 7C QS JD 9C 5D KH")
    assert melds_text(best_arrangement(defender).melds) == ["7S 7H 7D 7C"]
    play = best_layoffs(defender, k.melds)
    assert texts(play.layoffs) == ["6H", "7H"] and melds_text(play.melds) == ["7S 7D 7C"]
    assert play.deadwood == 10 + 10 + 9 + 5 + 10


def test_no_chain_across_a_gap_or_past_the_ace_or_king():
    k = knocker("AS 2S 3S JH QH KH 9D 9C 5C 4D", "AS 2S 3S", "JH QH KH")
    play = best_layoffs(parse_cards("5S KS AH 10C 8D 7C 6S QC 2H 3D"), k.melds)
    assert play.layoffs == ()  # 5S needs 4S; KS and AH do not wrap around


def test_defender_keeps_own_melds_when_a_lay_off_saves_nothing():
    k = knocker("6H 7H 8H KS KD KC 2C AD 3S 4D", "6H 7H 8H", "KS KD KC")
    play = best_layoffs(parse_cards("9H 10H JH QS JD 10C 2D AS 3C 9C"), k.melds)
    assert play.layoffs == () and melds_text(play.melds) == ["9H 10H JH"]


# -- the knocker's choice -------------------------------------------------------------------

KNOCKER = "2S 3S 4S 5S 5H 5D 5C AH 2D 3C"
DEFENDER = "6S KH QD JC 9H 10D 4C 8C 7D AC"


def test_among_equal_melds_the_knocker_leaves_the_defender_the_most():
    # 2S-5S + three fives would take the defender's 6S; 2S-4S + four fives does not
    choice = knocker_choice(parse_cards(KNOCKER), parse_cards(DEFENDER))
    assert choice.knocker.deadwood == 6
    assert melds_text(choice.knocker.melds) == ["2S 3S 4S", "5S 5H 5D 5C"]
    assert choice.defender.layoffs == () and choice.defender.deadwood == 75
    assert brute.spec_defender_deadwood(parse_cards(KNOCKER), parse_cards(DEFENDER)) == (6, 75)


def test_knock_plays_lists_the_legal_arrangements_best_first():
    plays = knock_plays(parse_cards(KNOCKER), parse_cards(DEFENDER), 10)
    assert plays[0] == knocker_choice(parse_cards(KNOCKER), parse_cards(DEFENDER))
    assert melds_text(plays[1].knocker.melds) == ["2S 3S 4S 5S", "5H 5D 5C"]
    assert texts(plays[1].defender.layoffs) == ["6S"] and plays[1].defender.deadwood == 69
    assert all(p.knocker.deadwood <= 10 for p in plays)
    keys = [(p.knocker.deadwood, -p.defender.deadwood) for p in plays]
    assert keys == sorted(keys)
    assert len(plays) == len({tuple(melds_text(p.knocker.melds)) for p in plays})


# -- against the brute force ---------------------------------------------------------------

def check_play(defender, melds, play):
    assert all(is_meld(m.cards) for m in play.melds)
    used = [c for m in play.melds for c in m.cards] + list(play.layoffs) + list(play.deadwood_cards)
    assert sorted(used) == sorted(defender)
    assert play.deadwood == sum(c.value for c in play.deadwood_cards)
    assert brute.can_lay_off(list(play.layoffs), [list(m.cards) for m in melds])


@settings(max_examples=250)
@given(deals())
def test_best_layoffs_agree_with_brute_force(deal):
    knocker_cards, defender = deal
    k = best_arrangement(knocker_cards)
    play = best_layoffs(defender, k.melds)
    check_play(defender, k.melds, play)
    assert play.deadwood == brute.defender_least_deadwood(defender, [m.cards for m in k.melds])


@settings(max_examples=150)
@given(deals())
def test_knocker_choice_agrees_with_brute_force(deal):
    knocker_cards, defender = deal
    choice = knocker_choice(knocker_cards, defender)
    assert (choice.knocker.deadwood, choice.defender.deadwood) == brute.spec_defender_deadwood(
        knocker_cards, defender)
    if choice.knocker.deadwood == 0:
        assert choice.defender.layoffs == ()
    else:
        check_play(defender, choice.knocker.melds, choice.defender)


@settings(max_examples=30)
@given(st.integers(0, 2**32))
def test_thousands_of_crowded_deals_agree_with_brute_force(seed):
    rng = random.Random(seed)
    for i in range(50):  # 1,500 deals in all
        cards = rng.sample(POOLS[i % len(POOLS)], 20)
        knocker_cards, defender = cards[:10], cards[10:]
        k = best_arrangement(knocker_cards)
        expected = brute.defender_least_deadwood(defender, [m.cards for m in k.melds])
        assert best_layoffs(defender, k.melds).deadwood == expected, (knocker_cards, defender)
