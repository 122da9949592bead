"""Filled match sheets of three-handed and partnership matches, built from the engine's result:
the spec's worked examples' numbers where they belong on the page, long matches with 60-character
names on letter and A4 without a word printed over another."""
import pytest

from ginscore.sheets.data import MatchSheet
from ginscore.sheets.match_sheet import build_match_sheet
from tests.sheets.pdf import broken_words, layout_problems, pages, text, words
from tests.sheets.samples import partnership_match, scored, three_handed_match
from tests.sheets.test_group_pads import LONG

THREE = {"format": "ginscore/1", "rules": "standard", "players": ["Ann", "Ben", "Cat"], "first_dealer": "Cat",
         "stake": "0.10", "hands": [
             {"end": "knock", "by": "Ann", "deadwood": {"Ann": 4, "Ben": 20}},
             {"end": "gin", "by": "Cat", "deadwood": {"Ann": 30}},
             {"end": "knock", "by": "Cat", "deadwood": {"Cat": 2, "Ben": 40}},
             {"end": "knock", "by": "Cat", "deadwood": {"Cat": 5, "Ann": 15}}]}

FOUR = {"format": "ginscore/1", "rules": "partnership", "players": ["Ann", "Ben", "Cat", "Dan"],
        "teams": [{"name": "North", "players": ["Ann", "Cat"]}, {"name": "South", "players": ["Ben", "Dan"]}],
        "hands": [
            {"tables": [{"end": "knock", "by": "Ann", "deadwood": {"Ann": 3, "Ben": 25}},
                        {"end": "gin", "by": "Dan", "deadwood": {"Cat": 12}}]},
            {"tables": [{"end": "dead"},
                        {"end": "knock", "by": "Cat", "deadwood": {"Cat": 6, "Ben": 31}}]}]}


def clean(pdf: bytes) -> None:
    problems = layout_problems(pdf)
    assert not problems, "\n".join(problems[:12])


def sheet(rec: dict, paper: str = "letter", result: dict | None = None) -> bytes:
    return build_match_sheet(MatchSheet(result or scored(rec), rec, title="Match #12", paper=paper))


def printed(rec: dict, paper: str) -> tuple[bytes, str]:
    """The sheet of ``rec`` on ``paper``, checked for overlaps and the paper's edge, and its text."""
    pdf = sheet(rec, paper)
    clean(pdf)
    return pdf, text(pdf)


def rows_of(pdf: bytes, first: str, page: int = 1) -> list[list[str]]:
    """The printed lines (words within 2 points of each other down the page) that start with ``first``."""
    _, found = words(pdf)
    lines: dict[float, list] = {}
    for w in sorted((w for w in found if w.page == page), key=lambda w: (w.y0, w.x0)):
        key = next((y for y in lines if abs(y - w.y0) < 2), w.y0)
        lines.setdefault(key, []).append(w)
    return [[w.text for w in sorted(ws, key=lambda w: w.x0)] for ws in lines.values()
            if sorted(ws, key=lambda w: w.x0)[0].text == first]


# Three players: the spec's worked example


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_three_handed_sheet_prints_the_spec_worked_example(paper):
    pdf, got = printed(THREE, paper)
    assert "Match #12: Ann, Ben and Cat" in got and "the dealer sits each hand out" in got
    # the game: totals Cat 103 + 3 x 25 + 100 = 278, Ann 16 + 25 = 41, Ben 0; each pair's net; the shutout
    assert "A Ann B Ben C Cat Games" in got  # the key: each player once, by the letter the rows use
    assert ["Game", "1", "A", "16", "1", "25", "0", "41", "+41"] in rows_of(pdf, "Game")
    assert ["C", "103", "3", "75", "100", "278", "+615"] in rows_of(pdf, "C")
    assert "A v B: 41 to A; A v C: 237 to C; B v C: 378 to C." in got
    assert "C shut out B (no hand won in the game): in that pair, C's total is 278 + 100." in got
    # every hand: who dealt and sat out, who played, how, who won, and the three running totals
    hands = {r[0]: r for r in rows_of(pdf, "1") + rows_of(pdf, "2") + rows_of(pdf, "3") + rows_of(pdf, "4")}
    assert hands["1"] == ["1", "C", "A", "v", "B", "A", "knocked", "4", "v", "20", "A", "16", "1", "1", "16", "0", "0"]
    assert hands["2"][:5] == ["2", "B", "A", "v", "C"] and hands["2"][-3:] == ["16", "0", "55"]
    assert hands["3"][:5] == ["3", "A", "B", "v", "C"] and hands["3"][-3:] == ["16", "0", "93"]
    assert hands["4"][:5] == ["4", "B", "A", "v", "C"] and hands["4"][-3:] == ["16", "0", "103"]
    # the match and every pair's settlement, at the stake
    assert "Match score: Ann 41, Ben 0, Cat 615 (match to 500)." in got and "Winner: Cat." in got
    assert "Settlement: Ben pays Ann 41 points, at the stake: 4.10." in got
    assert "Settlement: Ann pays Cat 237 points, at the stake: 23.70." in got
    assert "Settlement: Ben pays Cat 378 points, at the stake: 37.80." in got
    for name in ("Ann", "Ben", "Cat"):
        assert f"{name} (signature)" in got


def test_three_handed_sheet_marks_dead_hands_rulings_and_a_game_in_play():
    rec = {**THREE, "hands": [{"end": "dead"},
                              {"end": "knock", "by": "Ann", "deadwood": {"Ann": 6, "Ben": 30},
                               "missing_cards": {"Ben": 1}}]}
    got = text(sheet(rec))
    assert "1 C A v B dead hand" in got
    assert "A knocked 6 v 30; B short 1 card A 34" in got  # Ben's count 40: Ann wins 34
    assert "in play" in got and "The match is not over." in got and "Settlement" not in got


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_a_long_three_handed_match_with_60_character_names(paper):
    rec, result = three_handed_match(LONG[:3], seed=11, rules={"preset": "standard", "match_target": 2500})
    assert result["match"]["complete"] and len(result["games"]) >= 3
    pdf = sheet(rec, paper, result)
    clean(pdf)
    assert not broken_words(pdf, LONG[:3])  # names break between words (or after their own hyphens) only
    got = text(pdf)
    assert len(pages(pdf)) >= 2
    for s in result["match"]["settlements"]:
        assert f"Settlement: {s['payer']} pays {s['payee']} {s['points']:,} points." in got
    letter = dict(zip(LONG[:3], "ABC"))
    for g in result["games"]:
        for pair in g["pairs"]:
            if pair["credited"]:
                a, b = (letter[p] for p in pair["players"])
                assert f"{a} v {b}: {pair['net']} to {letter[pair['credited']]}" in got


# Partnership: the spec's worked example


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_partnership_sheet_prints_the_spec_worked_example(paper):
    pdf, got = printed(FOUR, paper)
    assert "Match #12: North v South" in got and "A North: A1 Ann, A2 Cat B South: B1 Ben, B2 Dan" in got
    # deal 1: Ann wins 22 at table 1, Dan 37 at table 2: South scores 37 - 22 = 15; a box each
    deal1 = rows_of(pdf, "1")
    assert ["1", "1", "A1", "v", "B1", "A1", "knocked", "3", "v", "25", "A1", "22", "1"] in deal1
    assert ["2", "A2", "v", "B2", "B2", "gin", "v", "12", "B2", "37", "1"] in rows_of(pdf, "2")
    _, found = words(pdf)
    plus15 = next(w for w in found if w.text == "+15")
    plus25 = next(w for w in found if w.text == "+25" and w.y0 < plus15.y0 + 60)
    zero_north = [w for w in found if w.text == "0" and abs(w.y0 - plus15.y0) < 2 and w.x0 < plus15.x0]
    assert zero_north, "deal 1 puts 0 on North's side, left of South's +15"
    assert plus25.x0 < plus15.x0 and plus25.y0 > plus15.y0  # deal 2: North's +25, a row lower
    # deal 2 alternates: Ann v Dan (dead) at table 1, Cat v Ben at table 2
    assert "A1 v B2 dead hand" in got and "A2 v B1 A2 knocked 6 v 31 A2 25 1" in got
    # the game between the teams: North 25, South 15
    assert ["Game", "1", "A", "25", "2", "0", "0", "0", "25"] in rows_of(pdf, "Game")
    assert "Match score: North 0, South 0 (match to 500)." in got and "The match is not over." in got
    assert "each table turns the deal over as it likes" in got  # not "the hand's winner"
    for name in ("Ann", "Ben", "Cat", "Dan"):
        assert f"{name} (signature)" in got


def test_partnership_sheet_under_each():
    rec = {**FOUR, "rules": {"preset": "partnership", "partnership_scoring": "each"}}
    pdf = sheet(rec)
    got = text(pdf)
    assert "each team scores what its players won" in got
    _, found = words(pdf)
    plus22, plus37 = (next(w for w in found if w.text == t) for t in ("+22", "+37"))
    assert abs(plus22.y0 - plus37.y0) < 2 and plus22.x0 < plus37.x0  # deal 1: North 22, South 37
    assert ["Game", "1", "A", "47", "2", "0", "0", "0", "47"] in rows_of(pdf, "Game")


@pytest.mark.parametrize("paper,scoring", [("letter", "difference"), ("a4", "each")])
def test_a_partnership_match_to_its_end_with_60_character_names(paper, scoring):
    rec, result = partnership_match(LONG, teams=(LONG[0], None), seed=5,
                                    rules={"preset": "partnership", "partnership_scoring": scoring,
                                           "match_target": 1500})
    assert result["match"]["complete"] and len(result["hands"]) > 20
    pdf = sheet(rec, paper, result)
    clean(pdf)
    assert not broken_words(pdf, LONG)
    got = text(pdf)
    s = result["match"]["settlement"]
    assert f"Settlement: {s['payer']} pays {s['payee']} {s['points']:,} points." in got
    assert f"Winner: {result['match']['winner']}." in got


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_each_player_is_named_once_and_a_hand_takes_one_line(paper):
    """The rows say the players' letters, so a long-named match takes the pages its hands need: the names
    print whole in the title, the key, the match's lines and the signatures only, never broken in a word."""
    rec, result = three_handed_match(LONG[:3], seed=11, rules={"preset": "standard", "match_target": 2500})
    pdf = sheet(rec, paper, result)
    sizes, found = words(pdf)
    hands = len(result["hands"])
    assert len(sizes) <= 2 + hands // 40  # about fifty one-line hands a page
    assert not broken_words(pdf, LONG[:3])
    first_words = [w for w in found if w.text == "Maximiliana"]
    assert 3 <= len(first_words) <= 12  # title, key, match score, settlements, signature: not a row a hand
    got = text(pdf)
    assert "A Maximiliana Ødegård-Fitzgerald de la Cruz-Villanueva Smithso B Christopher" in got


def test_the_broken_word_check_sees_a_word_broken_inside():
    """The check above is not empty: reportlab left to itself breaks a long word inside it."""
    import io

    from reportlab.lib.pagesizes import letter
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Table

    from ginscore.sheets.common import style

    buffer = io.BytesIO()
    name = "Christopher Alexander Montgomery-Worthington Bartholomew III"
    SimpleDocTemplate(buffer, pagesize=letter).build([Table([[Paragraph(name, style(8))]], colWidths=[60])])
    assert broken_words(buffer.getvalue(), [name])
