"""Every request has a time and a memory bound under gunicorn (gunicorn.conf.py): a request that
runs too long, or grows its worker too big, ends that worker; the site goes on serving."""
import time
import urllib.error
import urllib.request

import pytest

from tests.deploy.servers import environment, gunicorn, prepared


def fetch(url: str) -> tuple[int | str, float]:
    start = time.monotonic()
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            response.read()
            return response.status, time.monotonic() - start
    except urllib.error.HTTPError as e:
        return e.code, time.monotonic() - start
    except (urllib.error.URLError, ConnectionError) as e:   # the worker ended under the request
        return type(getattr(e, "reason", e)).__name__, time.monotonic() - start


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("bounded")
    env = environment(tmp, GINSCORE_STATIC_ROOT=str(tmp / "static"), GINSCORE_REQUEST_SECONDS="4",
                      GINSCORE_WORKER_MEMORY_MB="400")
    prepared(env)   # migrated, collected
    log = tmp / "gunicorn.log"
    with gunicorn(env, workers=1, threads=1, log_path=log, app="tests.deploy.bounded_wsgi:application") as url:
        yield url, log


@pytest.mark.waits(5)   # (the request's 4 s, then a new worker)
def test_a_request_that_runs_too_long_ends_its_worker_and_the_site_goes_on(site):
    url, log = site
    assert fetch(url + "/slow/?seconds=0.1")[0] == 200
    answer, took = fetch(url + "/slow/?seconds=20")
    assert answer != 200 and took < 10, (answer, took)
    assert "Request GET /slow/ ran past 4 s: worker" in log.read_text()
    deadline = time.monotonic() + 20
    while fetch(url + "/accounts/login/")[0] != 200:   # a fresh worker takes over
        assert time.monotonic() < deadline, log.read_text()
        time.sleep(0.3)


@pytest.mark.waits(2)   # (a new worker)
def test_a_request_that_grows_its_worker_too_big_ends_it_and_the_site_goes_on(site):
    url, log = site
    assert fetch(url + "/grow/?mb=10")[0] == 200
    answer, took = fetch(url + "/grow/?mb=600")
    assert answer != 200, answer
    assert "Request GET /grow/ grew the worker to" in log.read_text()
    deadline = time.monotonic() + 20
    while fetch(url + "/accounts/login/")[0] != 200:
        assert time.monotonic() < deadline, log.read_text()
        time.sleep(0.3)
