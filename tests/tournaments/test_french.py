"""The tournament pages in French (the browser's language, or the footer's cookie): the overview,
a round, the standings (columns, what decided each place, the legend), the bracket, the board,
the desk and check-in (the fee as "1 500,50"), the set-up form's errors, the director's messages
and refusals, and the rehearsal command; English stays the default."""
import re
from decimal import Decimal
from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import translation

from ginscore.engine import MatchLength
from ginscore.seasons.services import club_money_set
from ginscore.tournaments import services
from ginscore.tournaments.models import Entry, Tournament, TournamentMatch

from .conftest import win

pytestmark = pytest.mark.django_db

FR = {"HTTP_ACCEPT_LANGUAGE": "fr"}
NB = "\u00a0"   # the no-break space French puts before a colon, and in 1 500


def text(response) -> str:
    """The page's text, entities read back, spaces of any kind as one ordinary space."""
    page = response.content.decode()
    page = page.replace("&#x27;", "'").replace("&quot;", '"').replace("&amp;", "&")
    return re.sub(r"[\s\u00a0\u202f]+", " ", page)


def _swiss(n=6, rounds=3, start=True, **options):
    t = services.tournament_create(name="Tournoi du jeudi", format="swiss", rounds=rounds,
                                   length=MatchLength("best_of", 1), **options)
    services.entries_set(tournament=t, names=["Zoë Ødegård", "Élodie Saint-Exupéry", "Cat", "Dan", "Eve", "Fay"][:n])
    if start:
        services.tournament_start(tournament=t)
    return Tournament.objects.get(pk=t.pk)


def test_the_overview_round_and_standings_speak_french(client):
    t = _swiss()
    detail = client.get(reverse("tournaments:detail", args=[t.pk]), **FR)
    page = text(detail)
    assert '<html lang="fr">' in page
    assert "Système suisse" in page and "En cours" in page and "3 rondes" in page
    assert "Inscrits (6)" in page and "Départages" in page and "Têtes de série" in page
    assert ">Ronde 1</a>" in page and ">Classement</a>" in page and ">Tableau d'affichage</a>" in page
    assert "Matchs gagnés, Confrontation directe, Buchholz, Points nets" in page   # the engine's names

    round_page = text(client.get(reverse("tournaments:round", args=[t.pk, 1, 1]), **FR))
    assert "<h2>Ronde 1</h2>" in round_page and "Table 1" in round_page and "pas commencé" in round_page
    assert "Imprimer les appariements (PDF)" in round_page and "mis à jour en direct" in round_page
    assert "Print the pairings" not in round_page and "not started" not in round_page

    row = TournamentMatch.objects.filter(tournament=t, play_round=1, table=1).select_related("match__player_a").get()
    win(row, row.match.player_a.name)
    round_page = text(client.get(reverse("tournaments:round", args=[t.pk, 1, 1]), **FR))
    assert f"{row.match.player_a.name} a gagné" in round_page

    standings = text(client.get(reverse("tournaments:standings", args=[t.pk]), **FR))
    for header in ("Joueur", "Joués", "Gagnés", "Perdus", "Net", "Départagé par"):
        assert f">{header}</th>" in standings, header
    assert "Classement selon matchs gagnés, puis confrontation directe, Buchholz, points nets." in standings
    assert "Départagé par : ce qui a distingué chaque place" in standings
    assert "Télécharger le CSV" in standings and "Imprimer le classement (PDF)" in standings
    assert "Decided by" not in standings and "Ranked by" not in standings

    english = text(client.get(reverse("tournaments:standings", args=[t.pk])))   # the default stays English
    assert '<html lang="en">' in english and ">Decided by</th>" in english and "Ranked by" in english


def test_the_cookie_of_the_footer_switch_gives_french_too(client):
    t = _swiss()
    client.cookies["ginscore_language"] = "fr"
    page = text(client.get(reverse("tournaments:detail", args=[t.pk])))
    assert '<html lang="fr">' in page and "Le tournoi" in page and "Système suisse" in page


def test_the_bracket_in_french(client):
    t = services.tournament_create(name="Coupe d'automne", format="single", length=MatchLength("best_of", 1))
    services.entries_set(tournament=t, names=["Ann", "Ben", "Cat"])
    services.tournament_start(tournament=t)
    page = text(client.get(reverse("tournaments:bracket", args=[t.pk]), **FR))
    assert "Élimination directe" in page and "<h2>Tableau</h2>" in page
    assert "Imprimer le tableau (PDF)" in page and "exempt" in page   # three players: one bye
    assert "(défile latéralement)" in page and "Print the bracket" not in page
    assert "<h3>Demi-finale</h3>" in page and "<h3>Finale</h3>" in page   # the engine's round names


def test_the_board_in_french_counts_its_tables_with_plurals(client):
    t = _swiss()
    board = text(client.get(reverse("tournaments:board", args=[t.pk]), **FR))
    assert '<html lang="fr">' in board and "tableau d'affichage · ginscore" in board.replace("Tournoi du jeudi · ", "")
    assert "Ronde 1 · 3 tables à terminer" in board and "pas commencé" in board
    assert ">Poule</th>" not in board and ">Joueur</th>" in board and ">Départagé par</th>" in board
    rows = list(TournamentMatch.objects.filter(tournament=t, play_round=1).select_related("match__player_a")
                .order_by("table"))
    for row in rows[:2]:
        win(row, row.match.player_a.name)
    board = text(client.get(reverse("tournaments:board", args=[t.pk]), **FR))
    assert "Ronde 1 · 1 table à terminer" in board and "gagné" in board and "parties 1–0" in board
    assert "tables to finish" not in board and "table to finish" not in board


def test_the_desk_and_check_in_in_french_with_the_fee_in_french_figures(client, director):
    club_money_set(money=True, unit=Decimal("1.00"))
    t = _swiss(start=False)
    services.tournament_check_in_set(tournament=t, check_in=True, entry_fee=Decimal("1500.50"))
    entries = {e.player.name: e for e in Entry.objects.filter(tournament=t).select_related("player")}
    services.entry_check_in(entry=entries["Cat"], paid=True)
    client.force_login(director)
    desk_url = reverse("tournaments:desk", args=[t.pk])
    desk = text(client.get(desk_url, **FR))
    assert "Le bureau du directeur" in desk and "<h2>Pointage</h2>" in desk and "Pendule de la ronde" in desk
    assert "Ronde 1 — présents : 1, absents : 5" in desk
    assert "droit d'entrée 1 500,50, non payés : 5" in desk and "doit 1 500,50" in desk
    assert "Pointer, payé" in desk and "Retirer les 5 absents…" in desk
    assert "Afficher sur le tableau d'affichage" in desk and "Annonce sur le tableau d'affichage" in desk

    # the start refused, in French, naming who has not checked in
    response = client.post(reverse("tournaments:start", args=[t.pk]), {"next": desk_url}, follow=True, **FR)
    page = text(response)
    assert "5 joueurs n'ont pas pointé (Dan, Eve, Fay, Zoë Ødegård et Élodie Saint-Exupéry)" in page \
        or "5 joueurs n'ont pas pointé (Dan, Élodie Saint-Exupéry, Eve, Fay et Zoë Ødegård)" in page
    assert "À pointer :" in page

    # a player checks in at the desk: the message is French
    response = client.post(reverse("tournaments:desk_check_in", args=[t.pk, entries["Dan"].pk]),
                           {"next": desk_url}, follow=True, **FR)
    assert "Dan : pointage enregistré." in text(response)

    # the absent withdrawn: one confirmation page, then a message with the right plural
    confirm = text(client.get(reverse("tournaments:withdraw_absent", args=[t.pk]), **FR))
    assert "Retirer les 4 absents ?" in confirm and "Retirer 4 joueurs" in confirm
    response = client.post(reverse("tournaments:withdraw_absent", args=[t.pk]),
                           {"entry": [e.pk for name, e in entries.items() if name not in ("Cat", "Dan")],
                            "next": desk_url}, follow=True, **FR)
    assert "4 joueurs absents retirés." in text(response)


def test_the_check_in_page_in_french(client):
    t = _swiss(start=False, check_in=False)
    page = text(client.get(reverse("tournaments:check_in", args=[t.pk]), **FR))
    assert "Tournoi du jeudi : pointage" in page and "Ronde 1 · présents : 0 sur 6." in page
    assert "cette page ne pointe personne" in page and "Check in with your own account" not in page


def test_the_set_up_form_errors_are_french(client, director):
    client.force_login(director)
    response = client.post(reverse("tournaments:new"), {
        "name": "", "format": "swiss", "preset": "standard", "length": "best_of", "games": "", "seeding": "manual",
        "tiebreak_0": "wins", "tiebreak_1": "wins"}, **FR)
    page = text(response)
    assert response.status_code == 200 and "Nouveau tournoi" in page
    assert "Ce champ est obligatoire." in page   # the name (Django's own French)
    assert "est déjà choisi plus haut." in page   # the second tiebreak
    assert "Indiquez K, le nombre de parties (au meilleur de K)." in page
    assert "Formule" in page and "Système suisse" in page and "Tirage au sort" in page and "1er départage" in page
    assert Tournament.objects.count() == 0

    t = _swiss(start=False)
    response = client.post(reverse("tournaments:entries", args=[t.pk]), {"names": "Solo"}, **FR)
    assert "Un tournoi demande au moins 2 joueurs." in text(response)
    response = client.post(reverse("tournaments:entries", args=[t.pk]), {"names": "Ann\nBen\nann"}, **FR)
    assert "Inscrits deux fois :" in text(response)


def test_a_refusal_of_the_director_is_french(client, director):
    t = _swiss()
    client.force_login(director)
    row = TournamentMatch.objects.filter(tournament=t, play_round=1, table=1).select_related("match__player_a").get()
    win(row, row.match.player_a.name)
    response = client.post(reverse("tournaments:round_undo", args=[t.pk]), follow=True, **FR)
    assert "La ronde 1 a déjà des résultats ou des manches." in text(response)
    desk_url = reverse("tournaments:desk", args=[t.pk])
    response = client.post(reverse("tournaments:clock_start", args=[t.pk]), {"minutes": "40", "next": desk_url},
                           follow=True, **FR)
    page = text(response)
    assert "La pendule tourne : 40 minutes." in page and "Ronde 1 · <span data-clock-state>se termine à<" in page
    assert "Déclarer maintenant la fin du temps (Ronde 1)" in page
    response = client.post(reverse("tournaments:clock_start", args=[t.pk]), {"minutes": "0", "next": desk_url}, **FR)
    assert response.status_code == 400 and "Durée limite (minutes)" in text(response)


def test_the_rehearsal_command_speaks_the_clubs_language():
    out = StringIO()
    with translation.override("fr"):
        call_command("simulate_tournament", "--format", "swiss", "--players", "4", "--seed", "3", "--in-this-database",
                     stdout=out)
    first = out.getvalue().splitlines()[0]
    assert re.match(r"Répétition : Système suisse, 4 joueurs \(tournoi \d+\) : 2 rondes, vainqueur Joueur \d$",
                    first.replace(NB, " ")), first
    assert "Imprimez ses feuilles" in out.getvalue()


def test_points_in_the_thousands_are_grouped_as_the_reader_writes_them(rf):
    from ginscore.tournaments.selectors import decided_text, tournament_standings
    from ginscore.tournaments.tables import standings_table

    t = _swiss()
    rows = tournament_standings(t)
    rows[0].update(points_for=12345, points_against=1500, net=10845, decided_by="net")
    rows[0]["decided"] = decided_text(rows[0], False)
    request = rf.get("/")
    with translation.override("fr"):
        html = re.sub(r"[\u00a0\u202f]", " ", standings_table(rows, t).as_html(request))
        assert "12 345" in html and "1 500" in html and "10 845" in html
        assert decided_text(rows[0], False).replace(NB, " ").replace("\u202f", " ") == "Net +10 845"
    with translation.override("en"):
        assert "12,345" in standings_table(rows, t).as_html(request)
        assert decided_text(rows[0], False) == "Net +10,845"


def test_the_rule_changes_are_named_as_the_set_up_form_names_them(client):
    from ginscore.matches.forms import MatchForm

    t = _swiss(start=False, rule_overrides={"gin_bonus": 30, "big_gin_bonus": None})
    with translation.override("en"):   # whatever language an earlier test left active
        label = str(MatchForm().fields["rule_gin_bonus"].label)
    english = text(client.get(reverse("tournaments:detail", args=[t.pk])))
    assert f"({label} 30, " in english and " off)" in english and "gin_bonus" not in english
    with translation.override("fr"):
        label = str(MatchForm().fields["rule_gin_bonus"].label)
    french = text(client.get(reverse("tournaments:detail", args=[t.pk]), **FR))
    assert f"({label} 30, " in french and " non)" in french and "gin_bonus" not in french
