"""The site as scripts/run.sh serves it: gunicorn, DEBUG off, static files by whitenoise,
on a fresh SQLite database in WAL mode."""
import gzip
import re
import urllib.error
import urllib.request

import pytest

from tests.deploy.servers import environment, gunicorn, manage, prepared


def fetch(url, **headers):
    request = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as e:
        return e.code, dict(e.headers), e.read()


@pytest.fixture(scope="module")
def site_dir(tmp_path_factory):
    return tmp_path_factory.mktemp("site")


@pytest.fixture(scope="module")
def site(site_dir):
    tmp = site_dir
    env = prepared(environment(tmp, GINSCORE_STATIC_ROOT=str(tmp / "static")))   # migrated, collected
    done = manage(env, "shell", "-c", "from ginscore.players.models import Player; Player.objects.create(name='Zoë'); "
                  "from django.contrib.auth.models import User; User.objects.create_user('carl', password='a long pass')")
    assert done.returncode == 0, done.stderr   # (the club has started)
    with gunicorn(env, log_path=tmp / "gunicorn.log") as url:
        yield url


def test_the_site_is_made_ready_once_before_the_workers_start(site, site_dir):
    log = (site_dir / "gunicorn.log").read_text()
    warmed = re.findall(r"Warmed up before serving: (\d+) templates compiled", log)
    assert len(warmed) == 1 and int(warmed[0]) > 100, log   # in the master, not once a worker
    assert log.index("Warmed up before serving") < log.index("Booting worker")
    assert "Traceback" not in log


def test_pages_are_served_by_gunicorn_with_debug_off(site):
    status, headers, body = fetch(site + "/")
    assert status == 200 and headers["Server"] == "gunicorn"
    status, _, body = fetch(site + "/players/")
    assert status == 200 and "Zoë" in body.decode()  # from the database
    status, _, body = fetch(site + "/matches/987654/")
    assert status == 404
    assert "There is no such page" in body.decode() and "Using the URLconf" not in body.decode()


def test_static_files_are_served_hashed_compressed_and_cached_for_ever(site):
    _, _, body = fetch(site + "/")
    css = re.search(r'href="(/static/ginscore/site\.[0-9a-f]{12}\.css)"', body.decode()).group(1)
    status, headers, body = fetch(site + css, **{"Accept-Encoding": "gzip"})
    assert status == 200 and headers["Content-Type"].startswith("text/css")
    assert headers.get("Content-Encoding") == "gzip" and b".topbar" in gzip.decompress(body)
    assert "immutable" in headers["Cache-Control"]
