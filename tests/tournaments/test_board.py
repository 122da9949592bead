"""The board (public, live) and the director's announcement line."""
import pytest
from django.urls import reverse

from ginscore.matches import services as match_services
from ginscore.matches.records import HandEntry
from ginscore.tournaments import services
from ginscore.tournaments.models import Tournament, TournamentMatch

from .conftest import win

pytestmark = pytest.mark.django_db


def test_board_shows_the_current_round_tables_and_is_public(client, make_tournament):
    t = make_tournament("swiss", 8)
    first = TournamentMatch.objects.filter(tournament=t, table=1).select_related("match").get()
    match_services.hand_add(match_id=first.match_id, entry=HandEntry("knock", "a", 5, 30), expected_number=1)
    response = client.get(reverse("tournaments:board", args=[t.pk]))
    assert response.status_code == 200
    page = response.content.decode()
    assert page.count('data-board-item data-table="') == 4   # four tables in round 1
    assert "Round 1" in page and "4 tables to finish" in page
    assert "25–0" in page and "game 1</span><span class=\"bt-games\">games 0–0" in page   # the game in play, table 1
    assert 'data-board-page="standings"' in page
    assert response["ETag"] and response["Cache-Control"] == "public, max-age=0, s-maxage=1, must-revalidate"


def test_board_moves_to_the_next_round_and_styles_finished_tables(client, make_tournament):
    t = make_tournament("swiss", 4, rounds=2)
    rows = list(TournamentMatch.objects.filter(tournament=t, play_round=1).select_related("match"))
    win(rows[0], rows[0].match.player_a.name)
    page = client.get(reverse("tournaments:board", args=[t.pk])).content.decode()
    assert page.count("board-table done") == 1 and "Round 1" in page
    win(rows[1], rows[1].match.player_b.name)
    page = client.get(reverse("tournaments:board", args=[t.pk])).content.decode()
    assert "Round 2" in page and "board-table done" not in page


def test_board_of_a_knockout_shows_the_bracket_and_names_its_rounds(client, make_tournament):
    t = make_tournament("single", 8)
    page = client.get(reverse("tournaments:board", args=[t.pk])).content.decode()
    assert 'data-board-page="bracket"' in page and 'id="bb-W1-1"' in page
    assert "<h3>Quarter-final</h3>" in page and "<h3>Final</h3>" in page
    assert "Quarter-final · 4 tables to finish" in page and "Round 1" not in page
    bracket = page[page.index('data-live="board-bracket"'):]
    assert "<a " not in bracket[:bracket.index("</section>")]   # names, not links, on the wall
    for row in TournamentMatch.objects.filter(tournament=t, round=1).select_related("match"):
        win(row, row.match.player_a.name)
    page = client.get(reverse("tournaments:board", args=[t.pk])).content.decode()
    assert "Semi-final · 2 tables to finish" in page


def test_board_query_count_is_constant(client, make_tournament, django_assert_max_num_queries):
    small, big = make_tournament("swiss", 6), make_tournament("swiss", 60)
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    counts = []
    for t in (small, big):
        with CaptureQueriesContext(connection) as q:
            assert client.get(reverse("tournaments:board", args=[t.pk])).status_code == 200
        counts.append(len(q))
    assert counts[0] == counts[1]
    etag = client.get(reverse("tournaments:board", args=[big.pk]))["ETag"]
    with django_assert_max_num_queries(1):
        assert client.get(reverse("tournaments:board", args=[big.pk]), HTTP_IF_NONE_MATCH=etag).status_code == 304


def test_director_sets_the_announcement_and_the_board_shows_it(client, director, member, make_tournament):
    t = make_tournament("swiss", 4)
    url = reverse("tournaments:announce", args=[t.pk])
    client.force_login(member)
    assert client.post(url, {"announcement": "nope"}).status_code == 403
    client.force_login(director)
    assert client.get(reverse("tournaments:desk", args=[t.pk])).status_code == 200
    etag = client.get(reverse("tournaments:board", args=[t.pk]))["ETag"]
    response = client.post(url, {"announcement": "  Dinner at   8 — Café Ümlaut  "})
    assert response.status_code == 302
    assert Tournament.objects.get(pk=t.pk).announcement == "Dinner at 8 — Café Ümlaut"
    board = client.get(reverse("tournaments:board", args=[t.pk]), HTTP_IF_NONE_MATCH=etag)
    assert board.status_code == 200 and "Dinner at 8 — Café Ümlaut" in board.content.decode()
    too_long = client.post(url, {"announcement": "x" * 201})
    assert too_long.status_code == 400 and "at most 200 characters" in too_long.content.decode()
    assert Tournament.objects.get(pk=t.pk).announcement == "Dinner at 8 — Café Ümlaut"
    client.post(url, {"announcement": ""})
    assert Tournament.objects.get(pk=t.pk).announcement == ""


def test_announcement_service_refuses_too_long(make_tournament):
    t = make_tournament("swiss", 4)
    with pytest.raises(services.TournamentRefused, match="announcement: at most 200"):
        services.tournament_announce(tournament=t, text="y" * 201)


def test_unknown_board_is_404(client):
    assert client.get(reverse("tournaments:board", args=[12345])).status_code == 404
