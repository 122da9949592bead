"""A live page's poll (live.js: X-Live and the page's ETag) is told "not modified" from the page's
version alone, before the session and the rest of the site's work (LivePollMiddleware): one query
for a table's phone too, the same answer and headers as the whole way, and anything else (a change,
another language's ETag, no such page, an address that is no live page) goes the whole way."""
import pytest
from django.test import Client, override_settings
from django.urls import reverse

from ginscore.matches import services
from ginscore.matches.models import Match
from ginscore.matches.records import HandEntry

pytestmark = pytest.mark.django_db

SHARED = "public, max-age=0, s-maxage=1, must-revalidate"
POLL = {"HTTP_X_LIVE": "1"}


@pytest.fixture
def event(make_tournament):
    return make_tournament("swiss", 8)


def _pages(t):
    match = Match.objects.filter(tournament_match__tournament=t).first()
    return [reverse("tournaments:round", args=[t.pk, 1, 1]), reverse("tournaments:standings", args=[t.pk]),
            reverse("tournaments:board", args=[t.pk]), reverse("matches:detail", args=[match.pk])]


def _table_phone(match) -> Client:
    phone = Client()
    assert phone.get(reverse("matches:table", args=[match.table_token])).status_code == 302
    return phone


def _poll(client, url, etag, **extra):
    return client.get(url, HTTP_IF_NONE_MATCH=etag, **POLL, **extra)


def _headers(response) -> tuple:
    return (response.status_code, response.get("ETag"), response.get("Cache-Control"),
            "X-Accel-Expires" in response)


def test_each_viewers_poll_is_answered_as_the_whole_way_does_with_one_query(
        event, member, director, django_assert_num_queries):
    match = Match.objects.filter(tournament_match__tournament=event).first()
    logged_in = []
    for who in (member, director):
        client = Client()
        client.force_login(who)
        logged_in.append(client)
    viewers = {"visitor": Client(), "French visitor": Client(HTTP_ACCEPT_LANGUAGE="fr"),
               "table phone": _table_phone(match), "member": logged_in[0], "director": logged_in[1]}
    for url in _pages(event):
        for name, client in viewers.items():
            etag = client.get(url)["ETag"]
            with django_assert_num_queries(1):
                early = _poll(client, url, etag)
            with override_settings(GINSCORE_LIVE_POLL_EARLY=False):
                whole = _poll(client, url, etag)
            assert early.status_code == 304, (url, name)
            assert _headers(early) == _headers(whole), (url, name)
            visitor = name.endswith("visitor")
            assert (early["Cache-Control"] == SHARED) == visitor, (url, name, early["Cache-Control"])
            assert visitor or "no-store" in early["Cache-Control"], (url, name)


def test_a_table_phones_poll_costs_one_query_where_the_whole_way_costs_two(event, django_assert_num_queries):
    match = Match.objects.filter(tournament_match__tournament=event).first()
    url = reverse("matches:detail", args=[match.pk])
    phone = _table_phone(match)
    etag = phone.get(url)["ETag"]
    with django_assert_num_queries(1):
        assert _poll(phone, url, etag).status_code == 304
    with override_settings(GINSCORE_LIVE_POLL_EARLY=False), django_assert_num_queries(2):
        assert _poll(phone, url, etag).status_code == 304


def test_a_change_goes_the_whole_way_and_its_version_is_read_once(event, django_assert_num_queries):
    match = Match.objects.filter(tournament_match__tournament=event).first()
    url = reverse("matches:detail", args=[match.pk])
    phone = _table_phone(match)
    etag = phone.get(url)["ETag"]
    services.hand_add(match_id=match.pk, entry=HandEntry("knock", "a", 5, 30), expected_number=1)
    with override_settings(GINSCORE_LIVE_POLL_EARLY=False):
        from django.db import connection
        from django.test.utils import CaptureQueriesContext

        with CaptureQueriesContext(connection) as whole:
            drawn = _poll(phone, url, etag)
    with django_assert_num_queries(len(whole.captured_queries)):
        fresh = _poll(phone, url, etag)
    assert drawn.status_code == fresh.status_code == 200
    assert fresh["ETag"] == drawn["ETag"] != etag
    assert "Save hand" in fresh.content.decode() and "Hand 1" in fresh.content.decode()
    assert _poll(phone, url, fresh["ETag"]).status_code == 304


def test_a_page_drawn_in_another_language_is_told_nothing_changed_while_its_version_holds(event):
    """The ETag names the language the page was drawn in for that viewer: the version alone decides."""
    url = reverse("tournaments:standings", args=[event.pk])
    french = Client(HTTP_ACCEPT_LANGUAGE="fr").get(url)["ETag"]
    assert french.endswith('.fr"')
    assert _poll(Client(), url, french).status_code == 304
    assert _poll(Client(), url, f"W/{french}").status_code == 304   # as a front that compressed it says it
    # A language the site does not speak is no page it drew: the whole way, a new page.
    assert _poll(Client(), url, french.replace('.fr"', '.de"')).status_code == 200


@pytest.mark.parametrize("etag", ['"nonsense"', "*", '"' + "x" * 5000 + '"', "W/", '"m1.2.en", garbage', "\x00"])
def test_a_poll_with_nonsense_is_answered_the_whole_way(event, etag):
    url = reverse("tournaments:standings", args=[event.pk])
    assert _poll(Client(), url, etag).status_code in (200, 304)


def test_a_poll_of_no_live_page_or_no_such_page_goes_the_whole_way(event):
    assert _poll(Client(), "/", '"anything.en"').status_code == 200
    missing = reverse("matches:detail", args=[Match.objects.order_by("-pk").first().pk + 1000])
    assert _poll(Client(), missing, '"m1.1.en"').status_code == 404


def test_a_poll_with_a_message_waiting_is_never_shared(event):
    url = reverse("tournaments:standings", args=[event.pk])
    etag = Client().get(url)["ETag"]
    with_message = Client()
    with_message.cookies["messages"] = "anything"
    answer = _poll(with_message, url, etag)
    assert answer.status_code == 304 and "no-store" in answer["Cache-Control"] and "X-Accel-Expires" not in answer
