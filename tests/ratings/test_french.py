"""The ratings in French: the list ("1 515,60", grouped with a no-break space and a decimal comma),
a player's rating with French dates, the formula page's worked example, hiding one's rating, a
match's changes; ``manage.py ratings`` refusing in the club's language with its JSON unchanged."""
import html
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import override_settings
from django.urls import reverse
from django.utils import timezone

from ginscore.matches.models import Match
from ginscore.ratings import selectors
from tests.commands import manage
from tests.engine.helpers import gin, record
from tests.french import FR, MONTHS, NB, page_words
from tests.ratings.test_pages import season, two  # noqa: F401 (a fixture)

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]



def french(rating: float) -> str:
    """1515.604 -> "1 515,60", written out by hand (not by the code under test)."""
    whole, cents = f"{rating:.2f}".split(".")
    return f"{whole[:-3]}{NB}{whole[-3:]},{cents}" if len(whole) > 3 else f"{whole},{cents}"


def test_the_list_in_french(client, season, ann):
    page = client.get(reverse("ratings:list"), **FR)
    assert page.status_code == 200 and '<html lang="fr"' in page.content.decode()
    words = page_words(page)
    ann_rating = selectors.club_ratings().of(ann.pk).rating
    assert ann_rating > 1000
    assert f"1 Ann {french(ann_rating)} 65 13" in words
    assert re.search(rf"Dan 1{NB}5\d\d,\d\d\? 5 1", words)   # provisional, with "?"
    assert "Cotes du club" in words and "Provisoires" in words and "30 jours" in words
    assert "Afficher 1 joueur sans match coté ces 6 derniers mois" in words
    assert "Comment la cote est calculée" in words and "Show 1 player" not in words
    # The English page is kept apart (the list is kept per language), and unchanged.
    english = page_words(client.get(reverse("ratings:list")))
    assert f"1 Ann {ann_rating:.2f} 65 13" in english and "Club ratings" in english
    # The CSV is the documented format in every language.
    rows = client.get(reverse("ratings:list") + "?_export=csv", **FR).content.decode().splitlines()
    assert rows[0] == "rank,name,rating,experience,rated_matches,provisional,active,trend_30_days,last_rated_match"
    assert any(row.startswith(f"1,Ann,{ann_rating:.2f},65,13,no,yes,") for row in rows)


def test_a_players_rating_in_french(client, season, ann):
    words = page_words(client.get(reverse("players:detail", args=[ann.pk]), **FR))
    rating = selectors.club_ratings().of(ann.pk).rating
    assert f"Cote actuelle {french(rating)}" in words
    assert "Expérience 65 parties" in words and "Matchs cotés 13" in words
    assert "Plus longue série de victoires" in words and "Derniers matchs cotés" in words
    today = timezone.localdate()
    assert f"{today.day} {MONTHS[today.month - 1]} {today.year} gagné" in words
    assert "Variation" in words and "Rating now" not in words
    page = client.get(reverse("players:detail", args=[ann.pk]), **FR).content.decode()
    label = re.search(r'<svg class="rating-chart"[^>]*aria-label="([^"]+)"', page).group(1)
    assert html.unescape(label) == (f"La cote de Ann au fil du temps{NB}: 13 matchs cotés, de 1{NB}500 à "
                                    f"{french(rating)}")
    assert f">1{NB}500<" in page or f">1{NB}600<" in page   # the chart's scale, grouped


def test_a_newcomer_and_the_formula_in_french(client, ann):
    words = page_words(client.get(reverse("players:detail", args=[ann.pk]), **FR))
    assert f"Aucun match coté pour l'instant{NB}: chacun commence à 1{NB}500." in words
    words = page_words(client.get(reverse("ratings:how"), **FR))
    assert f"Chaque membre commence à 1{NB}500." in words
    assert "Ann +3,35" in words and "Ann −5,60" in words and "le gagnant prend +10,00" in words
    assert "√N = 2,236" in words


def test_hiding_ones_rating_in_french(client, season, ann, member):
    client.force_login(member)
    done = client.post(reverse("ratings:hide"), {"hidden": "1"}, follow=True, **FR)
    words = page_words(done)
    assert f"Votre cote est maintenant cachée aux autres{NB}: la liste montre votre nom, sans votre cote." in words
    assert "Montrer ma cote à tous" in words
    client.logout()
    words = page_words(client.get(reverse("players:detail", args=[ann.pk]), **FR))
    assert "Ann préfère ne pas montrer sa cote." in words


def test_a_matchs_changes_in_french(client, season, ann):
    match = Match.objects.filter(player_a=ann, player_b__name="Ben", rated=True).order_by("-finished_at").first()
    words = page_words(client.get(reverse("matches:detail", args=[match.pk]), **FR))
    change = selectors.club_ratings().changes[match.pk][ann.pk]
    written = ("+" if change > 0 else "−") + f"{abs(change):.2f}".replace(".", ",")
    assert f"Cotes{NB}: Ann {written}" in words


def ratings(records, language):
    env = {**os.environ, "GINSCORE_LANGUAGE": language}
    proc = subprocess.run([sys.executable, "manage.py", "ratings", "-"], cwd=ROOT, input=json.dumps(records),
                          capture_output=True, text=True, timeout=60, env=env)
    return proc.returncode, proc.stdout, proc.stderr


def test_manage_ratings_speaks_the_clubs_language_and_its_json_does_not():
    records = [record([gin("Ann", 98), gin("Ann", 98)]), record([gin("Ben", 98), gin("Ben", 98)])]
    french, english = ratings(records, "fr"), ratings(records, "en")
    assert french[0] == english[0] == 0 and french[1] == english[1]
    assert {p["name"] for p in json.loads(french[1])["players"]} == {"Ann", "Ben"}
    # Its refusals in the club's French: the command in this process (tests/commands.py), the club's
    # language set as GINSCORE_LANGUAGE=fr sets it in the two processes above.
    twins = [record([gin("Ann", 98, "ANN")], players=("Ann", "ANN"))]
    with override_settings(LANGUAGE_CODE="fr"):
        code, out, err = manage("ratings", "-", stdin=json.dumps(twins))
        assert code == 1 and out == "" and "Traceback" not in err
        assert err.strip() == f"feuille 1{NB}: joueurs{NB}: «{NB}Ann{NB}» et «{NB}ANN{NB}» sont le même joueur"
        control = [record([gin("A\x00nn", 98, "Ben")], players=("A\x00nn", "Ben"))]
        code, out, err = manage("ratings", "-", stdin=json.dumps(control))
        assert code == 1 and "contient un caractère de contrôle (U+0000)" in err

