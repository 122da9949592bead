"""Cards and their notation: ranks A 2-10 T J Q K, suits S H D C, any case, spaces or commas."""
import pytest
from hypothesis import given
from hypothesis import strategies as st

from ginscore.engine import Card, CardError, format_cards, parse_card, parse_cards
from ginscore.engine.cards import DECK, card_order, cards_from_mask, cards_mask


@pytest.mark.parametrize("text, card", [
    ("7S", Card(7, "S")), ("10h", Card(10, "H")), ("Td", Card(10, "D")), ("ac", Card(1, "C")),
    ("KS", Card(13, "S")), ("qh", Card(12, "H")), (" jd ", Card(11, "D")),
])
def test_parse_card(text, card):
    assert parse_card(text) == card


@pytest.mark.parametrize("text", ["1S", "11H", "0D", "7X", "S7", "", "10", "7SS", "TT", "ZZ"])
def test_not_a_card(text):
    with pytest.raises(CardError, match="is not a card"):
        parse_card(text)


def test_not_a_string():
    with pytest.raises(CardError, match="is not a card"):
        parse_card(7)


def test_value_index_and_text():
    assert [Card(r, "S").value for r in range(1, 14)] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10]
    assert Card(1, "S").index == 0 and Card(13, "S").index == 12
    assert Card(1, "H").index == 13 and Card(13, "C").index == 51
    assert [str(Card(r, "D")) for r in (1, 9, 10, 11, 12, 13)] == ["AD", "9D", "10D", "JD", "QD", "KD"]


def test_parse_cards_spaces_commas_and_lists():
    expected = (Card(7, "H"), Card(7, "D"), Card(10, "C"))
    assert parse_cards("7H 7D 10C") == expected
    assert parse_cards("7h,7d, tc") == expected
    assert parse_cards("  7H,,7D \n 10C ") == expected
    assert parse_cards(["7H", "7d", "TC"]) == expected
    assert parse_cards("") == ()


def test_parse_cards_refuses_a_card_twice_naming_it():
    with pytest.raises(CardError, match="10H is given twice"):
        parse_cards("10H 2S TH")


def test_parse_cards_refuses_other_types():
    with pytest.raises(CardError, match="not a list of cards"):
        parse_cards(12)


def test_format_cards_round_trips():
    cards = parse_cards("AS tD kc 2h")
    assert format_cards(cards) == "AS 10D KC 2H"
    assert parse_cards(format_cards(cards)) == cards


def test_deck_and_masks():
    assert len(DECK) == 52 and len(set(DECK)) == 52
    assert all(DECK[c.index] == c for c in DECK)
    assert cards_mask(parse_cards("AS KC")) == 1 | 1 << 51
    assert cards_from_mask(1 << 13 | 1 << 12) == (Card(13, "S"), Card(1, "H"))


def test_card_order_is_rank_then_suit():
    cards = parse_cards("KC 2D 2S AH")
    assert [str(c) for c in sorted(cards, key=card_order)] == ["AH", "2S", "2D", "KC"]


@given(st.sets(st.sampled_from(DECK), max_size=52))
def test_mask_round_trip(cards):
    assert set(cards_from_mask(cards_mask(cards))) == cards
    assert cards_mask(cards).bit_count() == len(cards)
