"""Blank pads for three-handed gin and for two partnerships: their columns and rows where the spec's
rules put them, read back from the PDF's own word positions; names of 60 characters, both papers."""
import pytest
from django.urls import reverse

from ginscore.engine import PRESETS, rules_from
from ginscore.sheets.data import Pad
from ginscore.sheets.pads import build_pad
from tests.sheets.pdf import layout_problems, pages, text, words

LONG = ("Maximiliana Ødegård-Fitzgerald de la Cruz-Villanueva Smithso",
        "Christopher Alexander Montgomery-Worthington Bartholomew III",
        "Anne-Sophie Ångström-Lindqvist du Plessis-Saint-Exupéry Zoëa",
        "Jean-Baptiste Ødegård Müller von Hohenzollern-Sigmaringen Jr")
assert all(len(n) == 60 for n in LONG)


def clean(pdf: bytes) -> None:
    problems = layout_problems(pdf)
    assert not problems, "\n".join(problems[:12])


def _line(found, word, near_y, page=1):
    """The words on the same printed line as ``near_y`` (within 3 points), left to right."""
    return [w for w in sorted(found, key=lambda w: w.x0) if w.page == page and abs(w.y0 - near_y) < 3]


# Three-handed


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_three_handed_pad_has_a_dealer_column_three_players_and_each_pairs_net(paper):
    pdf = build_pad(Pad(table="three", paper=paper, players=("Ann", "Ben", "Cat")))
    clean(pdf)
    page = pages(pdf)[0]
    assert page.startswith("Three-handed Gin Rummy score pad · Standard")
    for n in range(1, 5):
        assert f"Game {n}" in page
    assert "Hand Deals (sits out) A Ann B Ben C Cat" in page
    assert "Points Boxes ×25 ×25 ×25 Game +100 +100 +100 Total A v B A v C B v C" in page
    assert "Settlements: A v B: ________ pays ________ ______ pts" in page and "B v C: ________ pays" in page
    assert "Match to 500: A Ann ________ B Ben ________ C Cat ________" in page
    assert "three players: the dealer sits out, the loser deals next" in page
    assert "the game's winner adds 100 in that pair only" in page
    _, found = words(pdf)
    first = [w for w in found if w.page == 1]
    deals, = [w for w in first if w.text == "Deals"][:1]
    heads = {w.text: w for w in first if w.text in ("Ann", "Ben", "Cat") and w.y0 < deals.y1 + 10}
    # the dealer's column, then the players left to right, in game 1's block
    assert deals.x1 < heads["Ann"].x0 < heads["Ben"].x0 < heads["Cat"].x0
    total = min((w for w in first if w.text == "Total"), key=lambda w: (w.y0, w.x0))  # game 1's
    below = sorted((w for w in first if w.text == "v" and abs(w.x0 - total.x0) < 30 and 0 < w.y0 - total.y0 < 60),
                   key=lambda w: w.y0)
    pairs = [" ".join(w.text for w in _line(found, "v", v.y0) if w.x0 < total.x1 + 5) for v in below]
    assert pairs == ["A v B", "A v C", "B v C"]  # under the totals, a line for each pair's net
    hands = [w for w in first if w.text == "12"]
    assert len(hands) == 4 and len({round(w.x0) for w in hands}) == 2  # twelve hands in four games, two across


def test_three_handed_pad_for_any_preset_follows_its_rules():
    rules = rules_from({"preset": "classic", "shutout": "double"}).to_json()
    page = text(build_pad(Pad(style="classic", table="three", rules=rules)))
    assert "Three-handed Gin Rummy score pad · Classic" in page and "×20" in page and "×25" not in page
    assert "the game's winner doubles the total in that pair only" in page
    blank = pages(build_pad(Pad(table="three")))[0]
    assert "Hand Deals (sits out) A name B name C name" in blank
    assert "Match to 500: A ________ B ________ C ________" in blank


@pytest.mark.parametrize("paper,per_page", [("letter", 1), ("a4", 1), ("letter", 2), ("a4", 2)])
def test_three_handed_pad_with_60_character_names_never_overlaps(paper, per_page):
    pdf = build_pad(Pad(table="three", paper=paper, per_page=per_page, players=LONG[:3]))
    clean(pdf)
    got = text(pdf)
    for name in LONG[:3]:
        assert name in got  # whole on the match line


# Partnership


def _deal_rows(found, page=1):
    """Game 1's rows: {deal number: [(table, A seat, B seat)]} from the words in the deal and seat columns."""
    first = [w for w in found if w.page == page]
    deal_head = next(w for w in first if w.text == "Deal")
    game2 = next((w.y0 for w in first if w.text == "Game" and any(
        v.text == "2" and abs(v.y0 - w.y0) < 2 and v.x0 > w.x0 for v in first)), 10_000)
    numbers = [w for w in first if w.text.isdigit() and abs(w.x0 - deal_head.x0) < 12 and deal_head.y1 < w.y0 < game2]
    rows = {}
    for num in numbers:
        seats = [w for w in first if w.text[:1] in "AB" and w.text[1:] in ("1", "2") and 0 < num.y0 - w.y0 + 10 < 26]
        by_line: dict[int, list] = {}
        for s in seats:
            by_line.setdefault(round(s.y0), []).append(s.text)
        rows[int(num.text)] = [tuple(sorted(v)) for _, v in sorted(by_line.items())]
    return rows


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_partnership_pad_has_two_table_rows_a_deal_alternating_opponents(paper):
    pdf = build_pad(Pad(style="partnership", paper=paper, players=("Ann", "Ben", "Cat", "Dan")))
    clean(pdf)
    page = pages(pdf)[0]
    assert page.startswith("Partnership Gin Rummy score pad")
    assert "game to 125" in page and "Match to 500: A Ann & Cat ________ B Ben & Dan ________" in page
    assert "Points Boxes ×25 ×25 Game +100 +100 Shutout +100 +100 Total Net" in page
    assert "a deal scores the difference" in page
    assert "the team whose players won more at the two tables adds the difference" in page
    _, found = words(pdf)
    rows = _deal_rows(found)
    assert len(rows) >= 8   # a game of partnership gin takes 8 to 10 deals: they all fit in its block
    for n, tables in rows.items():  # odd deals: A1 v B1, A2 v B2; even: A1 v B2, A2 v B1 (the spec)
        assert tables == ([("A1", "B1"), ("A2", "B2")] if n % 2 else [("A1", "B2"), ("A2", "B1")]), n
    line = _line(found, "A1", next(w.y0 for w in found if w.text == "A1"))  # deal 1, table 1: the names
    assert [w.text for w in line][:5] == ["1", "A1", "Ann", "B1", "Ben"]
    for seat, name in (("B1", "Ben"), ("B2", "Dan"), ("A2", "Cat")):  # every seat label is followed by its player
        match_line = next(w.y0 for w in found if w.text == "Match")
        for w in (w for w in found if w.text == seat and w.page == 1 and w.y0 < match_line):
            line = _line(found, seat, w.y0)
            assert line[line.index(w) + 1].text == name
    # the later games (a game a page: a continuation's) do not know whether they start on an odd deal:
    # each B row says both
    later = text(_later_game(paper, ("Ann", "Ben", "Cat", "Dan")))
    assert "Game 2" in later and "odd B1 Ben · even B2 Dan" in later and "odd B2 Dan · even B1 Ben" in later


def _later_game(paper, players):
    from reportlab.pdfgen.canvas import Canvas

    from ginscore.sheets.common import new_buffer, page_size
    from ginscore.sheets.pads import draw_pad

    buf = new_buffer()
    size = page_size(paper)
    c = Canvas(buf, pagesize=size)
    draw_pad(c, 36, size[1] - 36, size[0] - 72, size[1] - 72, rules=PRESETS["partnership"].to_json(),
             table="partnership", players=players, first_game=2)
    c.showPage()
    c.save()
    return buf.getvalue()


def test_partnership_pad_under_each_and_for_another_preset():
    rules = rules_from({"preset": "partnership", "partnership_scoring": "each"}).to_json()
    page = text(build_pad(Pad(style="partnership", rules=rules, teams=("North", "South"),
                              players=("Ann", "Ben", "Cat", "Dan"))))
    assert "each team adds what its two players won" in page and "each team scores what its players won" in page
    assert "A North" in page and "B South" in page and "Match to 500: A North ________ B South ________" in page
    classic = text(build_pad(Pad(style="classic", table="partnership")))
    assert "Partnership Gin Rummy score pad · Classic" in classic and "game to 100" in classic
    assert "Deal Table" in classic and "A1 B1" in classic  # a blank pad: seats only


@pytest.mark.parametrize("paper,per_page", [("letter", 1), ("a4", 1), ("letter", 2), ("a4", 2)])
def test_partnership_pad_with_60_character_names_never_overlaps(paper, per_page):
    pdf = build_pad(Pad(style="partnership", paper=paper, per_page=per_page, players=LONG,
                        teams=(LONG[0], LONG[1]) if per_page == 1 else None))
    clean(pdf)


@pytest.mark.parametrize("kwargs,message", [
    ({"table": "three", "style": "hollywood"}, "table: three players play one game at a time"),
    ({"table": "two", "style": "partnership"}, "table: the partnership rules are for four players"),
    ({"table": "three", "players": ("Ann", "Ben")}, "players: give exactly three names"),
    ({"style": "partnership", "players": ("Ann", "Ben", "Cat")}, "players: give exactly four names"),
    ({"table": "three", "teams": ("North", "South")}, "teams: only a partnership pad has teams"),
    ({"table": "five"}, 'table: must be one of two, three, partnership, not "five"'),
])
def test_bad_tables_name_the_field(kwargs, message):
    with pytest.raises(ValueError, match=message):
        Pad(**kwargs)


# On the sheets page


def _pdf(response) -> bytes:
    assert response.status_code == 200, response.content[:300]
    assert response["Content-Type"] == "application/pdf"
    return b"".join(response.streaming_content)


@pytest.mark.django_db
def test_the_sheets_page_offers_three_handed_and_partnership_pads(client):
    page = client.get(reverse("sheets:index")).content.decode()
    url = reverse("sheets:pad")
    assert f'href="{url}?table=three&amp;style=standard"' in page
    assert f'href="{url}?table=three&amp;style=hollywood"' not in page
    assert f'href="{url}?style=partnership">Partnership (game to 125)' in page
    three = text(_pdf(client.get(url, {"table": "three", "style": "standard"})))
    assert "Deals (sits out)" in three and "A v C" in three
    four = text(_pdf(client.get(url, {"style": "partnership"})))
    assert "game to 125" in four and "Team A's player" in four


@pytest.mark.django_db
def test_the_pad_form_prints_names_and_teams_of_60_characters(client):
    got = _pdf(client.get(reverse("sheets:pad"), {
        "style": "partnership", "paper": "a4", "player_a": LONG[0], "player_b": LONG[1], "player_c": LONG[2],
        "player_d": LONG[3], "team_a": "Les Ødegård", "team_b": "South"}))
    clean(got)
    assert "Les Ødegård" in text(got) and "Maximiliana" in text(got)
    three = _pdf(client.get(reverse("sheets:pad"), {"table": "three", "player_a": "Zoë", "player_b": "Ben",
                                                    "player_c": LONG[2]}))
    clean(three)
    assert LONG[2] in text(three)


@pytest.mark.django_db
@pytest.mark.parametrize("query,field,message", [
    ({"table": "three", "style": "hollywood"}, "table", "Hollywood is for two players"),
    ({"table": "three", "player_a": "Ann", "player_b": "Ben"}, "player_c", "Give all three players' names"),
    ({"player_a": "Ann", "player_b": "Ben", "player_c": "Cat"}, "player_c", "Only two players play"),
    ({"style": "partnership", "table": "three"}, "table", "The Partnership rules are for four players"),
    ({"table": "three", "player_a": "Ann", "player_b": "Ben", "player_c": "ann"}, "player_c",
     "The players must be different"),
    ({"style": "partnership", "team_a": "North"}, "team_b", "Give both teams' names"),
    ({"table": "three", "team_a": "North", "team_b": "South"}, "team_a", "Only a partnership pad has teams"),
    ({"table": "sixes"}, "table", "Select a valid choice"),
])
def test_bad_tables_on_the_form_are_refused_naming_the_field(client, query, field, message):
    response = client.get(reverse("sheets:pad"), query)
    assert response.status_code == 400
    body = response.content.decode()
    assert f"{field}:" in body and message in body


# A doubles event's table sheets


def test_a_doubles_table_sheet_is_a_partnership_pad_with_its_four_players():
    from ginscore.sheets.data import TableSheet
    from ginscore.sheets.tournament import build_table_sheets

    sheets = [TableSheet("Doubles Cup", 1, t, (f"{LONG[0][:40]} {t}", "South"), PRESETS["partnership"].to_json(),
                         url=f"https://club.example/matches/table/{'x' * 32}/", round_name="Round 1",
                         seats=(LONG[0], "Ben", "Cat", LONG[3])) for t in (1, 2)]
    for paper in ("letter", "a4"):
        pdf = build_table_sheets(sheets, paper)
        clean(pdf)
        got = pages(pdf)
        assert len(got) == 3  # two tables and the continuation sheet
        assert "Team A's player" in got[0] and "A1 Maximiliana" in got[0] and "B1 Ben" in got[0]
        assert "Ben (signature)" in got[0] and "Cat (signature)" in got[0]
        held = max(n for n in range(1, 7) if f"Game {n}" in got[0])  # the continuation goes on from there
        assert "Continuation sheet" in got[2] and f"games {held + 1} on" in got[2] and f"Game {held + 1}" in got[2]
        assert "odd B1 · even B2" in got[2]  # which deal comes first is not known
