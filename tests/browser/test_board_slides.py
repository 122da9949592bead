"""The board's long pages in slides (issue 33): every slide of the standings keeps its column headings
on top with whole rows below them, the slides are balanced (no lone last row on a slide of its own),
and with 64 tables the result text ("won", "games 1–0") is never smaller than the board's least type."""
import pytest

from ginscore.tournaments.models import TournamentMatch
from tests.browser.test_board_wall import CLIPPED, board, screen, shoot, swiss  # noqa: F401 (screen: a fixture)
from tests.tournaments.conftest import win

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

STANDINGS_SLIDE = """() => {
  const page = document.querySelector('[data-board-page]:not([hidden])');
  const frame = page.querySelector('[data-board-frame]');
  const box = frame.getBoundingClientRect();
  const heads = [...page.querySelectorAll('thead th')].map(th => th.getBoundingClientRect());
  const headBottom = Math.max(...heads.map(r => r.bottom));
  const rows = [...page.querySelectorAll('tbody tr')].filter(tr => tr.style.visibility !== 'hidden')
    .map(tr => tr.getBoundingClientRect()).filter(r => r.bottom > box.top && r.top < box.bottom);
  return {page: page.dataset.boardPage, slide: document.body.dataset.slide,
          headsOnScreen: heads.length > 0 && heads.every(r => r.top >= box.top - 1 && r.bottom <= box.bottom),
          rows: rows.length,
          ranks: [...page.querySelectorAll('tbody tr')].filter(tr => tr.style.visibility !== 'hidden')
            .filter(tr => { const r = tr.getBoundingClientRect(); return r.bottom > box.top && r.top < box.bottom; })
            .map(tr => tr.querySelector('.bs-name').textContent.slice(0, 12)),
          under: rows.filter(r => r.top < headBottom - 1).length,
          cut: rows.filter(r => r.bottom > box.bottom + 1).length};
}"""


def slides_of(page, kind):
    seen, out = set(), []
    for _ in range(60):
        slide = page.evaluate(STANDINGS_SLIDE)
        if slide["slide"] in seen:
            break
        seen.add(slide["slide"])
        if slide["page"] == kind:
            out.append(slide)
            if len(out) <= 2:
                shoot(page, f"board-{kind}-slide-{len(out)}")
        page.keyboard.press("ArrowRight")
        page.wait_for_function("s => document.body.dataset.slide !== s", arg=slide["slide"])
    return out


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=["720p", "1080p"])
def test_every_standings_slide_has_its_headings_and_the_slides_are_even(screen, size):
    t = swiss(64)    # 128 players
    page = screen(*size)
    board(page, t)
    slides = slides_of(page, "standings")
    assert len(slides) >= 2
    for slide in slides:
        assert slide["headsOnScreen"], slide           # the column headings on every slide
        assert slide["under"] == 0 and slide["cut"] == 0, slide   # no row under the headings or cut at the foot
    counts = [s["rows"] for s in slides]
    assert sum(counts) == 128, [(s["slide"], s["ranks"][:2], s["ranks"][-2:]) for s in slides]
    assert min(counts) >= max(counts) * 0.6, counts    # balanced: no slide of a lone row or two


def test_with_64_tables_the_result_text_keeps_the_boards_least_type(screen):
    t = swiss(64)
    rows = list(TournamentMatch.objects.filter(tournament=t, play_round=1).select_related("entry_a__player")
                .order_by("table"))
    for row in rows[:10]:
        win(row, row.entry_a.player.name)
    page = screen(1280, 720)
    board(page, t)
    sizes = page.evaluate("""() => {
      const frame = document.querySelector('[data-board-page]:not([hidden]) [data-board-frame]');
      const least = Math.max(12, frame.clientHeight / 48);
      const small = [...document.querySelectorAll('.bt-games, .bt-note')].filter(e => e.getClientRects().length)
        .map(e => parseFloat(getComputedStyle(e).fontSize));
      return {least, smallest: Math.min(...small), count: small.length};
    }""")
    assert sizes["count"] >= 10 and sizes["smallest"] >= sizes["least"] - 0.5, sizes
    assert page.evaluate(CLIPPED) == []
    shoot(page, "board-64-tables-results")
