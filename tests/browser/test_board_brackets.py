"""The bracket on the board for big fields (issue 33): a knockout of 8, 32 and 128 players, 16 doubles
teams and a 32-player double elimination, at 1280x720 and 1920x1080 (and 4K): the rounds still in
play a screen at a time, every slide shows its names whole, on screen and at least the board's
smallest type (the size board.js never goes under: 12 px, or a 48th of the screen's height), and
every entry of the round in play is on one of the slides."""
import pytest

from ginscore.engine import MatchLength
from ginscore.tournaments import services
from tests.browser.test_board_wall import CLIPPED, screen, shoot  # noqa: F401 (screen: a fixture)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LONG = ["Maximilian Alexander Friedrich von und zu Liechtenstein-Habsburg",
        "Anne-Sophie Marie-Élisabeth Ødegård-Łukasiewicz de la Côte-Saint-André Villeneuve-lès-Avignon Zoélie",
        "Bartholomew Featherstonehaugh-Montgomery", "Zoë Ødegård", "Al", "Élodie Saint-Exupéry", "Peter O'Brien",
        "Siobhán Ní Bhriain", "Kwame Mensah-Bonsu", "Li Wei"]
assert len(LONG[1]) == 100


def names(n: int) -> list[str]:
    return [LONG[i] if i < len(LONG) else f"{LONG[i % len(LONG)][:40]} {i}" for i in range(n)]


def knockout(format: str, n: int, doubles: bool = False):
    options = {"preset": "partnership", "doubles": True} if doubles else {}
    t = services.tournament_create(name=f"Saturday {format} of the Featherstonehaugh Club", format=format,
                                   length=MatchLength("best_of", 1), **options)
    field = names(2 * n)
    entries = [f"{field[2 * i]} & {field[2 * i + 1]}" for i in range(n)] if doubles else field[:n]
    services.entries_set(tournament=t, names=entries)
    services.tournament_start(tournament=t)
    t.refresh_from_db()
    return t, [e.name for e in t.entries.all()]


# The slide on screen: which page and slice, the bracket's names shown (visible, wholly on screen),
# their smallest type, the board's least type, and the names of the items shown.
SLIDE = """() => {
  const page = document.querySelector('[data-board-page]:not([hidden])');
  const frame = page.querySelector('[data-board-frame]');
  const box = frame.getBoundingClientRect();
  const shown = [...page.querySelectorAll('.bb-side > .bb-name, .bb-side > .bb-team')].filter(n => {
    if (n.closest('[data-board-item]').style.visibility === 'hidden') return false;
    const r = n.getBoundingClientRect();
    return r.width > 0 && r.top >= box.top - 1 && r.bottom <= box.bottom + 1 && r.right <= innerWidth + 1;
  });
  return {page: page.dataset.boardPage, slide: document.body.dataset.slide,
          names: shown.map(n => n.innerText.replace('\u2713', '').replace(/\\s+/g, ' ').trim()),
          smallest: Math.min(...shown.map(n => parseFloat(getComputedStyle(n).fontSize))),
          least: Math.max(12, frame.clientHeight / 48),
          items: [...page.querySelectorAll('[data-board-item]')].filter(i => i.style.visibility !== 'hidden').length};
}"""


def bracket_slides(page):
    """Every slide of the bracket page, turned with the remote's right arrow, each checked as it shows."""
    page.goto(f"{page.base}/tournaments/{page.t.pk}/board/?dwell=60")
    page.wait_for_selector("body[data-fitted]")
    seen, slides = set(), []
    for _ in range(80):
        slide = page.evaluate(SLIDE)
        if slide["slide"] in seen:
            break
        seen.add(slide["slide"])
        if slide["page"] == "bracket":
            assert page.evaluate(CLIPPED) == [], slide["slide"]
            slides.append(slide)
            if len(slides) <= 2 or len(slides) % 6 == 0:
                shoot(page, f"board-bracket-{page.label}-{len(slides)}")
        page.keyboard.press("ArrowRight")
        page.wait_for_function("s => document.body.dataset.slide !== s", arg=slide["slide"])
    return slides


CASES = {"knockout-8": ("single", 8, False), "knockout-32": ("single", 32, False),
         "knockout-128": ("single", 128, False), "doubles-16": ("single", 16, True),
         "double-32": ("double", 32, False)}


@pytest.mark.parametrize("case", list(CASES))
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=["720p", "1080p"])
def test_every_slide_of_a_big_bracket_shows_names_readable_across_the_room(screen, size, case):
    format, n, doubles = CASES[case]
    t, entries = knockout(format, n, doubles)
    page = screen(*size)
    page.t, page.label = t, f"{case}-{size[0]}x{size[1]}"
    slides = bracket_slides(page)
    assert slides, "the bracket page never showed"
    for slide in slides:
        assert slide["items"] >= 1 and slide["names"], slide          # never blank
        assert slide["smallest"] >= slide["least"] - 0.5, slide       # never under the board's least type
    shown = {name for slide in slides for name in slide["names"]}
    assert set(entries) <= shown, sorted(set(entries) - shown)[:5]   # every entry in round 1 is on a slide
    if n <= 8:
        assert len(slides) == 1


def test_a_4k_screen_shows_a_128_bracket_in_large_type(screen):
    t, entries = knockout("single", 128)
    page = screen(3840, 2160)
    page.t, page.label = t, "knockout-128-3840x2160"
    slides = bracket_slides(page)
    assert all(slide["names"] and slide["smallest"] >= 24 for slide in slides), [s["smallest"] for s in slides]
    assert set(entries) <= {name for slide in slides for name in slide["names"]}
