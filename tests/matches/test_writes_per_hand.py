"""A hand saved at a table writes the hand, its history and the match's caches, and nothing else:
the "Hand 1 saved" message travels with the phone (a signed cookie), not in the session, so the
database (SQLite has one writer at a time) is written once per hand, not three times."""
import re
from decimal import Decimal

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


def test_a_save_uses_the_hands_its_request_read_unless_a_write_came_between(make_match):
    """``hand_add(seen=...)``: the match and hands the save's request read are not read again while
    the match's revision is theirs; once another write moved it, the hands are read again under
    the lock and the stale number is refused. What the save writes to the match is its caches
    only: a field changed meanwhile (a renamed team, the stake) is never written back."""
    from ginscore.matches import selectors, services
    from ginscore.matches.models import Match
    from ginscore.matches.records import HandEntry

    match = make_match()
    seen = (selectors.match_get(match.pk), selectors.match_hands(match))
    Match.objects.filter(pk=match.pk).update(stake="2.50")   # an admin's edit, no hand written
    with CaptureQueriesContext(connection) as saving:
        services.hand_add(match_id=match.pk, entry=HandEntry("knock", "a", 4, 30), expected_number=1, seen=seen)
    reads = [q["sql"] for q in saving.captured_queries if q["sql"].startswith("SELECT")]
    assert not any('FROM "matches_hand"' in q for q in reads)   # the hands were not read again
    assert Match.objects.get(pk=match.pk).stake == Decimal("2.50") and seen[0].revision == match.revision
    assert seen[0].hand_count == 0   # the caller's match is left as it read it

    stale = (selectors.match_get(match.pk), selectors.match_hands(match))
    services.hand_add(match_id=match.pk, entry=HandEntry("gin", "b", None, 20), expected_number=2)   # another phone
    with pytest.raises(services.HandConflict, match="Hand 2 was just recorded"):
        services.hand_add(match_id=match.pk, entry=HandEntry("knock", "a", 4, 30), expected_number=2, seen=stale)
    fresh = Match.objects.get(pk=match.pk)
    assert fresh.hand_count == 2 and fresh.hands.count() == 2


def test_a_tournament_hand_writes_its_place_only_when_the_match_score_moves(db):
    """A hand in a game still in play leaves the place's points as they were: the place is not
    written (the event's revision is, for the live pages); the hand that ends a game writes them."""
    from ginscore.engine import MatchLength
    from ginscore.matches import services
    from ginscore.matches.records import HandEntry
    from ginscore.tournaments import services as tournament_services
    from ginscore.tournaments.models import TournamentMatch

    t = tournament_services.tournament_create(name="Friday", format="swiss", rounds=2,
                                              length=MatchLength("best_of", 3))
    tournament_services.entries_set(tournament=t, names=["Ann", "Ben", "Zoë Ångström-Lefèvre", "Dora"])
    tournament_services.tournament_start(tournament=t, shuffle_seed=1)
    place = TournamentMatch.objects.filter(tournament=t).exclude(match=None).first()
    with CaptureQueriesContext(connection) as knock:
        services.hand_add(match_id=place.match_id, entry=HandEntry("knock", "a", 5, 30), expected_number=1)
    assert "tournaments_tournamentmatch" not in written(knock)
    assert written(knock).count("tournaments_tournament") == 1   # the live pages' version
    with CaptureQueriesContext(connection) as gin:   # 25 + 60 + 25: game 1 is over, the match score moves
        services.hand_add(match_id=place.match_id, entry=HandEntry("gin", "a", None, 60), expected_number=2)
    assert "tournaments_tournamentmatch" in written(gin)
    place.refresh_from_db()
    assert place.points_a + place.points_b > 0 and place.outcome == ""
