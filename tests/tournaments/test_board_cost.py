"""The board costs what a round page costs: after a hand it draws that table's card again and
nothing else (the standings, the round's name and the check-in line are kept per result), in
no more queries than the round page; a result draws the standings once, and a page drawn again
from what was kept is the same."""
from contextlib import contextmanager

import pytest
from django.db import connection
from django.test.signals import template_rendered
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from ginscore.club import live
from ginscore.matches import services as match_services
from ginscore.matches.records import HandEntry
from ginscore.tournaments.models import TournamentMatch

from .conftest import win

pytestmark = pytest.mark.django_db


@contextmanager
def drawn():
    """The names of the templates drawn inside the block, and the queries sent."""
    names = []

    def seen(sender, template, context, **kwargs):
        names.append(template.name)

    template_rendered.connect(seen)
    try:
        with CaptureQueriesContext(connection) as queries:
            yield names, queries
    finally:
        template_rendered.disconnect(seen)


def _hand(row, number=1):
    match_services.hand_add(match_id=row.match_id, entry=HandEntry("knock", "a", 5, 30), expected_number=number)


def test_a_hand_redraws_only_its_table_on_the_board(client, make_tournament):
    t = make_tournament("swiss", 64)   # 32 tables
    board = reverse("tournaments:board", args=[t.pk])
    with drawn() as (names, _):
        first = client.get(board).content.decode()
    assert names.count("tournaments/_board_table.html") == 32 and names.count("tournaments/_board_standings.html") == 1
    rows = list(TournamentMatch.objects.filter(tournament=t).exclude(match=None).order_by("table"))
    _hand(rows[6])
    with drawn() as (names, queries):
        page = client.get(board).content.decode()
    assert [n for n in names if n.startswith("tournaments/_board")] == ["tournaments/_board_table.html"]
    assert page != first and page.count("board-table playing") == 1
    read = [q["sql"] for q in queries.captured_queries if '"tournaments_tournamentmatch"."id" IN (' in q["sql"]]
    assert len(read) == 1 and f"IN ({rows[6].pk})" in read[0]   # that table's line alone is read
    board_queries = len(queries)
    # the round page after a hand, for the same: no more queries on the board
    round_page = reverse("tournaments:round", args=[t.pk, 1, 1])
    client.get(round_page)
    _hand(rows[7])
    with CaptureQueriesContext(connection) as round_queries:
        client.get(round_page)
    live.forget_drawn()
    with drawn() as (names, queries):
        client.get(board)
    assert [n for n in names if n.startswith("tournaments/_board")] == ["tournaments/_board_table.html"]
    assert len(queries) <= len(round_queries) and board_queries <= len(round_queries), (
        [q["sql"] for q in queries.captured_queries], [q["sql"] for q in round_queries.captured_queries])


def test_a_rename_draws_every_card_with_the_new_name(client, make_tournament):
    from ginscore.players.models import Player

    t = make_tournament("swiss", 8)
    board = reverse("tournaments:board", args=[t.pk])
    client.get(board)
    player = Player.objects.get(name="P3")
    player.name = "Zoë Ölçer-Åberg"
    player.save()   # as the admin renames a player
    with drawn() as (names, _):
        page = client.get(board).content.decode()
    assert names.count("tournaments/_board_table.html") == 4 and "Zoë Ölçer-Åberg" in page and ">P3<" not in page


def test_a_result_draws_its_card_and_the_standings_once(client, make_tournament):
    """(Not every card: the lines are kept under their rows' own versions and the event's names.)"""
    t = make_tournament("swiss", 16, rounds=3)
    board = reverse("tournaments:board", args=[t.pk])
    client.get(board)
    row = TournamentMatch.objects.filter(tournament=t).exclude(match=None).select_related("match").first()
    win(row, row.match.player_a.name)
    with drawn() as (names, _):
        page = client.get(board).content.decode()
    assert sorted(n for n in names if n.startswith("tournaments/_board")) == [
        "tournaments/_board_standings.html", "tournaments/_board_table.html"]   # its card, and the standings once
    assert page.count("board-table done") == 1 and "7 tables to finish" in page
    live.forget_drawn()
    with drawn() as (names, _):
        assert client.get(board).content.decode() == page   # drawn again from what was kept: the same
    assert not [n for n in names if n.startswith("tournaments/_board")]
