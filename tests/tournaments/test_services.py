"""Advancement from finished matches, forfeits, withdrawals, late entries, rounds."""
import pytest

from ginscore.matches import services as match_services
from ginscore.matches.services import HandRefused
from ginscore.tournaments import selectors, services
from ginscore.matches.models import Match
from ginscore.tournaments.models import Entry, TournamentMatch

from .conftest import names, row, win

pytestmark = pytest.mark.django_db


def open_rows(t):
    return list(TournamentMatch.objects.filter(tournament=t, outcome="", match__isnull=False).order_by("id"))


def test_start_builds_bracket_and_opens_first_matches(make_tournament):
    t = make_tournament("single", 6, third_place=True)
    assert t.status == "running"
    w1 = [row(t, f"W1-{i}") for i in range(1, 5)]
    assert [names(r) for r in w1] == [["P1", None], ["P4", "P5"], ["P2", None], ["P3", "P6"]]
    assert [r.outcome for r in w1] == ["bye", "", "bye", ""]
    assert w1[1].match is not None and w1[0].match is None
    assert (w1[1].match.player_a.name, w1[1].match.player_b.name) == ("P4", "P5")
    assert w1[1].match.length_kind == "best_of" and w1[1].match.length_games == 1
    assert {w1[1].table, w1[3].table} == {1, 2}


def test_finished_match_advances_the_bracket(make_tournament):
    t = make_tournament("single", 4)
    win(row(t, "W1-1"), "P4")
    final = row(t, "W2-1")
    assert names(final) == ["P4", None] and final.match is None
    win(row(t, "W1-2"), "P2")
    final = row(t, "W2-1")
    assert names(final) == ["P4", "P2"] and final.match is not None
    assert row(t, "W1-1").winner.player.name == "P4" and row(t, "W1-1").points_a == 0
    assert row(t, "W1-1").points_b > 0   # the winner's match points (P4 sits second)
    win(final, "P2")
    t.refresh_from_db()
    assert t.status == "finished" and t.champion.name == "P2"
    table = selectors.tournament_standings(t)
    assert [r["player"] for r in table][:2] == ["P2", "P4"]


def test_double_elimination_replay(make_tournament):
    t = make_tournament("double", 2)
    win(row(t, "W1-1"), "P1")
    gf1 = row(t, "GF1")
    assert names(gf1) == ["P1", "P2"]
    win(gf1, "P2")
    gf2 = row(t, "GF2")
    assert names(gf2) == ["P2", "P1"] and gf2.match is not None
    win(gf2, "P2")
    t.refresh_from_db()
    assert t.champion.name == "P2"


def test_taking_back_a_hand_reopens_the_result_until_it_is_used(make_tournament, director):
    t = make_tournament("single", 4)
    m = win(row(t, "W1-1"), "P1")
    assert names(row(t, "W2-1")) == ["P1", None]
    match_services.hand_undo(match_id=m.pk, expected_revision=m.revision)
    r = row(t, "W1-1")
    assert r.outcome == "" and r.winner is None and names(row(t, "W2-1")) == [None, None]
    m = win(r, "P4")
    win(row(t, "W1-2"), "P2")
    win(row(t, "W2-1"), "P4")
    m.refresh_from_db()
    with pytest.raises(HandRefused, match="Only a director can correct this match now: the tournament is over"):
        match_services.hand_undo(match_id=m.pk, expected_revision=m.revision)
    final = row(t, "W2-1")
    # Even a director cannot unpick a played round; the refusal names the match that blocks it (the final).
    with pytest.raises(HandRefused, match=rf"Final \(P4 v P2, match #{final.match_id}\) already has a result") as e:
        match_services.hand_undo(match_id=m.pk, expected_revision=m.revision, user=director)
    assert "Semi-final" not in str(e.value)
    assert row(t, "W1-1").winner.player.name == "P4"


def test_forfeit(make_tournament):
    t = make_tournament("single", 4)
    r = row(t, "W1-2")
    services.tmatch_forfeit(tmatch=r, winner=r.entry_b)
    r = row(t, "W1-2")
    assert r.outcome == "forfeit" and r.winner.player.name == "P3"
    assert names(row(t, "W2-1")) == [None, "P3"]
    assert r.match is None and not Match.objects.filter(player_a__name="P2", player_b__name="P3").exists()
    with pytest.raises(services.TournamentRefused, match="already has a result"):
        services.tmatch_forfeit(tmatch=r, winner=r.entry_a)
    other = Entry.objects.get(tournament=t, player__name="P1")
    with pytest.raises(services.TournamentRefused, match="one of the two players"):
        services.tmatch_forfeit(tmatch=row(t, "W1-1"), winner=Entry.objects.get(tournament=t, player__name="P2"))
    assert other.withdrawn is False


def test_withdrawal_in_double_elimination(make_tournament):
    t = make_tournament("double", 4)
    services.entry_withdraw(entry=Entry.objects.get(tournament=t, player__name="P4"))
    assert row(t, "W1-1").outcome == "withdrawal" and row(t, "W1-1").winner.player.name == "P1"
    win(row(t, "W1-2"), "P2")
    l1 = row(t, "L1-1")
    assert l1.outcome == "withdrawal" and l1.winner.player.name == "P3"


def test_swiss_round_pairs_next_when_done_and_withdrawn_player_is_not_paired(make_tournament):
    t = make_tournament("swiss", 6, rounds=3)
    first = [r for r in TournamentMatch.objects.filter(tournament=t, play_round=1).select_related(
        "entry_a__player", "entry_b__player")]
    assert sorted(names(r) for r in first) == [["P1", "P4"], ["P2", "P5"], ["P3", "P6"]]
    services.entry_withdraw(entry=Entry.objects.get(tournament=t, player__name="P6"))
    assert row(t, "R1-3").outcome == "withdrawal" and row(t, "R1-3").winner.player.name == "P3"
    win(row(t, "R1-1"), "P1")
    assert not TournamentMatch.objects.filter(tournament=t, play_round=2).exists()
    win(row(t, "R1-2"), "P2")
    second = TournamentMatch.objects.filter(tournament=t, play_round=2).select_related("entry_a__player",
                                                                                       "entry_b__player")
    seated = [e.player.name for r in second for e in r.entries]
    assert sorted(seated) == ["P1", "P2", "P3", "P4", "P5"]
    bye = [r for r in second if r.outcome == "bye"]
    assert len(bye) == 1 and bye[0].entry_a.player.name == "P5"   # the lowest-ranked without a bye


def test_late_entry_repair_and_undo(make_tournament):
    t = make_tournament("swiss", 4, rounds=3)
    services.entry_add(tournament=t, name="Late Larry")
    assert Entry.objects.get(tournament=t, player__name="Late Larry").late
    services.round_repair(tournament=t)
    first = TournamentMatch.objects.filter(tournament=t, play_round=1)
    assert first.count() == 3 and first.filter(outcome="bye").count() == 1
    for r in open_rows(t):
        r = row(t, r.key)
        win(r, names(r)[0])
    assert TournamentMatch.objects.filter(tournament=t, play_round=2).exists()
    match_ids = list(TournamentMatch.objects.filter(tournament=t, play_round=2, match__isnull=False)
                     .values_list("match_id", flat=True))
    assert services.round_undo(tournament=t) == 2
    assert not TournamentMatch.objects.filter(tournament=t, play_round=2).exists()
    from ginscore.matches.models import Match
    assert not Match.objects.filter(pk__in=match_ids).exists()
    with pytest.raises(services.TournamentRefused, match="round 1 already has results"):
        services.round_undo(tournament=t)


def test_undoing_round_one_puts_the_event_back_in_set_up(make_tournament):
    t = make_tournament("swiss", 5, rounds=3)
    assert TournamentMatch.objects.filter(tournament=t, play_round=1).count() == 3  # two tables and a bye
    assert services.round_undo(tournament=t) == 1
    t.refresh_from_db()
    assert t.status == "setup" and not TournamentMatch.objects.filter(tournament=t).exists()
    services.entries_set(tournament=t, names=[f"P{i}" for i in range(1, 7)])
    services.tournament_start(tournament=t)
    assert TournamentMatch.objects.filter(tournament=t, play_round=1, match__isnull=False).count() == 3


def test_round_with_a_hand_cannot_be_repaired(make_tournament):
    t = make_tournament("swiss", 4, rounds=2)
    from ginscore.matches.records import HandEntry
    r = open_rows(t)[0]
    match_services.hand_add(match_id=r.match_id, entry=HandEntry("knock", "a", 5, 20), expected_number=1)
    with pytest.raises(services.TournamentRefused, match="already has results or hands"):
        services.round_repair(tournament=t)


def test_late_entry_refused_outside_swiss(make_tournament):
    t = make_tournament("single", 4)
    with pytest.raises(services.TournamentRefused, match="only a Swiss"):
        services.entry_add(tournament=t, name="Late")


def test_round_robin_groups_then_everyone_finishes(make_tournament):
    t = make_tournament("roundrobin", 4, groups=2)
    assert sorted(Entry.objects.filter(tournament=t).values_list("group", flat=True)) == [1, 1, 2, 2]
    for r in open_rows(t):
        r = row(t, r.key)
        win(r, names(r)[0])
    t.refresh_from_db()
    assert t.status == "finished"


def test_two_stages_swiss_then_knockout(make_tournament):
    t = make_tournament("two_stage", 6, first_stage="swiss", rounds=2, playoff_size=4)
    while t.status == "running" and t.stage == 1:
        for r in open_rows(t):
            r = row(t, r.key, r.stage)
            win(r, min(names(r)))
        t.refresh_from_db()
    assert t.stage == 2
    semis = TournamentMatch.objects.filter(tournament=t, stage=2, round=1).select_related("entry_a__player",
                                                                                         "entry_b__player")
    assert len(semis) == 2 and all(r.entry_a and r.entry_b for r in semis)
    while t.status == "running":
        for r in open_rows(t):
            r = row(t, r.key, r.stage)
            win(r, min(names(r)))
        t.refresh_from_db()
    assert t.champion.name == "P1"
    assert selectors.tournament_standings(t)[0]["player"] == "P1"


def test_entries_and_start_refusals(make_tournament):
    t = make_tournament("single", 1, start=False)
    with pytest.raises(services.TournamentRefused, match="at least 2"):
        services.tournament_start(tournament=t)
    with pytest.raises(services.TournamentRefused, match="listed twice"):
        services.entries_set(tournament=t, names=["Ann", "ann"])


def test_bracket_matches_wait_for_a_free_table(make_tournament):
    t = make_tournament("single", 8, tables=2)
    first = [row(t, f"W1-{i}") for i in range(1, 5)]
    assert [r.table for r in first] == [1, 2, None, None]
    assert all(r.match is not None for r in first)   # the matches exist; two wait for a table
    win(first[1], names(first[1])[0])
    assert row(t, "W1-3").table == 2 and row(t, "W1-4").table is None


def test_two_stages_round_robin_groups_then_knockout(make_tournament):
    t = make_tournament("two_stage", 8, first_stage="roundrobin", groups=2, playoff_size=4)
    assert t.stage == 1
    while t.status == "running":
        for r in open_rows(t):
            r = row(t, r.key, r.stage)
            win(r, min(names(r), key=lambda n: int(n[1:])))   # the better seed always wins
        t.refresh_from_db()
    # groups by snake: (1, 4, 5, 8) and (2, 3, 6, 7); winners 1 and 2, runners-up 4 and 3
    semis = TournamentMatch.objects.filter(tournament=t, stage=2, round=1).order_by("number")
    assert [sorted(e.player.name for e in r.entries) for r in semis] == [["P1", "P3"], ["P2", "P4"]]
    assert t.champion.name == "P1"
    table = selectors.tournament_standings(t)
    assert [r["player"] for r in table][:2] == ["P1", "P2"]


def test_withdrawing_before_the_start_removes_the_entry(make_tournament):
    t = make_tournament("single", 3, start=False)
    services.entry_withdraw(entry=Entry.objects.get(tournament=t, player__name="P2"))
    assert list(Entry.objects.filter(tournament=t).values_list("player__name", flat=True)) == ["P1", "P3"]


def test_a_correction_that_changes_the_winner_moves_the_bracket(make_tournament):
    t = make_tournament("single", 4)
    m = win(row(t, "W1-1"), "P1")
    assert names(row(t, "W2-1")) == ["P1", None]
    # Take both hands back and let P4 win instead: the final slot follows, with P4's points.
    for _ in range(2):
        m.refresh_from_db()
        match_services.hand_undo(match_id=m.pk, expected_revision=m.revision)
    win(row(t, "W1-1"), "P4")
    r = row(t, "W1-1")
    assert r.winner.player.name == "P4" and r.points_b > 0 and r.points_a == 0
    assert names(row(t, "W2-1")) == ["P4", None]
