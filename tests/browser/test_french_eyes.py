"""The French crawl's eyes (tests/browser/french.py), on texts written here: what they catch and
what they let be (no browser, no database)."""
from tests.browser import french

PO = r'''
msgid ""
msgstr ""
"Plural-Forms: nplurals=2; plural=(n > 1);\n"

#: ginscore/matches/templates/matches/_hand_form.html
#, python-format
msgid "Save hand %(number)s"
msgstr "Enregistrer la manche %(number)s"

msgctxt "game"
msgid "Game"
msgstr "Partie"

msgid "Gin"
msgstr "Gin"

#, python-format
msgid "%(n)s hand"
msgid_plural "%(n)s hands"
msgstr[0] "%(n)s manche"
msgstr[1] "%(n)s manches"

msgid ""
"Take back hand %(n)s? Every total is "
"worked out again."
msgstr ""
"Reprendre la manche %(n)s ? Chaque total est recalculé."

#, fuzzy
msgid "Undo"
msgstr "Annuler"

msgid "Redo"
msgstr ""

msgid "Place"
msgstr "Case"

msgid "K"
msgstr "R"

msgid "Seat"
msgstr "Place"

#~ msgid "Old words"
#~ msgstr "Vieux mots"
'''


def catalogue(tmp_path, monkeypatch):
    po = tmp_path / "django.po"
    po.write_text(PO, encoding="utf-8")
    monkeypatch.setattr(french, "catalogues", lambda: {"matches": [po]})
    return french.Catalogue()


def test_a_po_file_is_read_with_its_contexts_plurals_and_flags(tmp_path):
    po = tmp_path / "django.po"
    po.write_text(PO, encoding="utf-8")
    entries = {(e.context, e.msgid): e for e in french.read_po(po)}
    assert entries["game", "Game"].strs == ["Partie"]
    assert entries["", "%(n)s hand"].plural == "%(n)s hands"
    assert entries["", "%(n)s hand"].strs == ["%(n)s manche", "%(n)s manches"]
    assert entries["", "Take back hand %(n)s? Every total is worked out again."].strs == [
        "Reprendre la manche %(n)s ? Chaque total est recalculé."]
    assert entries["", "Undo"].fuzzy and not entries["", "Redo"].fuzzy
    assert ("", "Old words") not in entries and ("", "") not in entries


def test_the_catalogues_english_is_found_and_their_french_let_be(tmp_path, monkeypatch):
    c = catalogue(tmp_path, monkeypatch)
    found = c.find(["Save hand 4", "Game", "Gin", "3 hands", "Undo", "Redo", "Place", "Partie", "K",
                    "Reprendre la manche 3 ? Chaque total est recalculé.",
                    "Tap Take back hand 2? Every total is worked out again. Or not."])
    assert sorted(found) == ["%(n)s hands", "Game", "Redo", "Save hand %(number)s",
                             "Take back hand %(n)s? Every total is worked out again.", "Undo"]
    # "Gin" is the same in French; "Place" is also French (the translation of "Seat"); a fuzzy or
    # empty entry shows its English; a letter alone may be anything (a king, a formula's K).


def test_a_word_of_the_catalogue_counts_only_as_a_whole_text(tmp_path, monkeypatch):
    c = catalogue(tmp_path, monkeypatch)
    assert c.find(["Game over for Undo-ne", "Redo:"]) == {}
    assert c.find(["Enregistrer la manche 4 (Save hand 4)"]) == {
        "Save hand %(number)s": {"Enregistrer la manche 4 (Save hand 4)"}}


def test_common_english_words_are_caught_and_french_ones_are_not():
    assert french.english_words("Log in to start a match") == ["log", "to", "start", "log in"]
    assert french.english_words("Save hand 4") == ["save", "hand"]
    assert french.english_words("Score total : 1 500 points, table 3, match à 500") == []
    assert french.english_words("Lien de table k3the-Q_and") == []   # a token is one word
    assert french.english_words("Pointage : /tournaments/2/check-in/ ou http://club.example/players/") == []
    assert french.english_words("p/2, p/4 for the top three") == ["for", "the"]
    assert french.english_words('capot : "add" (ajouter), "none" (rien)') == []
    assert french.english_words("« Save » : the button") == ["save", "the"]
    assert french.english_words('qui donne : "winner" (le gagnant). Préréglages : Standard winner') == []
    assert french.english_words('"winner" (le gagnant) ; the loser') == ["the", "loser"]


def test_data_is_taken_out_before_reading():
    units = french.clean_units(["  Hand of  Anne-Sophie\u00a0Lefèvre ", "Benoît Girard", "Anne-Sophie Lefèvre"],
                               ["Anne-Sophie Lefèvre", "Benoît Girard"])
    assert units == ["Hand of ·"]


def test_leftovers_say_what_and_where(tmp_path, monkeypatch):
    c = catalogue(tmp_path, monkeypatch)
    found = french.leftovers(c, ["Save hand 4"], ["Partie 2 · the end"])
    assert [french.said(f) for f in found] == ["'Save hand %(number)s' in 'Save hand 4' (catalogue: matches)",
                                               "'Partie 2 · the end' (English: the)"]
