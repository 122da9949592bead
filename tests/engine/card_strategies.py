"""Hypothesis strategies for card tests: random deals, and crowded ones full of melds."""
from hypothesis import strategies as st

from ginscore.engine.cards import DECK

# Small pools make sets and runs (and cards that fit both) far more common than in a full deck.
POOLS = (
    DECK,
    tuple(c for c in DECK if c.rank <= 6),
    tuple(c for c in DECK if c.suit in "SH"),
    tuple(c for c in DECK if 4 <= c.rank <= 10 and c.suit != "C"),
    tuple(c for c in DECK if c.rank in (1, 2, 3, 11, 12, 13)),
)


def hands(size: int = 10):
    """``size`` distinct cards."""
    return st.sampled_from(POOLS).flatmap(lambda pool: st.lists(
        st.sampled_from(pool), min_size=size, max_size=size, unique=True))


def deals(knocker_size: int = 10):
    """(knocker's cards, defender's ten), no card in both."""
    return st.sampled_from(POOLS).flatmap(lambda pool: st.permutations(pool)).map(
        lambda cards: (tuple(cards[:knocker_size]), tuple(cards[knocker_size:knocker_size + 10])))
