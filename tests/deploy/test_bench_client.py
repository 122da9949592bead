"""The benchmarks' phones (bench/loopback.py) go before the site's processes for the cores while they
play, and only then: a server started before or after keeps the site's niceness."""
import asyncio
import os
import subprocess

import pytest

from tests.deploy.servers import ROOT


@pytest.fixture
def loopback(monkeypatch):
    monkeypatch.syspath_prepend(str(ROOT / "bench"))
    import loopback
    return loopback


def _niceness():
    return os.getpriority(os.PRIO_PROCESS, 0)


async def _play():
    await asyncio.sleep(0)
    child = subprocess.run(["sh", "-c", "cut -d' ' -f19 /proc/self/stat"], capture_output=True, text=True, check=True)
    return _niceness(), int(child.stdout)


@pytest.mark.skipif(os.geteuid() != 0, reason="lowering a niceness needs root")
def test_the_phones_play_at_the_niceness_asked_and_give_it_back(loopback, monkeypatch):
    before = _niceness()
    monkeypatch.setattr(loopback, "CLIENT_NICE", -7)
    assert loopback.run(_play()) == (-7, -7)   # (a process started while they play takes theirs)
    assert _niceness() == before
    assert loopback.loop_name().endswith(", niceness -7")
    monkeypatch.setattr(loopback, "CLIENT_NICE", 0)
    assert loopback.run(_play()) == (0, 0)
    assert loopback.loop_name().endswith(", niceness 0")
    assert _niceness() == before


def test_without_root_the_phones_keep_the_sites_niceness(loopback, monkeypatch):
    before = _niceness()

    def setpriority(which, who, value):   # as for a user other than root: only back to where it was
        if value != before:
            raise PermissionError(13, "Permission denied")
    monkeypatch.setattr(loopback.os, "setpriority", setpriority)
    monkeypatch.setattr(loopback, "CLIENT_NICE", -10)
    assert loopback.run(_play())[0] == before
    assert loopback.loop_name().endswith(f", niceness {before}")
