"""Every printed sheet in French (docs/translating.md, the glossary's words): French labels, numbers
(2 500, 126,00 €) and dates (26 novembre 2026); long French words and 100-character names with
accents still print whole inside their boxes and 0.4 in from the edge on letter and A4 (the words'
positions read back with pdftotext -bbox); the sheet's language from the club, the sheets page,
``?language=`` or ``manage.py sheet --language``; English unchanged."""
from datetime import date, datetime, timezone as tz
from decimal import Decimal
import re
from types import SimpleNamespace

import pytest
from django.core.management import CommandError, call_command
from django.test import override_settings
from django.urls import reverse
from django.utils import translation

from ginscore.engine import PRESETS
from ginscore.sheets.bracket import build_bracket
from ginscore.sheets.common import BOLD, FONT, day, money, number, register_fonts
from ginscore.sheets.data import MatchSheet, Pad, Pairing, RoundSheet, Standings, StandingsTable, TableSheet
from ginscore.sheets.match_sheet import build_match_sheet
from ginscore.sheets.money import build_season_money_sheet, build_treasurer_sheet
from ginscore.sheets.pads import build_pad
from ginscore.sheets.season import build_season_sheet
from ginscore.sheets.tournament import build_round_sheet, build_standings, build_table_sheets
from tests.sheets.pdf import pages, sheet_problems, text
from tests.sheets.samples import (
    double_elimination, full_match, legal_hands, partnership_match, single_elimination, three_handed_match,
)

PAPERS = ("letter", "a4")
LONGEST = "Maximiliana Ødegård-Fitzgerald de la Cruz-Villanueva Smithson-Liechtenstein von und zu Habsburg-Lora"  # 100
FRENCH = ("Anne-Sophie Lefèvre-Dupré de Saint-Exupéry Bœuf-Château Zoë", "François-Xavier Ñúñez d'Aubigné")
CLUB = ("Élodie Œuvray", "Jérôme Çakır")
ENGLISH = ("Hand", "Game 1", "Match score", "Settlement", "Winner", "page 1 of", "rules")


def french(pdf: bytes) -> str:
    return text(pdf)


def clean(pdf: bytes, names) -> None:
    problems = sheet_problems(pdf, names)
    assert not problems, "\n".join(problems[:12])


def no_english(got: str, *words: str) -> None:
    left = [w for w in words if w in got]
    assert not left, f"English left on a French sheet: {left}"


# Numbers, money and dates in the sheet's language


def test_numbers_money_and_dates_in_french_and_in_english():
    with translation.override("fr"):
        assert number(2500) == "2\u00a0500" and number(Decimal("0.10")) == "0,10"
        assert money(Decimal("1234.5"), "€") == "1\u00a0234,50\u00a0€" and money(Decimal("126"), "€") == "126,00\u00a0€"
        assert day(date(2026, 11, 26)) == "26 novembre 2026"
        assert "\u202f" not in number(1_234_567)  # the fonts' fallback has no narrow no-break space
    with translation.override("en"):
        assert number(2500) == "2,500" and money(Decimal("126"), "€") == "€126.00"
        assert day(date(2026, 11, 26)) == "26 Nov 2026"


def test_the_fonts_carry_every_character_french_needs():
    """Every letter and sign a French sheet prints has a glyph in the sheets' fonts (no black box)."""
    from reportlab.pdfbase import pdfmetrics

    register_fonts()
    needed = "éèêëàâäçôöûùüîïÿœŒæÆÉÈÊÀÂÇÔÛÙÎÏ«»’‘“”–—…·×−€\u00a0№º"
    for font in (FONT, BOLD):
        glyphs = pdfmetrics.getFont(font).face.charToGlyph
        missing = [c for c in needed if ord(c) not in glyphs]
        assert not missing, f"{font} has no glyph for {missing}"


# Each sheet in French, long names on letter and A4


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("table,style,players", [
    ("two", "standard", (LONGEST, FRENCH[0])),
    ("two", "oklahoma", FRENCH),
    ("two", "hollywood", (FRENCH[0], LONGEST)),
    ("three", "classic", (LONGEST, FRENCH[0], CLUB[0])),
    ("partnership", "partnership", (LONGEST, FRENCH[0], CLUB[0], FRENCH[1])),
])
def test_a_french_pad(table, style, players, paper):
    pdf = build_pad(Pad(style=style, table=table, paper=paper, players=players), language="fr")
    clean(pdf, players)
    got = french(pdf)
    assert "Feuille de marque" in got and "Date" in got and "Match en 500 :" in got
    assert "Total" in got and ("Partie 1" in got or "Série 1" in got) and "…" not in got
    assert ("Manche" in got or "Donne" in got) and "Règles" in got
    if table == "three":
        assert "Donnes (hors jeu)" in got and "A – B" in got and "Règlements :" in got
    elif table == "partnership":
        assert "Places :" in got and "Joueur de l'équipe A" in got and "impaires" in got
    else:
        assert "Règlement : ________ paie à ________" in got
    if style == "oklahoma":
        assert "Retourne" in got and "limite de frappe" in got
    no_english(got, *ENGLISH, "Deals", "score pad", "Settlement")


@pytest.mark.parametrize("paper", PAPERS)
def test_a_french_blank_pad_two_a_page(paper):
    pdf = build_pad(Pad(style="standard", paper=paper, per_page=2, pages=2), language="fr")
    got = pages(pdf)
    assert len(got) == 2 and got[0].count("Feuille de marque") == 2 and "case 25" in got[0]
    clean(pdf, ())


@pytest.mark.parametrize("paper", PAPERS)
def test_a_french_match_sheet_of_two_players(paper):
    rec, result = full_match("standard", players=(LONGEST, FRENCH[0]), stake="0.10")
    pdf = build_match_sheet(MatchSheet(result, rec, title="Match nº 12", paper=paper,
                                       details=("Open du samedi · Ronde 3 · table 12",)), language="fr")
    clean(pdf, (LONGEST, FRENCH[0]))
    got = french(pdf)
    assert f"Match nº 12 : {LONGEST} – {FRENCH[0]}" in got
    assert "Règles Standard · match en 500" in got
    for label in ("Parties", "Manches", "Fin de la manche", "Gagnant", "Prime de case", "Prime de partie", "Capot",
                  "Score du match", "Parties gagnées", "Vainqueur :", "Règlement :", "à la mise", "Témoin ou directeur",
                  "(signature)", "page 1 sur"):
        assert label in got, label
    assert "a frappé" in got or "gin contre" in got
    no_english(got, "Hands", "How it ended", "Won by", "Games won", "Witness", "page 1 of", "knocked")


@pytest.mark.parametrize("paper", PAPERS)
def test_a_french_match_sheet_of_three_with_thousands(paper):
    """A long match to 2 500 between three long French names: the thousands with a no-break space."""
    names = (LONGEST, FRENCH[0], CLUB[0])
    rec, result = three_handed_match(names, seed=11, rules={"preset": "standard", "match_target": 2500})
    pdf = build_match_sheet(MatchSheet(result, rec, title="Match nº 7", paper=paper), language="fr")
    clean(pdf, names)
    got = french(pdf)
    assert "match en 2 500" in got and "Paires — A – B :" in got and "Crédité" in got
    assert f"{names[0]}, {names[1]} et {names[2]}" in got
    settlement = result["match"]["settlements"][0]
    assert f"Règlement : {settlement['payer']} doit {number_en_fr(settlement['points'])} points à" in got
    assert "Trois joueurs : le donneur ne joue pas la manche" in got


def number_en_fr(n: int) -> str:
    return f"{n:,}".replace(",", " ")


@pytest.mark.parametrize("paper", PAPERS)
def test_a_french_partnership_match_sheet(paper):
    players = (LONGEST, FRENCH[0], CLUB[0], FRENCH[1])
    rec, result = partnership_match(players, teams=("Les Hirondelles de Saint-Étienne", "Équipe Bœuf"))
    pdf = build_match_sheet(MatchSheet(result, rec, paper=paper), language="fr")
    clean(pdf, players)
    got = french(pdf)
    assert "Feuille de match : Les Hirondelles de Saint-Étienne – Équipe Bœuf" in got
    assert "Donnes" in got and "La donne" in got and "Totaux de la partie" in got
    assert "chaque table fait tourner la donne à son gré" in got


@pytest.mark.parametrize("paper", PAPERS)
def test_a_french_bracket(paper):
    from dataclasses import replace

    for bracket in (single_elimination(16), double_elimination(8)):
        pdf = build_bracket(replace(bracket, paper=paper, tournament="Open du samedi " + LONGEST), language="fr")
        clean(pdf, ())
        got = french(pdf)
        assert "Vainqueur" in got and "table 1" in got
    assert "Champion" not in got


@pytest.mark.parametrize("paper", PAPERS)
def test_french_pairings(paper):
    pairings = [Pairing(1, LONGEST, FRENCH[0], result=f"{LONGEST} 1512–230", group=1),
                Pairing(2, CLUB[0], CLUB[1], score="en cours : 230–120", group=2),
                Pairing(None, "Zoë", None)]
    pdf = build_round_sheet(RoundSheet("Open du samedi", 3, tuple(pairings), paper=paper), language="fr")
    clean(pdf, (LONGEST, FRENCH[0], *CLUB))
    got = french(pdf)
    for label in ("Ronde 3 : appariements", "Par table", "Par nom", "Poule", "Résultat ou score", "Adversaire",
                  "Exempt à cette ronde (compte comme une victoire) : Zoë", "page 1 sur 1"):
        assert label in got, label
    no_english(got, "pairings", "By table", "By name", "Bye this round")


@pytest.mark.parametrize("paper", PAPERS)
def test_french_standings_in_groups(paper):
    columns = ("#", "Joueur", "Joués", "Gagnés", "Perdus", "Exempts", "Pour", "Contre", "Net", "Confrontation")
    names = [LONGEST, *FRENCH, *CLUB]
    groups = tuple(StandingsTable(f"Groupe {g}", tuple(
        (str(r + 1), name, "5", "4", "1", "1", "2 512", "1 830", "682", "–" if r else "1")
        for r, name in enumerate(names * 8)), notes=(f"Vainqueur du groupe : {LONGEST}.",)) for g in (1, 2))
    pdf = build_standings(Standings("Open du samedi", columns, subtitle="après la ronde 5", paper=paper,
                                    tables=groups), language="fr")
    clean(pdf, names)
    got = french(pdf)
    assert "Classement · après la ronde 5" in got and "Groupe 1 (suite)" in got
    assert "Open du samedi · classement" in got and "page 1 sur" in got


@pytest.mark.parametrize("paper", PAPERS)
def test_french_table_sheets_with_slips_and_a_continuation_sheet(paper):
    sheet = TableSheet("Open du samedi", 2, 7, (LONGEST, FRENCH[0]), PRESETS["standard"].to_json(),
                       url="https://club.example/matches/table/x/", first_dealer=LONGEST,
                       match_label="Ronde 2 · match nº 31",
                       passes=((LONGEST, "123456", "https://club.example/p/1"),
                               (FRENCH[0], "654321", "https://club.example/p/2")))
    pdf = build_table_sheets([sheet], paper, language="fr")
    clean(pdf, (LONGEST, FRENCH[0]))
    got = [re.sub(r"(\w)- (?=\w)", r"\1-", page) for page in pages(pdf)]   # a name wraps after its own hyphen
    assert len(got) == 3
    assert "Ronde 2 · Table 7" in got[0] and f"Première donne : {LONGEST}" in got[0]
    assert "Scannez pour tenir la marque sur un téléphone" in got[0] and "Ou ouvrez https://club.example" in got[0]
    assert "Vainqueur et score final" in got[0] and "la feuille de suite, à la fin" in got[0]
    assert "Votre code : 123 456" in got[1] and "Découpez le long des pointillés" in got[1]
    assert "Feuille de suite · Table ______" in got[2] and "Ronde 2 : parties" in got[2] and "et suivantes" in got[2]


def test_a_french_season_sheet_and_money_sheets():
    season = SimpleNamespace(name="Saison d’automne", starts=date(2026, 9, 1), ends=date(2026, 11, 26), best=2,
                             minimum=2, get_preset_display=lambda: "Standard")
    night = SimpleNamespace(name="Open du jeudi", created_at=datetime(2026, 11, 26, 19, 40, tzinfo=tz.utc))
    table = {"events": [{"t": night, "factor": Decimal("1.5")}],
             "ranked": [{"rank": 1, "name": LONGEST, "total": Decimal("37.5"), "played": 1,
                         "cells": [{"points": Decimal("37.5"), "counted": True}]}],
             "unranked": [{"rank": None, "name": FRENCH[0], "total": Decimal("3"), "played": 1,
                           "cells": [{"points": Decimal("3"), "counted": False}]}]}
    pdf = build_season_sheet(season, table, "a4", language="fr")
    clean(pdf, (LONGEST, FRENCH[0]))
    got = french(pdf)
    assert "du 1 septembre 2026 au 26 novembre 2026" in got and "37,5" in got and "(×1,5)" in got
    assert "Sous le trait : moins de 2 tournois" in got and "26 novembre 2026" in got

    club = SimpleNamespace(currency="€")
    t = SimpleNamespace(name="Open du jeudi", created_at=night.created_at, get_status_display=lambda: "terminé")
    paid = SimpleNamespace(paid_at=datetime(2026, 11, 26, 23, 5, tzinfo=tz.utc), kind="paid", size=Decimal("1234.5"),
                           amount=Decimal("1234.5"), entry_id=1, paid_by=SimpleNamespace(get_username=lambda: "dora"))
    money_night = SimpleNamespace(
        t=t, error="", fee=Decimal("20"), paid_entries=[SimpleNamespace(name=LONGEST)],
        owed_entries=[SimpleNamespace(name=FRENCH[0])], collected=Decimal("1240"),
        pool=SimpleNamespace(added=Decimal("100"), house=Decimal("105.5"), amount=Decimal("1234.5")),
        final=True, lines=[SimpleNamespace(place=1, names=[LONGEST], amount=Decimal("1234.5"), paid=Decimal("1234.5"),
                                           balance=Decimal("0"), ledger=[paid], tied=False, entry_id=1)],
        ledger=[paid], to_collect=Decimal("20"), to_pay=Decimal("0"), paid_out=Decimal("1234.5"), left=Decimal("0"),
        overpaid=Decimal("0"))
    pdf = build_treasurer_sheet(money_night, club, "letter", language="fr")
    clean(pdf, (LONGEST, FRENCH[0]))
    got = french(pdf)
    assert "La feuille du trésorier · 26 novembre 2026" in got and "Inscriptions à 20,00 € : 1 payées, 1 dues" in got
    assert "La cagnotte" in got and "1 234,50 €" in got and "− 105,50 €" in got and "DÛ" in got
    assert "réglé" in got and "Versements, tels qu'enregistrés" in got and "26 novembre 2026" in got
    assert "Reste à encaisser : 20,00 €" in got and "Versé : 1 234,50 €" in got

    pdf = build_season_money_sheet(season, [SimpleNamespace(t=t, collected=Decimal("1240"), to_collect=Decimal("20"),
                                                            pool=money_night.pool, paid_out=Decimal("1234.5"),
                                                            left=Decimal("0"), overpaid=Decimal("0"))],
                                   {"collected": Decimal("1240"), "to_collect": Decimal("20"), "added": Decimal("100"),
                                    "house": Decimal("105.5"), "pool": Decimal("1234.5"),
                                    "paid_out": Decimal("1234.5"), "left": Decimal("0"), "overpaid": Decimal("0")},
                                   club, language="fr")
    clean(pdf, ())
    got = french(pdf)
    assert "L'argent de la saison" in got and "Cagnotte" in got and "Reste à verser" in got and "1 240,00 €" in got


# Which language a sheet prints in


def test_a_sheet_follows_the_clubs_language_and_english_is_unchanged():
    assert "Hand" in text(build_pad(Pad())) and "Manche" not in text(build_pad(Pad()))
    with override_settings(LANGUAGE_CODE="fr"):
        assert "Manche" in text(build_pad(Pad()))
        assert "Hand" in text(build_pad(Pad(), language="en"))
    with translation.override("fr"):  # the page's language is not the sheet's: the club's is
        assert "Hand" in text(build_pad(Pad()))
    with pytest.raises(ValueError, match='language: must be one of en, fr, not "de"'):
        build_pad(Pad(), language="de")


def test_manage_py_sheet_language(tmp_path):
    out = tmp_path / "pad.pdf"
    call_command("sheet", "pad", "--style", "oklahoma", "--players", *CLUB, "--language", "fr", "-o", str(out))
    got = text(out.read_bytes())
    assert "Feuille de marque" in got and "Retourne" in got and CLUB[0] in got
    call_command("sheet", "pad", "-o", str(out))
    assert "score pad" in text(out.read_bytes())
    with pytest.raises(CommandError, match='--language: must be one of en, fr, not "klingon"'):
        call_command("sheet", "pad", "--language", "klingon", "-o", str(out))
    with pytest.raises(CommandError, match=r"players\s: donnez exactement deux noms"):
        call_command("sheet", "pad", "--players", "Ann", "--language", "fr", "-o", str(out))


@pytest.mark.django_db
def test_manage_py_sheet_match_in_french(tmp_path, make_match):
    match = make_match(legal_hands(12, seed=4), stake="0.10")
    out = tmp_path / "m.pdf"
    call_command("sheet", "match", str(match.pk), "--language", "fr", "-o", str(out))
    got = text(out.read_bytes())
    assert f"Match nº {match.pk} : Ann – Ben" in got and "mise 0,1 le point" in got and "Commencé le" in got
    with pytest.raises(CommandError, match=r"match\s: il n'y a pas de match nº 424242"):
        call_command("sheet", "match", "424242", "--language", "fr", "-o", str(out))


def _pdf(response) -> bytes:
    assert response.status_code == 200, response.content[:300]
    assert response["Content-Type"] == "application/pdf"
    return b"".join(response.streaming_content)


@pytest.mark.django_db
def test_the_sheets_page_chooses_the_language_of_every_sheet(client, make_match):
    match = make_match(legal_hands(12, seed=4), stake="0.10")
    page = client.get(reverse("sheets:index")).content.decode()
    assert 'name="language"' in page and '<option value="en" lang="en" selected>English (the club' in page
    assert "Hand" in text(_pdf(client.get(reverse("sheets:pad"))))

    response = client.post(reverse("sheets:language"), {"language": "fr"})
    assert response.status_code == 302 and response["Location"] == reverse("sheets:index")
    page = client.get(reverse("sheets:index")).content.decode()
    assert '<option value="fr" lang="fr" selected>Français' in page
    pad = text(_pdf(client.get(reverse("sheets:pad"))))
    assert "Feuille de marque" in pad and "Hand" not in pad
    sheet = text(_pdf(client.get(reverse("sheets:match", args=[match.pk]))))
    assert f"Match nº {match.pk} : Ann – Ben" in sheet and "mise 0,1 le point" in sheet
    assert "Score du match" in sheet

    english = text(_pdf(client.get(reverse("sheets:match", args=[match.pk]), {"language": "en"})))
    assert f"Match #{match.pk}: Ann v Ben" in english  # ?language= wins for one sheet
    assert "Hand" in text(_pdf(client.get(reverse("sheets:pad"), {"submitted": "1", "language": "en"})))

    refused = client.get(reverse("sheets:pad"), {"language": "de"})
    assert refused.status_code == 400 and 'language: must be one of en, fr, not "de"' in refused.content.decode()
    assert client.post(reverse("sheets:language"), {"language": "xx"}).status_code == 400
    assert client.get(reverse("sheets:language")).status_code == 405
    back = client.post(reverse("sheets:language"), {"language": "en", "next": "https://evil.example/"})
    assert back["Location"] == reverse("sheets:index")  # never sent off the site
    assert "Hand" in text(_pdf(client.get(reverse("sheets:pad"))))


@pytest.mark.django_db
def test_the_sheets_page_in_french_and_the_pad_form_in_french(client):
    page = client.get(reverse("sheets:index"), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    for words in ("Feuilles imprimées", "Langue des feuilles imprimées depuis ce navigateur", "(celle du club)",
                  "Feuilles de marque vierges", "Imprimer la feuille (PDF)", "Trois joueurs", "Autres feuilles",
                  "Joueurs à la table", "Premier joueur (facultatif)"):
        assert words in page, words
    # the page is French, the sheet is the club's language until the sheets page says otherwise
    assert "Hand" in text(_pdf(client.get(reverse("sheets:pad"), HTTP_ACCEPT_LANGUAGE="fr")))
    refused = client.get(reverse("sheets:pad"), {"player_a": "Ann", "language": "fr"}, HTTP_ACCEPT_LANGUAGE="fr")
    assert refused.status_code == 400
    body = refused.content.decode()
    assert "Impossible d'imprimer cette feuille" in body and "player_b:" in body and "ou aucun" in body


@pytest.mark.django_db
def test_a_stored_tournaments_paperwork_in_french(client):
    """The bracket, pairings and standings of a stored double elimination, read from the database in
    French: the sheets' words and the tournament's (rounds, tiebreaks) alike."""
    from ginscore.tournaments.simulate import simulate

    t = simulate(format="double", players=12, seed=3)
    bracket = text(_pdf(client.get(reverse("sheets:bracket", args=[t.pk]), {"language": "fr"})))
    for words in ("Tableau des gagnants", "Tableau des perdants", "12 joueurs, double élimination",
                  "Vers la grande finale", "Vainqueur", t.champion.name):
        assert words in bracket, words
    no_english(bracket, "Winners' bracket", "Losers' bracket", "players, double", "Champion", "Loser of")
    standings = text(_pdf(client.get(reverse("sheets:standings", args=[t.pk]), {"language": "fr"})))
    for words in ("Classement", "Joueur", "Gagnés", "Perdus", "Départage :", "page 1 sur"):
        assert words in standings, words
    no_english(standings, "Standings", "Ties are broken", "Played", "Against")
    pairings = text(_pdf(client.get(reverse("sheets:round", args=[t.pk, 1, 1]), {"language": "fr"})))
    for words in ("appariements", "Par table", "Par nom", "Imprimé le", "Adversaire"):
        assert words in pairings, words
    no_english(pairings, "pairings", "By table", "Printed")


@pytest.mark.django_db
@pytest.mark.parametrize("paper", PAPERS)
def test_a_stored_double_elimination_bracket_in_french_fits_the_page(client, paper):
    """French round names are long ("Quart de finale des gagnants", "Belle de la grande finale, si
    nécessaire"): two lines over the column; "Vers la grande finale" stays 0.4 in from the edge."""
    from ginscore.tournaments.simulate import simulate

    t = simulate(format="double", players=6, seed=3)
    pdf = _pdf(client.get(reverse("sheets:bracket", args=[t.pk]), {"language": "fr", "paper": paper}))
    clean(pdf, [f"Player {n}" for n in range(1, 7)])
    got = text(pdf)
    assert "Vers la grande finale" in got and "gagnants" in got and "…" not in got
