"""The game in play and where a player's next win goes: what the pad head and its
Hollywood cue show, checked against what the scorer then does."""
from hypothesis import given, strategies as st

from tests.engine.helpers import score


def won(player, points):
    other = "Opp" if player == "You" else "You"
    return {"end": "knock", "by": player, "deadwood": {player: 1, other: points + 1}}


def test_the_game_in_play_is_the_open_game_and_none_after_the_match():
    result = score([won("You", 60)], players=("You", "Opp"))
    (g,) = result.games_in_play()
    assert g.n == 1 and g.players["You"].points == 60
    result = score([won("You", 60), won("You", 50)], players=("You", "Opp"))  # game 1 over; game 2 opens
    assert [g.n for g in result.games_in_play()] == [2]
    assert result.next_win_enters("Opp") == (2,)


def test_hollywood_open_columns_and_the_next_win():
    result = score([won("You", 20), won("Opp", 30), won("You", 10)], "hollywood", players=("You", "Opp"))
    assert [g.n for g in result.games_in_play()] == [1, 2, 3]
    assert result.next_win_enters("You") == (1, 2, 3)  # hands in columns 1 and 2 already
    assert result.next_win_enters("Opp") == (1, 2)


@given(st.lists(st.tuples(st.sampled_from(["You", "Opp"]), st.integers(1, 60)), max_size=30))
def test_the_next_win_goes_where_the_cue_says(seq):
    hands = []
    for p, x in seq:  # the hands up to the end of the match
        if score(hands, "hollywood", players=("You", "Opp")).complete:
            break
        hands.append(won(p, x))
    result = score(hands, "hollywood", players=("You", "Opp"))
    if result.complete:
        assert result.games_in_play() == () and result.next_win_enters("You") == ()
        return
    for player in ("You", "Opp"):
        after = score(hands + [won(player, 1)], "hollywood", players=("You", "Opp"))
        assert after.hands[-1].games == result.next_win_enters(player)
