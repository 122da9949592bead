"""Brackets: single and double elimination, large ones split across readable pages."""
import pytest

from ginscore.sheets.bracket import MAX_COLUMNS, bracket_pages, build_bracket, per_page_for
from dataclasses import replace

from tests.sheets.pdf import first_page_png, ink, layout_problems, pages, sized_text
from ginscore.sheets.data import BracketMatch, BracketRound, BracketSection, Slot
from tests.sheets.samples import double_elimination, names, single_elimination


def test_eight_players_fit_one_page_with_every_name_and_the_champion_line(tmp_path):
    pdf = build_bracket(single_elimination(8))
    got = pages(pdf)
    assert len(got) == 1
    for name in names(8):
        assert name in got[0]
    assert all(r in got[0] for r in ("Quarterfinals", "Semifinals", "Final"))
    assert "Champion" in got[0]
    assert "1 Ann Aask 2 8 Hana Aask 1" in got[0]  # seeds, names and the scores of a played match
    assert ink(first_page_png(pdf, tmp_path)) > 0.01


def test_byes_fill_the_bracket_to_a_power_of_two():
    got = pages(build_bracket(single_elimination(13)))[0]
    assert got.count("bye") == 3
    assert "1 Ann Aask bye" in got


@pytest.mark.parametrize("n,sheets", [(64, 5), (128, 9)])
@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_large_brackets_split_into_sub_trees_and_the_rounds_where_they_meet(n, sheets, paper, tmp_path):
    bracket = single_elimination(n)
    bracket = type(bracket)(**{**bracket.__dict__, "paper": paper})
    got = pages(build_bracket(bracket))
    assert len(got) == sheets
    per_page = per_page_for(paper)
    assert per_page == 8  # names at 10 pt need the room
    for page in bracket_pages(bracket):
        assert len(page.block) <= per_page and page.last - page.first + 1 <= MAX_COLUMNS
    first_round = " ".join(got[:sheets - 1])
    for name in names(n):  # every player once, on the sub-tree pages
        assert name in first_round
    assert all(f"sheet {k} of {sheets}" in page for k, page in enumerate(got, 1))
    assert f"winners of sheets 1\u2013{sheets - 1}" in got[-1]
    assert "Final" in got[-1] and "Champion" in got[-1]
    assert ink(first_page_png(build_bracket(bracket), tmp_path)) > 0.02


def test_double_elimination_has_both_brackets_and_the_grand_final(tmp_path):
    got = pages(build_bracket(double_elimination(64)))
    winners = [p for p in got if "Winners' bracket" in p.split(" sheet")[0]]
    losers = [p for p in got if "Losers' bracket" in p.split(" sheet")[0]]
    assert len(winners) == 5 and len(losers) == 4 and len(got) == 9
    assert "Grand final" in winners[-1] and "If needed" in winners[-1]
    assert "Loser of W1-1 Loser of W1-2" in losers[0]
    assert "Loser of W2-16" in losers[0]  # the drop-ins of the second losers' round
    assert "To the grand final" in losers[-1]


def test_small_double_elimination():
    got = pages(build_bracket(double_elimination(8)))
    assert len(got) == 3  # four rounds a page at most: the semifinals go on with the final and grand final
    assert "Winners' bracket" in got[0] and "Losers' bracket" in got[2]
    assert "Semifinals" in got[1] and "Grand final" in got[1] and "If needed" in got[1]


LONG = "Maria-Magdalena Ødegård-Castellanos de la Fuente y Villanueva"[:60]


def _long_names(bracket):
    """The bracket with every name stretched to 60 characters (accents and hyphens kept)."""
    def slot(s):
        return replace(s, name=(s.name + " " + LONG)[:60].rstrip()) if s.name and s.name != "bye" else s
    sections = tuple(replace(sec, rounds=tuple(replace(r, matches=tuple(
        replace(m, top=slot(m.top), bottom=slot(m.bottom)) for m in r.matches)) for r in sec.rounds))
        for sec in bracket.sections)
    return replace(bracket, sections=sections)


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("make", [lambda: single_elimination(32), lambda: double_elimination(16)])
def test_names_are_wall_chart_sized_and_nothing_overlaps_with_60_character_names(make, paper):
    pdf = build_bracket(_long_names(replace(make(), paper=paper)))
    assert layout_problems(pdf) == []
    sized = sized_text(pdf)
    names_drawn = [(t, s) for _, t, s in sized if t[:1].isdigit() and "  " in t]  # "12  Name"
    assert names_drawn and all(s >= 10 for _, s in names_drawn)
    captions = [(t, s) for _, t, s in sized if t.startswith(("W1-", "L1-", "Loser of", "Champion"))]
    assert captions and all(s >= 8 for _, s in captions)
    assert min(s for _, _, s in sized) >= 8
    # a name prints whole (all 60 characters) where the box is wide enough, else ends in an ellipsis
    assert all(t.endswith("\u2026") or len(t.split("  ", 1)[1]) >= 59 for t, _ in names_drawn)
    assert any(t.endswith("\u2026") for t, _ in names_drawn)


def test_a_short_name_prints_whole():
    got = [t for _, t, _ in sized_text(build_bracket(single_elimination(32)))]
    assert "1  Ann Aask" in got and "6  Finn Aördström" in got and not any("\u2026" in t for t in got)


@pytest.mark.parametrize("n", [32, 64, 128])
def test_the_final_never_fills_a_page_alone(n):
    for bracket in (single_elimination(n), double_elimination(n)):
        for page in bracket_pages(bracket):
            assert any(len(page.section.rounds[r].matches) > 1 for r in range(page.first, page.last + 1)) \
                or page.first == 0, (n, page.section.title, page.first, page.last)
    got = pages(build_bracket(double_elimination(32)))
    last = [p for p in got if "Winners' bracket" in p.split(" sheet")[0]][-1]
    assert "Semifinals" in last and "Grand final" in last and "If needed" in last


def test_third_place_sits_beside_the_final_on_its_page(tmp_path):
    bracket = single_elimination(8)
    third = BracketSection("Third place", (BracketRound("Third place", (
        BracketMatch(Slot("Dev Aask", 4), Slot("Cleo Aask", 3), label="T-1"),)),), last_line="Third")
    bracket = replace(bracket, sections=bracket.sections + (third,))
    pdf = build_bracket(_long_names(bracket))
    got = pages(pdf)
    assert len(got) == 1
    assert "Third place" in got[0] and "Semifinals" in got[0] and "Champion" in got[0]
    assert layout_problems(pdf) == []
