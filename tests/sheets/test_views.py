"""The sheets one click away: visitors download public sheets; bad options are refused by name."""
import io

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from pypdf import PdfReader

from tests.sheets.pdf import pages, text
from tests.sheets.samples import legal_hands

pytestmark = pytest.mark.django_db


def _pdf(response) -> bytes:
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    return b"".join(response.streaming_content)


def test_visitor_prints_a_blank_pad_with_options(client):
    url = reverse("sheets:pad")
    response = client.get(url, {"style": "oklahoma", "paper": "a4", "player_a": "Ann", "player_b": "Ben"})
    assert 'filename="score-pad-oklahoma.pdf"' in response["Content-Disposition"]
    page = pages(_pdf(response))[0]
    assert "Oklahoma" in page and "Ann" in page and "Ben" in page and "Hand Up" in page


def test_the_sheets_page_offers_the_pad_and_its_form_leaves_the_footer_out_when_unticked(client):
    page = client.get(reverse("sheets:index"))
    assert page.status_code == 200
    assert reverse("sheets:pad") in page.content.decode()
    got = text(_pdf(client.get(reverse("sheets:pad"), {"submitted": "1", "style": "standard", "paper": "letter",
                                                        "per_page": "2", "pages": "2"})))
    assert "gin +25" not in got
    assert "gin +25" in text(_pdf(client.get(reverse("sheets:pad"))))


@pytest.mark.parametrize("query,field", [
    ({"style": "rummy"}, "style"),
    ({"player_a": "Ann"}, "player_b"),
    ({"pages": "500"}, "pages"),
])
def test_bad_pad_options_are_refused_naming_the_field(client, query, field):
    response = client.get(reverse("sheets:pad"), query)
    assert response.status_code == 400
    assert f"{field}:" in response.content.decode()


def test_visitor_prints_a_match_sheet_that_agrees_with_the_page(client, make_match):
    match = make_match(legal_hands(60, seed=5), stake="0.10")
    match.refresh_from_db()
    got = text(_pdf(client.get(reverse("sheets:match", args=[match.pk]))))
    assert f"Match #{match.pk}: Ann v Ben" in got
    assert f"Match score: Ann {match.score_a}, Ben {match.score_b}" in got
    assert match.complete
    assert f"Winner: {match.winner.name}." in got
    assert "stake 0.1 a point" in got


def test_a4_match_sheet_and_a_missing_match(client, make_match):
    match = make_match(legal_hands(5))
    pdf = _pdf(client.get(reverse("sheets:match", args=[match.pk]), {"paper": "a4"}))
    box = PdfReader(io.BytesIO(pdf)).pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (595, 842)
    assert client.get(reverse("sheets:match", args=[match.pk + 1000])).status_code == 404


def test_match_sheet_queries_do_not_grow_with_the_hands(client, make_match):
    short, long = make_match(legal_hands(3, seed=1)), make_match(legal_hands(60, seed=2))
    counts = []
    for m in (short, long):
        with CaptureQueriesContext(connection) as ctx:
            _pdf(client.get(reverse("sheets:match", args=[m.pk])))
        counts.append(len(ctx.captured_queries))
    assert counts[0] == counts[1] <= 4
