"""Both players agree with three players: listing the hands that wait reads who played them once,
not once a hand."""
import pytest
from django.contrib.auth.models import AnonymousUser
from django.db import connection
from django.test.utils import CaptureQueriesContext

from ginscore.matches import selectors
from ginscore.matches.models import AWAITING, Hand
from ginscore.matches.records import HandEntry
from ginscore.tournaments.models import TournamentMatch
from tests.matches.test_three_and_four import add, three_handed

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("n", [1, 6])
def test_awaiting_lines_query_count_does_not_grow_with_three_players_hands(make_tournament, n):
    t = make_tournament("swiss", 4, rounds=2, agree=True)
    place = TournamentMatch.objects.filter(tournament=t, play_round=1).first()
    match = three_handed()
    place.match = match
    place.save(update_fields=["match"])
    for _ in range(n):
        add(match, HandEntry("dead"))
    Hand.objects.filter(match=match).update(agreement=AWAITING)
    match = selectors.match_get(match.pk)
    match.tournament_match  # (the page has it at hand)
    with CaptureQueriesContext(connection) as q:
        lines = selectors.awaiting_lines(match, AnonymousUser(), "table_link")
    assert len(lines) == n
    assert all(line.text.startswith("Dead hand") for line in lines)
    assert len(q.captured_queries) == 2
