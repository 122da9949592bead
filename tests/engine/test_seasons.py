"""A season's points race, computed by hand for each preset, with ties, best N, a minimum and a correction.

The season (tied places share the better place, like two losing semi-finalists):
  A, 4 players:            Ann 1st (2 wins), Bob 2nd (1), Cai and Dee 3rd= (0 each)
  B, 5 players, factor 2:  Bob 1st (3), Eve 2nd (2), Ann 3rd (2), Cai 4th (1), Dee 5th (0)
  C, 3 players:            Cai 1st (2), Ann 2nd (1), Eve 3rd (0)
"""
from decimal import Decimal as D

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ginscore.engine.errors import RuleError
from ginscore.engine.seasons import Event, Finish, event_points, finishes_from_groups, season_table

A = Event("A", [Finish("Ann", 1, 2), Finish("Bob", 2, 1), Finish("Cai", 3, 0), Finish("Dee", 3, 0)])
B = Event("B", [Finish("Bob", 1, 3), Finish("Eve", 2, 2), Finish("Ann", 3, 2), Finish("Cai", 4, 1),
                Finish("Dee", 5, 0)], factor=D(2))
C = Event("C", [Finish("Cai", 1, 2), Finish("Ann", 2, 1), Finish("Eve", 3, 0)])


def totals(table):
    return {r.player: str(r.total) for r in table.ranked + table.unranked}


def points(event, preset):
    return {p: str(v) for p, v in event_points(event, preset).items()}


def test_linear():
    # A: 4, 3, (2 + 1) / 2 = 1.5 each; B doubled: 10, 8, 6, 4, 2; C: 3, 2, 1.
    assert points(A, "linear") == {"Ann": "4.00", "Bob": "3.00", "Cai": "1.50", "Dee": "1.50"}
    assert points(B, "linear") == {"Bob": "10.00", "Eve": "8.00", "Ann": "6.00", "Cai": "4.00", "Dee": "2.00"}
    assert totals(season_table([A, B, C], "linear")) == {
        "Bob": "13.00", "Ann": "12.00", "Eve": "9.00", "Cai": "8.50", "Dee": "3.50"}


def test_percent_of_the_field():
    # A: 100, 75, (50 + 25) / 2; B doubled: 200, 160, 120, 80, 40; C: 100, 66.67, 33.33.
    assert points(A, "percent") == {"Ann": "100.00", "Bob": "75.00", "Cai": "37.50", "Dee": "37.50"}
    assert points(C, "percent") == {"Cai": "100.00", "Ann": "66.67", "Eve": "33.33"}
    assert totals(season_table([A, B, C], "percent")) == {
        "Ann": "286.67", "Bob": "275.00", "Cai": "217.50", "Eve": "193.33", "Dee": "77.50"}


def test_fixed_list():
    # A: 25, 18, (15 + 12) / 2; B doubled: 50, 36, 30, 24, 20; C: 25, 18, 15.
    assert points(A, "fixed") == {"Ann": "25.00", "Bob": "18.00", "Cai": "13.50", "Dee": "13.50"}
    assert totals(season_table([A, B, C], "fixed")) == {
        "Ann": "73.00", "Bob": "68.00", "Cai": "62.50", "Eve": "51.00", "Dee": "33.50"}
    eleven = Event("X", [Finish(f"P{i}", i) for i in range(1, 12)])
    assert [event_points(eleven, "fixed")[f"P{i}"] for i in (10, 11)] == [D("1.00"), D("0.00")]


def test_club_race():
    # A (p=4): bonus 4, 2, 1, 0 - the 3rd= share (1 + 0) / 2; + 1 attending + wins: 7, 4, 1.5, 1.5.
    # B (p=5, x2): bonus 5, 2.5, 1.25: (5+1+3)x2 = 18, (2.5+1+2)x2 = 11, (1.25+1+2)x2 = 8.5, (1+1)x2 = 4, 2.
    # C (p=3): bonus 3, 1.5, 0.75: 3+1+2 = 6, 1.5+1+1 = 3.5, 0.75+1 = 1.75.
    assert points(A, "club") == {"Ann": "7.00", "Bob": "4.00", "Cai": "1.50", "Dee": "1.50"}
    assert points(B, "club") == {"Bob": "18.00", "Eve": "11.00", "Ann": "8.50", "Cai": "4.00", "Dee": "2.00"}
    assert points(C, "club") == {"Cai": "6.00", "Ann": "3.50", "Eve": "1.75"}
    assert totals(season_table([A, B, C], "club")) == {
        "Bob": "22.00", "Ann": "19.00", "Eve": "12.75", "Cai": "11.50", "Dee": "3.50"}


def test_best_two_events_and_a_minimum_of_three():
    table = season_table([A, B, C], "linear", best=2, minimum=3)
    # Ann: 4, 6, 2 -> best two 6 + 4 = 10 (A, B count); Cai: 1.5, 4, 3 -> 7 (B, C count).
    assert [(r.player, str(r.total), r.rank, sorted(r.counted)) for r in table.ranked] == [
        ("Ann", "10.00", 1, ["A", "B"]), ("Cai", "7.00", 2, ["B", "C"])]
    # Two events each: listed apart, unranked, by total.
    assert [(r.player, str(r.total), r.rank) for r in table.unranked] == [
        ("Bob", "13.00", None), ("Eve", "9.00", None), ("Dee", "3.50", None)]
    assert table.events == ("A", "B", "C")


def test_a_corrected_result_moves_the_table_and_equal_totals_share_a_rank():
    before = season_table([A, B, C], "linear")
    assert [(r.player, r.rank) for r in before.ranked][:2] == [("Bob", 1), ("Ann", 2)]
    # C corrected: Ann won it, Cai 2nd. Ann 4 + 6 + 3 = 13, level with Bob; Cai 1.5 + 4 + 2 = 7.5.
    corrected = Event("C", [Finish("Ann", 1, 2), Finish("Cai", 2, 1), Finish("Eve", 3, 0)])
    after = season_table([A, B, corrected], "linear")
    assert [(r.player, str(r.total), r.rank) for r in after.ranked] == [
        ("Ann", "13.00", 1), ("Bob", "13.00", 1), ("Eve", "9.00", 3), ("Cai", "7.50", 4), ("Dee", "3.50", 5)]


def test_finishes_from_tied_groups():
    assert finishes_from_groups([[("Ann", 3)], [("Bob", 2)], [("Cai", 1), ("Dee", 1)], [("Eve", 0)]]) == (
        Finish("Ann", 1, 3), Finish("Bob", 2, 2), Finish("Cai", 3, 1), Finish("Dee", 3, 1), Finish("Eve", 5, 0))


@pytest.mark.parametrize("make,message", [
    (lambda: Event("X", [Finish("Ann", 1)], factor=D(0)), "factor: must be more than 0"),
    (lambda: Event("X", [Finish("Ann", 1), Finish("Ann", 2)]), "event X: a player is listed twice"),
    (lambda: Event("X", [Finish("Ann", 0)]), "event X: places start at 1"),
    (lambda: season_table([A], "elo"), "preset: must be one of"),
    (lambda: season_table([A], "linear", best=0), "best: count at least one event"),
    (lambda: season_table([A, A], "linear"), "events: an event is listed twice"),
])
def test_bad_seasons_are_refused(make, message):
    with pytest.raises(RuleError, match="^" + message):
        make()


@given(st.lists(st.integers(1, 4), min_size=1, max_size=12), st.sampled_from(["linear", "percent", "fixed", "club"]))
def test_ties_share_exactly_what_their_places_are_worth(groups, preset):
    players = iter(range(100))
    finishes = finishes_from_groups([[(next(players), 0) for _ in range(size)] for size in groups])
    untied = Event("U", [Finish(f.player, i + 1) for i, f in enumerate(finishes)])
    tied = event_points(Event("T", finishes), preset)
    alone = event_points(untied, preset)
    assert abs(sum(tied.values()) - sum(alone.values())) <= D("0.01") * len(finishes)
    better = [tied[f.player] for f in finishes]
    assert better == sorted(better, reverse=True)


def test_a_doubles_event_gives_each_partner_the_teams_points():
    # Three teams (the field is 3, not 6): linear 3, 2, 1 by the teams' places, each partner the same.
    event = Event("D", [Finish("team1", 1, 1), Finish("team2", 2, 0), Finish("team3", 3, 0)],
                  members={"team1": ("Ann", "Bob"), "team2": ("Cai", "Dee"), "team3": ("Eve", "Fay")})
    assert totals(season_table([event], "linear")) == {
        "Ann": "3.00", "Bob": "3.00", "Cai": "2.00", "Dee": "2.00", "Eve": "1.00", "Fay": "1.00"}
