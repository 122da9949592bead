"""Brackets: single and double elimination, large ones split across readable pages."""
import pytest

from ginscore.sheets.bracket import MAX_COLUMNS, bracket_pages, build_bracket, per_page_for
from tests.sheets.pdf import first_page_png, ink, pages
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


@pytest.mark.parametrize("n,sheets", [(64, 3), (128, 5)])
@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_large_brackets_split_into_sub_trees_and_the_rounds_where_they_meet(n, sheets, paper, tmp_path):
    bracket = single_elimination(n)
    bracket = type(bracket)(**{**bracket.__dict__, "paper": paper})
    got = pages(build_bracket(bracket))
    assert len(got) == sheets
    per_page = per_page_for(paper)
    assert per_page == 16
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
    assert len(winners) == 3 and len(losers) == 2 and len(got) == 5
    assert "Grand final" in winners[-1] and "If needed" in winners[-1]
    assert "Loser of W1-1 Loser of W1-2" in losers[0]
    assert "Loser of W2-16" in losers[0]  # the drop-ins of the second losers' round
    assert "To the grand final" in losers[-1]


def test_small_double_elimination():
    got = pages(build_bracket(double_elimination(8)))
    assert len(got) == 2
    assert "Winners' bracket" in got[0] and "Losers' bracket" in got[1]
