"""Hollywood: three columns at once, the entry rule, shut-out players, new sets."""
from tests.engine.helpers import gin, knock, score


def won(player, points):
    """A knock by ``player`` worth exactly ``points`` (knock 1 against points + 1)."""
    other = "Opp" if player == "You" else "You"
    return knock(player, 1, points + 1, other)


def columns(result, player):
    return [g.players[player].points for g in result.games]


def test_digest_worked_example():
    seq = [("You", 18), ("Opp", 12), ("You", 25), ("Opp", 30), ("You", 15), ("You", 22), ("Opp", 20)]
    result = score([won(p, x) for p, x in seq], "hollywood", players=("You", "Opp"))
    assert columns(result, "You") == [80, 62, 37]
    assert columns(result, "Opp") == [62, 50, 20]
    assert [h.games for h in result.hands] == [(1,), (1,), (1, 2), (1, 2), (1, 2, 3), (1, 2, 3), (1, 2, 3)]


def test_a_finished_game_takes_no_entries_and_the_shut_out_player_starts_in_the_next_open_one():
    # You win game 1 alone (shutout); Opp's first win then goes into game 2 only.
    hands = [won("You", 60), won("You", 50)]  # game 1: 110 (complete); game 2: 50
    hands += [won("Opp", 10)]
    result = score(hands, "hollywood", players=("You", "Opp"))
    g1, g2, g3 = result.games
    assert g1.complete and g1.shutout and g1.winner == "You"
    assert result.hands[2].games == (2,)
    assert g2.players["Opp"].points == 10 and g3.players["Opp"].points == 0
    # Opp's second win: game 2 (first open) and game 3 (Opp had game 2 before this hand).
    result = score(hands + [won("Opp", 5)], "hollywood", players=("You", "Opp"))
    assert result.hands[3].games == (2, 3)


def test_each_column_has_its_own_boxes_bonus_and_shutout():
    hands = [won("You", 60), won("You", 50)]
    g1, g2, g3 = score(hands, "hollywood", players=("You", "Opp")).games
    assert g1.players["You"].total == 110 + 2 * 25 + 100 + 100
    assert g2.players["You"].boxes == 1 and not g2.complete
    assert g3.players["You"].boxes == 0


def hundred(player):
    other = "Opp" if player == "You" else "You"
    return gin(player, 75, other)


def test_a_new_set_of_three_opens_when_all_three_are_finished():
    hands = [hundred("You")] * 3  # each hand ends the first open game
    result = score(hands, {"preset": "hollywood", "match_target": 1000}, players=("You", "Opp"))
    assert [h.games for h in result.hands] == [(1,), (2,), (3,)]
    assert [g.n for g in result.games] == [1, 2, 3, 4, 5, 6]
    assert [g.set_no for g in result.games] == [1, 1, 1, 2, 2, 2]
    assert [g.net for g in result.games[:3]] == [325, 325, 325]
    assert result.match.score == {"You": 975, "Opp": 0} and not result.match.complete
    # the new set starts like the first: a player's first win goes in its first column only
    result = score(hands + [won("Opp", 10)], {"preset": "hollywood", "match_target": 1000}, players=("You", "Opp"))
    assert result.hands[3].games == (4,)


def test_at_the_target_no_new_set_opens():
    result = score([hundred("You")] * 3, "hollywood", players=("You", "Opp"))
    assert result.match.complete and [g.n for g in result.games] == [1, 2, 3]


def test_the_match_ends_only_when_a_set_finishes():
    # Game 1 goes to You for 325; the match waits for games 2 and 3.
    hands = [hundred("You"), won("Opp", 40)]
    result = score(hands, {"preset": "hollywood", "match_target": 300}, players=("You", "Opp"))
    assert result.games[0].complete and not result.games[1].complete
    assert result.match.score["You"] == 325 and not result.match.complete
