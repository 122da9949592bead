"""Brackets: single and double elimination, large ones split across readable pages."""
import pytest

from ginscore.sheets.bracket import MAX_COLUMNS, bracket_pages, build_bracket, per_page_for
from dataclasses import replace

from tests.sheets.pdf import broken_words, first_page_png, ink, layout_problems, pages, sized_text, words
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


@pytest.mark.parametrize("n,sheets", [(64, 5), (128, 10)])
@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_large_brackets_split_into_sub_trees_and_the_rounds_where_they_meet(n, sheets, paper, tmp_path):
    bracket = single_elimination(n)
    bracket = type(bracket)(**{**bracket.__dict__, "paper": paper})
    got = pages(build_bracket(bracket))
    assert len(got) == sheets
    per_page = per_page_for(paper)
    assert per_page == 8  # a line of names at 10 pt or more, and the caption
    for page in bracket_pages(bracket):
        assert len(page.block) <= per_page and page.last - page.first + 1 <= MAX_COLUMNS
    first_round = " ".join(got[:sheets - 1])
    for name in names(n):  # every player once, on the sub-tree pages
        assert name in first_round
    assert all(f"sheet {k} of {sheets}" in page for k, page in enumerate(got, 1))
    assert "first column: winners of sheet" in got[-1]  # where the sub-trees meet
    fed = [p for p in bracket_pages(bracket) if p.fed_by]
    assert fed and all(any(q.feeds == p.sheet for q in bracket_pages(bracket)) for p in fed)  # joins both ways
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
    assert len(got) == 2  # the final, the grand final and its replay go on with the rounds before them
    assert "Winners' bracket" in got[0] and "Losers' bracket" in got[1]
    assert "Semifinals" in got[0] and "Grand final" in got[0] and "If needed" in got[0]


LONG = "Maria-Magdalena Ødegård-Castellanos de la Fuente y Villanueva"[:60]


def _long_names(bracket):
    """The bracket with every name stretched to 60 characters (accents and hyphens kept)."""
    def slot(s):
        return replace(s, name=(s.name + " " + LONG)[:60].rstrip()) if s.name and s.name != "bye" else s
    sections = tuple(replace(sec, rounds=tuple(replace(r, matches=tuple(
        replace(m, top=slot(m.top), bottom=slot(m.bottom)) for m in r.matches)) for r in sec.rounds))
        for sec in bracket.sections)
    return replace(bracket, sections=sections)


def _printed(pdf: bytes) -> str:
    """The bracket's text with a line broken after a hyphen joined again ("Ødegård-" / "Castellanos")."""
    return " ".join(pages(pdf)).replace("- ", "-")


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("make", [lambda: single_elimination(32), lambda: double_elimination(16),
                                  lambda: single_elimination(8)])
def test_60_character_names_print_whole_at_a_wall_size_and_nothing_overlaps(make, paper):
    bracket = _long_names(replace(make(), paper=paper))
    pdf = build_bracket(bracket)
    assert layout_problems(pdf) == []
    sized = sized_text(pdf)
    assert not [t for _, t, _ in sized if "\u2026" in t]  # never an ellipsis
    assert min(s for _, _, s in sized) >= 9  # captions 9 pt, names 10 pt and up
    names_drawn = [(t, s) for _, t, s in sized if "Maria" in t or "Fuente" in t or "Castellanos" in t]
    assert names_drawn and all(s >= 10 for _, s in names_drawn)
    got = _printed(pdf)
    for section in bracket.sections:
        for r in section.rounds[:1]:
            for m in r.matches:
                for slot in (m.top, m.bottom):
                    if slot.name:
                        assert slot.name in got  # all 60 characters, wrapped between words
    assert not broken_words(pdf, [s.name for sec in bracket.sections for r in sec.rounds for m in r.matches
                                  for s in (m.top, m.bottom) if s.name])


def test_the_champion_is_the_largest_name_and_a_four_digit_score_has_room():
    bracket = single_elimination(8, played=3)
    champion = "Katarzyna Wiśniewska-Zielińska"
    final = bracket.sections[0].rounds[-1].matches[0]
    final = replace(final, top=replace(final.top, score="1234"))
    rounds = bracket.sections[0].rounds[:-1] + (replace(bracket.sections[0].rounds[-1], matches=(final,)),)
    bracket = replace(bracket, sections=(replace(bracket.sections[0], rounds=rounds, last_name=champion),))
    pdf = build_bracket(bracket)
    assert layout_problems(pdf) == []
    sized = sized_text(pdf)
    top = max(s for _, t, s in sized if any(w in t for w in champion.split()))
    others = [s for _, t, s in sized if "Aask" in t or "Aördström" in t]
    assert top > max(others) and champion in _printed(pdf)
    _, found = words(pdf)
    score = next(w for w in found if w.text == "1234")
    rule = [w for w in found if abs(w.y0 - score.y0) < 3 and w.x1 <= score.x0]
    assert rule and score.x0 - max(w.x1 for w in rule) > 8  # the score's box holds it with air


def test_a_large_bracket_says_where_its_winners_go_on():
    got = pages(build_bracket(single_elimination(64)))
    assert all("\u2192 sheet 5" in page for page in got[:4])
    assert "first column: winners of sheets 1\u20134" in got[4]


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
    got = pages(build_bracket(bracket))
    assert len(got) == 1
    assert "Third place" in got[0] and "Semifinals" in got[0] and "Champion" in got[0]
    pdf = build_bracket(_long_names(bracket))  # 60-character names: the quarterfinals take a page of their own
    got = pages(pdf)
    assert len(got) == 2 and "Third place" in got[-1] and "Final" in got[-1] and "Champion" in got[-1]
    assert layout_problems(pdf) == []
