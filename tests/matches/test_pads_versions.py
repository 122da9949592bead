"""The versions of a block of pads (/matches/pads/<block>/): what a pad's onlookers poll first
(live.js, <meta name="live-versions">), shared by the front, asking for the pad itself only when its
own version there moved. Each version is exactly the pad's live version (its ETag without the
language), whatever the match's state; the answer is the same for everyone and says so."""
import json
import re
import time

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from ginscore.matches import selectors, services
from ginscore.matches.records import HandEntry

pytestmark = pytest.mark.django_db

SHARED = "public, max-age=0, s-maxage=1, must-revalidate, stale-while-revalidate=1"
GINS = [{"end": "gin", "by": "Ann", "deadwood": {"Ben": 30}}] * 2


def _block(pk):
    return pk // selectors.PADS_BLOCK


def _url(pk):
    return reverse("matches:pads_versions", args=[_block(pk)])


def _pad_version(client, pk):
    etag = client.get(reverse("matches:detail", args=[pk]))["ETag"]
    return re.fullmatch(r'"(.*)\.[a-z-]+"', etag).group(1)


def test_each_pad_of_the_block_has_the_version_its_page_has(make_match):
    playing = make_match([{"end": "knock", "by": "Ann", "deadwood": {"Ann": 3, "Ben": 20}}])
    finished = make_match(GINS, length=("best_of", 1))
    assert finished.complete
    client = Client()
    for pk in (playing.pk, finished.pk):
        got = selectors.pads_live_versions(_block(pk))
        assert got[pk] == selectors.match_live_version(pk) == _pad_version(client, pk)
        assert all(_block(other) == _block(pk) for other in got)
    assert ".r" in selectors.pads_live_versions(_block(finished.pk))[finished.pk]   # the ratings' version too


def test_the_answer_is_shared_for_a_second_and_not_modified_until_a_pad_moves(make_match):
    match = make_match()
    client = Client()
    first = client.get(_url(match.pk))
    assert first.status_code == 200 and first["Content-Type"] == "application/json"
    assert first["Cache-Control"] == SHARED and re.fullmatch(r"@\d+", first["X-Accel-Expires"])
    assert "Set-Cookie" not in first and not first.cookies
    assert json.loads(first.content)[str(match.pk)] == _pad_version(client, match.pk)

    again = client.get(_url(match.pk), HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304 and again["ETag"] == first["ETag"] and again["Cache-Control"] == SHARED

    services.hand_add(match_id=match.pk, entry=HandEntry("gin", "a", 0, 25), expected_number=1)
    moved = client.get(_url(match.pk), HTTP_IF_NONE_MATCH=first["ETag"])
    assert moved.status_code == 200 and moved["ETag"] != first["ETag"]
    assert json.loads(moved.content)[str(match.pk)] == _pad_version(client, match.pk)
    assert json.loads(moved.content)[str(match.pk)] != json.loads(first.content)[str(match.pk)]


def test_one_query_for_the_block_and_one_more_when_a_pad_is_finished(make_match):
    match = make_match()
    with CaptureQueriesContext(connection) as queries:
        selectors.pads_live_versions(_block(match.pk))
    assert len(queries.captured_queries) == 1
    finished = make_match(GINS, length=("best_of", 1))
    with CaptureQueriesContext(connection) as queries:
        selectors.pads_live_versions(_block(finished.pk))
    assert len(queries.captured_queries) == 2


def test_the_same_in_every_language(make_match):
    match = make_match()
    english = Client(HTTP_ACCEPT_LANGUAGE="en").get(_url(match.pk))
    french = Client(HTTP_ACCEPT_LANGUAGE="fr").get(_url(match.pk))
    assert english.content == french.content and english["ETag"] == french["ETag"]


@pytest.mark.parametrize("block", [0, 10 ** 6, 2 ** 63 // 16 - 1])
def test_a_block_without_matches_is_empty(db, block):
    answer = Client().get(f"/matches/pads/{block}/")
    assert answer.status_code == 200 and json.loads(answer.content) == {}


@pytest.mark.parametrize("address", [f"/matches/pads/{2 ** 63 // 16}/", f"/matches/pads/{10 ** 30}/"])
def test_a_block_beyond_any_match_number_is_a_404(db, address):
    assert Client().get(address).status_code == 404


def test_only_read(make_match):
    match = make_match()
    assert Client().post(_url(match.pk)).status_code == 405


def test_the_pad_names_its_block(make_match):
    match = make_match()
    page = Client().get(reverse("matches:detail", args=[match.pk])).content.decode()
    assert f'<meta name="live-versions" content="{_url(match.pk)}" data-key="{match.pk}">' in page


def test_live_js_poll_is_answered_before_the_session_is_read(make_match, member):
    """With X-Live (live.js), the answer comes before the session, the account and the language:
    one query, the versions', even for a member's browser; the same answer as the whole way."""
    match = make_match()
    client = Client()
    client.force_login(member)
    whole = client.get(_url(match.pk))
    with CaptureQueriesContext(connection) as queries:
        early = client.get(_url(match.pk), HTTP_X_LIVE="1")
    assert len(queries.captured_queries) == 1, [q["sql"] for q in queries.captured_queries]
    assert (early.status_code, early.content, early["ETag"]) == (200, whole.content, whole["ETag"])
    assert early["Cache-Control"] == SHARED and "Set-Cookie" not in early
    assert client.get(_url(match.pk), HTTP_X_LIVE="1", HTTP_IF_NONE_MATCH=whole["ETag"]).status_code == 304


def test_switched_off_the_pad_names_no_versions(make_match, settings):
    """GINSCORE_LIVE_VERSIONS=0: live.js polls the pad itself, as before."""
    settings.GINSCORE_LIVE_VERSIONS = False
    match = make_match()
    page = Client().get(reverse("matches:detail", args=[match.pk])).content.decode()
    assert 'name="live-etag"' in page and "live-versions" not in page


@pytest.mark.parametrize("poll", [{}, {"HTTP_X_LIVE": "1"}], ids=["through the site", "answered early"])
def test_the_front_keeps_the_copy_to_the_end_of_the_second_it_was_read_in(make_match, poll):
    """nginx's copy of the versions may answer a poll to the end of the second the site read them in
    (X-Accel-Expires, nginx's whole seconds), and while one poll asks the site again, the others to the
    end of the next (stale-while-revalidate): never with versions read 2 s before or more. nginx 1.22
    reads stale-while-revalidate only from a Cache-Control that comes before X-Accel-Expires."""
    match = make_match()
    before = time.time()
    for etag in ("", '"v0.0"'):
        answer = Client().get(_url(match.pk), HTTP_IF_NONE_MATCH=etag, **poll)
        after = time.time()
        assert answer.status_code == 200
        assert int(before) <= int(answer["X-Accel-Expires"].removeprefix("@")) <= int(after)
        names = [name.lower() for name, _ in answer.items()]
        assert names.index("cache-control") < names.index("x-accel-expires")
        assert answer["Cache-Control"] == SHARED
        not_modified = Client().get(_url(match.pk), HTTP_IF_NONE_MATCH=answer["ETag"], **poll)
        names = [name.lower() for name, _ in not_modified.items()]
        assert not_modified.status_code == 304 and names.index("cache-control") < names.index("x-accel-expires")
