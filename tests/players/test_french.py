"""The players' pages in French: the list's headers in the glossary's words (matchs, parties, manches,
points nets), counts past 1,000 grouped the French way ("1 600"), a player's record and
head-to-head, the search form; a name refused in French (the admin's form, the club's one way in)."""
import csv
import io

import pytest
from django.urls import reverse
from django.utils import translation

from ginscore.players.names import NameRefused, name_clean
from ginscore.players.services import player_get_or_create
from tests.french import FR, NB, page_words
from tests.players.test_players import shutout_game

pytestmark = pytest.mark.django_db




@pytest.fixture
def two_wins(make_match):
    """Ann beats Ben twice, 800 to 0 each time (two shut-out games of four gins): net 1,600."""
    return [make_match(hands=shutout_game("Ann", "Ben") * 2) for _ in range(2)]


def test_the_players_list_in_french(client, two_wins):
    page = client.get(reverse("players:list"), **FR)
    assert page.status_code == 200 and '<html lang="fr"' in page.content.decode()
    words = page_words(page)
    assert ("Joueur Matchs Gagnés Perdus Parties gagnées Parties perdues Manches Manches gagnées Gins Undercuts "
            "Points nets") in words
    assert f"Ann 2 2 0 4 0 16 16 16 0 1{NB}600" in words and f"Ben 2 0 2 0 4 16 0 0 0 -1{NB}600" in words
    assert "Trouver un joueur" in words and "Chercher" in words and "Télécharger le CSV" in words
    assert "Net points" not in words and "Find a player" not in words
    # The same list in English is unchanged but for the thousands (grouped the English way).
    assert "Ann 2 2 0 4 0 16 16 16 0 1,600" in page_words(client.get(reverse("players:list")))


def test_the_csv_headers_follow_the_language_and_the_numbers_stay_plain(client, two_wins):
    rows = list(csv.reader(io.StringIO(
        client.get(reverse("players:list"), {"_export": "csv"}, **FR).content.decode())))
    assert rows[0] == ["Joueur", "Matchs", "Gagnés", "Perdus", "Parties gagnées", "Parties perdues", "Manches",
                       "Manches gagnées", "Gins", "Undercuts", "Points nets"]
    assert rows[1] == ["Ann", "2", "2", "0", "4", "0", "16", "16", "16", "0", "1600"]


def test_a_players_page_in_french(client, two_wins, ann):
    words = page_words(client.get(reverse("players:detail", args=[ann.pk]), **FR))
    assert "Matchs 2 Gagnés – perdus 2 – 0 Parties gagnées – perdues 4 – 0 Manches gagnées 16 sur 16" in words
    assert f"Points nets 1{NB}600" in words
    assert "Face-à-face" in words and "Adversaire" in words and "Head to head" not in words


def test_a_name_refused_in_french(admin_client, ann, ben):
    with translation.override("fr"):
        with pytest.raises(NameRefused) as e:
            name_clean("\u0410nn")   # a Cyrillic А before Latin letters
        assert str(e.value) == (f"mélange des lettres latines et cyrilliques dans «{NB}\u0410nn{NB}» et ressemblerait "
                                f"donc à un autre nom{NB}: tapez-le dans un seul alphabet")
        with pytest.raises(NameRefused, match="Le nom d'un joueur contient un caractère de contrôle"):
            player_get_or_create(name="Ann\x1b")
    url = reverse("admin:players_player_change", args=[ben.pk])
    page = admin_client.post(url, {"name": "ann"}, **FR)
    assert page.context["adminform"].form.errors["name"] == [
        f"«{NB}Ann{NB}» est déjà un joueur{NB}: deux noms doivent différer par plus que des majuscules, des accents "
        "qui se ressemblent ou des caractères invisibles."]
    page = admin_client.post(url, {"name": "Ben\x1b"}, **FR)
    assert page.context["adminform"].form.errors["name"] == [
        "Ce nom contient un caractère de contrôle (U+001B), qu'aucun nom ne peut contenir."]
    ben.refresh_from_db()
    assert ben.name == "Ben"


@pytest.mark.parametrize("name, english, french", [
    ("A\x00B", "holds a control character (U+0000), which no name may hold",
     "contient un caractère de contrôle (U+0000), qu'aucun nom ne peut contenir"),
    ("   ", "has no letter or digit", "n'a ni lettre ni chiffre"),
    ("A" * 101, "is longer than 100 characters (101)", "dépasse 100 caractères (101)"),
])
def test_every_refusal_of_a_name_reads_as_one_sentence(db, name, english, french):
    """Each reason continues "a player's name ..." whole, in English and in French (a reason that
    was a sentence of its own read "A player's name a name needs at least one letter or digit")."""
    from ginscore.players.services import players_get_or_create

    for language, expected in (("en", f"A player's name {english}."), ("fr", f"Le nom d'un joueur {french}.")):
        with translation.override(language), pytest.raises(NameRefused) as caught:
            players_get_or_create(names=[name])
        assert str(caught.value) == expected
