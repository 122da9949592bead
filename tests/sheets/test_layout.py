"""Every sheet kind with real names (1 to 100 characters, accents, hyphens), on letter and A4:
no two words print over each other and every word stays 0.4 in clear of the paper's edge,
read from the PDF's own word positions (pdftotext -bbox)."""
import pytest

from ginscore.sheets.data import MatchSheet
from ginscore.sheets.match_sheet import build_match_sheet
from tests.sheets.pdf import layout_problems, printed_text, text
from tests.sheets.samples import full_match, record, scored

LONGEST = "Maximiliana Ødegård-Fitzgerald de la Cruz-Villanueva Smithson-Liechtenstein von und zu Habsburg-Lora"  # 100
NAMES = {
    "shortest": ("Q", "Ø"),
    "club": ("Margaret Thompson", "Christopher Williams"),
    "long": ("Anne-Sophie Ångström-Lindqvist", "Jean-Baptiste Ødegård Müller"),
    "longest": (LONGEST, "Christopher Alexander Montgomery-Worthington Bartholomew III of Saint-Jean-de-Luz and Villeneuve Jnr"),
}
assert len(LONGEST) == 100 and len(NAMES["longest"][1]) == 100


def clean(pdf: bytes) -> None:
    problems = layout_problems(pdf)
    assert not problems, "\n".join(problems[:12])


LENGTHS = {"to 500": None, "one game": {"kind": "best_of", "games": 1}, "best of 3": {"kind": "best_of", "games": 3},
           "one set": "set"}


@pytest.mark.parametrize("rules,names,length,paper", [
    ("standard", "club", "to 500", "letter"),
    ("standard", "longest", "best of 3", "a4"),
    ("classic", "long", "one game", "letter"),
    ("oklahoma", "longest", "to 500", "letter"),
    ("oklahoma", "shortest", "one set", "a4"),
    ("hollywood", "shortest", "to 500", "letter"),
    ("hollywood", "longest", "one set", "a4"),
    ("hollywood", "club", "best of 3", "letter"),
])
def test_match_sheet(rules, names, length, paper):
    extra = {"length": LENGTHS[length]} if LENGTHS[length] else {}
    rec, result = full_match(rules, players=NAMES[names], **extra)
    pdf = build_match_sheet(MatchSheet(result, rec, title="Match #12", paper=paper,
                                       details=("Saturday Open " + LONGEST, "Round 3 · table 12")))
    clean(pdf)
    said = {"to 500": "match to 500", "one game": "one game", "best of 3": "best of 3 games",
            "one set": "one Hollywood set" if rules == "hollywood" else "one game"}[length]
    got = printed_text(pdf)
    assert said in got and f"({said})" in got  # the header and the match score
    if length != "to 500":
        assert "to 500" not in got


def test_gin_off_is_not_an_undercut():
    rec = record([{"end": "knock", "by": "Ann", "deadwood": {"Ann": 5, "Ben": 0}},
                  {"end": "knock", "by": "Ben", "deadwood": {"Ann": 9, "Ben": 3}}],
                 {"preset": "standard", "gin_off_bonus": 30})
    got = text(build_match_sheet(MatchSheet(scored(rec), rec)))
    assert "A knocked 5 v 0, gin off" in got and "B knocked 3 v 9 B" in got
    assert "A knocked 5 v 0, undercut" not in got


# Pads of every preset, table sheets, round sheets, standings and brackets

from ginscore.engine import PRESETS  # noqa: E402
from ginscore.sheets.bracket import build_bracket  # noqa: E402
from ginscore.sheets.data import Pad, Pairing, RoundSheet, Standings, StandingsTable, TableSheet  # noqa: E402
from ginscore.sheets.pads import build_pad  # noqa: E402
from ginscore.sheets.tournament import build_round_sheet, build_standings, build_table_sheets  # noqa: E402
from tests.sheets.samples import double_elimination, single_elimination  # noqa: E402

PAPERS = ("letter", "a4")


@pytest.mark.parametrize("preset", list(PRESETS))
def test_pad_of_every_preset(preset):
    paper = PAPERS[len(preset) % 2]  # both papers over the presets
    names = NAMES["longest"] if len(preset) % 3 else NAMES["club"]
    if preset == "partnership":  # four players in two teams
        names = names + NAMES["long"]
    pdf = build_pad(Pad(style=preset, paper=paper, players=names))
    clean(pdf)
    got = printed_text(pdf)
    for name in names:  # the match line holds a 60-character name whole
        assert name in got
    clean(build_pad(Pad(style=preset, paper=PAPERS[1 - PAPERS.index(paper)], per_page=2,
                        players=NAMES["long"] + (NAMES["club"] if preset == "partnership" else ()))))


def _tables(rules: str, players, **kw) -> list[TableSheet]:
    return [TableSheet("Saturday Open " + LONGEST, 2, 7, players, PRESETS[rules].to_json(),
                       url=f"https://club.example/matches/table/{'x' * 32}/", round_name="Winners' quarterfinals",
                       first_dealer=players[0], match_label="Winners round 2 · match #31", **kw)]


@pytest.mark.parametrize("rules,names,paper", [
    ("standard", "longest", "letter"), ("oklahoma", "longest", "a4"), ("hollywood", "long", "letter"),
    ("classic", "shortest", "a4"), ("fosdick", "club", "letter"),
])
def test_table_sheet(rules, names, paper):
    pdf = build_table_sheets(_tables(rules, NAMES[names]), paper)
    clean(pdf)
    got = printed_text(pdf)
    assert f"First deal: {NAMES[names][0]}" in got
    assert "Or open https://club.example/matches/table/" in got


def test_table_sheet_of_a_short_match():
    sheets = _tables("standard", NAMES["longest"])
    from dataclasses import replace
    clean(build_table_sheets([replace(sheets[0], length="best of 3 games", games=3)]))


@pytest.mark.parametrize("paper", PAPERS)
def test_round_sheet(paper):
    pairings = [Pairing(t + 1, NAMES[k][0], NAMES[k][1], result=f"{NAMES[k][0]} 512\u2013230" if t % 2 else "",
                        group=1 + t % 2, score="" if t % 2 else "playing: 230\u2013120")
                for t, k in enumerate(list(NAMES) * 5)]
    pairings += [Pairing(None, f"Player {n}", None) for n in (10, 2, 1)]
    pdf = build_round_sheet(RoundSheet("Saturday Open " + LONGEST, 3, tuple(pairings), paper=paper,
                                       details=("Printed 23 Nov 2026, 19:02",)))
    clean(pdf)
    got = printed_text(pdf)
    assert "Bye this round (scores a win): Player 1, Player 2, Player 10" in got
    assert got.count("v bye") == 0


@pytest.mark.parametrize("paper", PAPERS)
def test_standings_in_groups(paper):
    columns = ("#", "Player", "Played", "Won", "Lost", "Byes", "For", "Against", "Net", "Head-to-head", "Buchholz")
    groups = tuple(StandingsTable(f"Group {g}", tuple(
        (str(r + 1), name + (" (withdrawn)" if r == 3 else ""), "5", "4", "1", "1", "2512", "1830", "682",
         "\u2013" if r else "1", "12") for r, name in enumerate(n for pair in NAMES.values() for n in pair)),
        notes=(f"Group winner: {NAMES['longest'][0]}.",)) for g in (1, 2))
    pdf = build_standings(Standings("Saturday Open " + LONGEST, columns, subtitle="after round 5 · 23 Nov 2026",
                                    notes=("Ties are broken by: Match wins, Head-to-head.",), paper=paper,
                                    tables=groups))
    clean(pdf)
    got = printed_text(pdf)
    assert "Group 1" in got and "Group 2" in got and got.count("Group winner") == 2


@pytest.mark.parametrize("paper", PAPERS)
def test_brackets(paper):
    from dataclasses import replace
    for bracket in (single_elimination(16), double_elimination(8), single_elimination(5)):
        clean(build_bracket(replace(bracket, paper=paper, tournament="Saturday Open " + LONGEST)))
