"""The club rating (club-ratings.md): the spec's worked examples, N for every length, three
players and partnerships, and properties of the formula over random ratings."""
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ginscore.engine import MatchLength, record_from_json, rules_from, score_match
from ginscore.engine.ratings import (
    PlayerRating, Ratings, length_weight, partnership, rated_match, ratings_json, round2, three_players, two_players,
)
from tests.engine.helpers import gin, knock, record


def seasoned(**ratings) -> Ratings:
    """Players with experience 400 (K = 1) at the given ratings."""
    r = Ratings()
    for name, rating in ratings.items():
        r.players[name] = PlayerRating(rating, Fraction(400))
    return r


@pytest.mark.parametrize("n,won", [(1, 2.00), (5, 4.47)])
def test_worked_examples_equal_experienced_players(n, won):
    change = seasoned(Ann=1500, Ben=1500).changes(two_players("Ann", "Ben", "Ann", Fraction(n)))
    assert (round2(change["Ann"]), round2(change["Ben"])) == (won, -won)


def test_worked_example_a_newcomer_beating_an_equal_player():
    change = Ratings().changes(two_players("Ann", "Ben", "Ann", Fraction(1)))
    assert round2(change["Ann"]) == 10.00


def test_worked_example_a_player_200_above():
    r = seasoned(Ann=1700, Ben=1500)
    assert round2(r.changes(two_players("Ann", "Ben", "Ann", Fraction(5)))["Ann"]) == 3.35
    assert round2(r.changes(two_players("Ann", "Ben", "Ben", Fraction(5)))["Ann"]) == -5.60


@pytest.mark.parametrize("rules,length,n", [
    ("standard", "target", 5),
    ("partnership", "target", 4),
    ({"preset": "standard", "match_target": 150}, "target", Fraction(3, 2)),
    ({"preset": "standard", "match_target": 100, "game_target": 200}, "target", 1),
    ("standard", "set", 1),
    ("hollywood", "set", 3),
    ("standard", ("best_of", 3), 2),
    ("standard", ("best_of", 4), 3),
    ("standard", ("best_of", 1), 1),
    ("oklahoma", "target", Fraction(500, 150)),
])
def test_length_weight(rules, length, n):
    kind, games = (length, None) if isinstance(length, str) else length
    assert length_weight(rules_from(rules), MatchLength(kind, games)) == n


def test_a_match_record_as_the_spec_outputs_it():
    ann_wins = record([gin("Ann", 98), gin("Ann", 98)])   # two gins of 123: 500 and more
    out = ratings_json([rated_match(score_match(record_from_json(ann_wins)))])
    assert out == {"format": "ginscore-ratings/1",
                   "players": [{"name": "Ann", "rating": 1522.36, "experience": 5, "rated_matches": 1,
                                "provisional": True},
                               {"name": "Ben", "rating": 1477.64, "experience": 5, "rated_matches": 1,
                                "provisional": True}],
                   "matches": [{"rated": True, "n": 5, "changes": {"Ann": 22.36, "Ben": -22.36}}]}


def test_an_incomplete_match_is_not_rated():
    assert rated_match(score_match(record_from_json(record([knock("Ann", 8, 32)])))) is None
    assert ratings_json([None]) == {"format": "ginscore-ratings/1", "players": [],
                                    "matches": [{"rated": False, "n": None, "changes": {}}]}


def test_three_players_pairwise_from_the_settlements():
    # The spec's three-player example: Ben pays Ann, Ann pays Cat, Ben pays Cat.
    hands = [knock("Ann", 4, 20, "Ben"), gin("Cat", 30, "Ann"), knock("Cat", 2, 40, "Ben"), knock("Cat", 5, 15, "Ann")]
    result = score_match(record_from_json(record(hands, players=("Ann", "Ben", "Cat"), first_dealer="Cat")))
    m = rated_match(result)
    assert m.n == 5 and {(p.first, p.second): (p.score, p.weight) for p in m.pairings} == {
        (("Ann",), ("Ben",)): (1.0, 2), (("Ann",), ("Cat",)): (0.0, 2), (("Ben",), ("Cat",)): (0.0, 2)}
    change = Ratings().changes(m)
    k, root = 5, 5 ** 0.5   # newcomers, all at 1500: E = 1/2 in every pair
    assert change["Ann"] == pytest.approx(2 * k * root * (0.5 - 0.5))
    assert change["Ben"] == pytest.approx(2 * k * root * (-0.5 - 0.5))
    assert change["Cat"] == pytest.approx(2 * k * root * (0.5 + 0.5))


def test_three_players_neither_paying_is_half():
    m = three_players(("Ann", "Ben", "Cat"), [("Ben", "Cat")], Fraction(1))
    r = seasoned(Ann=1600, Ben=1500, Cat=1500)
    change = r.changes(m)
    e = 1 / (1 + 10 ** (-100 / 2000))
    assert change["Ann"] == pytest.approx(2 * (0.5 - e) * 2)   # half against both, as the favourite
    assert change["Cat"] == pytest.approx(2 * (1 - 0.5) + 2 * (0.5 - (1 - e)))


def test_partnership_team_mean_and_each_players_own_k():
    r = seasoned(Ann=1600, Cat=1400, Ben=1550, Dan=1450)   # both teams 1500
    r.players["Dan"] = PlayerRating(1450, 0)   # K 5
    change = r.changes(partnership(("Ann", "Cat"), ("Ben", "Dan"), True, Fraction(4)))
    assert change == {"Ann": pytest.approx(4.0), "Cat": pytest.approx(4.0), "Ben": pytest.approx(-4.0),
                      "Dan": pytest.approx(-20.0)}


def test_partnership_record_names_the_winning_team():
    odd = {"tables": [gin("Ann", 98, "Ben"), gin("Cat", 98, "Dan")]}
    even = {"tables": [gin("Ann", 98, "Dan"), gin("Cat", 98, "Ben")]}
    rec = record([odd, even], rules="partnership", players=("Ann", "Ben", "Cat", "Dan"),
                 teams=[{"name": "North", "players": ["Ann", "Cat"]}, {"name": "South", "players": ["Ben", "Dan"]}])
    m = rated_match(score_match(record_from_json(rec)))
    assert m.n == 4 and m.pairings[0].first == ("Ann", "Cat") and m.pairings[0].score == 1.0


def test_rating_moves_experience_and_matches():
    r = Ratings()
    r.rate(two_players("Ann", "Ben", "Ben", Fraction(3, 2)))
    r.rate(two_players("Ann", "Cat", "Ann", Fraction(1)))
    assert r.of("Ann").experience == Fraction(5, 2) and r.of("Ann").matches == 2
    assert r.of("Ben").rating > 1500 > r.of("Cat").rating
    assert [p for p, _ in r.ranked()][0] == "Ben"


ratings = st.floats(1000, 2200, allow_nan=False)
experience = st.integers(0, 1000).map(Fraction)
lengths = st.sampled_from([Fraction(1), Fraction(3, 2), Fraction(2), Fraction(3), Fraction(4), Fraction(5)])


def _two(ra, rb, xa, xb):
    r = Ratings()
    r.players["Ann"] = PlayerRating(ra, xa)
    r.players["Ben"] = PlayerRating(rb, xb)
    return r


@given(ratings, ratings, experience, lengths, st.booleans())
def test_two_players_with_the_same_k_add_up_to_zero(ra, rb, x, n, ann_wins):
    change = _two(ra, rb, x, x).changes(two_players("Ann", "Ben", "Ann" if ann_wins else "Ben", n))
    assert change["Ann"] + change["Ben"] == 0


@given(ratings, st.floats(1, 600), experience, lengths)
def test_a_favourite_gains_less_for_a_win_than_an_underdog(r, gap, x, n):
    favourite = _two(r + gap, r, x, x).changes(two_players("Ann", "Ben", "Ann", n))["Ann"]
    underdog = _two(r, r + gap, x, x).changes(two_players("Ann", "Ben", "Ann", n))["Ann"]
    assert 0 < favourite < underdog


@given(ratings, ratings, experience, st.booleans())
def test_longer_matches_move_more(ra, rb, x, ann_wins):
    r = _two(ra, rb, x, x)
    winner = "Ann" if ann_wins else "Ben"
    moves = [abs(r.changes(two_players("Ann", "Ben", winner, Fraction(n)))["Ann"]) for n in (1, 2, 5)]
    if abs(ra - rb) < 400:   # (far apart, the favourite's win is worth almost nothing at any length)
        assert moves[0] < moves[1] < moves[2]


@given(st.lists(st.tuples(st.sampled_from(["Ann", "Ben", "Cat", "Dan"]), st.sampled_from(["Ann", "Ben", "Cat", "Dan"]),
                          lengths), max_size=30))
def test_the_club_total_is_kept_while_everyone_has_the_same_k(games):
    """Each match moves the two ratings by the same amount when both players' K is the same then
    (the K a match uses is each player's at that match, not at the end of the history)."""
    r = Ratings()
    same_k = True

    def k(name):
        return r.players[name].k if name in r.players else 5   # a newcomer: K = 5

    for a, b, n in games:
        if a != b:
            same_k = same_k and k(a) == k(b)
            r.rate(two_players(a, b, a, n))
    if same_k:
        assert sum(s.rating for s in r.players.values()) == pytest.approx(1500 * len(r.players))
