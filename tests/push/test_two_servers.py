"""Two app servers (two processes on one database and one data directory) told the same news at
the same moment send it once: the ledger's row is written before the push, and the second
finds it. Both sign with the one VAPID key kept in the data directory."""
from __future__ import annotations

import json
import subprocess
import sys

from tests.deploy.servers import ROOT, environment, manage, prepared

from .service import PushService


def _shell(env, code: str) -> str:
    done = manage(env, "shell", "-c", code)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip().splitlines()[-1]


def test_two_processes_told_the_same_news_send_it_once(tmp_path):
    env = prepared(environment(tmp_path, GINSCORE_PUSH_SERVICES="127.0.0.1", GINSCORE_LANGUAGE="en"), static=False)
    key = _shell(env, "from ginscore.push import keys; print(keys.public_key())")
    assert (tmp_path / "data" / "vapid_key").stat().st_mode & 0o777 == 0o600
    service = PushService(key)
    try:
        phone = service.phone("ann")
        subscription = json.dumps(phone.subscription())
        t = _shell(env, f"""
import json
from ginscore.engine import MatchLength
from ginscore.players.models import Player
from ginscore.push.services import subscription_save
from ginscore.tournaments import services
t = services.tournament_create(name="Thursday", format="swiss", rounds=2, length=MatchLength("best_of", 1))
services.entries_set(tournament=t, names=["Ann", "Ben", "Cat", "Dan"])
services.tournament_start(tournament=t)
subscription_save(data=json.loads({subscription!r}), player=Player.objects.get(name="Ann"), language="fr")
print(t.pk)""")
        race = ("from ginscore.push.send import deliver; "
                f"o = deliver('paired', {{'tournament': {t}}}); print(o.sent, o.skipped, o.failed)")
        servers = [subprocess.Popen([sys.executable, "manage.py", "shell", "-c", race], cwd=ROOT, env=env,
                                    stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for _ in range(2)]
        said = [server.communicate(timeout=120) for server in servers]
        assert all(server.returncode == 0 for server in servers), said
        counts = sorted(tuple(int(n) for n in out.split()[-3:]) for out, _err in said)
        assert [sent for sent, _skipped, _failed in counts] == [0, 1]   # one sent it, the other found it sent
        assert [failed for _sent, _skipped, failed in counts] == [0, 0]
        assert not service.problems
        assert len(service.arrived) == 1
        assert service.texts(phone)[0].startswith("Ronde 1 : vous jouez table ")
        assert _shell(env, "from ginscore.push.models import Sent; print(Sent.objects.count())") == "1"
    finally:
        service.close()
