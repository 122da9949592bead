"""The season page and the prize preview on a 390x844 phone with touch."""
from datetime import timedelta
from decimal import Decimal as D

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from ginscore.seasons import services as money_services
from tests.conftest import PASSWORD
from tests.seasons.conftest import new_event, play, start
from tests.tournaments.conftest import make_tournament, win  # noqa: F401 (a fixture)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LONG = "Maria-José Núñez de la Peña-Hernández y Castellón-Vasconcelos"[:60]
WIDE = """() => ({scroll: document.documentElement.scrollWidth, width: document.documentElement.clientWidth,
  outside: [...document.querySelectorAll('body *')].filter(el => !el.closest('.table-wrap'))
    .filter(el => { const r = el.getBoundingClientRect(); return r.width && (r.right > innerWidth + 0.5 || r.left < -0.5); })
    .map(el => el.tagName + '.' + el.className).slice(0, 5)})"""


def log_in(page, username):
    page.goto(page.base + "/accounts/login/")
    page.fill("[name=username]", username)
    page.fill("[name=password]", PASSWORD)
    page.locator("main form button[type=submit]").click()
    page.wait_for_url(lambda url: "/accounts/login/" not in url)


def test_the_season_page_on_a_phone(phone, shot):
    names = [LONG, "Ann", "Bob", "Cai"]
    for k in range(6):
        play(start(new_event(f"Thursday {k + 1}", "single", names)), names[k % 4:] + names[:k % 4])
    today = timezone.localdate()
    season = money_services.season_save(name="Winter league", starts=today - timedelta(days=1),
                                        ends=today + timedelta(days=1), chosen=False, preset="linear", best=4,
                                        minimum=5)
    phone.goto(f"{phone.base}/seasons/")
    phone.get_by_role("link", name="Winter league").tap()
    table = phone.locator("#season-table")
    expect(table).to_be_visible()
    # Every player played six nights: best four count, two per player marked as not counted.
    expect(table.locator("tbody tr")).to_have_count(4)
    expect(table.locator(".not-counted")).to_have_count(8)
    expect(table.locator(".counted")).to_have_count(16)
    # Linear, 4 players: 4, 3, 1.5, 1.5 a night. Ann: 3, 4, 1.5, 3, 3, 4 -> best four 4 + 4 + 3 + 3 = 14;
    # the long name won nights 1 and 5 and lost four semi-finals: 4 + 4 + 1.5 + 1.5 = 11.
    first = table.locator("tbody tr").first
    expect(first.locator("td").nth(1)).to_have_text("Ann")
    expect(first.locator("td").nth(2)).to_have_text("14")
    long_row = table.locator("tbody tr").filter(has_text=LONG)
    expect(long_row.locator("td").nth(1)).to_have_text(LONG)
    expect(long_row.locator("td").nth(2)).to_have_text("11")
    fit = phone.evaluate(WIDE)
    assert fit["scroll"] <= fit["width"] and fit["outside"] == [], fit
    # The name is shown whole and the rank, name and total are on the screen without scrolling.
    box = long_row.locator("td").nth(2).bounding_box()
    assert box["x"] + box["width"] <= 390
    shot("season-phone")
    # The table scrolls inside its own frame to the later nights.
    frame = phone.locator(".table-wrap").first
    frame.evaluate("el => el.scrollLeft = el.scrollWidth")
    expect(table.locator("thead th").last).to_be_in_viewport()
    assert season.pk


def test_the_prize_preview_on_a_phone(phone, director, shot):
    money_services.club_money_set(money=True, unit=D("1.00"), currency="£")
    t = new_event("Friday night", "swiss", [f"Player {i}" for i in range(1, 15)])
    log_in(phone, director.username)
    phone.goto(f"{phone.base}/tournaments/{t.pk}/")
    phone.locator(".t-tabs").get_by_role("link", name="Prizes").tap()
    preview = phone.locator("#prize-preview")
    phone.fill("[name=entry_fee]", "20")
    expect(preview.locator("#preview-pool")).to_contain_text("Pool £280.00")   # 14 entered
    expect(preview.locator("tbody tr")).to_have_count(5)
    expect(preview.locator("tbody tr").first).to_contain_text("£126.00")
    phone.fill("#preview-entrants", "7")
    expect(preview.locator("#preview-pool")).to_contain_text("Pool £140.00")
    expect(preview.locator("tbody tr td:last-child")).to_have_text(["£70.00", "£42.00", "£28.00"])
    phone.select_option("[name=preset]", "custom")
    phone.fill("[name=split]", "60,30")
    expect(preview.locator("#preview-error")).to_contain_text("add up to 90, not 100")
    phone.fill("[name=split]", "60,40")
    expect(preview.locator("tbody tr td:last-child")).to_have_text(["£84.00", "£56.00"])
    fit = phone.evaluate(WIDE)
    assert fit["scroll"] <= fit["width"] and fit["outside"] == [], fit
    shot("prize-preview-phone")
    phone.locator("#prize-form button[type=submit]").tap()
    expect(phone.locator(".msg-success")).to_contain_text("Prize rules saved")
    t.prize.refresh_from_db()
    assert t.prize.split == "60,40"


@pytest.mark.waits(4)   # (the board's dwell, to the season's page)
def test_the_season_turns_on_the_board_with_names_whole(phone, shot):
    names = [LONG, "Ann", "Bob", "Cai"]
    for k in range(3):
        play(start(new_event(f"Thursday {k + 1}", "single", names)), names[k % 4:] + names[:k % 4])
    tonight = start(new_event("Tonight", "single", names))
    today = timezone.localdate()
    money_services.season_save(name="Winter league", starts=today - timedelta(days=1),
                               ends=today + timedelta(days=1), chosen=False, preset="club", best=None, minimum=0)
    context = phone.context.browser.new_context(viewport={"width": 1920, "height": 1080})
    tv = context.new_page()
    tv.goto(f"{phone.base}/tournaments/{tonight.pk}/board/?dwell=2")
    season = tv.locator('[data-board-page="season"]')
    expect(season).to_be_visible(timeout=10_000)
    expect(season.locator(".bs-name")).to_have_count(4)
    expect(season.locator(".bs-name").filter(has_text=LONG)).to_have_text(LONG)
    whole = tv.evaluate("""() => [...document.querySelectorAll('[data-board-page="season"] .bs-name')]
        .every(el => el.scrollWidth <= el.clientWidth + 1)""")
    assert whole
    size = tv.evaluate("""parseFloat(getComputedStyle(document.querySelector('[data-board-page="season"] .bs-name'))
        .fontSize)""")
    assert size >= 24   # read across the room
    if shot:
        import os
        if os.environ.get("GINSCORE_SHOTS"):
            tv.screenshot(path=os.path.join(os.environ["GINSCORE_SHOTS"], "season-board.png"))
    context.close()
