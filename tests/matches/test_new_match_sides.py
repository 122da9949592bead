"""The new-match form for two, three or four players: what it starts, and every bad input
refused next to its field with nothing saved."""
from __future__ import annotations

import pytest
from django.urls import reverse

from ginscore.matches.models import Match
from ginscore.players.models import Player

pytestmark = pytest.mark.django_db

BASE = {"preset": "standard", "length": "target", "first_dealer": "a"}
LONG = "Marie-Thérèse d'Aubigné de la Côte-Saint-André Villeneuve-Lé"  # 60 characters


def post(client, member, **data):
    client.force_login(member)
    return client.post(reverse("matches:new"), {**BASE, **data})


def test_long_name_is_sixty_characters():
    assert len(LONG) == 60


def test_a_three_handed_match_with_the_third_player_dealing_first(client, member):
    r = post(client, member, players="3", player_a="Ann", player_b="Ben", player_c=LONG, first_dealer="c")
    match = Match.objects.get()
    assert r.status_code == 302 and r["Location"] == reverse("matches:detail", args=[match.pk])
    assert match.kind == "three" and match.player_c.name == LONG and match.first_dealer == "c"
    page = client.get(r["Location"]).content.decode()
    assert f"Match between Ann, Ben and {LONG} started." in page.replace("&#x27;", "'")


def test_a_partnership_with_team_names_and_its_rules(client, member):
    r = post(client, member, players="4", player_a="Ann", player_b="Ben", player_c="Cat", player_d="Dan",
             team_a_name="North", team_b_name=LONG, preset="partnership")
    match = Match.objects.get()
    assert r.status_code == 302
    assert (match.kind, match.team_names) == ("partnership", ("North", LONG))
    assert [p.name for p in match.seats] == ["Ann", "Ben", "Cat", "Dan"]
    assert match.rules["game_target"] == 125 and match.first_dealer == "a"


def test_the_number_of_players_follows_the_names_given_when_not_chosen(client, member):
    post(client, member, player_a="Ann", player_b="Ben", player_c="Cat")
    assert Match.objects.get().kind == "three"


def test_the_form_offers_the_partnership_rules_and_a_third_dealer(client, member):
    client.force_login(member)
    html = client.get(reverse("matches:new")).content.decode()
    assert 'value="partnership"' in html and "game to 125" in html
    assert 'name="first_dealer" value="c"' in html and 'name="players" value="4"' in html


@pytest.mark.parametrize("data,field,message", [
    ({"players": "3", "player_c": "ann"}, "player_c", "Ann is already player A: the 3 players must all be different."),
    ({"players": "4", "player_c": "Cat", "player_d": "BEN"}, "player_d",
     "Ben is already player B: the 4 players must all be different."),
    ({"players": "3", "player_c": "Cat", "preset": "hollywood"}, "preset", "Hollywood is for two players"),
    ({"players": "4", "player_c": "Cat", "player_d": "Dan", "preset": "hollywood"}, "preset",
     "Hollywood is for two players"),
    ({"players": "3", "player_c": "Cat", "rule_columns": "3"}, "rule_columns", "Hollywood columns are for two"),
    ({"players": "4", "player_c": "Cat", "player_d": "Dan", "team_a_name": "x" * 101}, "team_a_name",
     "A team name is at most 100 characters (this one has 101)."),
    ({"players": "4", "player_c": "Cat", "player_d": "Dan", "team_a_name": "North", "team_b_name": "north"},
     "team_b_name", "The two teams need different names."),
    ({"players": "3"}, "player_c", "Give player C's name: three players play this match."),
    ({"players": "4", "player_c": "Cat"}, "player_d", "Give player D's name: four players play this match."),
    ({"players": "2", "player_c": "Cat"}, "player_c", "leave player C empty"),
    ({"players": "3", "player_c": "Cat", "team_a_name": "North"}, "team_a_name",
     "Team names are for four players in two partnerships."),
    ({"preset": "partnership"}, "preset", "Partnership rules are for four players in two partnerships."),
    ({"first_dealer": "c"}, "first_dealer", "Player C deals first only in a three-handed match."),
    ({"players": "3", "player_c": "x" * 101}, "player_c", "at most 100 characters"),
])
def test_bad_input_is_named_next_to_its_field_and_nothing_is_saved(client, member, data, field, message):
    before = Player.objects.count()
    r = post(client, member, **{"player_a": "Ann", "player_b": "Ben", **data})
    assert r.status_code == 200
    assert message in " ".join(r.context["form"].errors[field])
    assert f'id="field-{field}"' in r.content.decode()
    assert not Match.objects.exists() and Player.objects.count() == before


def test_a_refusal_by_the_service_leaves_no_new_player(client, member, monkeypatch):
    from ginscore.matches import services

    def refuse(**kwargs):
        raise ValueError("stake: too much")
    monkeypatch.setattr(services, "match_create", refuse)
    r = post(client, member, players="3", player_a="Ann", player_b="Ben", player_c="Cat")
    assert r.status_code == 200 and "stake: too much" in r.content.decode()
    assert not Player.objects.exists()
