"""A round page finds the lines it kept from one light query of versions, and draws the changed
ones from the plain values of those rows alone (one query): the same HTML as lines drawn from the
rows themselves, for every kind of line."""
import pytest
from django.template.loader import render_to_string
from django.urls import reverse

from ginscore.matches import services as match_services
from ginscore.matches.records import HandEntry
from ginscore.tournaments import selectors, services
from ginscore.tournaments.models import TournamentMatch
from ginscore.tournaments.views import ROUND_ROW

from .conftest import win
from .test_doubles import doubles

pytestmark = pytest.mark.django_db


def _lines(t, rows):
    return [render_to_string(ROUND_ROW, {"row": row, "t": t}) for row in selectors.Names(t).titled(rows)]


def _both(t, stage=1, number=1):
    from_rows = _lines(t, selectors.round_rows(t, stage, number))
    from_values = _lines(t, selectors.round_line_rows(selectors.round_line_values(t, stage, number)))
    return from_rows, from_values


def test_every_kind_of_line_is_drawn_the_same_from_the_values(make_tournament):
    t = make_tournament("swiss", 9, rounds=3)   # nine players: a bye
    rows = list(TournamentMatch.objects.filter(tournament=t, play_round=1).exclude(match=None)
                .select_related("match__player_a", "entry_a", "entry_b").order_by("table"))
    win(rows[0], rows[0].match.player_b.name)                                   # won by the second-named
    match_services.hand_add(match_id=rows[1].match_id, entry=HandEntry("knock", "a", 5, 30), expected_number=1)
    services.tmatch_forfeit(tmatch=rows[2], winner=rows[2].entry_b)             # a forfeit
    from_rows, from_values = _both(t)
    assert from_values == from_rows
    text = "".join(from_values)
    assert "Bye" in text and "goes through" in text and "playing" in text and "not started" in text
    assert "forfeit" in text.lower() and " won" in text


def test_a_doubles_round_is_drawn_the_same_from_the_values():
    t = doubles("swiss", teams=["North: Ann & Cat", "Ben & Dan", "Eve + Fay", "Gus / Hal", "Ivy & Jon"], rounds=2)
    from_rows, from_values = _both(t)
    assert from_values == from_rows and "North" in "".join(from_values) and "Ben &amp; Dan" in "".join(from_values)


def test_a_hand_saved_draws_its_line_again_from_the_values(client, make_tournament, django_assert_num_queries):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from ginscore.club import live

    t = make_tournament("swiss", 8)
    url = reverse("tournaments:round", args=[t.pk, 1, 1])
    with django_assert_num_queries(7):   # the versions and the names, then every line drawn from one query of values
        client.get(url)
    row = TournamentMatch.objects.filter(tournament=t).exclude(match=None).order_by("table").first()
    match_services.hand_add(match_id=row.match_id, entry=HandEntry("knock", "a", 5, 30), expected_number=1)
    with CaptureQueriesContext(connection) as queries:
        page = client.get(url).content.decode()
    # The version, the event, the lines' versions and the changed line's values: the rounds' tabs and
    # names are kept under the event's results_revision, which a hand in play does not move.
    assert len(queries) == 4 and page.count('badge badge-live">playing') == 1
    read = [q["sql"] for q in queries.captured_queries if '"tournaments_tournamentmatch"."id" IN (' in q["sql"]]
    assert len(read) == 1 and f'"tournaments_tournamentmatch"."id" IN ({row.pk})' in read[0]   # that row alone
    live.forget_drawn()
    with django_assert_num_queries(3):   # nothing changed: every line kept, no values read
        assert client.get(url).content.decode() == page


@pytest.mark.parametrize("count", [0, 1, 3, selectors.LINES_PREPARED, selectors.LINES_PREPARED + 1])
def test_the_values_of_any_number_of_lines_are_those_lines_of_the_round(make_tournament, count):
    """Up to LINES_PREPARED changed lines are read by a query prepared for their number, more by
    the ORM: either way, exactly those lines, in page order."""
    t = make_tournament("swiss", 20)   # ten tables
    every = selectors.round_line_values(t, 1, 1)
    assert len(every) == 10
    ids = [row["id"] for row in every][::-1][:count]   # asked in another order than the page's
    assert selectors.round_line_values(t, 1, 1, ids=ids) == [row for row in every if row["id"] in ids]
    assert selectors.round_line_values(t, 2, 1, ids=ids) == []   # another stage's round: none of them
