"""The notifications leave from the background worker (``manage.py db_worker --queue-name push``, as
scripts/run.sh starts it), never from the save: a push service that holds its answer (a slow one)
holds nothing but the worker. The push service answers only once the test lets it, after the
save has answered: so the save did not wait for it."""
import subprocess
import sys
import threading

import pytest
from django.test import Client

from ginscore.engine import MatchLength
from ginscore.matches.models import Match
from ginscore.players.models import Player
from ginscore.push.models import Sent
from ginscore.tournaments import services
from tests.deploy.servers import ROOT
from tests.jobs.test_worker import DATABASE, stop, worker_env

from .test_delivery import _gin, _opt_in, _row

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_save_answers_while_a_slow_push_service_has_not(tmp_path, settings, push_service, member):
    settings.TASKS = {"default": {**DATABASE["default"], "QUEUES": ["default", "push"]}}
    t = services.tournament_create(name="Thursday", format="swiss", rounds=2, length=MatchLength("best_of", 1))
    services.entries_set(tournament=t, names=["Ann", "Ben", "Cat", "Dan"])
    Player.objects.filter(name="Ann").update(user=member)
    phone = Client()
    phone.force_login(member)
    ann_phone = push_service.phone("ann")
    assert _opt_in(phone, ann_phone.subscription()).status_code == 200
    push_service.hold = threading.Event()
    env = {**worker_env(tmp_path, settings.GINSCORE_JOBS_DIR), "GINSCORE_PUSH_SERVICES": "127.0.0.1"}
    assert env["GINSCORE_DATA_DIR"] == str(settings.DATA_DIR)   # the site's VAPID key
    worker = subprocess.Popen([sys.executable, "manage.py", "db_worker", "--queue-name", "push", "--no-startup-delay",
                               "--no-reload", "--interval", "0.2"], cwd=ROOT, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        services.tournament_start(tournament=t)   # round 1 paired: the worker has it, the push service holds it
        assert push_service.received.wait(60), "the worker did not post to the push service"
        row = _row(t, "Ann")
        assert _gin(phone, row.match, "Ann").status_code == 302
        assert _gin(phone, row.match, "Ann").status_code == 302   # the match ends: "Your result is in"
        assert Match.objects.get(pk=row.match_id).complete
        assert push_service.arrived == []   # the saves answered; the push service has answered nothing yet
        push_service.hold.set()
        arrived = push_service.wait_for(2, timeout=60)
    finally:
        out = stop(worker)
    texts = [a.payload["body"] for a in arrived]
    assert texts[0].startswith("Round 1 is paired: table ") and texts[1].startswith("Your result is in: won against "), out
    assert not push_service.problems and Sent.objects.count() == 2
    assert "Traceback" not in out
