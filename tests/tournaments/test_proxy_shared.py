"""What a visitor polls (the round, the standings, the board, a table's pad for onlookers) is
marked for a front proxy to share for a second; a page drawn for anyone with an account, a
session or a message is never marked so. The language stays the visitor's: it is in the ETag and
the Vary of every shared page."""
import pytest
from django.test import Client
from django.urls import reverse

from ginscore.matches.models import Match

SHARED = "public, max-age=0, s-maxage=1, must-revalidate"


def _visitor_pages(t):
    match = Match.objects.filter(tournament_match__tournament=t).first()
    return [reverse("tournaments:round", args=[t.pk, 1, 1]), reverse("tournaments:standings", args=[t.pk]),
            reverse("tournaments:board", args=[t.pk]), reverse("matches:detail", args=[match.pk])]


@pytest.fixture
def event(make_tournament):
    return make_tournament("swiss", 8)


def test_a_visitors_live_pages_may_be_shared_for_a_second_and_say_what_they_vary_on(event):
    for url in _visitor_pages(event):
        response = Client().get(url)
        assert response.status_code == 200, url
        assert response["Cache-Control"] == SHARED, url
        vary = {v.strip() for v in response["Vary"].split(",")}
        assert {"Cookie", "Accept-Language"} <= vary, (url, vary)
        assert not response.cookies, url
        again = Client().get(url, HTTP_IF_NONE_MATCH=response["ETag"])
        assert again.status_code == 304 and again["Cache-Control"] == SHARED


def test_the_language_is_part_of_the_shared_page(event):
    url = reverse("tournaments:standings", args=[event.pk])
    english = Client().get(url)
    french = Client(HTTP_ACCEPT_LANGUAGE="fr-FR,fr;q=0.9").get(url)
    assert french["Cache-Control"] == english["Cache-Control"] == SHARED
    assert english["ETag"].endswith('.en"') and french["ETag"].endswith('.fr"')
    assert french["Content-Language"] == "fr" and "Classement" in french.content.decode()
    chosen = Client()
    chosen.cookies["ginscore_language"] = "fr"
    assert chosen.get(url)["ETag"] == french["ETag"]


def test_a_page_drawn_for_someone_is_never_shared(event, member, director):
    for url in _visitor_pages(event):
        for who in (member, director):
            logged_in = Client()
            logged_in.force_login(who)
            response = logged_in.get(url)
            assert "public" not in response["Cache-Control"] and "no-store" in response["Cache-Control"], url
            assert logged_in.get(url, HTTP_IF_NONE_MATCH=response["ETag"])["Cache-Control"] != SHARED
        with_message = Client()
        with_message.cookies["messages"] = "anything"
        assert "no-store" in with_message.get(url)["Cache-Control"], url


def test_a_phone_holding_the_table_link_is_never_given_a_shared_pad(event):
    match = Match.objects.filter(tournament_match__tournament=event).first()
    phone = Client()
    assert phone.get(reverse("matches:table", args=[match.table_token])).status_code == 302
    pad = phone.get(reverse("matches:detail", args=[match.pk]))
    assert pad.status_code == 200 and "no-store" in pad["Cache-Control"]
    assert "Save hand" in pad.content.decode()


@pytest.mark.parametrize("read_at, expires", [(1_000_000.0, 1_000_000), (1_000_000.24, 1_000_000),
                                              (1_000_000.25, 1_000_001), (1_000_000.99, 1_000_001)])
def test_the_front_keeps_a_shared_page_until_a_second_counted_from_when_its_version_was_read(
        event, monkeypatch, read_at, expires):
    """nginx answers from its copy while its clock's second is at most X-Accel-Expires: the page is
    never kept past 1.75 s after the version it shows was read (nor less than 0.75 s), however long
    the site's answer took to reach it (a poll 2 s after a hand sees it whenever the site answers the
    front within a quarter of a second); a page not shared carries none."""
    from ginscore.club import live

    monkeypatch.setattr(live.time, "time", lambda: read_at)
    for url in _visitor_pages(event):
        response = Client().get(url)
        assert response["X-Accel-Expires"] == f"@{expires}", url
        assert 0.75 < expires + 1 - read_at <= 1.75
        again = Client().get(url, HTTP_IF_NONE_MATCH=response["ETag"])   # and its 304, which renews the copy
        assert again.status_code == 304 and again["X-Accel-Expires"] == f"@{expires}"
    with_a_session = Client()
    with_a_session.cookies["sessionid"] = "abc"
    response = with_a_session.get(_visitor_pages(event)[1])
    assert "no-store" in response["Cache-Control"] and "X-Accel-Expires" not in response
