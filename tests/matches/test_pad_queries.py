"""The score pad costs the same number of SQL queries at 10 hands and at 500."""
import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

pytestmark = pytest.mark.django_db

LONG = {"preset": "standard", "match_target": 1_000_000}  # a match that does not end at 500 hands


def hands(n):
    """Small knocks both ways with a gin now and then: many games, none of them short."""
    out = []
    for i in range(n):
        by, other = ("Ann", "Ben") if i % 2 else ("Ben", "Ann")
        if i % 7 == 3:
            out.append({"end": "gin", "by": by, "deadwood": {other: 5}})
        elif i % 11 == 5:
            out.append({"end": "dead"})
        else:
            out.append({"end": "knock", "by": by, "deadwood": {by: 9, other: 12}})
    return out


def pad_queries(client, path):
    with CaptureQueriesContext(connection) as ctx:
        r = client.get(path)
    assert r.status_code == 200
    return len(ctx.captured_queries), r


@pytest.mark.parametrize("role", ["visitor", "member", "table_link"])
def test_pad_query_count_is_constant(client, make_match, member, django_assert_num_queries, role):
    small, big = make_match(hands(10), rules=LONG), make_match(hands(500), rules=LONG)
    if role == "member":
        client.force_login(member)
    for m in (small, big):
        if role == "table_link":
            client.get(reverse("matches:table", args=[m.table_token]))
    n, r = pad_queries(client, reverse("matches:detail", args=[small.pk]))
    assert len(r.context["pad"].hands) == 10
    with django_assert_num_queries(n):
        r = client.get(reverse("matches:detail", args=[big.pk]))
    pad = r.context["pad"]
    assert len(pad.result.hands) == 500 and len(pad.result.games) > 3
    assert [h.n for h in pad.hands] == list(range(500, 460, -1))  # the latest 40; the rest one tap away
    with django_assert_num_queries(n):
        r = client.get(reverse("matches:detail", args=[big.pk]) + "?all=1")
    assert len(r.context["pad"].hands) == 500
    assert n <= 8


def test_a_long_pad_shows_its_latest_games_and_hands_and_links_to_the_rest(client, make_match):
    # Each gin against 75 ends a game: 120 games, and the 121st open.
    match = make_match([{"end": "gin", "by": "Ann", "deadwood": {"Ben": 75}}] * 120, rules=LONG)
    page = client.get(reverse("matches:detail", args=[match.pk]))
    pad = page.context["pad"]
    assert len(pad.sets) == 4 and pad.earlier_sets == 117
    assert pad.sets[-1][0].game.n == pad.result.games[-1].n  # paper order: the latest game last
    assert [s[0].game.n for s in pad.sets] == [118, 119, 120, 121]
    assert pad.earlier_hands == 80 and len(pad.hands) == 40
    html = page.content.decode()
    assert f"Show the {pad.earlier_sets} earlier games too" in html and "Show all 120 hands (80 more)" in html
    assert 'id="hand-81"' in html and 'id="hand-80"' not in html
    everything = client.get(reverse("matches:detail", args=[match.pk]) + "?all=1").content.decode()
    assert 'id="hand-1"' in everything and "earlier games" not in everything


def test_home_query_count_is_constant(client, make_match, django_assert_num_queries):
    for _ in range(3):
        make_match(hands(10), rules=LONG)
    n, _ = pad_queries(client, reverse("club:home"))
    for _ in range(10):
        make_match(hands(5), rules=LONG)
    with django_assert_num_queries(n):
        client.get(reverse("club:home"))
