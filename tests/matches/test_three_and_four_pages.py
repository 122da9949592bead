"""The site's pages for three-handed and partnership matches: the spec's worked examples
imported, then every page of the match visited (no page fails), with the numbers a player
reads on them; entering the hands at the table, a partnership's table at a time."""
from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from ginscore.engine import rules_from
from ginscore.matches import services
from ginscore.matches.models import Hand, Match
from ginscore.matches.records_io import records_import
from ginscore.players.models import Player
from tests.matches.test_three_and_four import PARTNERSHIP, THREE

pytestmark = pytest.mark.django_db


def text_of(response) -> str:
    """The page's words, tags and runs of spaces taken out."""
    html = response.content.decode()
    html = re.sub(r"<(script|style)[^>]*>.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&amp;", "&").replace("&#x27;", "'")


@pytest.fixture
def imported(db):
    """The spec's three-handed game (whole and after two hands) and its partnership example."""
    return records_import(data=[THREE, PARTNERSHIP, {**THREE, "hands": THREE["hands"][:2]}])


def match_urls(m: Match) -> list[str]:
    urls = [f"/matches/{m.pk}/", f"/matches/{m.pk}/record.json", f"/matches/{m.pk}/hands/new/",
            f"/matches/{m.pk}/hands/1/edit/", f"/matches/table/{m.table_token}/", f"/matches/{m.pk}/hands/cards/",
            f"/matches/{m.pk}/hands/1/cards/", f"/matches/{m.pk}/hands/1/delete/",
            f"/matches/{m.pk}/?all=1", f"/matches/{m.pk}/table-link/qr.svg"]
    urls += [f"/players/{p.pk}/" for p in m.seats]
    if m.kind == "partnership":
        urls += [f"/matches/{m.pk}/tables/{t}/" for t in (1, 2)]
        urls += [f"/matches/{m.pk}/tables/{t}/hands/new/" for t in (1, 2)]
        urls += [f"/matches/{m.pk}/tables/{t}/hands/1/edit/" for t in (1, 2)]
        urls += [f"/matches/table/{m.table_token}/{t}/" for t in (1, 2)]
        urls += [f"/matches/{m.pk}/table-link/{t}/qr.svg" for t in (1, 2)]
    return urls


def test_no_page_of_a_three_handed_or_partnership_match_fails(admin_client, imported):
    # (the printed match sheet, /sheets/matches/<id>.pdf, is the sheets' own test)
    urls = ["/", "/matches/", "/matches/?_export=csv", "/players/", "/matches/records.json"]
    for m in imported:
        urls += match_urls(m)
    answers = {u: admin_client.get(u).status_code for u in urls}
    assert {u: s for u, s in answers.items() if s not in (200, 302)} == {}


def test_the_three_handed_pad_shows_the_worked_example(client, imported):
    m = imported[0]
    page = text_of(client.get(f"/matches/{m.pk}/"))
    assert "Ann v Ben v Cat" in page
    # the game's column: Cat's running total reaches 103, totals 41 / 0 / 278
    assert "total 41 0 278" in page
    assert "Ann v Ben: Ann +41" in page and "Ann v Cat: Cat +237" in page and "Ben v Cat: Cat +378" in page
    assert "Cat shut out Ben" in page
    # the match score and the three settlements
    assert "Cat wins the match." in page
    for line in ("Ben pays Ann 41 points", "Ann pays Cat 237 points", "Ben pays Cat 378 points"):
        assert line in page
    # who dealt and sat out each hand
    assert "Cat dealt and sat out: Ann v Ben" in page
    assert "Ann dealt and sat out: Ben v Cat" in page


def test_the_three_handed_pad_in_play_says_who_deals_and_who_plays(admin_client, imported):
    m = imported[2]
    response = admin_client.get(f"/matches/{m.pk}/")
    page = text_of(response)
    assert "Hand 3 · Ann deals and sits out · Ben v Cat play" in page
    assert "16 to go" not in page and "84 to go" in page  # Ann 16 of 100
    # the hand form offers only the two who play the hand, by name
    form = response.context["form"]
    assert form.fields["by"].choices == [("b", "Ben"), ("c", "Cat")]
    assert "Knocker's deadwood (Ben or Cat)" in page
    response = admin_client.get(f"/matches/{m.pk}/hands/new/")
    assert response.context["form"].fields["by"].choices == [("b", "Ben"), ("c", "Cat")]
    assert "Hand 3: Ben v Cat" in text_of(response)


def test_a_three_handed_hand_is_entered_and_the_dealer_cannot_be_named(admin_client, imported):
    m = imported[2]
    url = f"/matches/{m.pk}/hands/new/"
    refused = admin_client.post(url, {"end": "gin", "by": "a", "defender_deadwood": 10, "number": 3,
                                      "revision": m.revision, "action": "save"})
    assert refused.status_code == 200 and "Tap Ben or Cat: they played this hand." in text_of(refused)
    assert m.hands.count() == 2
    saved = admin_client.post(url, {"end": "knock", "by": "c", "knocker_deadwood": 2, "defender_deadwood": 40,
                                    "number": 3, "revision": m.revision, "action": "save"})
    assert saved.status_code == 302
    m.refresh_from_db()
    assert (m.game_a, m.game_b, m.game_c) == (16, 0, 93)
    page = text_of(admin_client.get(saved["Location"]))
    assert "Hand 3 saved. Cat scores 38 and 1 box." in page
    assert "Hand 4 · Ben deals and sits out · Ann v Cat play" in page


def test_the_three_handed_preview_names_the_pair(admin_client, imported):
    m = imported[2]
    answer = admin_client.post(f"/matches/{m.pk}/hands/preview/", {
        "end": "knock", "by": "b", "knocker_deadwood": 3, "defender_deadwood": 13, "number": 3,
        "revision": m.revision}).json()
    assert answer["ok"] and answer["text"] == "Ben scores 10 and 1 box."
    assert answer["after"] == "Game 1: Ann 16, Ben 10, Cat 55."


def test_the_partnership_pad_shows_both_tables_of_each_deal(client, imported):
    m = imported[1]
    page = text_of(client.get(f"/matches/{m.pk}/"))
    assert "North v South" in page
    assert "Ann & Cat" in page and "Ben & Dan" in page
    assert "Table 1: Ann v Ben Ann knocked 3 v 25 · Ann +22" in page
    assert "Table 2: Cat v Dan Dan went gin (Cat 12) · Dan +37" in page
    assert "Table 1: Ann v Dan Dead hand" in page
    assert "Table 2: Cat v Ben Cat knocked 6 v 31 · Cat +25" in page
    assert "North +0 South +15" in page and "North +25 South +0" in page
    assert "Table 1: Ann v Ben, deal 3 · Table 2: Cat v Dan, deal 3" in page


def partnership(user=None) -> Match:
    a, b, c, d = (Player.objects.create(name=n) for n in ("Ann", "Ben", "Cat", "Dan"))
    return services.match_create(player_a=a, player_b=b, player_c=c, player_d=d,
                                 rules=rules_from({"preset": "partnership"}), team_a_name="North",
                                 team_b_name="South", created_by=user)


def test_each_table_enters_its_own_hand_from_its_table_link(client):
    m = partnership()
    # a phone that scans table 2's code lands on table 2's page
    opened = client.get(reverse("matches:table_at", args=[m.table_token, 2]))
    assert opened["Location"] == f"/matches/{m.pk}/tables/2/"
    page = client.get(opened["Location"])
    assert "Table 2: Cat v Dan, deal 1" in text_of(page)
    assert page.context["form"].fields["by"].choices == [("c", "Cat"), ("d", "Dan")]
    saved = client.post(f"/matches/{m.pk}/tables/2/hands/new/", {
        "end": "gin", "by": "d", "defender_deadwood": 12, "number": 1, "revision": m.revision, "action": "save"})
    assert saved["Location"] == f"/matches/{m.pk}/tables/2/"
    page = text_of(client.get(saved["Location"]))
    assert "Table 2's hand of deal 1 saved. Dan scores 37 and 1 box (gin). The deal's team score comes when " \
           "table 1's hand is in." in page
    assert "Deal 1: waiting for table 1" in page and "Table 1 waiting for table 1" in page
    assert "Table 2: Cat v Ben, deal 2" in page and "Save deal 2" in page
    # the first table in may be corrected until the second arrives
    fixed = client.post(f"/matches/{m.pk}/tables/2/hands/1/edit/", {
        "end": "gin", "by": "d", "defender_deadwood": 12, "number": 1, "revision": Match.objects.get().revision,
        "action": "save", "table": 2})
    assert fixed.status_code == 302
    # table 1 comes in: the deal's team score appears
    m.refresh_from_db()
    saved = client.post(f"/matches/{m.pk}/tables/1/hands/new/", {
        "end": "knock", "by": "a", "knocker_deadwood": 3, "defender_deadwood": 25, "number": 1,
        "revision": m.revision, "action": "save"})
    page = text_of(client.get(saved["Location"]))
    assert "Ann scores 22 and 1 box. Deal 1: North +0, South +15." in page
    assert "waiting for table" not in page
    m.refresh_from_db()
    assert (m.game_a, m.game_b, m.hand_count) == (0, 15, 1)


def test_a_table_undoes_only_its_own_last_hand(client):
    m = partnership()
    client.get(reverse("matches:table", args=[m.table_token]))
    for table, data in ((1, {"end": "dead"}), (2, {"end": "dead"}), (1, {"end": "dead"})):
        m.refresh_from_db()
        n = m.hands.filter(table=table).count() + 1
        client.post(f"/matches/{m.pk}/tables/{table}/hands/new/", {**data, "number": n, "revision": m.revision,
                                                                   "action": "save"})
    assert list(Hand.objects.values_list("number", "table")) == [(1, 1), (1, 2), (2, 1)]
    m.refresh_from_db()
    refused = client.post(f"/matches/{m.pk}/hands/undo/", {"revision": m.revision, "table": 2}, follow=True)
    assert "Table 1 has already entered deal 2" in text_of(refused)
    done = client.post(f"/matches/{m.pk}/hands/undo/", {"revision": m.revision, "table": 1, "back": "table"})
    assert done["Location"] == f"/matches/{m.pk}/tables/1/"
    assert list(Hand.objects.values_list("number", "table")) == [(1, 1), (1, 2)]


def test_a_table_redoes_only_its_own_undone_hand(client):
    m = partnership()
    client.get(reverse("matches:table", args=[m.table_token]))
    for table, data in ((1, {"end": "dead"}), (2, {"end": "dead"}),
                        (1, {"end": "knock", "by": "a", "knocker_deadwood": 4, "defender_deadwood": 20})):
        m.refresh_from_db()
        n = m.hands.filter(table=table).count() + 1
        client.post(f"/matches/{m.pk}/tables/{table}/hands/new/", {**data, "number": n, "revision": m.revision,
                                                                   "action": "save"})
    m.refresh_from_db()
    undone = client.post(f"/matches/{m.pk}/hands/undo/", {"revision": m.revision, "table": 1, "back": "table"},
                         follow=True)
    page = text_of(undone).replace("&quot;", '"')
    assert "Table 1's hand of deal 2 undone. Tap \"Redo table 1's deal 2\" to put it back." in page
    assert "Yes, undo table 1's deal 1 Redo table 1's deal 2 (Ann knocked 4 v 20)" in page
    assert "Redo table 2" not in page
    # table 2's page offers table 1's redo nowhere; the match's pad offers it under table 1
    assert "Redo table 1" not in text_of(client.get(f"/matches/{m.pk}/tables/2/"))
    assert "Redo table 1's deal 2" in text_of(client.get(f"/matches/{m.pk}/"))
    m.refresh_from_db()
    refused = client.post(f"/matches/{m.pk}/hands/redo/", {"revision": m.revision, "table": 2}, follow=True)
    assert "There is no undone hand to put back" in text_of(refused)
    done = client.post(f"/matches/{m.pk}/hands/redo/", {"revision": m.revision, "table": 1, "back": "table"})
    assert done["Location"] == f"/matches/{m.pk}/tables/1/"
    assert list(Hand.objects.values_list("number", "table", "knocker_deadwood")) == [(1, 1, None), (1, 2, None),
                                                                                    (2, 1, 4)]
    page = text_of(client.get(done["Location"]))
    assert "Table 1's hand of deal 2 put back." in page and "Redo table 1" not in page


def test_a_partnership_table_refuses_a_player_of_the_other_table(client):
    m = partnership()
    client.get(reverse("matches:table", args=[m.table_token]))
    page = client.post(f"/matches/{m.pk}/tables/1/hands/new/", {
        "end": "gin", "by": "c", "defender_deadwood": 12, "number": 1, "revision": m.revision, "action": "save"})
    assert page.status_code == 200 and "Tap Ann or Ben: they played this hand." in text_of(page)
    assert not Hand.objects.exists()
    assert client.get(f"/matches/{m.pk}/tables/3/")["Location"] == f"/matches/{m.pk}/"


def test_card_entry_is_for_the_two_who_play_the_hand(admin_client, imported):
    m = imported[2]
    response = admin_client.get(f"/matches/{m.pk}/hands/cards/", follow=True)
    assert response.status_code == 200 and "Hand 3: the cards" in text_of(response)
    assert response.context["form"].fields["by"].choices == [("b", "Ben"), ("c", "Cat")]


def test_lists_show_three_scores_and_the_teams(client, imported):
    home = text_of(client.get("/"))
    assert "Ann v Ben v Cat 16–0–55 (game 1) match 0–0–0" in home  # the three-handed game in play
    assert "North v South 25–15 (game 1) match 0–0 · Partnership · deal 3" in home
    assert "Ann v Ben v Cat 41–0–615 Cat won" in home  # finished
    listed = text_of(client.get("/matches/"))
    assert "North v South Ann & Cat v Ben & Dan" in listed and "41–0–615" in listed and "by pairs" in listed
    rows = client.get("/matches/", {"_export": "csv"}).content.decode().splitlines()
    assert any(r.split(",")[1:6] == ["Ann", "Ben", "Cat", "", "41-0-615"] for r in rows)
    assert any(r.split(",")[1:6] == ["Ann", "Ben", "Cat", "Dan", "0-0"] for r in rows)


def three_handed_hands(n: int) -> list[dict]:
    """Hands that follow the deal (the loser deals next): the first of the two players knocks."""
    names, dealer, out = ["Ann", "Ben", "Cat"], "Cat", []
    for i in range(n):
        first, second = [p for p in names if p != dealer]
        if i % 9 == 4:
            out.append({"end": "dead"})
            continue
        out.append({"end": "knock", "by": first, "deadwood": {first: 9, second: 12}})
        dealer = second
    return out


def partnership_deals(n: int) -> list[dict]:
    return [{"tables": [{"end": "knock", "by": a, "deadwood": {a: 5, b: 9}}, {"end": "dead"}]}
            for a, b in (("Ann", "Ben") if i % 2 == 0 else ("Ann", "Dan") for i in range(n))]


LONG_RULES = {"preset": "standard", "match_target": 1_000_000}


@pytest.mark.parametrize("record,path", [
    (lambda n: {**THREE, "rules": LONG_RULES, "hands": three_handed_hands(n)}, "/matches/{pk}/"),
    (lambda n: {**PARTNERSHIP, "rules": {**LONG_RULES, "preset": "partnership"}, "hands": partnership_deals(n)},
     "/matches/{pk}/"),
    (lambda n: {**PARTNERSHIP, "rules": {**LONG_RULES, "preset": "partnership"}, "hands": partnership_deals(n)},
     "/matches/{pk}/tables/2/"),
])
def test_three_handed_and_partnership_pads_cost_the_same_queries_at_any_length(
        client, django_assert_num_queries, record, path):
    small, big = records_import(data=[record(10), record(200)])
    for m in (small, big):
        client.get(reverse("matches:table", args=[m.table_token]))
    with CaptureQueriesContext(connection) as ctx:
        assert client.get(path.format(pk=small.pk)).status_code == 200
    with django_assert_num_queries(len(ctx.captured_queries)):
        r = client.get(path.format(pk=big.pk))
    assert len(r.context["pad"].result.hands) == 200
    assert r.context["form"] is not None or 'class="card entry tables-entry"' in r.content.decode()
    assert len(ctx.captured_queries) <= 9


def test_a_hand_typed_at_table_2_under_a_renewed_link_is_kept_with_its_players(client, imported):
    m = imported[1]
    client.get(reverse("matches:table_at", args=[m.table_token, 2]))
    services.table_link_renew(match=m)
    page = client.post(f"/matches/{m.pk}/tables/2/hands/new/", {
        "end": "gin", "by": "d", "defender_deadwood": 12, "number": 3, "revision": m.revision, "action": "save"})
    assert page.status_code == 403 and "Dan went gin (Cat 12)" in text_of(page)
