"""A hand saved at a table writes the hand, its history and the match's caches, and nothing else:
the "Hand 1 saved" message travels with the phone (a signed cookie), not in the session, so the
database (SQLite has one writer at a time) is written once per hand, not three times."""
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

pytestmark = pytest.mark.django_db

WRITES = re.compile(r'^\s*(INSERT INTO|UPDATE|DELETE FROM)\s+"?(\w+)"?', re.I)


def written(ctx) -> list[str]:
    return [m.group(2) for q in ctx.captured_queries if (m := WRITES.match(q["sql"]))]


def test_a_table_saves_a_hand_and_sees_the_message_without_writing_its_session(client, make_match):
    match = make_match()
    client.get(reverse("matches:table", args=[match.table_token]))   # the link writes the session once
    pad = reverse("matches:detail", args=[match.pk])
    page = client.get(pad).content.decode()
    form = {name: re.search(rf'name="{name}" value="([^"]*)"', page).group(1)
            for name in ("csrfmiddlewaretoken", "number", "revision")}
    form.update(action="save", end="knock", by="a", knocker_deadwood="4", defender_deadwood="30")
    with CaptureQueriesContext(connection) as saving:
        response = client.post(reverse("matches:hand_new", args=[match.pk]), form)
    assert response.status_code == 302 and response["Location"] == pad
    with CaptureQueriesContext(connection) as showing:
        shown = client.get(pad).content.decode()
    assert "Hand 1 saved. Ann scores 26" in shown
    assert sorted(set(written(saving))) == ["matches_hand", "matches_handchange", "matches_match"]
    assert written(showing) == []
    assert "Hand 1 saved" not in client.get(pad).content.decode()   # shown once
