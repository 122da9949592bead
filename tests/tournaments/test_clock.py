"""The round clock: when time is called, each unfinished match finishes the hand in play and
is then decided at time, on the match score or on the game in play's score, as the director chose."""
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from ginscore.engine import MatchLength
from ginscore.matches import services as match_services
from ginscore.matches.models import Match
from ginscore.matches.records import HandEntry
from ginscore.tournaments import selectors, services
from ginscore.tournaments.models import Tournament, TournamentMatch

pytestmark = pytest.mark.django_db


def _event(time_rule="match", players=4):
    t = services.tournament_create(name="Clocked", format="swiss", rounds=1, length=MatchLength("best_of", 3),
                                   time_rule=time_rule)
    services.entries_set(tournament=t, names=[f"Ann {i}" for i in range(1, players + 1)])
    services.tournament_start(tournament=t)
    return Tournament.objects.get(pk=t.pk)


def _hand(match, end, by, knocker=None, defender=None):
    match.refresh_from_db()
    match_services.hand_add(match_id=match.pk, entry=HandEntry(end, by, knocker, defender),
                            expected_number=match.hand_count + 1)
    match.refresh_from_db()
    return match


def _table(t, n=1):
    return TournamentMatch.objects.select_related("match", "entry_a__player", "entry_b__player", "winner__player") \
        .get(tournament=t, play_round=1, table=n)


def _a_wins_game_one_then_b_leads(row):
    m = row.match
    _hand(m, "gin", "a", defender=60)
    _hand(m, "gin", "a", defender=60)       # game 1 to player A
    assert m.games_a == 1 and m.score_a > 0 and m.score_b == 0
    _hand(m, "knock", "b", 5, 30)            # game 2: B leads 25-0
    return m


@pytest.mark.parametrize("rule, expect", [("match", "a"), ("game", "b")])
def test_time_called_the_hand_in_play_decides_by_the_chosen_rule(rule, expect):
    t = _event(rule)
    row = _table(t)
    m = _a_wins_game_one_then_b_leads(row)
    services.round_clock_start(tournament=t, minutes=30)
    services.round_time_call(tournament=t)
    row = _table(t)
    assert row.time_hands == 3 and row.outcome == ""   # the table finishes the hand in play
    _hand(m, "knock", "b", 2, 22)                      # the hand in play: B leads the game 45-0
    row = _table(t)
    winner_player = m.player_a_id if expect == "a" else m.player_b_id
    assert row.outcome == "played" and row.at_time and row.winner.player_id == winner_player
    assert not Match.objects.get(pk=m.pk).complete    # the match itself did not finish
    a_first = m.player_a_id == row.entry_a.player_id
    points = (m.score_a + m.game_a, m.score_b + m.game_b)
    assert (row.points_a, row.points_b) == (points if a_first else points[::-1])
    standings = {s["player_id"]: s for s in selectors.tournament_standings(t)}
    assert standings[winner_player]["wins"] == 1
    # no more hands once decided at time
    with pytest.raises(match_services.HandRefused, match="decided at time"):
        _hand(m, "knock", "a", 1, 20)
    page = Tournament.objects.get(pk=t.pk)
    assert page.clock_called is not None


def test_level_at_time_the_next_hand_decides():
    t = _event()
    row = _table(t)
    services.round_clock_start(tournament=t, minutes=30)
    services.round_time_call(tournament=t)
    m = _hand(row.match, "dead", "")                 # the hand in play: nobody scores, still level
    assert _table(t).outcome == ""
    _hand(m, "knock", "b", 3, 13)
    row = _table(t)
    assert row.at_time and row.winner.player_id == m.player_b_id


def test_the_deadline_passing_calls_time_by_itself():
    t = _event()
    row = _table(t)
    services.round_clock_start(tournament=t, minutes=10, now=timezone.now() - timedelta(minutes=15))
    _hand(row.match, "knock", "a", 4, 14)            # saved after the deadline: it was the hand in play
    t.refresh_from_db()
    assert t.clock_called == t.clock_deadline
    row = _table(t)
    assert row.time_hands == 0 and row.at_time and row.winner.player_id == row.match.player_a_id
    others = TournamentMatch.objects.filter(tournament=t, play_round=1).exclude(pk=row.pk)
    assert all(o.time_hands == 0 and o.outcome == "" for o in others)


def test_a_correction_of_the_hand_in_play_can_change_the_result():
    t = _event()
    row = _table(t)
    services.round_clock_start(tournament=t, minutes=30)
    services.round_time_call(tournament=t)
    m = _hand(row.match, "knock", "a", 4, 14)
    assert _table(t).winner.player_id == m.player_a_id
    match_services.hand_edit(match_id=m.pk, number=1, entry=HandEntry("knock", "b", 4, 14),
                             expected_revision=Match.objects.get(pk=m.pk).revision)
    assert _table(t).winner.player_id == m.player_b_id


def test_director_decides_a_table_between_hands():
    t = _event()
    row = _table(t)
    m = _hand(row.match, "knock", "a", 4, 14)
    services.round_clock_start(tournament=t, minutes=30)
    services.round_time_call(tournament=t)
    services.tmatch_decide_at_time(tmatch=_table(t))
    row = _table(t)
    assert row.at_time and row.winner.player_id == m.player_a_id
    empty = _table(t, 2)
    with pytest.raises(services.TournamentRefused, match="no hand was played"):
        services.tmatch_decide_at_time(tmatch=empty)


def test_clock_refusals():
    t = _event()
    with pytest.raises(services.TournamentRefused, match="minutes"):
        services.round_clock_start(tournament=t, minutes=0)
    with pytest.raises(services.TournamentRefused, match="no round clock"):
        services.round_time_call(tournament=t)
    services.round_clock_start(tournament=t, minutes=45)
    services.round_time_call(tournament=t)
    with pytest.raises(services.TournamentRefused, match="already been called"):
        services.round_clock_start(tournament=t, minutes=45)


def test_desk_starts_and_calls_the_clock_and_pages_show_it(client, director):
    t = _event()
    client.force_login(director)
    desk = reverse("tournaments:desk", args=[t.pk])
    assert "Start the clock of Round 1" in client.get(desk).content.decode()
    bad = client.post(reverse("tournaments:clock_start", args=[t.pk]), {"minutes": "9999"})
    assert bad.status_code == 400 and "less than or equal to 600" in bad.content.decode()
    board_etag = client.get(reverse("tournaments:board", args=[t.pk]))["ETag"]
    pad_url = reverse("matches:detail", args=[_table(t).match_id])
    pad_etag = client.get(pad_url)["ETag"]
    assert client.post(reverse("tournaments:clock_start", args=[t.pk]), {"minutes": "40", "next": desk}).status_code == 302
    t.refresh_from_db()
    assert timedelta(minutes=39) < t.clock_deadline - timezone.now() <= timedelta(minutes=40)
    board = client.get(reverse("tournaments:board", args=[t.pk]), HTTP_IF_NONE_MATCH=board_etag)
    assert board.status_code == 200 and "data-deadline=" in board.content.decode()
    pad = client.get(pad_url, HTTP_IF_NONE_MATCH=pad_etag)
    assert pad.status_code == 200 and "data-deadline=" in pad.content.decode()
    client.post(reverse("tournaments:time_call", args=[t.pk]), {"next": desk})
    assert Tournament.objects.get(pk=t.pk).clock_called is not None
    round_page = client.get(reverse("tournaments:round", args=[t.pk, 1, 1])).content.decode()
    assert round_page.count("time: last hand") == 2


DATABASE_TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend", "QUEUES": ["default", "push"]}}


def _ready():
    """The tasks the database worker would take now (its own query: ``run_after`` passed)."""
    from django_tasks_db.models import DBTaskResult

    return list(DBTaskResult.objects.ready())


def test_the_worker_calls_time_at_the_deadline_with_no_hand_saved(settings, django_capture_on_commit_callbacks):
    """Nobody saves a hand when the clock runs out: the background worker, told at the clock's start
    to run at its deadline, calls time then (so the phones are told: tests/push)."""
    from django_tasks_db.models import DBTaskResult

    settings.TASKS = DATABASE_TASKS
    t = _event()
    with django_capture_on_commit_callbacks(execute=True):
        services.round_clock_start(tournament=t, minutes=10)
    t.refresh_from_db()
    waiting = DBTaskResult.objects.get(task_path="ginscore.tournaments.tasks.round_clock_due")
    assert waiting.run_after == t.clock_deadline and waiting.args_kwargs["args"] == [t.pk, t.clock_deadline.isoformat()]
    assert _ready() == []               # before the deadline the worker leaves it
    # Ten minutes later (the clock's times moved back as the clock would have run):
    earlier = timedelta(minutes=10, seconds=1)
    Tournament.objects.filter(pk=t.pk).update(clock_deadline=t.clock_deadline - earlier)
    t.refresh_from_db()
    DBTaskResult.objects.filter(pk=waiting.pk).update(
        run_after=t.clock_deadline, args_kwargs={"args": [t.pk, t.clock_deadline.isoformat()], "kwargs": {}})
    (due,) = _ready()
    assert due.task.call(*due.args_kwargs["args"]) is True   # what the worker runs
    t.refresh_from_db()
    assert t.clock_called == t.clock_deadline
    rows = TournamentMatch.objects.filter(tournament=t, play_round=1)
    assert [r.time_hands for r in rows] == [0, 0]   # every table plays the hand in play, then is decided


def test_a_clock_restarted_or_called_is_not_called_again_by_the_old_deadline():
    t = _event()
    past = timezone.now() - timedelta(minutes=15)
    services.round_clock_start(tournament=t, minutes=10, now=past)
    first = Tournament.objects.get(pk=t.pk).clock_deadline.isoformat()
    services.round_clock_start(tournament=t, minutes=30)           # the director gave the round more time
    assert services.round_clock_run_out(tournament_id=t.pk, deadline=first) is False
    assert Tournament.objects.get(pk=t.pk).clock_called is None
    now = Tournament.objects.get(pk=t.pk).clock_deadline
    assert services.round_clock_run_out(tournament_id=t.pk, deadline=now.isoformat(),
                                        now=now - timedelta(seconds=1)) is False   # not yet
    assert services.round_clock_run_out(tournament_id=t.pk, deadline=now.isoformat(), now=now) is True
    assert Tournament.objects.get(pk=t.pk).clock_called == now
    assert services.round_clock_run_out(tournament_id=t.pk, deadline=now.isoformat(), now=now) is False   # once


def test_without_a_worker_that_waits_nothing_is_scheduled(django_capture_on_commit_callbacks):
    from django_tasks_db.models import DBTaskResult

    t = _event()   # the tests' jobs run in the request (ImmediateBackend): it cannot wait for a deadline
    with django_capture_on_commit_callbacks(execute=True):
        services.round_clock_start(tournament=t, minutes=10)
    assert not DBTaskResult.objects.exists() and Tournament.objects.get(pk=t.pk).clock_called is None
