"""A phone with a session (a table's players, a member, the director) polls a page visitors share as a
visitor would: without its cookies, naming its page's version in each language the site speaks
(live.js, <meta name="live-poll-languages">). That poll may be answered by the front from the copy it
keeps for the visitors; only when the version moved does the phone ask for its own page. What makes
it right: a page's version is the same whoever views it, so "not modified" for the visitors is "not
modified" for the phone."""
import re

import pytest
from django.test import Client, override_settings
from django.urls import reverse

from ginscore.matches import services
from ginscore.matches.models import Match
from ginscore.matches.records import HandEntry
from ginscore.tournaments.my_night import night_link

pytestmark = pytest.mark.django_db

SHARED = "public, max-age=0, s-maxage=1, must-revalidate"
LANGUAGES = re.compile(r'<meta name="live-poll-languages" content="([^"]*)">')


@pytest.fixture
def event(make_tournament):
    return make_tournament("swiss", 8)


def _match(t):
    return Match.objects.filter(tournament_match__tournament=t).first()


def _shared_pages(t):
    return [reverse("tournaments:round", args=[t.pk, 1, 1]), reverse("tournaments:standings", args=[t.pk]),
            reverse("tournaments:board", args=[t.pk]), reverse("matches:detail", args=[_match(t).pk])]


def _table_phone(match, **extra) -> Client:
    phone = Client(**extra)
    assert phone.get(reverse("matches:table", args=[match.table_token])).status_code == 302
    return phone


def _logged_in(who, **extra) -> Client:
    client = Client(**extra)
    client.force_login(who)
    return client


def _version(etag: str) -> str:
    return re.fullmatch(r'"(.*)\.[a-z-]+"', etag).group(1)


def _as_visitor(url, etag, languages, **extra):
    """live.js's poll as a visitor: no cookies, the version named in each language."""
    tags = ", ".join(f'"{_version(etag)}.{code}"' for code in languages)
    return Client(**extra).get(url, HTTP_IF_NONE_MATCH=tags, HTTP_X_LIVE="1")


def test_every_viewer_with_a_session_polls_a_shared_page_as_a_visitor_and_is_told_nothing_changed(
        event, member, director):
    """The table's phone (in French, by its language cookie, on an English browser), a member and the
    director: each page visitors share says to poll as one, and that poll is a shareable 304."""
    match = _match(event)
    french_phone = _table_phone(match, HTTP_ACCEPT_LANGUAGE="en")
    french_phone.cookies["ginscore_language"] = "fr"
    viewers = {"table phone": _table_phone(match), "French table phone": french_phone,
               "member": _logged_in(member), "director": _logged_in(director)}
    for url in _shared_pages(event):
        for name, client in viewers.items():
            page = client.get(url)
            found = LANGUAGES.search(page.content.decode())
            assert found and found.group(1).split() == ["en", "fr"], (url, name)
            for browser in ("en", "fr", "de"):
                answer = _as_visitor(url, page["ETag"], found.group(1).split(), HTTP_ACCEPT_LANGUAGE=browser)
                assert answer.status_code == 304, (url, name, browser)
                assert answer["Cache-Control"] == SHARED and "X-Accel-Expires" in answer, (url, name)
        # The version is the page's whoever views it: the visitors' is the phone's.
        versions = {_version(c.get(url)["ETag"]) for c in (*viewers.values(), Client())}
        assert len(versions) == 1, (url, versions)


def test_a_visitor_and_a_page_no_visitor_shares_poll_with_their_own_cookies(event):
    visitor = Client().get(reverse("matches:detail", args=[_match(event).pk]))
    assert visitor["ETag"] and 'name="live-etag"' in visitor.content.decode()
    assert not LANGUAGES.search(visitor.content.decode())   # (a visitor's poll is already a visitor's)
    entrant = _table_phone(_match(event))   # (a phone with a session)
    night = entrant.get(night_link(event.entries.first()))
    assert night.status_code == 200 and 'name="live-etag"' in night.content.decode()
    assert not LANGUAGES.search(night.content.decode())   # an entrant's own night: no visitor's page
    with override_settings(GINSCORE_LIVE_POLL_SHARED=False):
        page = _table_phone(_match(event)).get(reverse("matches:detail", args=[_match(event).pk]))
    assert 'name="live-etag"' in page.content.decode() and not LANGUAGES.search(page.content.decode())


def test_a_hand_saved_elsewhere_moves_the_visitors_version_and_the_phone_then_gets_its_own_pad(event):
    match = _match(event)
    url = reverse("matches:detail", args=[match.pk])
    phone = _table_phone(match)
    page = phone.get(url)
    languages = LANGUAGES.search(page.content.decode()).group(1).split()
    services.hand_add(match_id=match.pk, entry=HandEntry("knock", "a", 5, 30), expected_number=1)
    moved = _as_visitor(url, page["ETag"], languages)
    assert moved.status_code == 200 and _version(moved["ETag"]) != _version(page["ETag"])
    assert "Save hand" not in moved.content.decode()   # the visitors' pad: no form, never shown to the phone
    own = phone.get(url, HTTP_IF_NONE_MATCH=page["ETag"], HTTP_X_LIVE="1")
    assert own.status_code == 200 and _version(own["ETag"]) == _version(moved["ETag"])
    assert "Save hand" in own.content.decode() and "Hand 1" in own.content.decode()
    assert _as_visitor(url, own["ETag"], languages).status_code == 304


def test_a_tournament_pad_has_its_version_among_its_blocks_pads(event):
    """What live.js polls first for a pad (<meta name="live-versions">) names the pad's version,
    the round clock and the table in it: a change there moves it as it moves the pad."""
    import json

    from ginscore.matches import selectors

    match = _match(event)
    pad = Client().get(reverse("matches:detail", args=[match.pk]))
    versions = reverse("matches:pads_versions", args=[match.pk // selectors.PADS_BLOCK])
    assert f'<meta name="live-versions" content="{versions}" data-key="{match.pk}">' in pad.content.decode()
    assert json.loads(Client().get(versions).content)[str(match.pk)] == _version(pad["ETag"])
    services.hand_add(match_id=match.pk, entry=HandEntry("gin", "a", 0, 25), expected_number=1)
    moved = Client().get(reverse("matches:detail", args=[match.pk]))
    assert json.loads(Client().get(versions).content)[str(match.pk)] == _version(moved["ETag"]) != _version(pad["ETag"])
