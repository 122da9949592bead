"""Three at the table and four in two partnerships, on 390x844 phones: a whole three-handed
game (the spec's worked example) entered at the table to its end, and a partnership game
entered from two phones, one per table, by their table links."""
import re

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from ginscore.matches.models import Match
from tests.browser.steps import log_in, record_hand
from tests.browser.test_phone_fit import OFFENDERS
from tests.browser.conftest import LIVE_MS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LONG = "Maria-José Núñez de la Peña-Hernández y Castellón-Vasconcelos"[:60]


def fits(page) -> None:
    """No sideways scroll on a 390 px phone, nothing beyond the screen's edges."""
    fit = page.evaluate(OFFENDERS)
    assert fit["scroll"] <= 390 and not fit["out"], fit


def players_offered(page) -> list[str]:
    return [t.strip() for t in page.locator("form.hand-form #field-by .choices label").all_inner_texts()]


def test_a_three_handed_game_at_the_table_to_its_end(phone, shot, ann):
    page = phone
    log_in(page)
    page.get_by_role("link", name="New match").click()
    page.wait_for_url("**/matches/new/", wait_until="load")   # the form's script there before a tap
    page.locator("#field-players label").get_by_text("Three (the dealer sits out)").click()
    expect(page.locator("[name=player_d]")).to_be_hidden()
    page.fill("[name=player_a]", "Ann")
    page.fill("[name=player_b]", "Ben")
    page.fill("[name=player_c]", "Cat")
    page.locator("#field-first_dealer label").get_by_text("Player C").click()
    fits(page)
    shot("three-01-new-match")
    page.get_by_role("button", name="Start the match").click()
    page.locator(".hand-form").wait_for()
    head = page.locator(".score-head .next")
    assert " ".join(head.inner_text().split()) == "Hand 1 · Cat deals and sits out · Ann v Ben play"
    assert players_offered(page) == ["Ann", "Ben"]
    fits(page)
    shot("three-02-empty-pad")

    record_hand(page, "knock", "Ann", 4, 20, expect="Ann scores 16 and 1 box")
    assert "Ben deals and sits out · Ann v Cat play" in " ".join(head.inner_text().split())
    assert players_offered(page) == ["Ann", "Cat"]
    record_hand(page, "gin", "Cat", defender=30, expect="Cat scores 55 and 1 box (gin)")
    assert players_offered(page) == ["Ben", "Cat"]
    record_hand(page, "knock", "Cat", 2, 40, expect="Cat scores 38 and 1 box")
    shot("three-03-three-hands")
    record_hand(page, "knock", "Cat", 5, 15, expect="Cat scores 10 and 1 box")
    shot("three-04-game-over")

    # the game's column: totals Ann 41, Ben 0, Cat 278; each pair's net; Ben shut out
    game = page.locator("#game-1")
    assert game.locator(".total td").all_inner_texts() == ["41", "0", "278"]
    nets = [" ".join(t.split()) for t in game.locator(".pair-net td").all_inner_texts()]
    assert nets == ["Ann v Ben: Ann +41", "Ann v Cat: Cat +237", "Ben v Cat: Cat +378"]
    # the match: Ann 41, Ben 0, Cat 615 and the three settlements
    assert [page.locator(f".score-head [data-score='{i}']").inner_text() for i in range(3)] == ["41", "0", "615"]
    assert page.locator(".score-head .settlements li").all_inner_texts() == [
        "Ben pays Ann 41 points", "Ann pays Cat 237 points", "Ben pays Cat 378 points"]
    assert page.locator(".hand-form").count() == 0
    assert "Ann dealt and sat out: Ben v Cat" in page.locator("#hand-3").inner_text()
    fits(page)


def test_a_partnership_game_from_two_phones(phone, second_phone, shot, ann, settings):
    settings.GINSCORE_SITE_URL = "http://192.168.1.20:8000"   # the club's address: the table links show
    a, b = phone, second_phone
    log_in(a)
    a.get_by_role("link", name="New match").click()
    a.wait_for_url("**/matches/new/", wait_until="load")   # its script there (on a busy machine a tap came first)
    a.locator("#field-players label").get_by_text("Four: two partnerships").click()
    for field, name in (("a", "Ann"), ("b", "Ben"), ("c", "Cat"), ("d", "Dan")):
        a.fill(f"[name=player_{field}]", name)
    a.fill("[name=team_a_name]", "North")
    a.fill("[name=team_b_name]", LONG)
    assert a.locator("#field-preset input[value=partnership]").is_checked()  # game to 125
    expect(a.locator("#field-first_dealer")).to_be_hidden()
    shot("four-01-new-match")
    a.get_by_role("button", name="Start the match").click()
    a.locator(".tables-entry").wait_for()
    match = Match.objects.get()
    fits(a)
    shot("four-02-pad")

    # each table's phone opens its own table link (the QR codes on the match page)
    a.locator(".table-link > summary").click()
    links = a.locator(".table-link .link a")
    assert links.count() == 2
    table_1 = links.nth(0).get_attribute("href")
    assert table_1 == reverse("matches:table_at", args=[match.table_token, 1])
    a.goto(a.base + table_1)
    b.goto(b.base + reverse("matches:table_at", args=[match.table_token, 2]))
    expect(a.locator("#entry h2")).to_have_text("Table 1: Ann v Ben, deal 1")
    expect(b.locator("#entry h2")).to_have_text("Table 2: Cat v Dan, deal 1")
    assert players_offered(b) == ["Cat", "Dan"]
    fits(b)
    shot("four-03-table-2")

    # deal 1: table 1 first; the deal waits for table 2
    record_hand(a, "knock", "Ann", 3, 25, expect="Ann scores 22 and 1 box")
    assert "Deal 1: waiting for table 2" in a.locator(".score-head .waiting").inner_text()
    expect(b.locator("#deal-1")).to_contain_text("waiting for table 2", timeout=LIVE_MS)
    # table 1 corrects its hand while table 2 plays on (the first table in may be corrected)
    a.get_by_role("link", name="Fix table 1's hand of deal 1").click()
    a.locator("[name=knocker_deadwood]").fill("2")
    a.locator("#hand-preview .preview-text").filter(has_text="Ann scores 23").wait_for()
    a.locator("#save-hand").click()
    a.locator(".msg-success").wait_for()
    # table 2 comes in: the deal's team score appears, on both phones
    record_hand(b, "gin", "Dan", defender=12, expect="Dan scores 37 and 1 box (gin)")
    deal = b.locator("#deal-1")
    assert "North +0" in deal.inner_text() and "+14" in deal.inner_text()
    expect(a.locator("#deal-1")).to_contain_text("North +0", timeout=LIVE_MS)
    assert a.locator(".score-head .waiting").count() == 0
    assert [a.locator(f".score-head [data-game='{i}']").inner_text() for i in range(2)] == ["0", "14"]
    shot("four-04-deal-1-in")

    # deal 2: the opponents cross (Ann v Dan, Cat v Ben); table 2 first this time
    expect(a.locator("#entry h2")).to_have_text("Table 1: Ann v Dan, deal 2", timeout=LIVE_MS)
    expect(b.locator("#entry h2")).to_have_text("Table 2: Cat v Ben, deal 2")
    record_hand(b, "knock", "Cat", 6, 31, expect="Cat scores 25 and 1 box")
    expect(a.locator(".score-head .waiting")).to_contain_text("Deal 2: waiting for table 1", timeout=LIVE_MS)
    record_hand(a, "dead hand", expect="Dead hand")
    expect(b.locator("#deal-2")).to_contain_text("North +25", timeout=LIVE_MS)
    assert [b.locator(f".score-head [data-game='{i}']").inner_text() for i in range(2)] == ["25", "14"]
    # undo per table: table 1 takes back its dead hand; deal 2 waits for it again
    a.locator("#undo-1 summary").click()
    a.get_by_role("button", name="Yes, undo table 1's deal 2").click()
    a.locator(".msg-success").filter(has_text="Table 1's hand of deal 2 undone.").wait_for()
    expect(b.locator(".score-head .waiting")).to_contain_text("Deal 2: waiting for table 1", timeout=LIVE_MS)
    # ... and puts it back with one tap (table 2's phone has nothing to put back)
    redo = a.get_by_role("button", name="Redo table 1's deal 2 (Dead hand)")
    box = redo.bounding_box()
    assert box["height"] >= 40 and box["x"] >= 0 and box["x"] + box["width"] <= 390
    assert b.get_by_role("button", name=re.compile("^Redo")).count() == 0
    fits(a)
    shot("four-05-redo-offered")
    redo.tap()
    a.locator(".msg-success").filter(has_text="Table 1's hand of deal 2 put back.").wait_for()
    expect(a.locator("#entry h2")).to_have_text("Table 1: Ann v Ben, deal 3")
    assert a.get_by_role("button", name=re.compile("^Redo")).count() == 0
    expect(b.locator("#deal-2")).to_contain_text("North +25", timeout=LIVE_MS)
    for page in (a, b):
        fits(page)
    shot("four-06-two-deals")
    match.refresh_from_db()
    assert (match.game_a, match.game_b, match.hand_count) == (25, 14, 2)


def test_sixty_character_names_fit_the_three_handed_and_partnership_pads(phone, shot, ann):
    from tests.matches.test_three_and_four import PARTNERSHIP, THREE
    from ginscore.matches.records_io import records_import

    long_three = {**THREE, "players": ["Ann", LONG, "Cat"], "first_dealer": "Cat",
                  "hands": [{"end": "knock", "by": "Ann", "deadwood": {"Ann": 4, LONG: 20}}]}
    four = {**PARTNERSHIP, "players": ["Ann", "Ben", LONG, "Dan"],
            "teams": [{"name": LONG[::-1].strip(), "players": ["Ann", LONG]}, {"name": "South", "players": ["Ben", "Dan"]}],
            "hands": [{"tables": [PARTNERSHIP["hands"][0]["tables"][0],
                                  {"end": "gin", "by": "Dan", "deadwood": {LONG: 12}}]}]}
    finished = {**THREE, "players": [LONG, "Ben", "Cat"],
                "hands": [{**h, "by": LONG if h["by"] == "Ann" else h["by"],
                           "deadwood": {LONG if p == "Ann" else p: v for p, v in h["deadwood"].items()}}
                          for h in THREE["hands"]]}
    matches = records_import(data=[long_three, four, finished])
    page = phone
    log_in(page)
    for m, name in zip(matches, ("three-in-play", "four-in-play", "three-finished")):
        page.goto(page.base + reverse("matches:detail", args=[m.pk]))
        shot(f"long-{name}")
        fits(page)
    page.goto(page.base + reverse("matches:table_pad", args=[matches[1].pk, 2]))
    expect(page.locator("#entry h2")).to_contain_text(f"Table 2: {LONG} v Ben, deal 2")
    fits(page)
    shot("long-four-table-2")
    for path in (reverse("club:home"), reverse("matches:list")):
        page.goto(page.base + path)
        fits(page)
