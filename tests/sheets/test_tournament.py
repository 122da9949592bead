"""Round sheets, table sheets (with the table link as a QR code) and standings."""
from dataclasses import replace

from ginscore.sheets.common import MARGIN
from ginscore.sheets.data import Pairing, RoundSheet, Standings
from ginscore.sheets.tournament import QR_SIZE, build_round_sheet, build_standings, build_table_sheets, qr_modules
from tests.sheets.pdf import first_page_png, ink, pages, qr_mismatches, text
from tests.sheets.samples import names, table_sheets


def test_round_sheet_lists_pairings_by_table_and_by_name(tmp_path):
    ns = names(7)
    pairings = (Pairing(2, ns[2], ns[3]), Pairing(1, ns[0], ns[1], "2-1"), Pairing(3, ns[4], ns[5]),
                Pairing(4, ns[6], None))
    pdf = build_round_sheet(RoundSheet("Saturday Open", 3, pairings, details=("Starts 8:15 pm",)))
    got = text(pdf)
    assert "Saturday Open Round 3: pairings Starts 8:15 pm" in got
    by_table, by_name = got.split("By name")
    assert ("1 Ann Aask v Ben Aask 2-1 2 Cleo Aask v Dev Aask 3 Eva Aask v Finn Aördström "
            "Bye this round (scores a win): Gus Aask") in by_table
    assert "Ann Aask 1 Ben Aask Ben Aask 1 Ann Aask Cleo Aask 2 Dev Aask" in by_name
    assert "Bye this round (scores a win): Gus Aask" in by_name
    assert "Saturday Open · Round 3 page 1 of 1" in got
    assert ink(first_page_png(pdf, tmp_path)) > 0.01


def test_one_table_sheet_per_table_with_everything_printed_in(tmp_path):
    sheets = table_sheets(64, "oklahoma")
    pdf = build_table_sheets(sheets)
    got = pages(pdf)
    held = max(n for n in range(1, 10) if f"Game {n}" in got[0])
    assert held >= 3 and " ".join(str(n) for n in range(1, 16)) in got[0]  # fifteen hands a game, as on the pad
    assert len(got) == 65 and "Continuation sheet · Table ______" in got[-1]
    assert f"games {held + 1} on" in got[-1] and f"Game {held + 1}" in got[-1]
    for sheet, page in zip(sheets, got):
        assert f"Round 2 · Table {sheet.table}" in page
        assert f"{sheet.players[0]} v {sheet.players[1]}" in page
        assert "Oklahoma rules" in page and "game to 150" in page and "match to 500" in page
        assert "Hand Up \u2660" in page
    assert ink(first_page_png(pdf, tmp_path)) > 0.03


def test_table_sheet_follows_the_match_rules():
    got = pages(build_table_sheets(table_sheets(2, "hollywood")))
    assert "Game 1 Game 2 Game 3" in got[0] and "Hollywood rules" in got[0]


def test_the_qr_code_on_the_sheet_is_the_table_link(tmp_path):
    sheet = table_sheets(1)[0]
    image = first_page_png(build_table_sheets([sheet]), tmp_path, "qr", dpi=300)
    modules = qr_modules(sheet.url)
    assert len(modules) >= 25  # a link this long needs version 2 or more
    assert qr_mismatches(image, modules, left=612 - MARGIN - QR_SIZE, top=MARGIN, size=QR_SIZE, dpi=300) == 0
    other = qr_modules(sheet.url + "x")
    assert qr_mismatches(image, other, left=612 - MARGIN - QR_SIZE, top=MARGIN, size=QR_SIZE, dpi=300) > 20


def test_a_short_match_gets_as_many_games_as_it_can_take():
    one, five = (replace(table_sheets(1)[0], length=length, games=games)
                 for length, games in (("one game", 1), ("best of 5 games", 5)))
    got = text(build_table_sheets([one]))
    assert "Game 1" in got and "Game 2" not in got
    assert "Match (one game):" in got and "match to 500" not in got
    got = text(build_table_sheets([five]))
    assert "Game 5" in got and "Game 6" not in got and "Match (best of 5 games):" in got
    assert "Game 3" in text(build_table_sheets(table_sheets(1))) and "Match to 500" in text(
        build_table_sheets(table_sheets(1)))


def test_no_tables_still_gives_a_sheet():
    assert "No tables in this round." in text(build_table_sheets([]))


def test_standings_table_repeats_its_heading_across_pages(tmp_path):
    ns = names(120)
    rows = tuple((str(i + 1), n, str(5 - i // 25), str(i // 25), str(900 - i)) for i, n in enumerate(ns))
    pdf = build_standings(Standings("Saturday Open", ("#", "Player", "Won", "Lost", "Points"), rows,
                                    subtitle="after round 5", notes=("Ties are broken by points.",)))
    got = pages(pdf)
    assert len(got) >= 3
    assert "Standings · after round 5" in got[0]
    assert all("# Player Won Lost Points" in page for page in got)
    assert all(f"Saturday Open · standings page {n} of {len(got)}" in page for n, page in enumerate(got, 1))
    assert "1 Ann Aask 5 0 900" in got[0]
    assert "120 Hana Hask 1 4 781" in got[-1]
    assert "Ties are broken by points." in got[-1]
    assert ink(first_page_png(pdf, tmp_path)) > 0.01
