"""A browser test that hangs fails after its time, with where it hung, and is tried once more with
a new chromium (tests/conftest.py, tests/browser/conftest.py): no hang holds the suite's run."""
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SECONDS = 12   # each probe test's time: room for a new chromium's start on a loaded machine


@pytest.mark.browser
@pytest.mark.waits(3 * SECONDS)   # (three hangs, each its whole time)
@pytest.mark.flaky(reruns=0)   # (its failure quotes the probe's timeouts: never taken for a hang of its own)
def test_a_hung_browser_test_fails_in_its_time_and_is_tried_again_with_a_new_chromium():
    env = {**os.environ, "GINSCORE_TEST_BROWSER_SECONDS": str(SECONDS)}
    env.pop("DATABASE_URL", None)   # its own SQLite database: the probe is about the browser
    started = time.monotonic()
    # (in a pytest-xdist worker, as scripts/test.sh runs the suite)
    run = subprocess.run([sys.executable, "-m", "pytest", "-n", "1", "--dist", "loadfile", "tests/browser/hung_probe.py"],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    seconds = time.monotonic() - started
    out = run.stdout + run.stderr
    assert run.returncode == 1, out
    assert "1 failed, 3 passed, 2 rerun" in out, out
    assert "RERUN tests/browser/hung_probe.py::test_a_call_into_chromium_never_returns_once" in out, out
    assert "PASSED tests/browser/hung_probe.py::test_a_call_into_chromium_never_returns_once" in out, out
    assert "FAILED tests/browser/hung_probe.py::test_a_call_into_chromium_never_returns_ever" in out, out
    # where the first try of the test that passed again hung, after the summary's names
    hung = out.split("hung, tried again: tests/browser/hung_probe.py::test_a_call_into_chromium_never_returns_once")
    assert len(hung) == 2 and 'phone.evaluate("new Promise(() => {})")' in hung[1], out
    assert f"Timeout (>{SECONDS:.1f}s) from pytest-timeout" in hung[1], out
    # where it hung, in the failure's traceback
    assert f"Timeout (>{SECONDS:.1f}s) from pytest-timeout" in out, out
    assert 'phone.evaluate("new Promise(() => {})")' in out, out
    assert seconds < 4 * SECONDS + 120, seconds
