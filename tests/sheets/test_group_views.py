"""Stored three-handed and partnership matches print their filled sheets and their blank pads from the site."""
import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from ginscore.matches.records_io import records_import
from tests.sheets.pdf import layout_problems, text
from tests.sheets.samples import partnership_match, three_handed_match
from tests.sheets.test_group_match_sheet import FOUR, THREE
from tests.sheets.test_group_pads import LONG

pytestmark = pytest.mark.django_db


def _pdf(response) -> bytes:
    assert response.status_code == 200, response.content[:300]
    assert response["Content-Type"] == "application/pdf"
    return b"".join(response.streaming_content)


def test_a_stored_three_handed_match_prints_its_sheet(client):
    match, = records_import(data=[{**THREE, "stake": "0.10"}])
    got = text(_pdf(client.get(reverse("sheets:match", args=[match.pk]))))
    assert f"Match #{match.pk}: Ann, Ben and Cat" in got
    assert "First dealer Cat · stake 0.1 a point" in got
    assert "A v B: 41 to A; A v C: 237 to C; B v C: 378 to C." in got
    assert f"Match score: Ann {match.score_a}, Ben {match.score_b}, Cat {match.score_c}" in got
    assert "Settlement: Ben pays Cat 378 points, at the stake: 37.8." in got


def test_a_stored_partnership_match_prints_its_sheet_on_a4(client):
    match, = records_import(data=[FOUR])
    pdf = _pdf(client.get(reverse("sheets:match", args=[match.pk]), {"paper": "a4"}))
    assert not layout_problems(pdf)
    got = text(pdf)
    assert f"Match #{match.pk}: North v South" in got and "A North: A1 Ann, A2 Cat B South: B1 Ben, B2 Dan" in got
    assert "First dealer" not in got  # dealers are not tracked in a partnership
    assert "A2 v B1 A2 knocked 6 v 31 A2 25 1" in got and "+15" in got and "+25" in got


def test_group_match_sheet_queries_do_not_grow_with_the_hands(client):
    short_rec, _ = partnership_match(("Ann", "Ben", "Cat", "Dan"), seed=3, most=2)
    long_rec, _ = partnership_match(("Eve", "Finn", "Gus", "Hana"), seed=4, most=30)
    three_rec, _ = three_handed_match(("Ivo", "Jade", "Kit"), seed=5, most=40)
    matches = records_import(data=[short_rec, long_rec, three_rec])
    counts = []
    for m in matches:
        with CaptureQueriesContext(connection) as ctx:
            _pdf(client.get(reverse("sheets:match", args=[m.pk])))
        counts.append(len(ctx.captured_queries))
    assert counts[0] == counts[1] == counts[2] <= 4


def test_a_blank_pad_printed_from_a_stored_match_is_for_its_table(client):
    three, four = records_import(data=[{**THREE, "players": ["Ann", "Ben", LONG[2]], "first_dealer": LONG[2],
                                        "hands": []},
                                       {**FOUR, "hands": []}])
    pdf = _pdf(client.get(reverse("sheets:pad"), {"match": three.pk}))
    assert not layout_problems(pdf)
    got = text(pdf)
    assert "Three-handed Gin Rummy score pad" in got and "Deals (sits out)" in got and LONG[2] in got
    got = text(_pdf(client.get(reverse("sheets:pad"), {"match": four.pk, "paper": "a4"})))
    assert "Partnership Gin Rummy score pad" in got and "A North" in got and "B South" in got
    assert "A1 Ann" in got and "B2 Dan" in got and "game to 125" in got
