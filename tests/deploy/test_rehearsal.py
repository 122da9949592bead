"""The championship's rehearsal (bench/rehearsal.py) at a tiny size, its championship set-up only
(the one box beside it doubles the time; the same code measures both): a PostgreSQL the script
starts and removes, Redis, two app servers, the front, one app server killed midway; every save
the phones were told was saved is stored once, and what the viewers of the tables' pads saw is
measured."""
import glob
import json
import os
import subprocess
import sys

import pytest

from ginscore import front
from tests.deploy.servers import ROOT

pytestmark = [pytest.mark.skipif(front.nginx_binary() is None, reason="needs Debian's nginx (scripts/setup.sh)"),
              pytest.mark.skipif(not glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                                 reason="needs Debian's postgresql (scripts/test-postgres.sh installs it)")]


WARMUP, MEASURED = 3, 8   # the night's seconds: played first, then measured


@pytest.mark.waits(WARMUP + MEASURED)
def test_the_rehearsal_loses_nothing_and_measures_what_the_viewers_saw(tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("GINSCORE_", "DJANGO_", "DATABASE_URL"))}
    out = tmp_path / "figures.json"
    proc = subprocess.Popen([sys.executable, "bench/rehearsal.py", "--tables", "4", "--viewers", "8", "--boards", "1",
                             "--seconds", str(MEASURED), "--warmup", str(WARMUP), "--save-every", "1.5", "--setups", "championship", "--players-poll",
                             "--json", str(out)], cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        stdout, stderr = proc.communicate(timeout=180)
    finally:
        if proc.poll() is None:   # (a timeout: the rehearsal stops its servers and PostgreSQL on SIGTERM)
            proc.terminate()
            stdout, stderr = proc.communicate(timeout=60)
    done = subprocess.CompletedProcess(proc.args, proc.returncode, stdout, stderr)
    assert out.exists(), done.stdout[-3000:] + done.stderr[-3000:]
    [championship] = json.loads(out.read_text())
    assert championship["setup"] == "championship"
    assert championship["database"].startswith("PostgreSQL") and "fsync" in championship["database"]
    assert championship["cache"] == "Redis" and championship["short"].startswith("2 x ")
    assert "app server 1 of 2 killed" in done.stdout
    # The phones go before the site's processes for the cores (bench/loopback.py's client_first), as root.
    assert championship["client loop"].endswith("niceness -10" if os.geteuid() == 0 else "niceness 0")
    night = championship
    # 4 tables saving a hand every 1.5 s for 11 s: some twenty saves, each stored once.
    assert night["told"] >= 12, night
    assert night["lost"] == night["doubled"] == 0, night
    # The phones send as their outbox does (the send URL, sent again after a failure): the front sends a
    # hand the killed server had on to the other one, so no phone is answered an error, none left unsaved.
    assert night["save errors"] == night["unsaved"] == 0, night
    assert "hands sent again by the phone / never saved" in done.stdout
    # One viewer of each table's pad is its players' phone, holding the table link's session. It polls as
    # live.js does, as a visitor (no cookies): the front answers those from the copy it shares with the
    # pad's onlookers, never BYPASS; on a change the phone asks for its own pad with its session (BYPASS).
    players, own = night["front by kind"]["player poll"], night["front by kind"]["player own poll"]
    # (three phones: of the 8 viewers, 4 watch a pad, two of them the same table's)
    assert sum(players.values()) >= 3 * 8 / 2.25 and "BYPASS" not in players, night["front by kind"]
    assert players.get("HIT", 0) > 0, night["front by kind"]
    assert sum(own.values()) >= 3 and set(own) == {"BYPASS"}, night["front by kind"]
    lag = night["lag"]
    assert lag["viewers"] == 4 and lag["saves"] >= 8, lag   # half the 8 viewers watch a table's pad
    # Seen by every viewer of its table after their next poll (0.75-2.25 s apart): never before
    # the save, and within the night.
    assert 0 <= lag["p50"] <= lag["p99"] <= lag["max"] < 11, lag
    # A poll behind is told with how the front answered it (its X-Cache: UPDATING, HIT...), by kind.
    assert sum(lag["behind how"].values()) == lag["behind"], lag
    assert night["cpu"]["app"] > 0 and night["client"] > 0, night
    assert championship["cpu"]["postgres"] > 0 and championship["cpu"]["redis"] >= 0
    assert "side by side" in done.stdout and "saves told / lost / doubled" in done.stdout
    # The exit status says whether anything was lost or a viewer was behind over 2 s once the kill settled.
    behind = championship["lag"]["behind"]
    assert done.returncode == (1 if behind else 0), done.stdout[-2000:]
    assert ("FAILED" in done.stdout) == bool(behind)
