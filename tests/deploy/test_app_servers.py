"""Two app servers (gunicorn) on one PostgreSQL, as a big event runs them: a table link opened
through one works through the other (sessions in the database), and two phones saving the
same hand through both servers at once: exactly one hand is kept, the other phone is told, and
both servers' pads (each cached at the previous revision) show the kept hand."""
import http.cookiejar
import re
import threading
import urllib.error
import urllib.parse
import urllib.request

import pytest
from django.db import connection

from ginscore.matches.models import Hand
from tests.deploy.servers import environment, gunicorn, prepared

pytestmark = pytest.mark.django_db(transaction=True)


class Phone:
    """A browser: its own cookies, talking to one server or another."""

    def __init__(self):
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))

    def get(self, url) -> str:
        with self.opener.open(url, timeout=30) as response:
            return response.read().decode()

    def post(self, url, data: dict, referer: str) -> str:
        body = urllib.parse.urlencode(data).encode()
        request = urllib.request.Request(url, body, headers={"Referer": referer})
        try:
            with self.opener.open(request, timeout=30) as response:
                return response.read().decode()
        except urllib.error.HTTPError as refused:  # the loser of a simultaneous save: 409 and the conflict page
            assert refused.code == 409, refused.code
            return refused.read().decode()


def database_url() -> str:
    s = connection.settings_dict
    return f"postgres://{s['USER']}@{s['HOST']}:{s['PORT']}/{s['NAME']}"


@pytest.fixture
def two_servers(tmp_path):
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (DATABASE_URL=postgres://...)")
    env = environment(tmp_path, DATABASE_URL=database_url(), GINSCORE_STATIC_ROOT=str(tmp_path / "static"),
                      GINSCORE_SECRET_KEY="one-key-shared-by-both-app-servers-" + "x7Qp" * 10)
    prepared(env, database=False)   # collected (the database is the test's own)
    with gunicorn(env, workers=1, threads=2) as a, gunicorn(env, workers=1, threads=2) as b:
        yield a, b


def test_the_same_hand_saved_through_two_servers_at_once_is_kept_once(two_servers, make_match):
    a, b = two_servers
    match = make_match([{"end": "dead"}])
    phones = [Phone(), Phone()]
    for phone in phones:  # each phone opens the table link through server A...
        phone.get(f"{a}/matches/table/{match.table_token}/")
    for rnd in range(4):
        n = Hand.objects.filter(match=match).count() + 1
        match.refresh_from_db()
        forms = []
        for phone, server in zip(phones, (a, b)):  # ...and phone 2 scores through server B
            phone.get(f"{server}/matches/{match.pk}/")  # each server has this revision's pad cached
            page = phone.get(f"{server}/matches/{match.pk}/hands/new/")
            forms.append(re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1))
        barrier = threading.Barrier(2)
        pages = [None, None]

        def save(i, server, end):
            url = f"{server}/matches/{match.pk}/hands/new/"
            data = {"csrfmiddlewaretoken": forms[i], "number": n, "revision": match.revision, "action": "save",
                    "by": "a", "end": end, "defender_deadwood": 10}
            barrier.wait()
            pages[i] = phones[i].post(url, data, referer=url)

        threads = [threading.Thread(target=save, args=(i, server, end))
                   for i, (server, end) in enumerate(((a, "gin"), (b, "big_gin")))]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
        saved = [p for p in pages if f"Hand {n} saved" in p]
        told = [p for p in pages if f"Hand {n} was just recorded on another device" in p]
        assert len(saved) == 1 and len(told) == 1, (rnd, [re.findall(r'class="msg[^>]*>([^<]*)', p) for p in pages])
        kept = Hand.objects.get(match=match, number=n)
        shown = {"gin": "Ann went gin (Ben 10)", "big_gin": "Ann went big gin (Ben 10)"}[kept.end]
        for phone, server in zip(phones, (b, a)):  # both servers show the hand the other one kept
            pad = phone.get(f"{server}/matches/{match.pk}/")
            assert f'<tr id="hand-{n}"><td class="num">{n}</td><td>{shown}<br>' in pad
    assert list(Hand.objects.filter(match=match).order_by("number").values_list("number", flat=True)) == [1, 2, 3, 4, 5]
