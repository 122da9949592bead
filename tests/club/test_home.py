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
