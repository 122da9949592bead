"""Players' records and head-to-head for three-handed and partnership matches: each hand is between
two players (counted for that pair), a three-handed pair settles on its own, a partnership counts
for each player (their team's result, their own table hands) and for each team; constant queries."""
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from ginscore.matches.records_io import records_import
from ginscore.players import selectors
from ginscore.players.models import Player
from tests.matches.test_three_and_four import THREE

pytestmark = pytest.mark.django_db

# One game of partnership (to 125): North (Ann, Cat) against South (Ben, Dan).
PARTNERSHIP = {"format": "ginscore/1", "rules": "partnership", "players": ["Ann", "Ben", "Cat", "Dan"],
               "length": {"kind": "best_of", "games": 1},
               "teams": [{"name": "North", "players": ["Ann", "Cat"]},
                         {"name": "South", "players": ["Ben", "Dan"]}],
               "hands": [
                   {"tables": [{"end": "knock", "by": "Ann", "deadwood": {"Ann": 3, "Ben": 25}},  # Ann 22
                               {"end": "gin", "by": "Dan", "deadwood": {"Cat": 12}}]},  # Dan 37: South 15
                   {"tables": [{"end": "dead"},  # Ann v Dan
                               {"end": "knock", "by": "Cat", "deadwood": {"Cat": 6, "Ben": 31}}]},  # North 25
                   {"tables": [{"end": "gin", "by": "Ann", "deadwood": {"Ben": 80}},  # Ann 105
                               {"end": "gin", "by": "Cat", "deadwood": {"Dan": 0}}]},  # Cat 25: North 155
               ]}


def by_name(tallies):
    return {t.player.name: t for t in tallies}


def numbers(t):
    return (t.matches, t.in_play, t.won, t.lost, t.games_won, t.games_lost, t.hands, t.hands_won, t.gins,
            t.undercuts, t.net)


def test_three_handed_records_count_each_players_hands_and_pair_settlements(db):
    match = records_import(data=THREE)[0]
    assert match.complete and (match.score_a, match.score_b, match.score_c) == (41, 0, 615)
    records = by_name(selectors.player_records())
    # matches, in play, won, lost, games won, games lost, hands, hands won, gins, undercuts, net
    assert numbers(records["Ann"]) == (1, 0, 0, 1, 0, 1, 3, 1, 0, 0, 41 - 237)
    assert numbers(records["Ben"]) == (1, 0, 0, 1, 0, 1, 2, 0, 0, 0, -41 - 378)
    assert numbers(records["Cat"]) == (1, 0, 1, 0, 1, 0, 3, 3, 1, 0, 237 + 378)
    assert sum(t.net for t in records.values()) == 0  # what one pays another receives


def test_three_handed_head_to_head_is_each_pairs_own(db):
    records_import(data=THREE)
    ann = Player.objects.get(name="Ann")
    summary = selectors.player_summary(ann)
    h2h = by_name(summary.head_to_head)
    assert list(h2h) == ["Ben", "Cat"]
    # Ann and Ben played hand 1 only (Ann won it); their pair settles 41 to Ann.
    assert numbers(h2h["Ben"]) == (1, 0, 1, 0, 0, 0, 1, 1, 0, 0, 41)
    # Ann and Cat played hands 2 and 4 (Cat won both, one a gin); their pair settles 237 to Cat.
    assert numbers(h2h["Cat"]) == (1, 0, 0, 1, 0, 1, 2, 0, 0, 0, -237)
    assert summary.partners == []
    cat = selectors.player_summary(Player.objects.get(name="Cat"))
    assert numbers(by_name(cat.head_to_head)["Ben"]) == (1, 0, 1, 0, 1, 0, 1, 1, 0, 0, 378)
    assert by_name(cat.head_to_head)["Ann"].gins == 1


def test_partnership_records_per_player_and_per_team(db):
    match = records_import(data=PARTNERSHIP)[0]
    assert match.complete and match.winner.name == "Ann"  # North's first player
    net = match.score_a - match.score_b
    assert net == (155 + 4 * 25 + 100) - (15 + 25)  # North's total against South's
    records = by_name(selectors.player_records())
    assert numbers(records["Ann"]) == (1, 0, 1, 0, 1, 0, 3, 2, 1, 0, net)
    assert numbers(records["Cat"]) == (1, 0, 1, 0, 1, 0, 3, 2, 1, 0, net)
    assert numbers(records["Ben"]) == (1, 0, 0, 1, 0, 1, 3, 0, 0, 0, -net)
    assert numbers(records["Dan"]) == (1, 0, 0, 1, 0, 1, 3, 1, 1, 0, -net)

    ann = selectors.player_summary(Player.objects.get(name="Ann"))
    h2h = by_name(ann.head_to_head)
    assert list(h2h) == ["Ben", "Dan"]  # the other team's players; never the partner
    assert numbers(h2h["Ben"]) == (1, 0, 1, 0, 1, 0, 2, 2, 1, 0, net)  # deals 1 and 3 at table 1
    assert numbers(h2h["Dan"]) == (1, 0, 1, 0, 1, 0, 1, 0, 0, 0, net)  # deal 2, dead
    [team] = ann.partners
    assert (team.player.name, team.team) == ("Cat", "North")
    assert numbers(team) == (1, 0, 1, 0, 1, 0, 6, 4, 2, 0, net)  # both partners' hands
    [south] = selectors.player_summary(Player.objects.get(name="Dan")).partners
    assert (south.player.name, south.team, south.lost, south.net, south.hands_won) == ("Ben", "South", 1, -net, 1)


def cells(html, table_class):
    table = re.search(rf'<table[^>]*class="[^"]*{table_class}[^"]*".*?</table>', html, re.S).group(0)
    body = re.split(r"<tbody[^>]*>", table)[1]
    return [[re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
            for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)]


def test_the_player_page_shows_partnerships_and_head_to_head(client, db):
    records_import(data=[THREE, PARTNERSHIP])
    ann = Player.objects.get(name="Ann")
    html = client.get(reverse("players:detail", args=[ann.pk])).content.decode()
    assert "<h2>Partnerships</h2>" in html
    partners = cells(html, "partners")
    assert partners[0][:4] == ["Cat", "North", "1", "1"]
    h2h = cells(html, "head-to-head")
    assert [r[0] for r in h2h] == ["Ben", "Cat", "Dan"]
    assert "Hands won" in html


def _page_queries(client, player):
    with CaptureQueriesContext(connection) as ctx:
        assert client.get(reverse("players:detail", args=[player.pk])).status_code == 200
    return len(ctx)


def _list_queries(client):
    with CaptureQueriesContext(connection) as ctx:
        assert client.get(reverse("players:list")).status_code == 200
    return len(ctx)


def test_player_pages_cost_the_same_queries_however_many_matches(client, db):
    records_import(data=[THREE, PARTNERSHIP])
    ann = Player.objects.get(name="Ann")
    page, listing = _page_queries(client, ann), _list_queries(client)
    records_import(data=[THREE, PARTNERSHIP, THREE, PARTNERSHIP] * 3)
    assert _page_queries(client, ann) == page
    assert _list_queries(client) == listing
    assert selectors.player_summary(ann).overall.matches == 14
