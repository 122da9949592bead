"""Every sheet kind with real names (1 to 60 characters, accents, hyphens), on letter and A4:
no two words print over each other and every word stays 0.4 in clear of the paper's edge,
read from the PDF's own word positions (pdftotext -bbox)."""
import pytest

from ginscore.sheets.data import MatchSheet
from ginscore.sheets.match_sheet import build_match_sheet
from tests.sheets.pdf import layout_problems, text
from tests.sheets.samples import full_match, record, scored

LONGEST = "Maximiliana Ødegård-Fitzgerald de la Cruz-Villanueva Smithso"  # 60 characters
NAMES = {
    "shortest": ("Q", "Ø"),
    "club": ("Margaret Thompson", "Christopher Williams"),
    "long": ("Anne-Sophie Ångström-Lindqvist", "Jean-Baptiste Ødegård Müller"),
    "longest": (LONGEST, "Christopher Alexander Montgomery-Worthington Bartholomew III"),
}
assert len(LONGEST) == 60 and len(NAMES["longest"][1]) == 60


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
    got = text(pdf)
    assert said in got and f"({said})" in got  # the header and the match score
    if length != "to 500":
        assert "to 500" not in got


def test_gin_off_is_not_an_undercut():
    rec = record([{"end": "knock", "by": "Ann", "deadwood": {"Ann": 5, "Ben": 0}},
                  {"end": "knock", "by": "Ben", "deadwood": {"Ann": 9, "Ben": 3}}],
                 {"preset": "standard", "gin_off_bonus": 30})
    got = text(build_match_sheet(MatchSheet(scored(rec), rec)))
    assert "Ann knocked 5 v 0, gin off" in got and "Ben knocked 3 v 9 Ben" in got
    assert "Ann knocked 5 v 0, undercut" not in got
