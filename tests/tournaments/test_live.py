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
        assert etag == f'"t{t.pk}.{Tournament.objects.get(pk=t.pk).revision}"'
        assert f'<meta name="live-etag" content="&quot;t{t.pk}.' in first.content.decode()
        assert "no-store" in first["Cache-Control"]   # a navigation never comes from the browser's cache
        with django_assert_num_queries(1):
            again = client.get(url, HTTP_IF_NONE_MATCH=etag)
        assert again.status_code == 304
        assert again.content == b""


def test_304_costs_the_same_one_query_for_a_big_event(client, make_tournament, django_assert_num_queries):
    t = make_tournament("swiss", 40)
    url = reverse("tournaments:round", args=[t.pk, 1, 1])
    etag = client.get(url)["ETag"]
    with django_assert_num_queries(1):
        assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304


def test_a_hand_saved_at_any_table_changes_every_tournament_page(client, make_tournament):
    t = make_tournament("swiss", 8)
    urls = _pages(t)
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
    assert f'"t{t.pk}.{Tournament.objects.get(pk=t.pk).revision}"' == response["ETag"]


def test_an_unknown_tournament_is_404_not_304(client):
    assert client.get(reverse("tournaments:round", args=[999, 1, 1]), HTTP_IF_NONE_MATCH='"t999.0"').status_code == 404
