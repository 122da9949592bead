"""GINSCORE_CACHE_URL=redis://...: app servers share one cache (Django's Redis backend). Two
gunicorn servers with data folders of their own serve a page one of them drew, and count in one
place; a Redis that does not answer is a miss, never a failed page; without the setting nothing
changes (every other test runs so)."""
import re
import shutil
import subprocess
import sys
import time
import urllib.request

import pytest

from tests.deploy.servers import ROOT, environment, free_port, gunicorn, prepared

REDIS = shutil.which("redis-server") or shutil.which("redis-server", path="/usr/sbin:/usr/bin")
pytestmark = pytest.mark.skipif(REDIS is None, reason="needs Debian's redis-server (scripts/setup.sh --dev)")
KEY = "one-key-shared-by-both-app-servers-" + "r3dz" * 10


@pytest.fixture(scope="module")
def redis_url():
    port = free_port()
    proc = subprocess.Popen([REDIS, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        import redis

        client = redis.Redis(port=port)
        deadline = time.monotonic() + 10
        while True:
            try:
                client.ping()
                break
            except redis.ConnectionError:
                assert time.monotonic() < deadline, "redis-server did not start"
                time.sleep(0.1)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        proc.terminate()
        proc.wait(10)


def server_env(base, tmp, name, cache_url):
    """An app server's environment: its own data folder (nothing shared through files), the one
    database and key of the event, and the shared cache."""
    return environment(base, GINSCORE_DATA_DIR=str(tmp / name), GINSCORE_STATIC_ROOT=str(base / "static"),
                       GINSCORE_SECRET_KEY=KEY, GINSCORE_CACHE_URL=cache_url)


def python(env, code: str) -> str:
    done = subprocess.run([sys.executable, "-c", "import django, os; os.environ.setdefault('DJANGO_SETTINGS_MODULE', "
                           "'ginscore.settings'); django.setup()\n" + code], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def get(url, **headers):
    with urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=10) as response:
        return response.status, dict(response.headers), response.read().decode()


@pytest.fixture(scope="module")
def event(tmp_path_factory, redis_url):
    base = tmp_path_factory.mktemp("shared")
    env = prepared(server_env(base, base, "setup", redis_url))   # migrated, collected
    python(env, "from django.contrib.auth.models import User\n"
                "User.objects.create_user('carl', password='a long passphrase')\n"   # the club has started
                "from ginscore.tournaments import services as s\n"
                "t = s.tournament_create(name='Open de Lyon', format='swiss', rounds=3)\n"
                "s.entries_set(tournament=t, names=['Zoë', 'Ann', 'Ben', 'Cleo'])\n"
                "s.tournament_start(tournament=t, shuffle_seed=1)\nprint(t.pk)")
    return base, redis_url


def test_two_app_servers_serve_the_page_one_of_them_drew(event, tmp_path):
    base, redis_url = event
    env_a, env_b = (server_env(base, tmp_path, name, redis_url) for name in ("a", "b"))
    path = "/tournaments/1/standings/"
    with gunicorn(env_a, workers=1, threads=1) as a, gunicorn(env_b, workers=1, threads=1) as b:
        status, headers, page = get(a + path)
        assert status == 200 and "Zoë" in page
        etag = headers["ETag"]
        # What A kept is in Redis, under the site's version (the same for B): put a mark in it...
        python(env_a, "from django.core.cache import caches\nfrom ginscore.club import live\n"
                      f"key = live._shared_key(({path!r}, {etag!r}))\n"
                      "body, kind = caches['pages'].get(key)\n"
                      "caches['pages'].set(key, (body.replace(b'Zo\\xc3\\xab', b'Kept-by-A'), kind))")
        # ...and B, which has never drawn this page, serves A's (marked) drawing.
        status, headers, page = get(b + path)
        assert status == 200 and headers["ETag"] == etag
        assert "Kept-by-A" in page and "Zoë" not in page
        # Nothing of the kind in either server's data folder: the files cache is not used.
        assert not list((tmp_path / "a").glob("cache/pages/*.djcache"))
        assert not list((tmp_path / "b").glob("cache/pages/*.djcache"))


def test_what_one_server_counts_in_the_cache_the_other_sees(event, tmp_path):
    base, redis_url = event
    count = ("from django.core.cache import cache\ncache.add('tries.match.12', 0, 900)\n"
             "for _ in range({n}): cache.incr('tries.match.12')\nprint(cache.get('tries.match.12'))")
    assert python(server_env(base, tmp_path, "a", redis_url), count.format(n=3)) == "3"
    assert python(server_env(base, tmp_path, "b", redis_url), count.format(n=2)) == "5"


def test_a_cache_that_does_not_answer_is_a_miss_never_a_failed_page(event, tmp_path):
    base, _redis_url = event
    env = server_env(base, tmp_path, "c", f"redis://127.0.0.1:{free_port()}/0")   # nothing listens there
    log = tmp_path / "gunicorn.log"
    with gunicorn(env, workers=1, threads=1, log_path=log) as url:
        for _ in range(2):
            status, _, page = get(url + "/tournaments/1/standings/")
            assert status == 200 and "Zoë" in page
    assert "The pages cache could not be read" in log.read_text()


def test_a_cache_address_that_is_not_redis_is_refused_by_name(tmp_path):
    done = subprocess.run([sys.executable, "manage.py", "check"], cwd=ROOT, capture_output=True, text=True,
                          env=environment(tmp_path, GINSCORE_CACHE_URL="memcached://127.0.0.1:11211"), timeout=60)
    assert done.returncode != 0
    assert re.search(r"GINSCORE_CACHE_URL must start with redis://", done.stderr), done.stderr


def test_the_site_version_is_the_same_for_every_server_of_one_site(tmp_path):
    versions = {python(environment(tmp_path, GINSCORE_DATA_DIR=str(tmp_path / name)),
                       "from ginscore.club.live import site_version\nprint(site_version())") for name in "ab"}
    assert len(versions) == 1 and re.fullmatch(r"[0-9a-f]{16}", versions.pop())


@pytest.fixture
def shared_cache(settings, redis_url):
    from ginscore import environment as env
    from ginscore.club import live

    settings.GINSCORE_CACHE_URL = redis_url
    settings.CACHES = env.shared_caches(redis_url)
    live._cache_failed_at = -live.CACHE_PAUSE
    live.forget_drawn()
    yield
    live.forget_drawn()
    live._cache_failed_at = -live.CACHE_PAUSE


def test_a_cold_page_asked_for_at_once_is_drawn_once_with_the_lock_in_the_shared_cache(shared_cache):
    import threading

    from django.core.cache import caches

    from ginscore.club import live
    from tests.club.test_draw_once import _get, _page_view

    caches["default"].set("club.count", 7)
    drawn, answers = [], []
    view = _page_view(drawn)
    first = threading.Thread(target=lambda: answers.append(_get(view).content))
    first.start()
    time.sleep(0.1)   # the first is drawing; the others stand for other servers: nothing kept in their memory
    others = []
    for _ in range(4):
        with live._drawn_lock:
            live._drawn.clear()
        others.append(threading.Thread(target=lambda: answers.append(_get(view).content)))
        others[-1].start()
    for thread in [first, *others]:
        thread.join()
    assert len(drawn) == 1 and answers == [b"<p>page 1</p>"] * 5
    # Forgetting the pages forgets only the pages, not what else the shared cache holds.
    live.forget_drawn()
    assert _get(view).content == b"<p>page 2</p>"
    assert caches["default"].get("club.count") == 7


def test_a_drawing_lock_left_by_a_server_killed_while_drawing_holds_the_others_a_second_at_most(shared_cache):
    """A file's lock goes with its process; a key in the shared cache stays until it lapses: the
    others wait for it, and every request queued on their processes with them."""
    from django.core.cache import caches

    from ginscore.club import live
    from tests.club.test_draw_once import _get, _page_view

    drawn = []
    view = _page_view(drawn, seconds=0)
    # The server that took the lock for this page was killed before it drew it.
    assert caches["pages"].add(live._shared_key(("/page/", '"v1.en"')) + ":drawing", 4242, timeout=live.DRAW_LAPSE)
    started = time.monotonic()
    answer = _get(view, "/page/")
    waited = time.monotonic() - started
    assert answer.content == b"<p>page 1</p>" and len(drawn) == 1
    assert live.DRAW_LAPSE - 0.1 < waited < live.DRAW_LAPSE + 1, waited   # (it was DRAW_WAIT, 5 s)


def test_a_shared_cache_that_failed_is_left_alone_for_a_few_seconds(shared_cache, settings, caplog):
    from ginscore import environment as env
    from ginscore.club import live
    from tests.club.test_draw_once import _get, _page_view

    settings.CACHES = env.shared_caches(f"redis://127.0.0.1:{free_port()}/0")   # nothing listens there
    drawn = []
    view = _page_view(drawn, seconds=0)
    with caplog.at_level("WARNING", logger="ginscore.club.live"):
        answers = [_get(view, f"/page/{i}/").content for i in range(3)]
    assert answers == [b"<p>page 1</p>", b"<p>page 2</p>", b"<p>page 3</p>"]   # every page drawn and served
    assert caplog.text.count("The pages cache could not be") == 1   # one refusal, then not asked again
    live._cache_failed_at -= live.CACHE_PAUSE   # a few seconds later it is tried again
    with caplog.at_level("WARNING", logger="ginscore.club.live"):
        _get(view, "/page/4/")
    assert caplog.text.count("The pages cache could not be") == 2
