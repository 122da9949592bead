"""Games, boxes, bonuses, shutouts, the match and the settlement."""
from decimal import Decimal

import pytest

from ginscore.engine import RecordError

from tests.engine.helpers import dead, gin, knock, score, score_json

P = ("P1", "P2")


def test_digest_modern_game_example():
    hands = [knock("P2", 2, 32, "P1"), dead(), knock("P1", 5, 30, "P2"), knock("P2", 10, 5, "P1"),
             gin("P2", 60, "P1")]
    result = score(hands, players=P)
    g = result.games[0]
    assert g.complete and g.winner == "P2" and not g.shutout
    p1, p2 = g.players["P1"], g.players["P2"]
    assert (p1.points, p1.boxes, p1.box_bonus, p1.total) == (55, 2, 50, 105)
    assert (p2.points, p2.boxes, p2.game_bonus, p2.total) == (115, 2, 100, 265)
    assert (g.net, g.credited) == (160, "P2")
    assert result.match.score == {"P1": 0, "P2": 160}


def test_shutout_add_with_pagat_values_is_340():
    rules = {"preset": "classic", "shutout": "add"}
    g = score([knock("P1", 0 + 1, 51, "P2"), knock("P1", 1, 51, "P2")], rules, players=P).games[0]
    assert g.shutout and g.players["P1"].total == 100 + 2 * 20 + 100 + 100
    assert g.players["P1"].shutout_bonus == 100


def test_shutout_double_with_modern_values_is_500():
    g = score([knock("P1", 1, 51, "P2"), knock("P1", 1, 51, "P2")], {"shutout": "double"}, players=P).games[0]
    line = g.players["P1"]
    assert line.total == (100 + 2 * 25 + 100) * 2 and line.shutout_bonus == 250


def test_shutout_none_adds_nothing():
    g = score([knock("P1", 1, 51, "P2"), knock("P1", 1, 51, "P2")], {"shutout": "none"}, players=P).games[0]
    assert g.players["P1"].total == 250 and g.players["P1"].shutout_bonus == 0


def test_game_target_and_game_bonus():
    rules = {"game_target": 50, "game_bonus": 40, "box_bonus": 10}
    result = score([knock("Ann", 1, 30), knock("Ben", 1, 40)], rules)
    g1 = result.games[0]
    assert g1.complete is False
    result = score([knock("Ann", 1, 30), knock("Ben", 1, 40), knock("Ann", 1, 30)], rules)
    g1 = result.games[0]
    assert g1.complete and g1.winner == "Ann"
    assert g1.players["Ann"].total == 58 + 20 + 40
    assert g1.players["Ben"].total == 39 + 10
    assert [g.n for g in result.games] == [1, 2]  # game 2 is open


def test_box_bonus():
    g = score([knock("Ann", 1, 60), knock("Ann", 1, 60)], {"box_bonus": 10}).games[0]
    assert g.players["Ann"].box_bonus == 20


def test_bonuses_are_filled_in_only_when_the_game_is_complete():
    data = score_json([knock("Ann", 8, 32)])
    assert data["games"][0]["players"]["Ann"] == {
        "points": 24, "boxes": 1, "box_bonus": 0, "game_bonus": 0, "shutout_bonus": 0, "total": 24}
    assert data["games"][0]["net"] is None and data["games"][0]["winner"] is None


def test_the_game_loser_can_have_the_higher_total_and_is_credited_the_net():
    # Ben wins many small hands, Ann reaches 100 with one big hand.
    hands = [knock("Ben", 1, 10)] * 9 + [knock("Ann", 1, 98)]
    g = score(hands, {"game_target": 97}).games[0]
    assert g.winner == "Ann"
    assert g.players["Ann"].total == 97 + 25 + 100
    assert g.players["Ben"].total == 81 + 9 * 25
    assert g.credited == "Ben" and g.net == 306 - 222


def test_match_to_500_and_settlement_with_a_stake():
    # Each game: Ann gins twice against 50 (75 each) = 150 + 50 boxes + 100 game + 100 shutout = 400
    hands = [gin("Ann", 50), gin("Ann", 50)]
    result = score(hands * 2, stake="0.10")
    assert result.match.complete and result.match.winner == "Ann"
    assert result.match.score == {"Ann": 800, "Ben": 0}
    s = result.match.settlement
    assert (s.payer, s.payee, s.points, s.amount) == ("Ben", "Ann", 800, Decimal("80.00"))
    assert result.next_dealer is None
    data = score_json(hands * 2, stake="0.10")
    assert data["match"]["settlement"] == {"payer": "Ben", "payee": "Ann", "points": 800, "amount": "80.00"}


def test_settlement_without_a_stake_has_no_amount():
    s = score([gin("Ann", 50)] * 4).match.settlement
    assert s.points == 800 and s.amount is None


def test_match_target_override():
    result = score([gin("Ann", 50), gin("Ann", 50)], {"match_target": 400})
    assert result.match.complete and result.match.ended_after == 2
    assert not score([gin("Ann", 50), gin("Ann", 50)], {"match_target": 401}).match.complete


def test_no_hand_after_the_match_ended():
    with pytest.raises(RecordError, match="hand 5: the match already ended after hand 4"):
        score([gin("Ann", 50)] * 5)


def test_a_match_in_play_has_no_settlement_yet():
    data = score_json([knock("Ann", 8, 32)])
    assert data["match"] == {"target": 500, "complete": False, "winner": None, "score": {"Ann": 0, "Ben": 0},
                             "settlement": {"payer": None, "payee": None, "points": 0, "amount": None},
                             "settlements": []}


def test_best_of_three_games():
    game = [gin("Ann", 50), gin("Ann", 50)]
    lost = [gin("Ben", 50), gin("Ben", 50)]
    result = score(game + lost + game, length={"kind": "best_of", "games": 3})
    assert result.match.complete and result.match.winner == "Ann" and result.match.games_won == {"Ann": 2, "Ben": 1}


def test_one_game_match():
    result = score([gin("Ann", 50), gin("Ann", 50)], length={"kind": "best_of", "games": 1})
    assert result.match.complete and result.match.ended_after == 2
    with pytest.raises(RecordError, match="already ended"):
        score([gin("Ann", 50)] * 3, length={"kind": "best_of", "games": 1})


def test_one_hollywood_set():
    # 75, 75 in game 1 (ends), 75 in 2 and 3... Ann's wins: g1; g1,g2; g2,g3; g3
    result = score([gin("Ann", 50)] * 4, "hollywood", length="set")
    assert result.match.complete and [g.complete for g in result.games] == [True, True, True]
