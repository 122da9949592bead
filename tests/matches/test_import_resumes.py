"""An import killed outright (kill -9, a power cut) leaves whole batches of whole matches; the
same file imported again adds the rest and nothing twice (the issue: a killed import left 328 of
500 records and the re-upload was refused as "already here", with only a duplicating choice)."""
import json
import os
import signal
import subprocess
import sys

import pytest
from django.db import connection

from ginscore.matches.models import Hand, Match
from tests.deploy.servers import ROOT, environment

pytestmark = pytest.mark.django_db(transaction=True)

RECORDS = 600   # 5 hands each: 3,000 hands, in batches of at most 1,000 hands or 0.2 s (several)


def _env(tmp_path):
    s = connection.settings_dict
    url = (f"sqlite:///{s['NAME']}" if connection.vendor == "sqlite"
           else f"postgres://{s['USER']}@{s['HOST']}:{s['PORT']}/{s['NAME']}")
    return environment(tmp_path, DATABASE_URL=url)


def test_an_import_killed_between_batches_is_completed_by_the_same_file_again(tmp_path):
    record = {"players": ["Ann", "Ben"], "hands": [{"end": "knock", "by": "Ann", "deadwood": {"Ann": 3, "Ben": 20}}] * 5}
    path = tmp_path / "night.json"
    path.write_text(json.dumps([{**record, "stake": f"{n}.25"} for n in range(RECORDS)]))
    proc = subprocess.Popen([sys.executable, "manage.py", "import_matches", str(path)], cwd=ROOT, env=_env(tmp_path),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        line = proc.stderr.readline()           # "40 of 600 records written": one batch is in
        assert f"of {RECORDS} records written" in line, line + proc.stderr.read()
        os.kill(proc.pid, signal.SIGKILL)
    finally:
        proc.kill()
        proc.wait(30)
    left = Match.objects.count()
    assert 0 < left < RECORDS and Hand.objects.count() == 5 * left   # whole matches only
    done = subprocess.run([sys.executable, "manage.py", "import_matches", str(path)], cwd=ROOT, env=_env(tmp_path),
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert len(done.stdout.split()) == RECORDS - left
    already = ("1 record was already here and was not added again." if left == 1   # a first batch of one, on a slow machine
               else f"{left} records were already here and were not added again.")
    assert already in done.stderr
    assert Match.objects.count() == RECORDS and Hand.objects.count() == 5 * RECORDS
    assert sorted(str(s) for s in Match.objects.values_list("stake", flat=True)) == \
        sorted(f"{n}.2500" for n in range(RECORDS))
