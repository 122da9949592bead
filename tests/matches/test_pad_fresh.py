"""The score pad shows a write (from this or any other app server), a rename or a correction at
once, and only visitors without an account or a table link share the page kept for a version."""
import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from ginscore.matches import services
from ginscore.matches.models import Hand, Match
from ginscore.matches.records import HandEntry

pytestmark = pytest.mark.django_db

KNOCKS = [{"end": "knock", "by": "Ann" if i % 2 else "Ben", "deadwood": {"Ann": 5, "Ben": 12} if i % 2
           else {"Ben": 4, "Ann": 20}} for i in range(100)]
LONG = {"preset": "standard", "match_target": 1_000_000}


def view(client, match, query=""):
    with CaptureQueriesContext(connection) as ctx:
        response = client.get(reverse("matches:detail", args=[match.pk]) + query)
    assert response.status_code == 200
    sqls = [q["sql"] for q in ctx.captured_queries]
    return response.content.decode(), sqls


def reads_hands(sqls):
    return any('FROM "matches_hand"' in q for q in sqls)


@pytest.fixture(autouse=True)
def _nothing_kept():
    from ginscore.club import live

    live.forget_drawn()


def test_a_hand_saved_by_any_server_is_shown_at_once(client, make_match):
    match = make_match(KNOCKS[:3], rules=LONG)
    view(client, match)
    # Another app server saves hand 4: only the database knows (this process's caches are untouched).
    other = Match.objects.get(pk=match.pk)
    services.hand_add(match_id=other.pk, entry=HandEntry("gin", "a", None, 17), expected_number=4)
    html, sqls = view(client, match)
    assert reads_hands(sqls)
    assert '<tr id="hand-4"' in html and "Ann went gin (Ben 17)" in html
    assert "History of changes (1)" in html


def test_a_correction_and_a_rename_are_shown_at_once(client, make_match, ann):
    match = make_match(KNOCKS[:3], rules=LONG)
    html, _ = view(client, match)
    assert "Ben knocked 4 v 20" in html
    services.hand_edit(match_id=match.pk, number=1, entry=HandEntry("knock", "b", 2, 30), expected_revision=match.revision)
    html, _ = view(client, match)
    assert '<tr id="hand-1"><td class="num">1</td><td>Ben knocked 2 v 30<br>' in html
    ann.name = "Annabel"
    ann.save()
    html, _ = view(client, match)
    assert html.count("Annabel") >= 3 and ">Ann<" not in html


def test_the_fix_buttons_follow_who_looks_and_all_shows_every_hand(client, make_match):
    match = make_match(KNOCKS, rules=LONG)
    visitor, _ = view(client, match)
    client.get(reverse("matches:table", args=[match.table_token]))
    scorer, _ = view(client, match)
    assert "Fix hand 100" not in visitor and "Fix hand 100" in scorer
    every, _ = view(client, match, "?all=1")
    assert every.count('<tr id="hand-') == 100 and Hand.objects.filter(match=match).count() == 100


def test_visitors_share_each_version_of_a_pad_and_a_table_link_always_gets_its_own(client, make_match):
    """A visitor without an account or a table link is answered from the page already drawn for
    that version (one query); whoever holds the table link, or is logged in, gets the page drawn
    for them, with the hand form; a saved hand is a new version, drawn again for the visitors."""
    from django.test import Client

    from ginscore.club import live

    live.forget_drawn()
    match = make_match(KNOCKS[:3], rules=LONG)
    first, sqls = view(client, match)
    assert len(sqls) > 1 and "hand-form" not in first and "csrfmiddlewaretoken" not in first
    again, sqls = view(Client(), match)
    assert again == first and len(sqls) == 1   # the version's query only

    table = Client()
    table.get(reverse("matches:table", args=[match.table_token]))
    own, sqls = view(table, match)
    assert 'hand-form" novalidate' in own and "csrfmiddlewaretoken" in own and len(sqls) > 1
    assert "hand-form" not in view(Client(), match)[0]   # nor was the table's page kept for the others

    services.hand_add(match_id=match.pk, entry=HandEntry("knock", "a", 5, 30), expected_number=4)
    fresh, sqls = view(Client(), match)
    assert len(sqls) > 1 and fresh.count('<tr id="hand-') == first.count('<tr id="hand-') + 1
