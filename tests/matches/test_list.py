"""The match list: filters, sorting, pages, CSV, permissions and query counts."""
import csv
import datetime
import io
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from ginscore.matches.models import Match
from ginscore.players.models import Player

pytestmark = pytest.mark.django_db

URL = "/matches/"


def knock(by, k, other, d):
    return {"end": "knock", "by": by, "deadwood": {by: k, other: d}}


def gin(by, other, d):
    return {"end": "gin", "by": by, "deadwood": {other: d}}


def ids(response):
    """The match numbers in the list's rows, in order."""
    html = response.content.decode()
    table = re.search(r'<table[^>]*class="[^"]*matches[^"]*".*?</table>', html, re.S).group(0)
    return [int(n) for n in re.findall(r'<a [^>]*href="/matches/(\d+)/"', table)]


@pytest.fixture
def matches(make_match, ann, ben):
    cleo = Player.objects.create(name="Cleo")
    finished = make_match(hands=[gin("Ann", "Ben", 0)] * 8)  # two shut-out games: 800-0, over
    in_play = make_match(rules="oklahoma", hands=[knock("Ben", 2, "Ann", 20) | {"upcard": "5H"}])
    hollywood = make_match(rules="hollywood", player_a=ben, player_b=cleo, hands=[gin("Cleo", "Ben", 10)])
    Match.objects.filter(pk=finished.pk).update(created_at=datetime.datetime(2026, 1, 10, 20, tzinfo=datetime.UTC))
    Match.objects.filter(pk=in_play.pk).update(created_at=datetime.datetime(2026, 2, 10, 20, tzinfo=datetime.UTC))
    Match.objects.filter(pk=hollywood.pk).update(created_at=datetime.datetime(2026, 3, 10, 20, tzinfo=datetime.UTC))
    return {"finished": finished, "in_play": in_play, "hollywood": hollywood, "cleo": cleo}


def test_the_list_shows_newest_first_with_scores(client, matches):
    response = client.get(URL)
    assert response.status_code == 200
    m = matches
    assert ids(response) == [m["hollywood"].pk, m["in_play"].pk, m["finished"].pk]
    html = response.content.decode()
    assert "800–0" in html and "Finished" in html and "In play" in html


@pytest.mark.parametrize("params, expected", [
    ({"status": "finished"}, ["finished"]),
    ({"status": "in_play"}, ["hollywood", "in_play"]),
    ({"preset": "oklahoma"}, ["in_play"]),
    ({"date_from": "2026-02-01"}, ["hollywood", "in_play"]),
    ({"date_from": "2026-02-01", "date_to": "2026-02-28"}, ["in_play"]),
    ({"status": "in_play", "preset": "hollywood"}, ["hollywood"]),
])
def test_filters(client, matches, params, expected):
    assert ids(client.get(URL, params)) == [matches[k].pk for k in expected]


def test_filter_by_player(client, matches, ann):
    assert ids(client.get(URL, {"player": ann.pk})) == [matches["in_play"].pk, matches["finished"].pk]
    assert ids(client.get(URL, {"player": matches["cleo"].pk})) == [matches["hollywood"].pk]


def test_a_bad_filter_says_so_next_to_the_field_and_is_left_out(client, matches):
    response = client.get(URL, {"date_from": "2026-03-01", "date_to": "2026-01-01", "status": "finished"})
    assert response.status_code == 200
    html = response.content.decode()
    assert re.search(r'id="field-date_to".*?The last day must not be before the first', html, re.S)
    assert ids(response) == [matches["finished"].pk]
    response = client.get(URL, {"player": "999"})
    assert "Select a valid choice" in response.content.decode()
    assert len(ids(response)) == 3


def test_sorting(client, matches):
    assert ids(client.get(URL, {"sort": "created_at"})) == [matches[k].pk for k in ("finished", "in_play", "hollywood")]
    assert ids(client.get(URL, {"sort": "players"}))[-1] == matches["hollywood"].pk  # Ann v Ben twice, Ben v Cleo
    assert ids(client.get(URL, {"sort": "-players"}))[0] == matches["hollywood"].pk


def test_pages(client, make_match):
    for _ in range(30):
        make_match()
    assert len(ids(client.get(URL))) == 25
    assert len(ids(client.get(URL, {"page": 2}))) == 5


def test_csv_export_of_the_filtered_list(client, matches):
    response = client.get(URL, {"_export": "csv", "status": "finished"})
    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
    assert 'filename="matches.csv"' in response["Content-Disposition"]
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0] == ["#", "Player A", "Player B", "Player C", "Player D", "Score", "Status", "Rules", "Games",
                       "Hands", "Winner", "Settlement", "Date"]
    assert rows[1:] == [[str(matches["finished"].pk), "Ann", "Ben", "", "", "800-0", "finished", "standard", "2-0", "8",
                         "Ann", "800", "2026-01-10"]]


@pytest.mark.parametrize("role", ["visitor", "member", "director", "club_admin"])
def test_everyone_may_read_the_list(client, matches, role, request):
    if role != "visitor":
        client.force_login(request.getfixturevalue(role))
    response = client.get(URL)
    assert response.status_code == 200
    assert ("Import records" in response.content.decode()) == (role != "visitor")
    assert client.get(URL, {"_export": "csv"}).status_code == 200
    assert client.post(URL).status_code == 405


def test_query_count_stays_the_same_as_matches_and_hands_grow(client, make_match, ann, ben):
    def queries(params):
        with CaptureQueriesContext(connection) as ctx:
            assert client.get(URL, params).status_code == 200
        return len(ctx)

    cases = [{}, {"player": ann.pk, "status": "in_play"}, {"_export": "csv"}]
    make_match(hands=[knock("Ann", 5, "Ben", 20)] * 10)
    small = [queries(p) for p in cases]
    for _ in range(6):
        make_match(hands=[knock("Ann", 5, "Ben", 20)] + [{"end": "dead"}] * 499)
    large = [queries(p) for p in cases]
    print("queries (list, filtered list, CSV):", small)
    assert small == large
