"""The board on the wall, with a real club's names (1 to 60 characters, accents, hyphens,
apostrophes): at 1280x720 and 1920x1080, for 4, 16 and 64 tables, every name is whole (no box
scrolls sideways, two lines at most, the winner's tick inside its card), the screen is used,
every text keeps a contrast of at least 4.5 against what it is drawn on (the standings and the
bracket slides too), the standings say what decided each place, and the clock goes once the
round's last result is in."""
import os
import re

import pytest
from playwright.sync_api import expect

from ginscore.engine import MatchLength
from ginscore.tournaments import services
from ginscore.tournaments.models import TournamentMatch
from tests.tournaments.conftest import win
from tests.browser.conftest import LIVE_MS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CLUB = ["Bartholomew Featherstonehaugh-Montgomery", "Zoë Ødegård", "Wolfgang Amadeus Schönberger-Lichtenstein",
        "Al", "Hannelore Müller-Schwarzenberg", "Élodie Saint-Exupéry", "Peter O'Brien", "Kwame Mensah-Bonsu",
        "Katarzyna Wiśniewska-Kowalczyk", "Margaret Thompson-Whitfield", "Christoph Übelhör",
        "Maria-José Núñez de la Peña-Hernández y Castellón-Vasconcelos"[:60], "Bo", "Siobhán Ní Bhriain",
        "Jean-Baptiste Östergård-Ibáñez de Villeneuve-Saint-Étienne-Lå"[:60], "Li Wei"]
SIXTY = "Konstantinopoulou-Vanderbilt-Ørsted-Featherstonehaugh-Ålesu"   # one 60-character word


def club_names(n: int) -> list[str]:
    """``n`` distinct names of 1 to 60 characters (a one-letter name, a sixty-letter word among them)."""
    out = ["X", SIXTY[:60].ljust(60, "x")]
    i = 0
    while len(out) < n:
        base = CLUB[i % len(CLUB)]
        round_ = i // len(CLUB)
        out.append(base if round_ == 0 else f"{base[:56]} {round_}")
        i += 1
    return out[:n]


@pytest.fixture
def screen(browser, live_server):
    """``screen(width, height)``: a page of that size in the test's browser (its own context)."""
    contexts = []

    def make(width, height):
        context = browser.new_context(viewport={"width": width, "height": height})
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(15_000)
        page.base = live_server.url
        return page

    yield make
    for context in contexts:
        context.close()


def shoot(page, name):
    if folder := os.environ.get("GINSCORE_SHOTS"):
        os.makedirs(folder, exist_ok=True)
        page.screenshot(path=os.path.join(folder, f"{name}.png"))


def swiss(tables: int, rounds: int = 3, **options):
    t = services.tournament_create(name="Thursday night at the Featherstonehaugh Club", format="swiss",
                                   rounds=rounds, length=MatchLength("best_of", 1), **options)
    services.entries_set(tournament=t, names=club_names(2 * tables))
    services.tournament_start(tournament=t)
    t.refresh_from_db()
    return t


# Every name whole: (name, scrollWidth, clientWidth, lines) of each name that does not fit its box, and
# every card whose contents run past it.
CLIPPED = """() => {
  const out = [];
  for (const el of document.querySelectorAll('.bt-name, .bb-name, .bs-name, .bt-side, .bb-side')) {
    if (!el.getClientRects().length) continue;
    const line = parseFloat(getComputedStyle(el).lineHeight);
    const lines = Math.round(el.offsetHeight / line);
    if (el.scrollWidth > el.clientWidth + 1 || (el.matches('.bt-name, .bb-name') && lines > 2))
      out.push([el.textContent, el.scrollWidth, el.clientWidth, lines]);
  }
  for (const card of document.querySelectorAll('.board-table, .bb-match')) {
    if (!card.getClientRects().length) continue;
    if (card.scrollWidth > card.clientWidth + 1) out.push(['card', card.textContent.trim(), card.scrollWidth, card.clientWidth]);
    const box = card.getBoundingClientRect();
    for (const tick of card.querySelectorAll('.bt-tick')) {
      const r = tick.getBoundingClientRect();
      if (r.right > box.right + 0.5 || r.left < box.left) out.push(['tick', card.textContent.trim()]);
    }
  }
  return out;
}"""

# Every piece of visible text with a contrast under 4.5 against the colour it is drawn on: the first
# opaque background up the tree (semi-transparent ones blended in), each colour's alpha and the
# elements' opacity applied.
LOW_CONTRAST = """() => {
  const rgba = s => { const m = s.match(/[\\d.]+/g).map(Number); return [m[0], m[1], m[2], m.length > 3 ? m[3] : 1]; };
  const over = (top, bottom) => [0, 1, 2].map(i => top[i] * top[3] + bottom[i] * (1 - top[3])).concat([1]);
  const lum = c => { const [r, g, b] = c.slice(0, 3).map(v => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); });
                     return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
  const background = el => {
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const c = rgba(getComputedStyle(e).backgroundColor);
      if (c[3] > 0) { layers.push(c); if (c[3] >= 1) break; }
    }
    let bg = [255, 255, 255, 1];
    for (let i = layers.length - 1; i >= 0; i--) bg = over(layers[i], bg);
    return bg;
  };
  const opacity = el => { let o = 1; for (let e = el; e; e = e.parentElement) o *= parseFloat(getComputedStyle(e).opacity); return o; };
  const out = [];
  let checked = 0;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode, el = node.parentElement;
    if (!node.textContent.trim() || !el || !el.getClientRects().length) continue;
    if (el.closest('[hidden], script, style, title')) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden') continue;
    const bg = background(el);
    const fg = rgba(style.color);
    const text = over([fg[0], fg[1], fg[2], fg[3] * opacity(el)], bg);
    const [a, b] = [lum(text), lum(bg)].sort((x, y) => y - x);
    const ratio = (a + 0.05) / (b + 0.05);
    checked += 1;
    if (ratio < 4.5) out.push([node.textContent.trim().slice(0, 40), style.color, ratio.toFixed(2)]);
  }
  return {checked, low: out};
}"""

# Where the page's content ends, and the frame's height (the space used).
SPACE = """() => {
  const frame = document.querySelector('[data-board-page]:not([hidden]) [data-board-frame]');
  const items = [...frame.querySelectorAll('[data-board-item]')];
  const top = frame.getBoundingClientRect().top;
  const bottom = Math.max(...items.map(i => i.getBoundingClientRect().bottom)) - top;
  return {bottom, height: frame.clientHeight, sliced: frame.dataset.sliced,
          font: parseFloat(getComputedStyle(document.querySelector('.bt-name')).fontSize)};
}"""


# The items shown but not wholly on screen (the next slice's first ones must not peek in, cut).
CUT_AT_THE_FOOT = """() => {
  const frame = document.querySelector('[data-board-page]:not([hidden]) [data-board-frame]');
  const box = frame.getBoundingClientRect();
  return [...frame.querySelectorAll('[data-board-item]')].filter(i => getComputedStyle(i).visibility !== 'hidden')
    .map(i => i.getBoundingClientRect()).filter(r => r.top < box.bottom && r.bottom > box.bottom + 1).map(r => r.top);
}"""


def board(page, t, dwell=60):
    page.goto(f"{page.base}/tournaments/{t.pk}/board/?dwell={dwell}")
    page.wait_for_selector("body[data-fitted]")


def assert_whole_and_readable(page):
    assert page.evaluate(CLIPPED) == []
    contrast = page.evaluate(LOW_CONTRAST)
    assert contrast["checked"] > 5 and contrast["low"] == [], contrast["low"]


@pytest.mark.parametrize("tables", [4, 16, 64])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=["720p", "1080p"])
def test_the_board_fits_every_name_on_the_wall(screen, size, tables):
    t = swiss(tables)
    rows = list(TournamentMatch.objects.filter(tournament=t, play_round=1).select_related("match", "entry_a__player")
                .order_by("table"))
    win(rows[0], rows[0].entry_a.player.name)     # the winner's tick, beside the longest names
    page = screen(*size)
    board(page, t)
    assert page.locator(".board-table").count() == tables
    assert page.locator(".bt-tick").count() == 1
    assert_whole_and_readable(page)
    space = page.evaluate(SPACE)
    if tables <= 16:   # one screen, and the screen used: the cards reach down most of it
        assert space["sliced"] == "0" and space["height"] * 0.6 <= space["bottom"] <= space["height"] + 1, space
    else:
        assert space["bottom"] > space["height"] * 0.6, space
    assert page.evaluate(CUT_AT_THE_FOOT) == []
    # large type where the room allows it
    assert space["font"] >= {4: 28, 16: 18, 64: 12}[tables] * size[1] / 1080, space
    shoot(page, f"board-wall-{tables}-{size[0]}x{size[1]}")


@pytest.mark.parametrize("tables", [4, 64])
def test_a_4k_screen_gets_large_type(screen, tables):
    t = swiss(tables)
    page = screen(3840, 2160)
    board(page, t)
    assert_whole_and_readable(page)
    space = page.evaluate(SPACE)
    assert space["font"] >= {4: 56, 64: 24}[tables], space
    assert space["bottom"] >= space["height"] * 0.6, space
    assert page.evaluate(CUT_AT_THE_FOOT) == []
    shoot(page, f"board-wall-{tables}-3840x2160")


@pytest.mark.waits(3)   # (the board's dwell)
def test_the_standings_say_what_decided_each_place(screen):
    t = swiss(4, rounds=3)
    for i, row in enumerate(TournamentMatch.objects.filter(tournament=t, play_round=1).select_related("match")):
        gin_until_won(row.match, 3 + 4 * i)   # each winner by a different margin: net points tell them apart
    page = screen(1920, 1080)
    board(page, t, dwell=3)
    expect(page.locator("[data-board-where]")).to_have_text(re.compile("Standings"), timeout=8000)
    page.wait_for_timeout(300)
    legend = page.locator(".board-legend")
    expect(legend).to_contain_text("Ranked by match wins, then head-to-head, Buchholz, net points. Decided by")
    decided = page.locator(".board-standings .bs-decided").all_inner_texts()
    assert len(decided) == 8 and all(decided), decided
    assert any(re.fullmatch(r"(Buchholz \d+|Net [+-]\d+|Head-to-head \d)", d) for d in decided), decided
    assert_whole_and_readable(page)
    shoot(page, "board-wall-standings")
    # the phone's standings page says it too
    phone = screen(390, 844)
    phone.goto(f"{phone.base}/tournaments/{t.pk}/standings/")
    expect(phone.locator(".standings-legend")).to_contain_text("Decided by")
    assert phone.locator("table.standings td.decided").all_inner_texts() == decided
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390


@pytest.mark.waits(3)   # (the board's dwell)
def test_the_bracket_slide_is_readable(screen):
    t = services.tournament_create(name="Cup", format="single", length=MatchLength("best_of", 1))
    services.entries_set(tournament=t, names=club_names(16))
    services.tournament_start(tournament=t)
    row = TournamentMatch.objects.filter(tournament=t, round=1).select_related("match", "entry_a__player").first()
    win(row, row.entry_a.player.name)
    page = screen(1280, 720)
    board(page, t, dwell=3)
    expect(page.locator("[data-board-where]")).to_have_text(re.compile("Bracket"), timeout=8000)
    page.wait_for_timeout(300)
    assert page.locator(".board-bracket-page a").count() == 0
    # a window of the rounds in play (4 matches of round 1 and those they lead to), the final on its own
    heads = page.locator(".bb-round h3").all_text_contents()
    assert heads[:3] == ["Round 1", "Quarter-final", "Semi-final"] and heads[-1] == "Final"
    assert_whole_and_readable(page)
    shoot(page, "board-wall-bracket")


def gin_until_won(match, deadwood):
    """Side a gins, the loser caught with ``deadwood``, until the match is over."""
    from ginscore.matches import services as match_services
    from ginscore.matches.records import HandEntry

    match.refresh_from_db()
    while not match.complete:
        match_services.hand_add(match_id=match.pk, entry=HandEntry("gin", "a", None, deadwood),
                                expected_number=match.hand_count + 1)
        match.refresh_from_db()


def forfeit_round(t, number):
    for row in TournamentMatch.objects.filter(tournament=t, play_round=number).select_related("entry_a"):
        services.tmatch_forfeit(tmatch=row, winner=row.entry_a)


@pytest.mark.waits(6)   # (the board's polls)
def test_no_clock_once_the_last_result_is_in(screen):
    t = swiss(2, rounds=2)
    services.round_clock_start(tournament=t, minutes=30)
    page = screen(1920, 1080)
    board(page, t)
    clock = page.locator(".board-clock")
    expect(clock).to_contain_text(re.compile(r"Round 1 · time left\s+(29|30):\d\d"))
    services.round_time_call(tournament=t)
    expect(clock).to_contain_text(re.compile(r"Round 1 · time called\s+Time"), timeout=LIVE_MS)
    assert "time left" not in clock.inner_text()
    forfeit_round(t, 1)   # every result of round 1 is in: round 2 is paired, without a clock yet
    expect(page.locator(".board-round")).to_contain_text("Round 2 · 2 tables to finish", timeout=LIVE_MS)
    assert page.locator(".board-clock").count() == 0
    services.round_clock_start(tournament=t, minutes=20)
    expect(clock).to_contain_text(re.compile(r"Round 2 · time left\s+(19|20):\d\d"), timeout=LIVE_MS)
    forfeit_round(t, 2)
    expect(page.locator(".board-round")).to_contain_text("Finished · Champion", timeout=LIVE_MS)
    assert page.locator(".board-clock").count() == 0
    assert_whole_and_readable(page)
    shoot(page, "board-wall-finished")
