"""The home page: matches in play, recent results, a new match in one tap."""
import pytest
from django.urls import reverse

from ginscore.engine import MatchLength

pytestmark = pytest.mark.django_db

KNOCK = {"end": "knock", "by": "Ann", "deadwood": {"Ann": 8, "Ben": 32}}


def test_home_lists_matches_in_play_and_results(client, make_match):
    make_match([KNOCK])
    done = make_match([{"end": "gin", "by": "Ben", "deadwood": {"Ann": 60}}] * 2, length=MatchLength("best_of", 1))
    r = client.get(reverse("club:home"))
    assert [m.hand_count for m in r.context["in_play"]] == [1]
    assert r.context["recent"] == [done]
    assert "New match" not in r.content.decode()


def test_members_get_the_new_match_button(client, member):
    client.force_login(member)
    html = client.get(reverse("club:home")).content.decode()
    assert f'href="{reverse("matches:new")}"' in html and "New match" in html


def test_a_player_in_a_running_event_finds_their_night_from_the_home_page(client, member, ann):
    """A player who logs in during the night lands on the home page: one tap to My night (their
    table, their results), for each running event they play in, and for no one else."""
    from ginscore.tournaments import services
    from ginscore.tournaments.models import Entry

    long_name = "Jeudi soir — Système suisse de Saint-Étienne-du-Rouvray " + "é-" * 20
    t = services.tournament_create(name=long_name[:100], format="swiss", rounds=2, length=MatchLength("best_of", 1))
    other = services.tournament_create(name="Dimanche", format="swiss", rounds=2, length=MatchLength("best_of", 1))
    services.entries_set(tournament=t, names=[ann.name, "Ben", "Cat", "Dan"])
    services.entries_set(tournament=other, names=["Ben", "Cat"])
    client.force_login(member)
    assert "my night" not in client.get(reverse("club:home")).content.decode()   # not started yet
    services.tournament_start(tournament=t)
    services.tournament_start(tournament=other)
    page = client.get(reverse("club:home"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    mine = reverse("tournaments:my_night", args=[t.pk])
    assert f'href="{mine}">{long_name[:100]} — my night: my table, my results</a>' in page
    assert reverse("tournaments:my_night", args=[other.pk]) not in page
    fr = client.get(reverse("club:home"), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "— ma soirée : ma table, mes résultats" in fr
    Entry.objects.filter(tournament=t, player=ann).update(withdrawn=True)
    assert mine not in client.get(reverse("club:home")).content.decode()
    client.logout()
    Entry.objects.filter(tournament=t, player=ann).update(withdrawn=False)
    assert mine not in client.get(reverse("club:home")).content.decode()   # a visitor has no night
