"""The match pages, their forms and messages, the outbox's answers and the match commands in
French (the browser's language, or the footer's cookie), and the same pages still in English."""
import io
import json
import re
import uuid
from pathlib import Path

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import translation

from ginscore.engine import MatchLength
from ginscore.matches.models import Hand, Match

pytestmark = pytest.mark.django_db

FR = {"HTTP_ACCEPT_LANGUAGE": "fr"}
NB = "\u00a0"  # French: a no-break space before : ; ? ! and in 1 500
KNOCK = {"end": "knock", "by": "Ann", "deadwood": {"Ann": 8, "Ben": 32}}
GIN_BEN = {"end": "gin", "by": "Ben", "deadwood": {"Ann": 20}}


def url(name, match, *args):
    return reverse(f"matches:{name}", args=[match.pk, *args])


def text_of(response) -> str:
    """The page's words: tags out, entities read, spaces as one (a no-break space kept)."""
    html = response.content.decode()
    html = re.sub(r"<script.*?</script>|<style.*?</style>", " ", html, flags=re.S)
    text = re.sub(r"<[^>]+>", " ", html)
    text = text.replace("&nbsp;", NB).replace("&#x27;", "'").replace("&quot;", '"').replace("&amp;", "&")
    return re.sub(r"[ \t\r\n]+", " ", text)


def hand_post(match, **data):
    return {"number": match.hand_count + 1, "revision": match.revision, "action": "save", **data}


@pytest.fixture(autouse=True)
def _language_left_as_found():
    """A French page leaves French active in this thread (the locale middleware never deactivates):
    the next test reads the club's language again."""
    yield
    translation.deactivate()


@pytest.fixture
def match(make_match):
    return make_match([KNOCK, GIN_BEN])


def test_the_pad_in_french(client, member, match):
    client.force_login(member)
    r = client.get(url("detail", match), **FR)
    assert r.status_code == 200
    html = r.content.decode()
    text = text_of(r)
    assert '<html lang="fr"' in html
    assert "Feuille de marque" in text and "Manches" in text and "Partie 1" in text
    # the head: the game in play, how far each player is, who deals the next hand
    assert "encore 76" in text and "encore 55" in text  # Ann 24, Ben 45 of 100
    assert "Manche 3 · Ben donne" in text
    # the hands in words, as the outbox's JavaScript writes them too
    assert "Ann frappe 8 contre 32" in text and "Ben fait gin (Ann 20)" in text
    # the entry form: its labels, the choices of how a hand ends, its buttons
    assert f"Comment la manche s'est-elle terminée{NB}?" in text
    assert "frappe" in text and "manche nulle" in text and "grand gin" in text
    assert "Isolées (qui frappe)" in text and "au plus 10" in text and "Isolées du défenseur, après poses" in text
    assert "Enregistrer la manche 3" in text and "Aperçu" in text
    assert "Annuler la manche 2…" in text
    # the data the page's scripts read stay as they are
    assert 'data-next-number="3"' in html and 'name="knocker_deadwood"' in html and 'value="knock"' in html
    for english in ("Score pad", "to go", "How did the hand end?", "Save hand", "knocked"):
        assert english not in text, english


def test_the_pad_in_english_is_unchanged(client, member, match):
    client.force_login(member)
    text = text_of(client.get(url("detail", match)))
    assert "Score pad" in text and "76 to go" in text and "Ann knocked 8 v 32" in text
    assert "How did the hand end?" in text and "Save hand 3" in text and "Undo hand 2…" in text


def test_the_footers_cookie_chooses_french(client, match):
    client.cookies["ginscore_language"] = "fr"
    text = text_of(client.get(url("detail", match)))
    assert "Feuille de marque" in text and "Ann frappe 8 contre 32" in text


def test_a_refused_hand_names_the_field_and_the_reason_in_french(client, member, match):
    client.force_login(member)
    r = client.post(url("hand_new", match), hand_post(match, end="knock", by="a", knocker_deadwood=12,
                                                      defender_deadwood=30), **FR)
    assert r.status_code == 200 and Hand.objects.filter(match=match).count() == 2
    errors = r.context["form"].errors
    assert errors["knocker_deadwood"] == [
        "Les cartes isolées de celui qui frappe valent au plus 10 avec ces règles, pas 12."]
    text = text_of(r)
    assert "Les cartes isolées de celui qui frappe valent au plus 10 avec ces règles, pas 12." in text
    # a missing field: named, in French
    r = client.post(url("hand_new", match), hand_post(match, end="gin", by="a"), **FR)
    assert r.context["form"].errors["defender_deadwood"] == [
        "Indiquez les cartes isolées du défenseur, après les poses (0 à 98)."]
    r = client.post(url("hand_new", match), hand_post(match, end="", by="a"), **FR)
    assert r.context["form"].errors["end"] == [
        f"Touchez l'issue de la manche{NB}: frappe, gin, grand gin, manche nulle."]


ENGINE_FRENCH = Path(__file__).resolve().parents[2] / "ginscore/engine/locale/fr/LC_MESSAGES/django.po"


@pytest.mark.skipif(not ENGINE_FRENCH.exists(), reason="the engine's French catalogue (helper engine) is not in yet")
def test_an_engine_refusal_on_the_hand_form_in_french(client, member, make_match):
    """A correction the engine refuses (the match was over after hand 3): its own sentence, in French."""
    match = make_match([GIN_BEN, GIN_BEN, {"end": "dead"}, {"end": "dead"}], length=MatchLength("best_of", 1))
    client.force_login(member)
    r = client.post(url("hand_edit", match, 3), {"number": 3, "revision": match.revision, "action": "save",
                                                 "end": "gin", "by": "b", "defender_deadwood": 30}, **FR)
    assert r.status_code == 200
    [refusal] = r.context["form"].non_field_errors()
    assert refusal == f"Manche 4{NB}: le match s'est déjà terminé après la manche 3."
    assert refusal in text_of(r)
    assert Hand.objects.get(match=match, number=3).end == "dead"


def test_the_conflict_page_in_french(client, member, match):
    client.force_login(member)
    assert client.post(url("hand_new", match), hand_post(match, end="dead")).status_code == 302
    stale = hand_post(match, end="gin", by="b", defender_deadwood=12)   # typed on a phone that saw 2 hands
    r = client.post(url("hand_new", match), stale, **FR)
    assert r.status_code == 409
    text = text_of(r)
    assert f"Manche 3{NB}: deux téléphones l'ont enregistrée" in text
    assert ("La manche 3 vient d'être enregistrée sur un autre appareil. Voici la feuille de marque telle "
            "qu'elle est maintenant.") in text
    assert "Enregistrée" in text and "Votre saisie" in text and "Ce qui diffère" in text
    assert "Manche nulle" in text and "Ben fait gin (Ann 12)" in text
    assert "Fin de la manche" in text and "Garder la manche enregistrée" in text
    assert "C'était une autre manche" in text and "Remplacer la manche enregistrée par la mienne…" in text


def test_a_game_ended_on_the_pad_in_french(client, member, make_match):
    """After a game ends: its summary above the pad, the pad's totals, the message of the hand that ended it."""
    match = make_match([GIN_BEN] * 2)   # Ben 90 of 100
    client.force_login(member)
    r = client.post(url("hand_new", match), hand_post(match, end="gin", by="b", defender_deadwood=20), follow=True,
                    **FR)
    text = text_of(r)
    assert "Manche 3 enregistrée. Ben marque 45 et 1 case (gin)." in text
    assert f"Partie 1 gagnée par Ben{NB}: points 0–135" in text
    assert "Partie 1 gagnée par Ben" in text and "capot" in text and "Solde" in text
    assert "prime de partie 100" in text
    assert "gagnée par Ben" in text and "total" in text and "case" in text


def test_the_finished_match_in_french_with_its_settlement(client, member, make_match):
    match = make_match([GIN_BEN] * 3, length=MatchLength("best_of", 1), stake="2.5")
    client.force_login(member)
    text = text_of(client.get(url("detail", match), **FR))
    # 135 + 3 x 25 + 100 + shutout 100 = 410 points, at 2.50 a point
    assert "Ben gagne le match." in text
    assert f"Ann paie à Ben 410 points{NB}: 1{NB}025,00" in text
    assert "terminé" in text and "mise 2,5" in text
    english = text_of(client.get(url("detail", match)))
    assert "Ann pays Ben 410 points: 1,025.00" in english and "stake 2.5" in english


def test_a_new_match_form_error_in_french(client, member):
    client.force_login(member)
    r = client.post(reverse("matches:new"), {"players": "2", "player_a": "Zoé", "player_b": "zoé",
                                             "preset": "standard", "length": "target", "first_dealer": "a",
                                             "stake": "0.12345"}, **FR)
    assert r.status_code == 200 and not Match.objects.exists()
    errors = r.context["form"].errors
    assert errors["player_b"] == ["Les deux joueurs doivent être différents."]
    assert errors["stake"] == [f"La mise vaut au plus 99{NB}999{NB}999,9999 avec 4 décimales, pas 0.12345."]
    text = text_of(r)
    assert "Nouveau match" in text and "Joueur A" in text and "Mise par point" in text
    assert "Commencer le match" in text and "Deux joueurs" in text
    r = client.post(reverse("matches:new"), {"players": "2", "player_a": "Zoé", "player_b": "zoé",
                                             "preset": "standard", "length": "target", "first_dealer": "a"})
    assert r.context["form"].errors["player_b"] == ["The two players must be different."]


def test_the_import_pages_errors_in_french(client, member, make_match, django_capture_on_commit_callbacks):
    client.force_login(member)
    r = client.post(reverse("matches:import"), {"text": "[]"}, **FR)
    assert r.status_code == 400
    assert r.context["form"].errors["text"] == ["Rien n'a été importé. le tableau ne contient aucun enregistrement"]
    assert "Importer des matchs" in text_of(r)
    match = make_match([KNOCK])
    record = client.get(url("record", match)).content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        r = client.post(reverse("matches:import"), {"text": f"[{record}]"}, **FR)
    text = text_of(client.get(r["Location"], **FR))
    assert "Import des enregistrements collés" in text
    assert f"Rien n'a été importé. enregistrement 1{NB}: déjà présent comme match #{match.pk} Ann c. Ben. Pour en faire" in text
    assert "touchez « Importer quand même une seconde fois »" in text and "Réessayer" in text


def test_the_outbox_answers_in_french(client, member, match):
    client.force_login(member)
    data = {"end": "knock", "by": "a", "knocker_deadwood": "5", "defender_deadwood": "30", "number": "3",
            "revision": str(match.revision), "entry_key": str(uuid.uuid4())}
    r = client.post(url("hand_send", match), data, **FR)
    assert r.status_code == 200 and r.json()["message"] == "Manche 3 enregistrée."
    r = client.post(url("hand_send", match), {**data, "entry_key": "nope"}, **FR)
    assert r.status_code == 400
    assert r.json()["message"] == (f"entry_key{NB}: «{NB}nope{NB}» n'est pas une clé de saisie (un UUID créé par "
                                   "le téléphone).")
    r = client.post(url("hand_send", match), {**data, "entry_key": str(uuid.uuid4()), "knocker_deadwood": "12",
                                                "number": "4", "revision": str(Match.objects.get().revision)},
                    **FR)
    assert r.status_code == 422
    assert r.json()["message"] == "Les cartes isolées de celui qui frappe valent au plus 10 avec ces règles, pas 12."


def run(name, *args):
    out, err, code = io.StringIO(), io.StringIO(), 0
    try:
        call_command(name, *args, stdout=out, stderr=err)
    except SystemExit as e:
        code = e.code
    return code, out.getvalue(), err.getvalue()


def test_the_match_commands_speak_the_clubs_language(tmp_path, make_match):
    match = make_match([KNOCK])
    path = tmp_path / "records.json"
    call_command("export_matches", "-o", str(path))
    with translation.override("fr"):
        code, out, err = run("import_matches", str(path))
        assert code == 1 and out == ""
        assert err.strip() == (f"Rien n'a été importé{NB}: enregistrement 1{NB}: déjà présent comme match "
                               f"#{match.pk} Ann c. Ben. Ajoutez --again pour l'importer quand même.")
        code, out, err = run("deadwood", "AS 2S 3S 7H 7D 7C KD QD JD 5C")
        assert code == 0 and out.splitlines() == ["combinaisons\u00a0: AS 2S 3S | 7H 7D 7C | JD QD KD",
                                                  "cartes isolées\u00a0: 5 (5C)"]
        code, out, err = run("export_matches", "--match", "999")
        assert code == 1 and err.strip() == f"--match{NB}: il n'y a pas de match 999"
        code, out, err = run("deadwood", "AS 2S")
        assert code == 1 and "donnez 10 cartes (11 pour la défausse et le grand gin), pas 2" in err
    with translation.override("en"):
        code, out, err = run("import_matches", str(path))
    assert err.strip().startswith(f"Nothing was imported: record 1: already here as match #{match.pk} Ann v Ben.")
    assert json.loads(path.read_text())[0]["players"] == ["Ann", "Ben"]   # the record itself stays as it is
