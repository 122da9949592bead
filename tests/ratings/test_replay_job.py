"""The replay after a change of the rated history is the worker's: the pages read the stored replay,
say so while a newer one is being made, and two replays finishing in either order leave the newer
(in one process, in two, and with a real ``manage.py db_worker``)."""
import subprocess
import sys
import time
from contextlib import contextmanager, nullcontext

import pytest
from django.db import connection
from django_tasks_db.models import DBTaskResult

from ginscore.matches import services
from ginscore.matches.models import Match
from ginscore.matches.records import HandEntry
from ginscore.matches.records_io import records_import
from ginscore.players.models import Player
from ginscore.ratings import selectors
from ginscore.ratings.models import RatingsReplay, RatingsVersion
from ginscore.ratings.services import ratings_replay, ratings_store
from ginscore.ratings.tasks import enqueue_replay, ratings_replay_task
from tests.deploy.servers import ROOT
from tests.engine.helpers import gin, record
from tests.jobs.test_worker import run_worker, stop, worker_env

DATABASE = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
BEHIND = "Being brought up to date after a change of the results"
# Ann beats Ben in a match to 500 (N = 5), both new: 4 x 5 x sqrt(5) x (1 - 1/2) = 22.36.
WON, LOST = "1522.36?", "1477.64?"   # provisional


def ann_beats_ben():
    return record([gin("Ann", 98, "Ben"), gin("Ann", 98, "Ben")], players=("Ann", "Ben"))


@contextmanager
def commit(capture):
    """What a request's commit does (in a test inside a transaction): its on-commit callbacks run,
    then are gone (``django_capture_on_commit_callbacks`` leaves them in the list)."""
    start = len(connection.run_on_commit)
    with capture(execute=True):
        yield
    del connection.run_on_commit[start:]


def ben_wins_instead(match, user, committed=None):
    """The director's correction: both hands were Ben's gin (in the pad, the last seat is b), each
    hand its own request (``committed``: the tests' ``django_capture_on_commit_callbacks``)."""
    for number in (1, 2):
        match.refresh_from_db()
        with commit(committed) if committed else nullcontext():
            services.hand_edit(match_id=match.pk, number=number, entry=HandEntry("gin", "b", None, 98),
                               expected_revision=match.revision, user=user)


def imported(records, user, committed=None):
    with commit(committed) if committed else nullcontext():
        records_import(data=records, created_by=user)


def rating_of(name):
    club = selectors.club_ratings()
    return round(club.of(Player.objects.get(name=name).pk).rating, 2)


def replays_queued():
    return DBTaskResult.objects.filter(task_path=ratings_replay_task.module_path, status="READY").count()


@pytest.mark.django_db
def test_a_correction_shows_the_stored_ratings_with_a_note_until_the_worker_replays(
        settings, client, director, django_capture_on_commit_callbacks):
    imported([ann_beats_ben()], director, django_capture_on_commit_callbacks)
    assert (rating_of("Ann"), rating_of("Ben")) == (1522.36, 1477.64)
    settings.TASKS = DATABASE   # a worker's queue: nothing runs in this process
    match = Match.objects.get()
    ben_wins_instead(match, director, django_capture_on_commit_callbacks)
    assert replays_queued() == 2   # one a correction (each its own transaction)
    number, replayed = RatingsVersion.objects.values_list("number", "replayed").get()
    assert replayed < number

    page = client.get("/ratings/").content.decode()
    assert BEHIND in page and WON in page and page.index("Ann") < page.index("Ben")   # as before, said so
    client.force_login(director)
    for url in ("/ratings/", f"/players/{Player.objects.get(name='Ann').pk}/", f"/matches/{match.pk}/"):
        assert BEHIND in client.get(url).content.decode(), url   # the director sees it is under way

    assert ratings_replay_task.call() is True      # the first job replays the latest history
    assert ratings_replay_task.call() is False     # the second has nothing left to do
    assert RatingsVersion.objects.values_list("replayed", flat=True).get() == number
    page = client.get("/ratings/").content.decode()
    assert BEHIND not in page and page.index("Ben") < page.index("Ann")
    assert (rating_of("Ben"), rating_of("Ann")) == (1522.36, 1477.64)
    match_page = client.get(f"/matches/{match.pk}/").content.decode()
    assert BEHIND not in match_page and "Ben +22.36" in match_page and "Ann −22.36" in match_page


@pytest.mark.django_db
def test_the_french_note(settings, client, director, django_capture_on_commit_callbacks):
    imported([ann_beats_ben()], director, django_capture_on_commit_callbacks)
    settings.TASKS = DATABASE
    ben_wins_instead(Match.objects.get(), director, django_capture_on_commit_callbacks)
    page = client.get("/ratings/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Mise à jour en cours après un changement des résultats" in page and BEHIND not in page


@pytest.mark.django_db
def test_an_older_replay_finishing_last_never_replaces_a_newer(settings, director, django_capture_on_commit_callbacks):
    imported([ann_beats_ben()], director, django_capture_on_commit_callbacks)
    settings.TASKS = DATABASE
    older_number = RatingsVersion.objects.values_list("number", flat=True).get()
    older = selectors.replay()   # a slow job, begun before the correction
    ben_wins_instead(Match.objects.get(), director, django_capture_on_commit_callbacks)
    assert ratings_replay() is True              # a later job, finished first
    assert ratings_store(number=older_number, club=older, seconds=1.0) is False
    assert RatingsReplay.objects.get().number == RatingsVersion.objects.get().number
    assert (rating_of("Ben"), rating_of("Ann")) == (1522.36, 1477.64)


@pytest.mark.django_db
def test_an_import_of_many_matches_queues_one_replay_and_a_rename_none(
        settings, client, director, django_capture_on_commit_callbacks):
    settings.TASKS = DATABASE
    with django_capture_on_commit_callbacks() as callbacks:
        records_import(data=[ann_beats_ben(), ann_beats_ben(), ann_beats_ben()], created_by=director)
    assert sum(c is enqueue_replay for c in callbacks) == 1
    ratings_replay()
    with django_capture_on_commit_callbacks() as callbacks:
        Player.objects.get(name="Ann").save()   # renamed (or hidden): shown differently, rated the same
    assert not any(c is enqueue_replay for c in callbacks)
    assert BEHIND not in client.get("/ratings/").content.decode()


@pytest.mark.django_db
def test_a_stored_replay_is_the_replay(director):
    """Stored and loaded, every number is the replay's own (floats exactly, experience as a fraction)."""
    records_import(data=[ann_beats_ben(), record([gin("Cat", 98, "Ann"), gin("Cat", 98, "Ann")],
                                                   players=("Ann", "Cat"), length={"kind": "best_of", "games": 3})],
                   created_by=director)
    made = selectors.replay()
    loaded = selectors.replay_load(selectors.replay_dump(made))
    assert loaded.history == made.history and loaded.changes == made.changes
    assert {p: (s.rating, s.experience, s.matches, s.k) for p, s in loaded.ratings.players.items()} == \
           {p: (s.rating, s.experience, s.matches, s.k) for p, s in made.ratings.players.items()}
    assert list(loaded.changes) == list(made.changes)   # finishing order


SLOW_REPLAY = """
import os, sys, time, pathlib
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ginscore.settings")
import django; django.setup()
from ginscore.ratings import selectors, services
made, go = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
real = selectors.replay
def slow():
    club = real()
    made.write_text("made")
    while not go.exists():
        time.sleep(0.05)
    return club
services.selectors.replay = slow
print(services.ratings_replay())
"""


@pytest.mark.django_db(transaction=True)
def test_two_workers_two_corrections_end_with_the_latest_history(tmp_path, settings, director):
    """Process 1 replays the history before the second correction and stores last; process 2
    replays after it and stores first: the newer stays, and the pages show the latest history."""
    settings.TASKS = DATABASE
    records_import(data=[ann_beats_ben()], created_by=director)
    ratings_replay()
    match = Match.objects.get()
    match.refresh_from_db()
    services.hand_edit(match_id=match.pk, number=1, entry=HandEntry("gin", "b", None, 98),
                       expected_revision=match.revision, user=director)   # the first correction
    env = worker_env(tmp_path, settings.GINSCORE_JOBS_DIR)
    made, go = tmp_path / "made", tmp_path / "go"
    first = subprocess.Popen([sys.executable, "-c", SLOW_REPLAY, str(made), str(go)], cwd=ROOT, env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        end = time.monotonic() + 60
        while not made.exists() and first.poll() is None and time.monotonic() < end:
            time.sleep(0.05)
        assert made.exists(), first.communicate()[0]
        match.refresh_from_db()
        services.hand_edit(match_id=match.pk, number=2, entry=HandEntry("gin", "b", None, 98),
                           expected_revision=match.revision, user=director)   # the second: Ben wins
        second = subprocess.run([sys.executable, "-c", SLOW_REPLAY, str(tmp_path / "made2"), str(tmp_path / "made2")],
                                cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
        assert second.stdout.strip().splitlines()[-1] == "True", second.stdout + second.stderr
    finally:
        go.write_text("go")
        out = first.communicate(timeout=60)[0]
    assert out.strip().splitlines()[-1] == "False", out   # the older replay was not stored
    version = RatingsVersion.objects.get()
    assert version.replayed == version.number == RatingsReplay.objects.get().number
    selectors.KEPT.pieces.clear()
    assert (rating_of("Ben"), rating_of("Ann")) == (1522.36, 1477.64)


@pytest.mark.django_db(transaction=True)
def test_the_worker_replays_after_a_correction(tmp_path, settings, client, director):
    settings.TASKS = DATABASE
    worker = run_worker(tmp_path, settings.GINSCORE_JOBS_DIR)
    try:
        records_import(data=[ann_beats_ben()], created_by=director)
        number = RatingsVersion.objects.values_list("number", flat=True).get()
        ben_wins_instead(Match.objects.get(), director)
        number = RatingsVersion.objects.values_list("number", flat=True).get()
        end = time.monotonic() + 60
        while RatingsVersion.objects.values_list("replayed", flat=True).get() != number and time.monotonic() < end:
            time.sleep(0.1)
    finally:
        out = stop(worker)
    assert RatingsVersion.objects.values_list("replayed", flat=True).get() == number, out
    page = client.get("/ratings/").content.decode()
    assert BEHIND not in page and page.index("Ben") < page.index("Ann") and WON in page and LOST in page
    assert "Traceback" not in out
