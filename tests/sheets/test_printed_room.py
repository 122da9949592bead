"""The printed room with a real club's entry list: every sheet kind, on letter and A4, with names of 1 to
60 characters (accents, hyphens, apostrophes), doubles included. Read back from the PDF's own word
positions: no two words over each other, every word 0.4 in clear of the paper's edge, no player's or
team's name cut with "…" nor broken inside a word, and every name printed whole."""
from dataclasses import replace

import pytest

from ginscore.engine import PRESETS
from ginscore.sheets.bracket import build_bracket
from ginscore.sheets.data import (
    Bracket, MatchSheet, Pad, Pairing, RoundSheet, Standings, StandingsTable, TableSheet,
)
from ginscore.sheets.match_sheet import build_match_sheet
from ginscore.sheets.pads import build_pad
from ginscore.sheets.tournament import build_round_sheet, build_standings, build_table_sheets
from tests.sheets.pdf import cut_names, printed_text, sheet_problems
from tests.sheets.samples import full_match, partnership_match, single_elimination, three_handed_match

CLUB = [
    "Q", "Bo", "Zoë Ødegård", "Élodie Saint-Exupéry", "Peter O'Brien", "Kwame Mensah-Bonsu",
    "Anne-Sophie Ångström-Lindqvist", "Bartholomew Featherstonehaugh-Montgomery",
    "Wolfgang Amadeus Schönberger-Lichtenstein", "Hannelore Müller-Schwarzenberg", "Katarzyna Wiśniewska",
    "Seán Ó Briain-D'Arcy",
    "Maximiliana Ødegård-Fitzgerald de la Cruz-Villanueva Smithso",
    "Christopher Alexander Montgomery-Worthington Bartholomew III",
    "Anne-Sophie Ångström-Lindqvist du Plessis-Saint-Exupéry Zoëa",
    "Jean-Baptiste Ødegård Müller von Hohenzollern-Sigmaringen Jr",
]
assert min(map(len, CLUB)) == 1 and max(map(len, CLUB)) == 60
LONGEST = CLUB[-4:]
PAPERS = ("letter", "a4")


def teams(names):
    """Doubles teams of the club: "Peter O'Brien & Kwame Mensah-Bonsu"."""
    return [f"{a} & {b}" for a, b in zip(names[::2], names[1::2])]


def check(pdf: bytes, names, *, whole: bool = True) -> None:
    problems = sheet_problems(pdf, names, whole=whole)
    assert not problems, "\n".join(problems[:12])


# Pads: two players, three, and two partnerships


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("style,table,names", [
    ("standard", "two", (CLUB[0], LONGEST[0])),
    ("hollywood", "two", (LONGEST[1], CLUB[7])),
    ("oklahoma", "two", (CLUB[3], CLUB[11])),
    ("oklahoma", "three", (LONGEST[0], CLUB[4], LONGEST[2])),
    ("fosdick", "three", (CLUB[0], CLUB[1], CLUB[6])),
    ("partnership", "partnership", tuple(LONGEST)),
    ("oklahoma", "partnership", (CLUB[4], CLUB[5], CLUB[2], CLUB[8])),
])
def test_pads(paper, style, table, names):
    for per_page in (1, 2):
        pdf = build_pad(Pad(style=style, table=table, paper=paper, players=names, per_page=per_page))
        check(pdf, names)


def test_three_and_four_player_oklahoma_pads_have_the_upcard_column():
    for table, names in (("three", CLUB[:3]), ("partnership", CLUB[:4])):
        got = printed_text(build_pad(Pad(style="oklahoma", table=table, players=tuple(names))))
        assert "Up \u2660" in got and "Up: the upcard (the knock limit)" in got
        fosdick = printed_text(build_pad(Pad(style="fosdick", table=table, players=tuple(names))))
        assert " Up " in fosdick and "\u2660" not in fosdick.split("Fosdick rules")[0].split("score pad")[1]


# Match sheets


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("kind", ["two", "hollywood", "three", "partnership"])
def test_match_sheets(paper, kind):
    if kind == "three":
        rec, result = three_handed_match((LONGEST[0], CLUB[0], LONGEST[3]), seed=3)
        names = [LONGEST[0], CLUB[0], LONGEST[3]]
    elif kind == "partnership":
        rec, result = partnership_match(tuple(LONGEST), teams=("Les Ødegård-O'Brien", None), seed=5)
        names = list(LONGEST) + ["Les Ødegård-O'Brien"]
    else:
        names = [LONGEST[1], CLUB[4]]
        rec, result = full_match("hollywood" if kind == "hollywood" else "standard", players=tuple(names))
    pdf = build_match_sheet(MatchSheet(result, rec, title="Match #12", paper=paper,
                                       details=("Saturday Open · Round 3 · table 12",)))
    check(pdf, names)
    got = printed_text(pdf)
    assert ("Hollywood" in got.split("Hands")[-1]) == (kind == "hollywood")  # its note only on its sheets


def test_a_long_named_match_takes_the_pages_its_hands_need():
    """23 hands between two 60-character names: one line a hand, so a page or two, not four."""
    names = (LONGEST[0], LONGEST[1])
    rec, result = full_match("standard", players=names, seed=9)
    pdf = build_match_sheet(MatchSheet(result, rec))
    from tests.sheets.pdf import pages
    assert len(result["hands"]) > 20 and len(pages(pdf)) <= 2
    # the title, the key, the match's lines and the signature name them: not a row a hand
    assert printed_text(pdf).count(LONGEST[0]) <= 8


# Table sheets


def _table_sheet(names, *, doubles=False, rules="standard") -> TableSheet:
    if doubles:
        seats = (names[0], names[1], names[2], names[3])
        return TableSheet("Doubles Cup", 1, 1, (f"{names[0]} & {names[2]}", f"{names[1]} & {names[3]}"),
                          PRESETS["partnership"].to_json(), round_name="Semi-final", length="to 500",
                          match_label="Semi-final 1 · match #31", seats=seats, where="Tables 1 and 2",
                          links=tuple((f"Table {k} (the pad's table {k})",
                                       f"https://club.example/matches/table/{'x' * 32}/{k}/") for k in (1, 2)))
    return TableSheet("Saturday Open", 2, 7, (names[0], names[1]), PRESETS[rules].to_json(),
                      url=f"https://club.example/matches/table/{'x' * 32}/", round_name="Quarter-final",
                      length="to 500", first_dealer=names[0], match_label="Quarter-final 3 · match #31")


@pytest.mark.parametrize("paper", PAPERS)
def test_table_sheets(paper):
    for names in ((LONGEST[0], LONGEST[1]), (CLUB[0], CLUB[3])):
        pdf = build_table_sheets([_table_sheet(names)], paper)
        check(pdf, names)
    pdf = build_table_sheets([_table_sheet(LONGEST, doubles=True), _table_sheet(CLUB[4:8], doubles=True)], paper)
    check(pdf, list(LONGEST) + CLUB[4:8], whole=True)
    got = printed_text(pdf)
    assert "Semi-final · Tables 1 and 2" in got and "Table 1 (the pad's table 1)" in got
    assert "(signa\u2026" not in got and f"{LONGEST[3]} (signature)" in got


def test_a_to_500_table_sheet_has_fifteen_hand_rows_a_game():
    got = printed_text(build_table_sheets([_table_sheet((CLUB[2], CLUB[3]))]))
    assert " ".join(str(n) for n in range(1, 16)) in got
    assert "Winners round" not in got


# Round sheets


def _round(names, *, doubles=False) -> RoundSheet:
    entries = teams(names) if doubles else list(names)
    players = [tuple(t.split(" & ")) if doubles else () for t in entries]
    pairings = [Pairing(k + 1, entries[2 * k], entries[2 * k + 1], a_players=players[2 * k],
                        b_players=players[2 * k + 1]) for k in range(len(entries) // 2)]
    return RoundSheet("Saturday Open", 2, tuple(pairings), round_name="Round 2")


@pytest.mark.parametrize("paper", PAPERS)
def test_round_sheets(paper):
    check(build_round_sheet(replace(_round(CLUB), paper=paper)), CLUB)
    pdf = build_round_sheet(replace(_round(CLUB, doubles=True), paper=paper))
    check(pdf, CLUB + teams(CLUB))
    got = printed_text(pdf)
    for a, b in zip(CLUB[::2], CLUB[1::2]):  # a team found under each partner
        assert f"{a} (with {b})" in got and f"{b} (with {a})" in got


def test_by_name_is_accent_blind_and_no_rows_are_left_alone_on_a_last_page():
    from tests.sheets.pdf import pages, words
    got = printed_text(build_round_sheet(_round(CLUB)))
    by_name = got.split("By name")[1]
    rows = [by_name.index(row) for row in ("Élodie Saint-Exupéry 2", "Hannelore Müller-Schwarzenberg 5",
                                           "Zoë Ødegård 2")]
    assert rows == sorted(rows)  # Élodie with the E's, Zoë last
    many = [f"{CLUB[k % len(CLUB)]} {k}" for k in range(32)]
    for paper in PAPERS:
        pdf = build_round_sheet(replace(_round(many), paper=paper))
        _, found = words(pdf)
        last = len(pages(pdf))
        rows = {round(w.y0) for w in found if w.page == last and w.text.isdigit() and w.x0 > 250 and w.x0 < 320}
        assert not rows or len(rows) >= 5, f"{len(rows)} rows alone on the last page ({paper})"


# Standings


def _standings(names, *, doubles=False, groups=False, champion=True) -> Standings:
    columns = ("#", "Team" if doubles else "Player", "Played", "Won", "Lost", "Byes", "For", "Against", "Net",
               "Buchholz")
    entries = teams(names) if doubles else list(names)
    rows = tuple((str(k + 1), n, "5", "4", "1", "0", "2512", "1830", "682", "12") for k, n in enumerate(entries))
    notes = ((f"Champion: {entries[0]}.",) if champion else ()) + ("Ties are broken by: Match wins, Buchholz.",)
    if groups:
        half = len(rows) // 2
        tables = (StandingsTable("Group 1", rows[:half]), StandingsTable("Group 2", rows[half:]))
        return Standings("Saturday Open", columns, subtitle="after round 5", notes=notes, tables=tables)
    return Standings("Saturday Open", columns, rows, subtitle="after round 5", notes=notes)


@pytest.mark.parametrize("paper", PAPERS)
def test_standings(paper):
    for kw in ({}, {"doubles": True}, {"groups": True}):
        s = replace(_standings(CLUB, **kw), paper=paper)
        pdf = build_standings(s)
        check(pdf, teams(CLUB) if kw.get("doubles") else CLUB)


def test_a_group_that_must_break_says_its_name_again_and_the_champion_stays_with_the_table():
    from tests.sheets.pdf import pages
    big = [f"{CLUB[k % len(CLUB)]} {k}" for k in range(70)]
    got = pages(build_standings(_standings(big, groups=True)))
    for page in got[1:]:
        if page.split("page")[0].strip() and "Group" in page:
            assert "(continued)" in page or page.lstrip().startswith("Group") or "Group 2" in page
    assert any("Group 1 (continued)" in page or "Group 2 (continued)" in page for page in got)
    champion = [k for k, page in enumerate(got) if "Champion:" in page][0]
    assert any(c.isdigit() for c in got[champion].split("Champion:")[0][-200:])  # with the table's rows


# Brackets


def _bracket(entries) -> Bracket:
    """A single-elimination bracket of ``entries``, two rounds played, the first entry its champion."""
    from tests.sheets.samples import names as sample_names

    b = single_elimination(len(entries), played=2)
    rename = dict(zip(sample_names(len(entries)), entries))

    def slot(s):
        return replace(s, name=rename.get(s.name, s.name))
    sections = tuple(replace(sec, rounds=tuple(replace(r, matches=tuple(
        replace(m, top=slot(m.top), bottom=slot(m.bottom)) for m in r.matches)) for r in sec.rounds),
        last_name=entries[0]) for sec in b.sections)
    return replace(b, sections=sections, subtitle=f"{len(entries)} {'teams' if ' & ' in entries[0] else 'players'}")


@pytest.mark.parametrize("paper", PAPERS)
def test_brackets(paper):
    for entries in (CLUB, teams(CLUB)):
        pdf = build_bracket(replace(_bracket(entries), paper=paper))
        check(pdf, entries)
        assert not cut_names(pdf, entries)
    got = printed_text(build_bracket(replace(_bracket(teams(CLUB)), paper=paper)))
    assert "Peter O'Brien & Kwame Mensah-Bonsu" in got and "8 teams" in got


def test_the_checks_see_a_cut_name_a_broken_word_and_the_printers_dead_zone():
    """The checks above are not empty: a name cut with "…", a word broken across lines and a word
    0.3 in from the edge are each found."""
    import io

    from reportlab.pdfgen.canvas import Canvas

    from ginscore.sheets.common import FONT, register_fonts
    from tests.sheets.pdf import broken_words, layout_problems

    register_fonts()
    buffer = io.BytesIO()
    c = Canvas(buffer, pagesize=(612, 792))
    c.setFont(FONT, 10)
    c.drawString(100, 700, "Peter O'Brie\u2026")
    c.drawString(100, 600, "Bartholomew Featherstoneh")
    c.drawString(100, 588, "augh-Montgomery")
    c.drawString(22, 400, "edge")
    c.save()
    pdf = buffer.getvalue()
    assert cut_names(pdf, ["Peter O'Brien & Kwame Mensah-Bonsu"])
    assert broken_words(pdf, ["Bartholomew Featherstonehaugh-Montgomery"])
    assert any("edge" in p for p in layout_problems(pdf))
    assert sheet_problems(pdf, ["Peter O'Brien"])  # and not printed whole


# A doubles event from the database: what the selectors hand the sheets


@pytest.mark.django_db
def test_a_doubles_knockout_from_the_database_prints_teams_whole_with_both_partners():
    from ginscore.engine import MatchLength
    from ginscore.sheets import selectors
    from ginscore.tournaments import services

    lines = [f"{a} & {b}" for a, b in zip(CLUB[::2], CLUB[1::2])]
    lines[0] = f"North: {CLUB[0]} & {CLUB[1]}"  # a team with a name of its own
    t = services.tournament_create(name="Doubles Cup", format="single", preset="partnership",
                                   length=MatchLength("best_of", 1), doubles=True)
    services.entries_set(tournament=t, names=lines)
    services.tournament_start(tournament=t)
    everyone = CLUB + [f"{a} & {b}" for a, b in zip(CLUB[2::2], CLUB[3::2])]
    bracket = selectors.bracket_data(pk=t.pk)
    pdf = build_bracket(bracket)
    check(pdf, everyone)
    got = printed_text(pdf)
    assert "8 teams, single elimination" in got and f"North ({CLUB[0]} & {CLUB[1]})" in got
    assert "Quarter-final" in got
    pdf = build_round_sheet(selectors.round_sheet_data(pk=t.pk, number=1))
    check(pdf, everyone)
    got = printed_text(pdf)
    assert f"{CLUB[1]} (with {CLUB[0]})" in got and "Quarter-final: pairings" in got
    sheets = selectors.table_sheets_data(pk=t.pk, number=1, link=lambda path: "https://club.example" + path)
    assert [s.where for s in sheets] == [f"Tables {2 * k - 1} and {2 * k}" for k in range(1, 5)]
    assert all(len(s.links) == 2 and s.links[0][1].endswith("/1/") and s.links[1][1].endswith("/2/")
               for s in sheets)
    pdf = build_table_sheets(sheets)
    check(pdf, CLUB)
    assert "Quarter-final 1 · match #" in printed_text(pdf) and "Winners round" not in printed_text(pdf)
    standings = selectors.standings_data(pk=t.pk)
    assert standings.columns[1] == "Team" and "Running · the quarter-final in play" in standings.subtitle
    check(build_standings(standings), ["North"] + everyone[16:])  # the teams as the standings name them


@pytest.mark.django_db
def test_finished_groups_then_knockout_keep_the_group_column_and_a_swiss_says_how_far_round_two_is():
    from ginscore.sheets import selectors
    from ginscore.tournaments.simulate import simulate

    t = simulate(format="roundrobin", players=8, seed=3, names=CLUB[:8], groups=2)
    standings = selectors.standings_data(pk=t.pk)
    assert [s.title for s in standings.tables] == ["Group 1", "Group 2"]
    check(build_standings(standings), CLUB[:8])
    t = simulate(format="two_stage", players=12, playoff_size=4, seed=5, names=CLUB[:12], first_stage="roundrobin",
                 groups=2)
    assert t.status == "finished" and t.entries.exclude(group=None).count() == 12
    standings = selectors.standings_data(pk=t.pk)
    assert standings.columns[:3] == ("#", "Player", "Group") and not standings.tables  # one table, groups shown
    assert {row[2] for row in standings.rows} == {"1", "2"}
    check(build_standings(standings), CLUB[:12])
    assert "after the final" in standings.subtitle


@pytest.mark.django_db
def test_a_swiss_in_round_two_says_round_one_is_done_and_how_far_round_two_is():
    from ginscore.engine import MatchLength
    from ginscore.sheets import selectors
    from ginscore.tournaments import services
    from ginscore.tournaments import selectors as tsel

    t = services.tournament_create(name="Swiss night", format="swiss", length=MatchLength("best_of", 1), rounds=3)
    services.entries_set(tournament=t, names=CLUB[:6])
    services.tournament_start(tournament=t)
    assert "Running · round 1 in play" in selectors.standings_data(pk=t.pk).subtitle
    for row in tsel.round_rows(t, 1, 1):
        services.tmatch_forfeit(tmatch=row, winner=row.entry_a)  # round 1 decided: round 2 is paired
    t.refresh_from_db()
    assert selectors.standings_data(pk=t.pk).subtitle.split(" \u00b7 ")[1] == "after round 1, round 2 in play"
    first = tsel.round_rows(t, 1, 2)[0]
    services.tmatch_forfeit(tmatch=first, winner=first.entry_b)
    t.refresh_from_db()
    standings = selectors.standings_data(pk=t.pk)
    assert "after round 1, round 2: 1 of 3 results in" in standings.subtitle
    check(build_standings(standings), CLUB[:6])
