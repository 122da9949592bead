"""Blank score pads: the grid for each style, paper, names and rules in the footer."""
import io

import pytest
from pypdf import PdfReader

from ginscore.engine import PRESETS, rules_from
from ginscore.engine.rules import PRESET_NAMES
from ginscore.sheets.data import Pad
from ginscore.sheets.pads import build_pad
from tests.sheets.pdf import first_page_png, ink, pages, text


def _size(pdf: bytes) -> tuple[int, int]:
    box = PdfReader(io.BytesIO(pdf)).pages[0].mediabox
    return round(float(box.width)), round(float(box.height))


@pytest.mark.parametrize("style", ["standard", "hollywood", "oklahoma"])
@pytest.mark.parametrize("paper,size", [("letter", (612, 792)), ("a4", (595, 842))])
def test_each_style_prints_on_each_paper(style, paper, size, tmp_path):
    pdf = build_pad(Pad(style=style, paper=paper, players=("Ann", "Zoë Ångström"), pages=2))
    assert _size(pdf) == size
    got = pages(pdf)
    assert len(got) == 2
    for page in got:
        assert "Ann" in page and "Zoë Ångström" in page
        assert "Points Boxes ×25" in page and "Total Net" in page
    image = first_page_png(pdf, tmp_path, f"{style}-{paper}")
    assert ink(image) > 0.03


@pytest.mark.parametrize("style", ["standard", "oklahoma"])
@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_a_pad_holds_six_games_as_clubs_play_a_match_to_500(style, paper):
    page = pages(build_pad(Pad(style=style, paper=paper)))[0]
    for n in range(1, 7):
        assert f"Game {n}" in page
    assert "Game 7" not in page
    rows = " ".join(str(n) for n in range(1, 13))
    assert page.count(f" {rows} ") == 6  # twelve hands or more in every game
    assert "gin +25" in page and "box 25" in page and "match to 500" in page


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_preset_has_its_pad_with_its_own_captions(preset):
    rules = PRESETS[preset].to_json()
    players = ("Ann", "Ben", "Cat", "Dan") if preset == "partnership" else ("Ann", "Ben")
    got = text(build_pad(Pad(style=preset, players=players)))
    assert f"{PRESET_NAMES[preset]} rules" in got
    box = rules["box_bonus"]
    assert (f"\u00d7{box}" in got) == bool(box)  # a box's value as the rules have it, none when a box pays 0
    for other in {p.box_bonus for p in PRESETS.values()} - {box}:
        assert f"\u00d7{other} " not in got
    assert ("Up" in got) == bool(rules["oklahoma"])


def test_fosdicks_games_print_their_pads_in_their_own_terms():
    skarney = text(build_pad(Pad(style="skarney", players=("Ann", "Ben"))))
    assert "Skarney Gin score pad" in skarney and "Gin Rummy score pad" not in skarney
    assert "gin +20 (+40 when the other has not laid down the contract)" in skarney
    assert "undercut" not in skarney and "knock with" not in skarney and "box 0" not in skarney
    colonel = text(build_pad(Pad(style="colonel", players=("Ann", "Ben"))))
    assert "Colonel score pad" in colonel and "go out, the stock runs out, or challenge" in colonel
    assert "gin +" not in colonel and "undercut" not in colonel and "bonus 0" not in colonel
    sequence = text(build_pad(Pad(style="sequence", players=("Ann", "Ben"))))
    assert "Sequence Gin score pad" in sequence and "runs only (no sets)" in sequence
    assert "undercut +20" in sequence and "box 0" not in sequence


def test_the_rules_footer_can_be_left_out_and_follows_the_rules_given():
    assert "gin +25" not in text(build_pad(Pad(rules_footer=False)))
    rules = rules_from({"preset": "standard", "box_bonus": 20, "game_target": 150}).to_json()
    page = text(build_pad(Pad(rules=rules)))
    assert "×20" in page and "×25" not in page and "game to 150" in page


def test_hollywood_pad_has_three_game_columns_per_player():
    page = pages(build_pad(Pad(style="hollywood", players=("Ann", "Ben"))))[0]
    assert "Set 1 Ann Ben" in page
    assert page.count("Game 1 Game 2 Game 3") == 2
    assert "three games at once (Hollywood)" in page


def test_oklahoma_pad_has_an_upcard_column_and_spade_doubling():
    page = pages(build_pad(Pad(style="oklahoma")))[0]
    assert "Hand Up \u2660" in page
    assert "upcard doubles" in page and "game to 150" in page


def test_two_pads_per_page_on_a_page_turned_sideways():
    pdf = build_pad(Pad(per_page=2, pages=3, players=("Ann", "Ben")))
    assert _size(pdf) == (792, 612)
    got = pages(pdf)
    assert len(got) == 3
    assert all(p.count("Date") == 2 for p in got)


@pytest.mark.parametrize("kwargs,message", [
    ({"style": "rummy"}, "style: must be one of standard, classic, oklahoma, hollywood"),
    ({"per_page": 4}, "per_page: must be 1 or 2"),
    ({"pages": 0}, "pages: must be from 1 to 100"),
    ({"players": ("Ann",)}, "players: give exactly two names"),
])
def test_bad_options_name_the_field(kwargs, message):
    with pytest.raises(ValueError, match=message):
        Pad(**kwargs)


def test_bad_paper_names_the_field():
    with pytest.raises(ValueError, match='paper: must be "letter" or "a4"'):
        build_pad(Pad(paper="legal"))
