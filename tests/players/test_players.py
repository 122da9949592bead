"""The players list and a player's page: the numbers, sorting, CSV, permissions, query counts."""
import csv
import io

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from ginscore.players import selectors
from ginscore.players.models import Player

pytestmark = pytest.mark.django_db


def knock(by, k, other, d):
    return {"end": "knock", "by": by, "deadwood": {by: k, other: d}}


def gin(by, other, d):
    return {"end": "gin", "by": by, "deadwood": {other: d}}


def shutout_game(by, other):
    """Four gins with 0 deadwood against: 100 points, one game won by a shutout."""
    return [gin(by, other, 0)] * 4


@pytest.fixture
def club(make_match, ann, ben):
    """Ann beats Ben in a finished match, Ben leads Ann in one in play, Ann plays Cleo in one in play.

    Finished (standard): two shut-out games of four gins by Ann, each worth
    100 + 4 boxes x 25 + 100 game bonus + 100 shutout = 400 net: 800 to 0,
    and the match ends with the game that takes Ann past 500.
    """
    cleo = Player.objects.create(name="Cleo")
    finished = make_match(hands=shutout_game("Ann", "Ben") * 2)
    in_play = make_match(hands=[knock("Ben", 5, "Ann", 30), gin("Ann", "Ben", 10),
                                knock("Ann", 9, "Ben", 7)] + shutout_game("Ben", "Ann"))
    other = make_match(player_b=cleo, hands=[knock("Cleo", 2, "Ann", 40)])
    return {"cleo": cleo, "finished": finished, "in_play": in_play, "other": other}


def test_player_records_add_up_from_the_matches(club, ann, ben):
    records = {t.player.name: t for t in selectors.player_records()}
    a, b, c = records["Ann"], records["Ben"], records["Cleo"]
    assert club["finished"].complete and club["finished"].score_a == 800
    assert (a.matches, a.in_play, a.won, a.lost) == (3, 2, 1, 0)
    assert (b.matches, b.in_play, b.won, b.lost) == (2, 1, 0, 1)
    assert (c.matches, c.in_play, c.won, c.lost) == (1, 1, 0, 0)
    # Games: Ann 2 (finished) + 0; Ben 1 in the match in play.
    assert (a.games_won, a.games_lost) == (2, 1)
    assert (b.games_won, b.games_lost) == (1, 2)
    # Gins: Ann 8 + 1; Ben 4. Undercuts: Ben undercut Ann's knock of 9 v 7.
    assert (a.gins, b.gins, c.gins) == (9, 4, 0)
    assert (a.undercuts, b.undercuts) == (0, 1)
    # Net: settlement of the finished match only.
    assert (a.net, b.net, c.net) == (800, -800, 0)


def test_player_summary_head_to_head(club, ann, ben):
    summary = selectors.player_summary(ann)
    assert summary.overall.matches == 3 and summary.overall.net == 800
    rows = {t.player.name: t for t in summary.head_to_head}
    assert [t.player.name for t in summary.head_to_head] == ["Ben", "Cleo"]  # most matches first
    assert (rows["Ben"].matches, rows["Ben"].won, rows["Ben"].games_won, rows["Ben"].games_lost) == (2, 1, 2, 1)
    assert (rows["Cleo"].matches, rows["Cleo"].won, rows["Cleo"].net) == (1, 0, 0)
    assert rows["Cleo"].player.pk == club["cleo"].pk


def cells(response, table_class):
    """The text of each body row of the table with ``table_class`` in the page."""
    import re

    html = response.content.decode()
    table = re.search(rf'<table[^>]*class="[^"]*{table_class}[^"]*".*?</table>', html, re.S).group(0)
    body = re.split(r"<tbody[^>]*>", table)[1]
    return [[re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
            for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)]


def test_players_page_shows_each_record(client, club):
    response = client.get(reverse("players:list"))
    assert response.status_code == 200
    rows = cells(response, "players")
    assert rows[0] == ["Ann", "3", "1", "0", "2", "1", "16", "9", "9", "0", "800"]
    assert [r[0] for r in rows] == ["Ann", "Ben", "Cleo"]


def test_players_page_sorts_by_a_column(client, club):
    rows = cells(client.get(reverse("players:list"), {"sort": "-net"}), "players")
    assert [r[0] for r in rows] == ["Ann", "Cleo", "Ben"]
    rows = cells(client.get(reverse("players:list"), {"sort": "net"}), "players")
    assert [r[0] for r in rows] == ["Ben", "Cleo", "Ann"]


def test_players_page_paginates(client, db):
    Player.objects.bulk_create(Player(name=f"Player {i:02}") for i in range(30))
    first = cells(client.get(reverse("players:list")), "players")
    second = cells(client.get(reverse("players:list"), {"page": 2}), "players")
    assert len(first) == 25 and len(second) == 5
    assert second[-1][0] == "Player 29"


def test_players_page_finds_by_name(client, club):
    rows = cells(client.get(reverse("players:list"), {"q": "cl"}), "players")
    assert [r[0] for r in rows] == ["Cleo"]


def test_players_csv_export(client, club):
    response = client.get(reverse("players:list"), {"_export": "csv"})
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    assert 'filename="players.csv"' in response["Content-Disposition"]
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0] == ["Player", "Matches", "Won", "Lost", "Games won", "Games lost", "Hands", "Hands won", "Gins",
                       "Undercuts", "Net points"]
    assert rows[1:] == [["Ann", "3", "1", "0", "2", "1", "16", "9", "9", "0", "800"],
                        ["Ben", "2", "0", "1", "1", "2", "15", "6", "4", "1", "-800"],
                        ["Cleo", "1", "0", "0", "0", "0", "1", "1", "0", "0", "0"]]


def test_player_page_shows_record_history_and_head_to_head(client, club, ann):
    response = client.get(reverse("players:detail", args=[ann.pk]))
    assert response.status_code == 200
    h2h = cells(response, "head-to-head")
    assert h2h == [["Ben", "2", "1", "0", "2", "1", "15", "9", "9", "0", "800"],
                   ["Cleo", "1", "0", "0", "0", "0", "1", "0", "0", "0", "0"]]
    history = cells(response, "matches")
    assert len(history) == 3
    assert {r[0] for r in history} == {str(club[k].pk) for k in ("finished", "in_play", "other")}
    finished = next(r for r in history if r[0] == str(club["finished"].pk))
    assert finished[1:-1] == ["Ann v Ben", "800–0", "Finished", "Standard", "2–0", "8", "Ann", "800"]


def test_unknown_player_is_404(client, db):
    assert client.get(reverse("players:detail", args=[999])).status_code == 404


@pytest.mark.parametrize("role", ["visitor", "member", "director", "club_admin"])
def test_everyone_may_read_the_players_pages(client, club, ann, role, request):
    if role != "visitor":
        client.force_login(request.getfixturevalue(role))
    assert client.get(reverse("players:list")).status_code == 200
    assert client.get(reverse("players:list"), {"_export": "csv"}).status_code == 200
    assert client.get(reverse("players:detail", args=[ann.pk])).status_code == 200
    for name in ("players:list",):
        response = client.post(reverse(name))
        assert response.status_code == 405  # nothing here writes


def _grow(make_match, players, matches, hands):
    for i in range(matches):
        a, b = players[i % len(players)], players[(i + 1) % len(players)]
        make_match(player_a=a, player_b=b, hands=[knock(a.name, 5, b.name, 20)] + [{"end": "dead"}] * (hands - 1))


def _queries(client, url):
    client.get(url)   # (the first page of a ratings version replays the ratings once: ginscore.ratings)
    with CaptureQueriesContext(connection) as ctx:
        assert client.get(url).status_code == 200
    return len(ctx)


def test_query_counts_stay_the_same_as_matches_and_hands_grow(client, make_match, ann, ben):
    players = [ann, ben, Player.objects.create(name="Cleo")]
    _grow(make_match, players, matches=2, hands=10)
    urls = [reverse("players:list"), reverse("players:list") + "?_export=csv",
            reverse("players:detail", args=[ann.pk])]
    small = [_queries(client, u) for u in urls]
    _grow(make_match, players + [Player.objects.create(name="Dev")], matches=12, hands=500)
    large = [_queries(client, u) for u in urls]
    assert small == large
    print("queries (players list, CSV, player page):", small)
    assert small[0] <= 3, small


def test_records_agree_with_the_engine_scoring_every_hand_again(db):
    """On the demo club: every figure equals what the engine makes of the stored hands."""
    from django.core.management import call_command

    from ginscore.matches.models import Match
    from ginscore.matches.selectors import match_result

    call_command("seed_demo", stdout=io.StringIO())
    expected = {}
    for match in Match.objects.with_players():
        result = match_result(match)
        m = result.match
        for me, them in (result.players, result.players[::-1]):
            e = expected.setdefault(me, dict(matches=0, won=0, lost=0, games_won=0, games_lost=0, gins=0,
                                             undercuts=0, net=0))
            e["matches"] += 1
            e["games_won"] += m.games_won[me]
            e["games_lost"] += m.games_won[them]
            e["gins"] += sum(h.winner == me and h.end in ("gin", "big_gin") for h in result.hands)
            e["undercuts"] += sum(h.winner == me and h.undercut for h in result.hands)
            if m.complete:
                e["won" if m.winner == me else "lost"] += 1
                e["net"] += m.score[me] - m.score[them]
    got = {t.player.name: {k: getattr(t, k) for k in expected["Ann"]} for t in selectors.player_records()}
    assert got == expected
    assert sum(e["gins"] for e in expected.values()) > 0 and sum(e["undercuts"] for e in expected.values()) > 0
