"""A hand's save with the phones' notifications on, against a push service that answers after 3 s.
Prints figures; asserts nothing.

Run: .venv/bin/python bench/bench_push.py
In a scratch database and data folder (/tmp): a Swiss event where both players agree, Ann opted in;
her opponent saves hands from his account, and each one asks Ann to confirm it (a notification).
With the background worker's queue (the site as scripts/run.sh runs it) the save only writes the
task; with GINSCORE_TASKS=immediate (a laptop's quick try) the save sends it, and waits.
"""
from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SAVES = 8
DELAY = 3.0


def run(mode: str, folder: str) -> None:
    os.environ.update(DJANGO_SETTINGS_MODULE="ginscore.settings", GINSCORE_TASKS=mode, GINSCORE_DATA_DIR=folder,
                      DATABASE_URL=f"sqlite:///{folder}/bench.sqlite3", GINSCORE_PUSH_SERVICES="127.0.0.1")
    sys.path.insert(0, ROOT)
    import django

    django.setup()
    from django.contrib.auth.models import User
    from django.core.management import call_command
    from django.test import Client
    from django.urls import reverse

    from ginscore.engine import MatchLength
    from ginscore.matches.models import Match
    from ginscore.players.models import Player
    from ginscore.push import keys
    from ginscore.push.models import Sent
    from ginscore.tournaments import services
    from ginscore.tournaments.models import TournamentMatch
    from tests.push.service import PushService

    call_command("migrate", verbosity=0)
    t = services.tournament_create(name="Thursday", format="swiss", rounds=2, length=MatchLength("target"),
                                   agree=True)
    services.entries_set(tournament=t, names=["Ann", "Ben", "Cat", "Dan"])
    services.tournament_start(tournament=t)
    row = TournamentMatch.objects.filter(tournament=t, entry_a__isnull=False, entry_b__isnull=False).first()
    match = Match.objects.select_related("player_a", "player_b").get(pk=row.match_id)
    ann, ben = (User.objects.create_user(username=u, password="table-talk-42") for u in ("ann", "ben"))
    Player.objects.filter(pk=match.player_a_id).update(user=ann)
    Player.objects.filter(pk=match.player_b_id).update(user=ben)
    service = PushService(keys.public_key())
    service.delay = DELAY
    phone = Client()
    phone.force_login(ann)
    phone.post(reverse("push:subscribe"), service.phone("ann").subscription(), content_type="application/json")
    table = Client()
    table.force_login(ben)
    times = []
    for _ in range(SAVES):
        match.refresh_from_db()
        start = time.perf_counter()
        answered = table.post(reverse("matches:hand_new", args=[match.pk]), {
            "number": match.hand_count + 1, "revision": match.revision, "action": "save", "end": "knock",
            "by": "b", "knocker_deadwood": 3, "defender_deadwood": 20})
        times.append(time.perf_counter() - start)
        assert answered.status_code == 302, answered.status_code
    label = {"database": "background worker's queue (run.sh)", "immediate": "GINSCORE_TASKS=immediate"}[mode]
    print(f"{label:<36} {SAVES} saves: median {statistics.median(times) * 1000:7.0f} ms, "
          f"max {max(times) * 1000:7.0f} ms; notifications sent by the save itself: {Sent.objects.count()}")
    service.close()


def main() -> None:
    if len(sys.argv) == 3:
        run(sys.argv[1], sys.argv[2])
        return
    print(f"A hand's save, its notification to a push service answering after {DELAY:.0f} s:")
    for mode in ("database", "immediate"):
        with tempfile.TemporaryDirectory() as folder:
            subprocess.run([sys.executable, __file__, mode, folder], cwd=ROOT, check=True)


if __name__ == "__main__":
    main()
