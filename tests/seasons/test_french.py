"""The club's money and the seasons in French: the treasurer's sheet with amounts written the French
way ("1 050,00 €": a comma, thousands apart by a no-break space, the sign after), a payout paid
from a French page, the prize form read and refused in French (amounts typed with a comma), the
preview, the standings' prizes, a season's pages with French dates, a factor typed "1,5", the
board's season page; ``manage.py payouts`` speaking the club's language with its JSON unchanged."""
import json
import os
import re
import subprocess
import sys
from datetime import date, timedelta
from decimal import Decimal as D
from pathlib import Path

import pytest
from django.test import override_settings
from django.urls import reverse
from django.utils import timezone, translation

from ginscore.seasons import services
from ginscore.seasons.models import Payout, Season
from ginscore.seasons.templatetags.money import amount_text
from ginscore.tournaments.models import Entry
from tests.commands import manage
from tests.french import FR, MONTHS, NB, french_day, page_words
from tests.seasons.conftest import new_event, play, set_prize, start

ROOT = Path(__file__).resolve().parents[2]
NAMES = ["Zoë Ångström", "Ann-Marie Lefèvre", "Bob", "Cai", "Dee", "Eve", "Fay", "Gus"]




@pytest.fixture
def euros(db):
    return services.club_money_set(money=True, unit=D("1.00"), currency="€")


@pytest.fixture
def night(euros):
    """A knockout of 8 at 150 €, Gus owes: pool 7 x 150 = 1 050 €, paid 50/30/20: 525, 315, 105 + 105."""
    t = new_event("Jeudi à élimination", "single", NAMES)
    set_prize(t, fee="150", paid=NAMES[:7])
    return play(start(t), NAMES)


def test_an_amount_is_written_the_readers_way():
    with translation.override("fr"):
        assert amount_text(D("1050"), "€") == f"1{NB}050,00{NB}€"
        assert amount_text(D("2.5"), "€") == f"2,50{NB}€"
        assert amount_text(D("12345678.9")) == f"12{NB}345{NB}678,90"
    with translation.override("en"):
        assert amount_text(D("1050"), "£") == "£1,050.00"
        assert amount_text(D("2.5")) == "2.50"


def test_the_treasurers_sheet_in_french(client, night, director):
    client.force_login(director)
    page = client.get(reverse("money:treasurer", args=[night.pk]), **FR)
    assert page.status_code == 200 and '<html lang="fr"' in page.content.decode()
    words = page_words(page)
    assert "La feuille du trésorier" in words
    assert f"Droit d'entrée 150,00{NB}€ · 7 payées (1{NB}050,00{NB}€) · 1 due (150,00{NB}€)" in words
    assert f"Cagnotte 1{NB}050,00{NB}€" in words and f"doit 150,00{NB}€" in words
    assert f"Reste à encaisser{NB}: 150,00{NB}€ · versé{NB}: 0,00{NB}€ · reste à verser{NB}: 1{NB}050,00{NB}€" in words
    assert f"Verser 525,00{NB}€" in words and "rien encore" in words   # Zoë's button, before anything is paid
    assert "Payouts" not in words and "Left to collect" not in words

    # Paid from the French page: the button sends the amount as the server reads it, not "525,00".
    zoe = Entry.objects.get(tournament=night, player__name="Zoë Ångström")
    form = page.content.decode().split(reverse("money:pay", args=[night.pk, zoe.pk]), 1)[1]
    sent = re.search(r'name="amount" value="([^"]+)"', form).group(1)
    assert sent == "525.00"
    done = client.post(reverse("money:pay", args=[night.pk, zoe.pk]), {"amount": sent}, follow=True, **FR)
    assert Payout.objects.get().amount == D("525.00")
    words = page_words(done)
    assert f"Zoë Ångström{NB}: 525,00{NB}€ versés." in words
    assert f"525,00{NB}€ versés par dora, {timezone.localdate().day} {MONTHS[timezone.localdate().month - 1]}" \
        in words
    assert f"reste à verser{NB}: 525,00{NB}€" in words

    # Paid again from a second device: refused in French.
    again = client.post(reverse("money:pay", args=[night.pk, zoe.pk]), {"amount": sent}, follow=True, **FR)
    assert f"Zoë Ångström a déjà reçu 525,00{NB}€" in page_words(again) and Payout.objects.count() == 1
    # A French director typing "525,00" by hand is read too.
    client.post(reverse("money:unpay", args=[night.pk, zoe.pk]), {"payout": Payout.objects.get().pk}, **FR)
    client.post(reverse("money:pay", args=[night.pk, zoe.pk]), {"amount": "525,00"}, **FR)
    assert [p.amount for p in Payout.objects.order_by("id")] == [D("525.00"), D("-525.00"), D("525.00")]


def test_the_csv_stays_the_documented_format_in_french(client, night, director):
    client.force_login(director)
    csv = client.get(reverse("money:treasurer_csv", args=[night.pk]), **FR).content.decode()
    assert "entry,Gus,,150.00,owed" in csv and "pool,,,1050.00," in csv and "payout,Zoë Ångström,1,525.00,to pay" in csv


def test_the_standings_show_the_prizes_in_french(client, night):
    words = page_words(client.get(reverse("tournaments:standings", args=[night.pk]), **FR))
    assert f"Gains Cagnotte 1{NB}050,00{NB}€ · 7 inscriptions payées à 150,00{NB}€." in words
    assert f"Zoë Ångström 525,00{NB}€" in words and f"Bob 105,00{NB}€" in words and "Prizes" not in words


def test_the_prize_form_in_french(client, euros, director):
    t = new_event("Vendredi", "swiss", NAMES)
    client.force_login(director)
    url = reverse("money:prize", args=[t.pk])
    page = client.get(url, **FR)
    words = page_words(page)
    assert "Droit d'entrée" in words and "Barème des gains" in words and "Ce que nous verserions" in words
    form = {"entry_fee": "12,50", "added": "1000,00", "house_fixed": "0", "house_percent": "7,5",
            "preset": "auto", "split": "", "unit": "0,50"}
    # A French treasurer types amounts with a comma: read as 12.50, 1000, 7.5.
    assert client.post(url, form, **FR).status_code == 302
    t.refresh_from_db()
    assert (t.entry_fee, t.prize.added, t.prize.house_percent, t.prize.unit) == (
        D("12.50"), D("1000.00"), D("7.50"), D("0.50"))
    # Shown back the French way.
    again = client.get(url, **FR).content.decode()
    assert 'value="12,50"' in again and 'value="1000,00"' in again
    # Refused, in French, naming the field: Django's own words and ours.
    bad = client.post(url, {**form, "entry_fee": "douze"}, **FR)
    assert bad.status_code == 200 and "Saisissez un nombre." in page_words(bad)
    # The engine's refusal beside its field, in French.
    bad = client.post(url, {**form, "preset": "custom", "split": "60,30"}, **FR)
    field = bad.content.decode().split('name="split"', 1)[1]
    assert "Les pourcentages font 90 au total, et non 100." in page_words(bad) and \
        "Les pourcentages font 90 au total" in field[:2000]
    t.refresh_from_db()
    assert t.entry_fee == D("12.50")


def test_the_preview_in_french(client, euros, director):
    t = new_event("Samedi", "swiss", NAMES)
    client.force_login(director)
    query = {"entry_fee": "150", "added": "0", "house_fixed": "0", "house_percent": "0", "preset": "auto",
             "split": "", "unit": "1", "entrants": "8"}
    words = page_words(client.get(reverse("money:preview", args=[t.pk]), query, **FR))
    assert f"Cagnotte 1{NB}200,00{NB}€ pour 8 inscrits{NB}: 1{NB}200,00{NB}€ de droits d'entrée" in words
    assert f"1 50 600,00{NB}€" in words   # 1st: 50 %, 600 €
    one = page_words(client.get(reverse("money:preview", args=[t.pk]), {**query, "entrants": "1"}, **FR))
    assert "pour 1 inscrit" in one
    bad = page_words(client.get(reverse("money:preview", args=[t.pk]), {**query, "unit": "rien"}, **FR))
    assert f"Plus petit montant versé{NB}: Saisissez un nombre." in bad


@pytest.fixture
def nights(db):
    four = NAMES[:4]
    a = play(start(new_event("Soirée A", "single", four)), four)
    b = play(start(new_event("Soirée B", "single", four)), four)
    return a, b


def test_a_season_in_french(client, nights, director):
    a, b = nights
    starts, ends = date(2026, 1, 1), timezone.localdate() + timedelta(days=30)
    s = services.season_save(name="Ligue d'hiver", starts=starts, ends=ends, chosen=False, preset="linear", best=1,
                             minimum=2, by=None)
    words = page_words(client.get(reverse("seasons:list"), **FR))
    assert f"du {french_day(starts)} au {french_day(ends)}" in words
    words = page_words(client.get(reverse("seasons:detail", args=[s.pk]), **FR))
    assert "son meilleur tournoi compte · 2 tournois requis pour être classé" in words
    assert "Rang Joueur Total Tournois Soirée A Soirée B" in words
    assert "Imprimer le classement (PDF)" in words and "Télécharger le CSV" in words

    client.force_login(director)
    edit = reverse("seasons:edit", args=[s.pk])
    page = client.get(edit, **FR)
    assert f"Chaque tournoi créé du {french_day(starts)} au {french_day(ends)} compte." in page_words(page)
    # The date fields keep the form the browser's date picker reads, whatever the language.
    assert 'type="date" name="starts" value="2026-01-01"' in page.content.decode()
    # A factor typed the French way.
    client.post(edit, {"part": "events", f"factor_{a.pk}": "1,5", f"factor_{b.pk}": "1"}, **FR)
    assert dict(s.season_events.values_list("tournament_id", "factor")) == {a.pk: D("1.50")}
    assert 'value="1,50"' in client.get(edit, **FR).content.decode()
    bad = client.post(edit, {"part": "events", f"factor_{a.pk}": "beaucoup"}, **FR)
    assert "'beaucoup' n'est pas un nombre" in page_words(bad)
    # A form error in French.
    bad = client.post(reverse("seasons:new"), {"name": "À l'envers", "starts": "2026-05-01", "ends": "2026-04-01",
                                               "preset": "linear", "minimum": "0"}, **FR)
    assert "La saison finit avant de commencer." in page_words(bad)
    assert not Season.objects.filter(name="À l'envers").exists()
    done = client.post(reverse("seasons:new"), {"name": "Printemps", "starts": "2026-05-01", "ends": "2026-06-01",
                                                "preset": "linear", "minimum": "0"}, follow=True, **FR)
    assert "Printemps créée. Choisissez maintenant ses tournois et leurs coefficients." in page_words(done)


def test_the_boards_season_page_in_french(client, nights):
    a, b = nights
    services.season_save(name="Ligue", starts=date(2026, 1, 1), ends=timezone.localdate() + timedelta(days=30),
                         chosen=False, preset="linear", best=None, minimum=3, by=None)
    tonight = start(new_event("Soirée C", "single", ["Dee", "Bob"]))
    page = client.get(reverse("tournaments:board", args=[tonight.pk]), **FR).content.decode()
    slide = page.split('data-board-page="season"', 1)[1].split("</section>", 1)[0]
    assert "3 tournois requis pour être classé" in slide and "<th>Joueur</th>" in slide and "Points" in slide


def payouts(*args, language="fr"):
    env = {**os.environ, "GINSCORE_LANGUAGE": language}
    proc = subprocess.run([sys.executable, "manage.py", "payouts", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=60, env=env)
    return proc.returncode, proc.stdout, proc.stderr


def test_manage_payouts_speaks_the_clubs_language_and_its_json_does_not():
    args = ("--entrants", "14", "--fee", "20", "--tie", "3,4")
    french, english = payouts(*args), payouts(*args, language="en")
    assert french[0] == english[0] == 0 and french[2] == english[2] == ""
    assert french[1] == english[1] and json.loads(french[1])["pool"] == "280.00"
    # Its refusals and help in the club's French: the command in this process (tests/commands.py),
    # the club's language set as GINSCORE_LANGUAGE=fr sets it in the two processes above.
    with override_settings(LANGUAGE_CODE="fr"):
        code, out, err = manage("payouts", "--entrants", "14", "--fee", "20", "--preset", "half")
        assert code == 1 and out == ""
        assert err == f"payouts: preset{NB}: 'half' n'est pas un barème{NB}; utilisez auto ou wta (ou --split)\n"
        code, out, err = manage("payouts", "--entrants", "14", "--fee", "20", "--tie", "3,x")
        assert code == 1 and "égalité 3,x" in err and "nombres entiers" in err
        # argparse's own refusals too.
        assert manage("payouts", "--fee", "20")[2] == f"payouts: ces arguments sont obligatoires{NB}: --entrants\n"
        assert manage("payouts", "--entrants", "14", "--bogus")[2] == f"payouts: arguments inconnus{NB}: --bogus\n"
        code, out, err = manage("payouts", "--help")
        assert code == 0 and "combien de joueurs se sont inscrits" in out and "le droit d'entrée" in out


def test_the_season_and_treasurer_sheets_print_in_the_sheets_pages_language(client, nights, night, director):
    """A sheet goes on the club's wall: it prints in the language chosen on the sheets page (else
    the club's), whatever language the page it is printed from is in."""
    from tests.sheets.pdf import text

    s = services.season_save(name="Ligue d'hiver", starts=date(2026, 1, 1), ends=timezone.localdate() + timedelta(days=30),
                             chosen=False, preset="linear", best=1, minimum=2, by=None)
    client.force_login(director)
    season_pdf, treasurer_pdf = reverse("seasons:pdf", args=[s.pk]), reverse("money:treasurer_pdf", args=[night.pk])
    assert "season table" in text(client.get(season_pdf).getvalue())                 # the club's language
    assert "The treasurer's sheet" in text(client.get(treasurer_pdf).getvalue())
    client.cookies["ginscore_sheets_language"] = "fr"                               # the sheets page's choice
    season = text(client.get(season_pdf).getvalue())   # the page itself is English (no Accept-Language)
    treasurer = text(client.get(treasurer_pdf).getvalue())
    assert "season table" not in season and "Ligue d'hiver" in season and "Joueur" in season
    assert "La feuille du trésorier" in treasurer and "The treasurer's sheet" not in treasurer
    bad = client.get(season_pdf, {"language": "de"})
    assert bad.status_code == 400 and bad.content.decode().startswith("language")
