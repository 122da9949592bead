"""Live pages: an ETag from revisions in the database, 304 while nothing changed (one query),
a new page as soon as a hand is saved anywhere or the director acts."""
import pytest
from django.urls import reverse

from ginscore.matches import services as match_services
from ginscore.matches.records import HandEntry
from ginscore.tournaments import services
from ginscore.tournaments.models import Tournament, TournamentMatch

from .conftest import win

pytestmark = pytest.mark.django_db


def _pages(t):
    return [reverse("tournaments:round", args=[t.pk, 1, 1]), reverse("tournaments:bracket", args=[t.pk]),
            reverse("tournaments:standings", args=[t.pk])]


def test_live_pages_answer_304_with_one_query_while_nothing_changes(client, make_tournament,
                                                                   django_assert_num_queries):
    t = make_tournament("single", 8)
    for url in _pages(t):
        first = client.get(url)
        assert first.status_code == 200
        etag = first["ETag"]
        # The standings have their own version: the writes that can change a standing.
        letter, field = ("s", "results_revision") if "standings" in url else ("t", "revision")
        assert etag == f'"{letter}{t.pk}.{getattr(Tournament.objects.get(pk=t.pk), field)}.en"'   # the page's language is part of its version
        assert f'<meta name="live-etag" content="&quot;{letter}{t.pk}.' in first.content.decode()
        # A visitor's page: a front proxy may share it for a second, a browser asks again each time.
        assert first["Cache-Control"] == "public, max-age=0, s-maxage=1, must-revalidate"
        with django_assert_num_queries(1):
            again = client.get(url, HTTP_IF_NONE_MATCH=etag)
        assert again.status_code == 304 and again["Cache-Control"] == first["Cache-Control"]
        assert again.content == b""


def test_304_costs_the_same_one_query_for_a_big_event(client, make_tournament, django_assert_num_queries):
    t = make_tournament("swiss", 40)
    url = reverse("tournaments:round", args=[t.pk, 1, 1])
    etag = client.get(url)["ETag"]
    with django_assert_num_queries(1):
        assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304


def test_a_hand_saved_at_any_table_changes_every_tournament_page(client, make_tournament):
    t = make_tournament("swiss", 8)
    urls = _pages(t)[:2]   # the standings: see the next test
    etags = [client.get(u)["ETag"] for u in urls]
    row = TournamentMatch.objects.filter(tournament=t).exclude(match=None).first()
    match_services.hand_add(match_id=row.match_id, entry=HandEntry("knock", "a", 5, 30), expected_number=1)
    for url, etag in zip(urls, etags):
        response = client.get(url, HTTP_IF_NONE_MATCH=etag)
        assert response.status_code == 200
        assert response["ETag"] != etag
    round_page = client.get(urls[0]).content.decode()
    assert round_page.count("badge badge-live\">playing") == 1   # the table that saved a hand is playing


def test_director_actions_move_the_revision_and_refusals_do_not(make_tournament):
    t = make_tournament("single", 4)
    before = Tournament.objects.get(pk=t.pk).revision
    row = TournamentMatch.objects.filter(tournament=t).exclude(match=None).select_related("entry_a").first()
    services.tmatch_forfeit(tmatch=row, winner=row.entry_a)
    after = Tournament.objects.get(pk=t.pk).revision
    assert after > before
    with pytest.raises(services.TournamentRefused):
        services.tmatch_forfeit(tmatch=row, winner=row.entry_a)   # already decided: nothing written
    assert Tournament.objects.get(pk=t.pk).revision == after


def test_finishing_a_match_changes_the_bracket(client, make_tournament):
    t = make_tournament("single", 4)
    url = reverse("tournaments:bracket", args=[t.pk])
    etag = client.get(url)["ETag"]
    row = TournamentMatch.objects.filter(tournament=t, key="W1-1").select_related("match").get()
    win(row, row.match.player_a.name)
    response = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 200
    assert f'"t{t.pk}.{Tournament.objects.get(pk=t.pk).revision}.en"' == response["ETag"]


def test_an_unknown_tournament_is_404_not_304(client):
    assert client.get(reverse("tournaments:round", args=[999, 1, 1]), HTTP_IF_NONE_MATCH='"t999.0"').status_code == 404


def _standings(client, t, etag=None):
    url = reverse("tournaments:standings", args=[t.pk])
    return client.get(url, HTTP_IF_NONE_MATCH=etag) if etag else client.get(url)


def test_the_standings_move_only_with_a_result(client, make_tournament, django_assert_num_queries):
    """A hand in a match still in play changes no standing: the standings page stays as it is (a poll
    is answered 304, a visitor gets the page kept), and moves as soon as a result comes in."""
    t = make_tournament("swiss", 8)
    first = _standings(client, t)
    row = TournamentMatch.objects.filter(tournament=t).exclude(match=None).select_related("match").first()
    match_services.hand_add(match_id=row.match_id, entry=HandEntry("knock", "a", 5, 30), expected_number=1)
    assert _standings(client, t, first["ETag"]).status_code == 304
    with django_assert_num_queries(1):   # the version; the page itself kept from the last visitor
        assert _standings(client, t).content == first.content
    win(row, row.match.player_a.name)
    moved = _standings(client, t, first["ETag"])
    assert moved.status_code == 200 and moved["ETag"] != first["ETag"] and moved.content != first.content
    csv = client.get(reverse("tournaments:standings", args=[t.pk]), {"_export": "csv"}).content.decode()
    assert f"{row.match.player_a.name},1,1,0," in csv   # played 1, won 1, lost 0


def test_a_correction_to_a_finished_match_moves_the_standings(client, make_tournament):
    t = make_tournament("swiss", 8)
    row = TournamentMatch.objects.filter(tournament=t).exclude(match=None).select_related("match").first()
    win(row, row.match.player_a.name)
    match = row.match
    match.refresh_from_db()
    etag = _standings(client, t)["ETag"]
    hand = match.hands.order_by("number").first()
    match_services.hand_edit(match_id=match.pk, number=hand.number, entry=HandEntry("gin", hand.by, None, 40),
                             expected_revision=match.revision)
    row.refresh_from_db()
    response = _standings(client, t, etag)
    assert response.status_code == 200 and response["ETag"] != etag
    assert f">{max(row.points_a, row.points_b)}<" in response.content.decode()


def test_a_player_renamed_moves_the_standings(client, make_tournament):
    t = make_tournament("swiss", 8)
    etag = _standings(client, t)["ETag"]
    player = t.entries.select_related("player").first().player
    player.name = "Zoë Renamed-Player"
    player.save()
    response = _standings(client, t, etag)
    assert response.status_code == 200 and "Zoë Renamed-Player" in response.content.decode()
