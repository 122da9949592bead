"""Exports are safe in a spreadsheet (no formula injection), offered only as csv and json,
and the tournament actions' ``next`` never leaves the site."""
import csv
import io
import json

import pytest
from django.urls import reverse

from ginscore.club.exports import cell_safe
from ginscore.engine import MatchLength
from ginscore.matches.records_io import records_import
from ginscore.tournaments import services as tournament_services
from ginscore.tournaments.models import TournamentMatch

pytestmark = pytest.mark.django_db

EVIL = ['=HYPERLINK("http://x","y")', "+1+cmd|' /C calc'!A0", "-2+3", "@SUM(A1:A9)"]


def rows(response):
    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
    return list(csv.reader(io.StringIO(response.content.decode())))


@pytest.mark.parametrize("value, safe", [
    ('=HYPERLINK("http://x","y")', '\'=HYPERLINK("http://x","y")'),
    ("+1", "+1"), ("-12", "-12"), ("-12.50", "-12.50"), (-12, -12), (0, 0),
    ("+1+1", "'+1+1"), ("-x", "'-x"), ("@x", "'@x"), ("\tx", "'\tx"), ("\rx", "'\rx"),
    ("Ann", "Ann"), ("", ""), (None, None),
])
def test_a_text_cell_that_starts_a_formula_gets_a_quote_and_numbers_stay_numbers(value, safe):
    assert cell_safe(value) == safe


@pytest.fixture
def evil_club():
    gins = [{"end": "gin", "by": EVIL[0], "deadwood": {EVIL[1]: 50}}] * 2
    records_import(data=[{"players": EVIL[:2], "hands": gins, "length": {"kind": "best_of", "games": 1}},
                         {"players": EVIL[2:], "hands": []}])


def test_the_match_list_csv_neutralises_names(client, evil_club):
    table = rows(client.get(reverse("matches:list"), {"_export": "csv"}))
    cells = {c for row in table for c in row}
    for name in EVIL:
        assert "'" + name in cells and name not in cells


def test_the_players_csv_neutralises_names_and_keeps_negative_nets(client, evil_club):
    table = rows(client.get(reverse("players:list"), {"_export": "csv"}))
    header, body = table[0], table[1:]
    names = [row[header.index("Player")] for row in body]
    assert sorted(names) == sorted("'" + n for n in EVIL)
    nets = {row[header.index("Player")]: row[header.index("Net points")] for row in body}
    loser = nets["'" + EVIL[1]]
    assert loser.startswith("-") and int(loser) < 0   # a number, not "'-..."
    assert int(nets["'" + EVIL[0]]) == -int(loser)


def test_the_standings_csv_neutralises_names_and_keeps_negative_nets(client):
    t = tournament_services.tournament_create(name="Evil", format="single", length=MatchLength("best_of", 1))
    tournament_services.entries_set(tournament=t, names=EVIL[:2])
    tournament_services.tournament_start(tournament=t)
    from ginscore.matches import services
    from ginscore.matches.records import HandEntry

    match = TournamentMatch.objects.get(tournament=t).match
    for n in (1, 2):
        services.hand_add(match_id=match.pk, entry=HandEntry("gin", "a", None, 60), expected_number=n)
    table = rows(client.get(reverse("tournaments:standings", args=[t.pk]), {"_export": "csv"}))
    header = table[0]
    by_name = {row[header.index("Player")]: row for row in table[1:]}
    assert set(by_name) == {"'" + EVIL[0], "'" + EVIL[1]}
    nets = sorted(int(row[header.index("Net")]) for row in by_name.values())
    assert nets[0] < 0 < nets[1] and nets[0] == -nets[1]


@pytest.mark.parametrize("fmt", ["xlsx", "ods", "xls", "yaml", "latex", "tsv", "nonsense"])
def test_only_csv_and_json_are_exports_other_formats_show_the_page(client, evil_club, fmt):
    t = tournament_services.tournament_create(name="Friday", format="swiss")
    for url in (reverse("matches:list"), reverse("players:list"), reverse("tournaments:standings", args=[t.pk])):
        page = client.get(url, {"_export": fmt})
        assert page.status_code == 200 and page["Content-Type"].startswith("text/html"), url


def test_json_exports_are_neutralised_too(client, evil_club):
    page = client.get(reverse("players:list"), {"_export": "json"})
    assert page.status_code == 200
    names = {row["Player"] for row in json.loads(page.content)}
    assert names == {"'" + n for n in EVIL}


# The tournament actions' ``next``


@pytest.mark.parametrize("target, stays", [
    ("https://evil.example/phish", False), ("//evil.example/", False), ("http://testserver.evil.example/", False),
    ("javascript:alert(1)", False), ("/\\evil.example", False), ("", False),
    ("/tournaments/", True), ("http://testserver/tournaments/", True),
])
def test_an_action_redirects_only_within_the_site(client, director, target, stays):
    t = tournament_services.tournament_create(name="Friday", format="swiss")
    client.force_login(director)
    r = client.post(reverse("tournaments:entries", args=[t.pk]), {"names": "Ann\nBen", "next": target})
    assert r.status_code == 302
    assert r["Location"] == (target if stays else t.get_absolute_url())
