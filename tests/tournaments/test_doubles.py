"""Doubles events: entries are teams of two, every match a partnership match, results from
the deals' hands, standings and champion by team."""
from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from ginscore.engine import MatchLength
from ginscore.matches import services as match_services
from ginscore.matches.models import Match
from ginscore.matches.records import HandEntry
from ginscore.players.models import Player
from ginscore.tournaments import services
from ginscore.tournaments.models import Entry, TournamentMatch
from ginscore.tournaments.services import TournamentRefused, team_line

pytestmark = pytest.mark.django_db

TEAMS = ["North: Ann & Cat", "Ben & Dan", "Eve + Fay", "Gus / Hal"]


def doubles(format="single", teams=TEAMS, start=True, **options):
    t = services.tournament_create(name=f"Doubles {format}", format=format, preset="partnership",
                                   length=MatchLength("best_of", 1), doubles=True, **options)
    services.entries_set(tournament=t, names=list(teams))
    if start:
        services.tournament_start(tournament=t)
    t.refresh_from_db()
    return t


def team_wins(match: Match, team_letter: str) -> Match:
    """Both tables gin for ``team_letter``'s players ("a": A and C, "b": B and D) until the match is over."""
    seats = {"a": ("a", "c"), "b": ("b", "d")}[team_letter]
    while True:
        match.refresh_from_db()
        if match.complete:
            return match
        deal = match.hands.filter(table=1).count() + 1
        # odd deals: a v b, c v d; even deals: a v d, c v b - team A's player is always first
        by1 = seats[0] if team_letter == "a" else ("b" if deal % 2 else "d")
        by2 = seats[1] if team_letter == "a" else ("d" if deal % 2 else "b")
        match_services.hand_add(match_id=match.pk, entry=HandEntry("gin", by1, None, 40), expected_number=deal,
                                table=1)
        match_services.hand_add(match_id=match.pk, entry=HandEntry("gin", by2, None, 40), expected_number=deal,
                                table=2)


@pytest.mark.parametrize("line, expected", [
    ("Ann & Cat", ("", "Ann", "Cat")),
    ("North: Ann & Cat", ("North", "Ann", "Cat")),
    ("Zoë Ødegård-Łukasz + Jean-Luc", ("", "Zoë Ødegård-Łukasz", "Jean-Luc")),
    ("Ann and Cat", ("", "Ann", "Cat")),
])
def test_a_team_line(line, expected):
    assert team_line(line) == expected


def test_a_line_that_is_not_a_team_is_refused_with_the_line():
    with pytest.raises(TournamentRefused, match='"Ann" is not a team of two'):
        team_line("Ann")


@pytest.mark.parametrize("line", ["Ivy & Cleo & Zed", "Ivy & Cleo + Zed", "West: Ivy / Cleo and Zed"])
def test_a_line_of_three_players_is_refused_naming_the_line(line):
    """Seen: "Ann & Cleo & Eve" made a player called "Cleo & Eve"."""
    t = doubles(start=False)
    with pytest.raises(TournamentRefused, match=re.escape(f'entries: line 2, "{line}", names more than two players')):
        services.entries_set(tournament=t, names=["Ben & Dan", line])
    with pytest.raises(TournamentRefused, match="names more than two players"):
        services.entry_add(tournament=t, name=line)
    assert not Player.objects.filter(name__contains="&").exists()
    assert not Player.objects.filter(name__in=["Ivy", "Cleo", "Zed"]).exists()
    assert [e.name for e in t.entries.order_by("seed")] == ["North", "Ben & Dan", "Eve & Fay", "Gus & Hal"]


def test_two_teams_may_not_share_a_name():
    t = doubles(start=False)
    with pytest.raises(TournamentRefused, match='two teams are called "north" \\(lines 1 and 3\\)'):
        services.entries_set(tournament=t, names=["North: Ann & Cat", "Ben & Dan", "north: Eve & Fay"])
    with pytest.raises(TournamentRefused, match='two teams are called "North"'):
        services.entry_add(tournament=t, name="North: Ivy & Jo")
    with pytest.raises(TournamentRefused, match='two teams are called "Ben & Dan"'):
        services.entry_add(tournament=t, name="Ben & Dan: Ivy & Jo")     # named as another team is shown
    assert t.entries.count() == 4
    services.entry_add(tournament=t, name="South: Ivy & Jo")
    assert t.entries.count() == 5


def test_entries_are_teams_and_a_player_is_in_one_team_only():
    t = doubles(start=False)
    entries = list(t.entries.order_by("seed"))
    assert [e.name for e in entries] == ["North", "Ben & Dan", "Eve & Fay", "Gus & Hal"]
    assert entries[0].partner.name == "Cat"
    with pytest.raises(TournamentRefused, match="entries: Ann is in two teams"):
        services.entries_set(tournament=t, names=["Ann & Cat", "Ben & Ann"])
    with pytest.raises(TournamentRefused, match="entries: Cat is already entered"):
        services.entry_add(tournament=t, name="Cat & Zed")


def test_hollywood_is_refused_for_doubles():
    with pytest.raises(TournamentRefused, match="Hollywood is for two players"):
        services.tournament_create(name="X", format="single", preset="hollywood", doubles=True)


def test_a_knockout_plays_partnership_matches_and_crowns_a_team():
    t = doubles("single")
    first = TournamentMatch.objects.select_related("match", "entry_a", "entry_b").get(tournament=t, key="W1-1")
    m = first.match
    assert m.kind == "partnership"
    assert {m.player_a.name, m.player_c.name} == {first.entry_a.player.name, first.entry_a.partner.name}
    assert m.team_names[0] == first.entry_a.name
    team_wins(m, "b")   # team 2 of the pairing wins through its deals
    first.refresh_from_db()
    assert first.winner_id == first.entry_b_id and first.outcome == "played"
    other = TournamentMatch.objects.select_related("match").get(tournament=t, key="W1-2")
    team_wins(other.match, "a")
    final = TournamentMatch.objects.select_related("match", "entry_a", "entry_b").get(tournament=t, key="W2-1")
    assert final.match is not None and final.match.kind == "partnership"
    team_wins(final.match, "a")
    t.refresh_from_db()
    assert t.status == "finished"
    assert t.champion_name == final.entry_a.name
    assert t.champion_entry_id == final.entry_a_id


def test_a_swiss_round_pairs_teams_and_standings_are_by_team(client):
    t = doubles("swiss", teams=TEAMS + ["Ivy & Jon", "Kim & Lou"], rounds=2)
    rows = list(TournamentMatch.objects.filter(tournament=t, play_round=1).exclude(match=None)
                .select_related("match"))
    assert len(rows) == 3 and all(r.match.kind == "partnership" for r in rows)
    team_wins(rows[0].match, "a")
    rows[0].refresh_from_db()
    winner = Entry.objects.get(pk=rows[0].winner_id)
    page = client.get(reverse("tournaments:standings", args=[t.pk])).content.decode()
    assert ">Team<" in page and winner.name in page
    csv = client.get(reverse("tournaments:standings", args=[t.pk]), {"_export": "csv"}).content.decode()
    assert csv.splitlines()[0].startswith("#,Team,") and csv.splitlines()[1].startswith(f"1,{winner.name},")


def test_director_enters_teams_on_the_page(client, director):
    from tests.tournaments.test_views import login

    t = doubles(start=False)
    login(client, director)
    page = client.get(reverse("tournaments:detail", args=[t.pk])).content.decode()
    assert "Teams, one per line" in page and "North: Ann &amp; Cat" in page
    response = client.post(reverse("tournaments:entries", args=[t.pk]), {"names": "Ann & Cat\nBen"}, follow=True)
    assert "Line 2: &quot;Ben&quot; is not a team of two" in response.content.decode()
    assert t.entries.count() == 4
    page = client.post(reverse("tournaments:entries", args=[t.pk]), {"names": "Ann & Cleo & Eve\nBen & Dan"},
                       follow=True).content.decode()
    assert "Line 1: &quot;Ann &amp; Cleo &amp; Eve&quot; names more than two players" in page
    page = client.post(reverse("tournaments:entries", args=[t.pk]), {"names": "North: Ann & Cat\nNorth: Ben & Dan"},
                       follow=True).content.decode()
    assert "two teams are called &quot;North&quot; (lines 1 and 2): give each team its own name." in page
    assert t.entries.count() == 4
    client.post(reverse("tournaments:entries", args=[t.pk]), {"names": "Ann & Cat\nBen & Dan\nEve & Fay"})
    assert [e.name for e in t.entries.order_by("seed")] == ["Ann & Cat", "Ben & Dan", "Eve & Fay"]


def _queries(client, url):
    with CaptureQueriesContext(connection) as ctx:
        assert client.get(url).status_code == 200
    return len(ctx)


def test_doubles_pages_cost_the_same_whatever_the_field(client):
    small = doubles("swiss", teams=[f"A{i} & B{i}" for i in range(4)], rounds=2)
    large = doubles("swiss", teams=[f"C{i} & D{i}" for i in range(24)], rounds=2)
    for page in ("standings", "detail", "board"):
        counts = [_queries(client, reverse(f"tournaments:{page}", args=[t.pk])) for t in (small, large)]
        assert counts[0] == counts[1], f"{page}: {counts}"
    counts = [_queries(client, reverse("tournaments:round", args=[t.pk, 1, 1])) for t in (small, large)]
    assert counts[0] == counts[1]


def test_a_doubles_events_sheets_print_team_names(client, director):
    from io import BytesIO

    from pypdf import PdfReader

    from tests.tournaments.test_views import login

    login(client, director)

    t = doubles("single")
    team_wins(TournamentMatch.objects.get(tournament=t, key="W1-1").match, "a")
    urls = [reverse("sheets:bracket", args=[t.pk]), reverse("sheets:standings", args=[t.pk]),
            reverse("sheets:round", args=[t.pk, 1, 1]), reverse("sheets:tables", args=[t.pk, 1, 1])]
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, url
        body = b"".join(response.streaming_content)
        text = " ".join(p.extract_text() for p in PdfReader(BytesIO(body)).pages)
        assert "North" in text or "Ben & Dan" in text, url
