"""The engine in French (no database, no Django): its refusals, names and labels read from its
compiled catalogue (ginscore/engine/locale/fr), with their values filled in and plurals as
French counts them (0 and 1 singular); and every text the engine marks is in that catalogue,
translated.
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from ginscore.engine import (
    CardError, MatchLength, RecordError, RuleError, describe_rules, parse_card, parse_cards, record_from_json,
    rules_from, score_match,
)
from ginscore.engine import i18n
from ginscore.engine.errors import MoneyError
from ginscore.engine.pad_text import render_pad
from ginscore.engine.payouts import PRESET_NAMES as PAYOUT_NAMES
from ginscore.engine.payouts import PrizeRules, check_ties, payouts
from ginscore.engine.rules import PRESET_NAMES, PRESET_SUMMARIES
from ginscore.engine.seasons import PRESET_NAMES as POINTS_NAMES
from ginscore.engine.tournament import TIEBREAK_NAMES, match_title, round_name
from ginscore.engine.tournament.bracket import Source

ENGINE = Path(i18n.__file__).resolve().parent
PO = ENGINE / "locale" / "fr" / "LC_MESSAGES" / "django.po"
NB = "\u00a0"  # French puts a no-break space before : and ;


@pytest.fixture
def fr():
    """The engine reads French for one test (the compiled catalogue: scripts/setup.sh makes it)."""
    with i18n.catalogue("fr"):
        yield


def refusal(error, work, *args, **kwargs) -> str:
    with pytest.raises(error) as caught:
        work(*args, **kwargs)
    return str(caught.value)


def two(hands, rules="standard", **more) -> dict:
    return {"players": ["Ann", "Ben"], "rules": rules, "hands": hands, **more}


def scored(record: dict):
    return score_match(record_from_json(record))


# -- refusals --------------------------------------------------------------------------------------

def test_a_hand_the_game_does_not_have_is_refused_in_french(fr):
    said = refusal(RecordError, record_from_json,
                   two([{"end": "knock", "by": "Ann", "deadwood": {"Ann": 3, "Ben": 20}}], rules="skarney"))
    assert said == (f"manche 1{NB}: pas de frappe au Skarney Gin{NB}: la manche finit par un gin ou par la "
                    f'pioche épuisée ("stock_out")')


def test_a_knock_over_the_limit_names_the_player_the_count_and_the_limit(fr):
    hands = [{"end": "gin", "by": "Ann", "deadwood": {"Ben": 10}},
             {"end": "knock", "by": "Ben", "deadwood": {"Ben": 13, "Ann": 20}}]
    said = refusal(RecordError, scored, two(hands))
    assert said == f"manche 2{NB}: Ben a frappé avec 13 points isolés{NB}; la limite de frappe est 10"


def test_a_partnership_deal_names_the_deal_and_the_table(fr):
    record = {"players": ["Ann", "Ben", "Cat", "Dan"],
              "teams": [{"players": ["Ann", "Cat"]}, {"players": ["Ben", "Dan"]}],
              "hands": [{"tables": [{"end": "gin", "by": "Ann", "deadwood": {"Ben": 30}},
                                    {"end": "knock", "by": "Dan", "deadwood": {"Dan": 15, "Cat": 3}}]}]}
    said = refusal(RecordError, scored, record)
    assert said == f"donne 1, table 2{NB}: Dan a frappé avec 15 points isolés{NB}; la limite de frappe est 10"


def test_record_fields_keep_their_key_and_say_the_rest_in_french(fr):
    assert refusal(RecordError, record_from_json, two([], stake="ten")) == (
        f'stake{NB}: «{NB}ten{NB}» n\'est pas un nombre décimal comme "0.05"')
    assert refusal(RecordError, record_from_json, {"players": ["Ann", "Ann"]}) == (
        f"players{NB}: les deux joueurs doivent être différents, tous deux s'appellent «{NB}Ann{NB}»")
    # a rule refused inside a record: both layers in French
    assert refusal(RecordError, record_from_json, two([], rules={"preset": "standard", "knock_limit": 99})) == (
        f"rules{NB}: knock_limit{NB}: doit être un nombre entier de 0 à 98, et non 99")


def test_rules_refusals_in_french_keep_the_key_on_the_error(fr):
    with pytest.raises(RuleError) as caught:
        rules_from({"preset": "standard", "shutout": "triple"})
    assert str(caught.value) == f'shutout{NB}: doit être l\'un de "add", "double", "none", et non "triple"'
    assert caught.value.field == "shutout"
    assert refusal(RuleError, rules_from, "tournoi") == (
        f'preset{NB}: "tournoi" n\'est pas un préréglage (les préréglages sont{NB}: standard, classic, oklahoma, '
        f"hollywood, fosdick, sequence, skarney, colonel, partnership)")


def test_cards_and_melds_are_refused_in_french(fr):
    assert refusal(CardError, parse_card, "1Z") == "'1Z' n'est pas une carte (écrivez-la comme 7S, 10H, AD ou KC)"
    assert refusal(CardError, parse_cards, "7H 8H 7h") == "7H est donnée deux fois"
    hand = {"end": "gin", "by": "Ann", "cards": {"Ann": "AS 2S 3S 4H 5H 6H 7D 8D 9D KC", "Ben": "QH JH 10H 9H 8S "
                                                   "7S 6S 5S 4S 3C"}}
    assert refusal(RecordError, record_from_json, two([hand])) == (
        f"manche 1{NB}: les cartes de Ann laissent 10 points isolés (KC){NB}: ce n'est donc pas un gin")


@pytest.mark.parametrize("count,said", [
    (0, "Ben a 0 carte"), (1, "Ben a 1 carte"), (2, "Ben a 2 cartes"), (9, "Ben a 9 cartes")])
def test_a_count_of_cards_is_singular_for_0_and_1(fr, count, said):
    defender = " ".join(["QH", "JH", "10H", "9H", "8S", "7S", "6S", "5S", "4S"][:count])
    hand = {"end": "knock", "by": "Ann", "cards": {"Ann": "AS 2S 3S 4H 5H 6H 7D 8D 9D 2C", "Ben": defender}}
    assert refusal(RecordError, record_from_json, two([hand])) == (
        f"manche 1{NB}: {said}{NB}; le défenseur en tient 10")


def test_money_refusals_in_french_with_french_numbers(fr):
    with pytest.raises(MoneyError) as caught:
        PrizeRules(fee="-5")
    assert str(caught.value) == f"fee{NB}: ne doit pas être négatif"
    assert (caught.value.field, str(caught.value.problem)) == ("fee", "ne doit pas être négatif")
    assert refusal(MoneyError, PrizeRules, added="1e999") == f"added{NB}: doit être au plus 99{NB}999{NB}999,99"
    assert refusal(MoneyError, PrizeRules, fee="vingt") == (
        f"fee{NB}: 'vingt' n'est pas un montant (écrivez-le comme 20 ou 12.50)")   # as the engine reads it (forms read 12,50 first)
    assert refusal(MoneyError, PrizeRules, preset="custom", split="50,30,12.5") == (
        f"split{NB}: les pourcentages font 92,5 au total, et non 100")


@pytest.mark.parametrize("entrants,tie,said", [
    (0, (1, 2), "il n'y a pas de place 1 avec 0 inscrit"),
    (1, (1, 2), "il n'y a pas de place 2 avec 1 inscrit"),
    (2, (2, 3), "il n'y a pas de place 3 avec 2 inscrits"),
])
def test_a_count_of_entrants_is_singular_for_0_and_1(fr, entrants, tie, said):
    assert refusal(MoneyError, check_ties, [tie], entrants) == f"égalité {tie[0]},{tie[1]}{NB}: {said}"


def test_a_split_paying_more_places_than_entrants(fr):
    rules = PrizeRules(fee="10", preset="custom", split="60,40")
    assert refusal(MoneyError, payouts, 1, rules) == f"split{NB}: paie 2 places, mais il n'y a que 1 inscrit"


# -- names and labels ------------------------------------------------------------------------------

def test_rules_presets_and_their_descriptions_in_french(fr):
    assert str(PRESET_NAMES["classic"]) == "Classique"
    assert str(PRESET_NAMES["partnership"]) == "En équipe"
    assert str(PRESET_SUMMARIES["classic"]) == (
        f"Frapper à 10 ou moins{NB}; gin 20, undercut 10, cases 20{NB}; le perdant donne.")
    meanings = dict(describe_rules())
    assert str(meanings["knock_limit"]) == f"maximum de points isolés pour frapper (0{NB}: gin seulement)"
    assert str(PAYOUT_NAMES["wta"]) == "Tout au vainqueur"
    assert str(POINTS_NAMES["linear"]) == "Linéaire (p - f + 1)"


@pytest.mark.parametrize("games,said", [(1, "une partie"), (3, "au meilleur de 3 parties")])
def test_match_lengths_in_french(fr, games, said):
    assert str(MatchLength("best_of", games).describe(rules_from("standard"))) == said


def test_round_and_match_names_in_french(fr):
    assert [str(round_name("winners", r, 4)) for r in (1, 2, 3, 4)] == [
        "Ronde 1", "Quart de finale", "Demi-finale", "Finale"]
    assert str(round_name("winners", 3, 4, double=True)) == "Demi-finale des gagnants"
    assert str(round_name("losers", 2, 4)) == "Ronde 2 des perdants"
    assert str(round_name("third", 1, 1)) == "Match pour la troisième place"
    assert str(match_title("winners", 3, 2, rounds=4, in_round=2)) == "Demi-finale 2"
    assert str(match_title("losers", 1, 3, rounds=4, in_round=4)) == "Ronde 1 des perdants, match 3"
    assert str(Source("empty").text) == "exempt"
    assert str(Source("seed", 3)) == "tête de série 3"
    assert [str(TIEBREAK_NAMES[k]) for k in ("wins", "head_to_head")] == ["Matchs gagnés", "Confrontation directe"]


def test_the_text_pad_in_french():
    record = two([{"end": "gin", "by": "Ann", "deadwood": {"Ben": 80}}] * 2, stake="0.10")
    with i18n.catalogue("fr"):
        pad = render_pad(scored(record))
    lines = pad.splitlines()
    assert lines[0] == "Ann contre Ben\u00a0: règles standard, en 500, premier donneur Ann"
    assert "Partie 1 (Ann a gagné, capot)" in lines
    assert re.search(r"^prime de partie +100 +0$", pad, re.M)
    assert re.search(r"^capot +100 +0$", pad, re.M)
    assert lines[-1] == f"Règlement{NB}: Ben paie 660 points à Ann = 66,00."
    # the rows keep their columns with longer French labels: every number ends where the names end
    head = next(line for line in lines if line.rstrip().endswith("Ben"))
    total = next(line for line in lines if line.startswith("total"))
    assert len(total) == len(head.rstrip())


# -- read when read ------------------------------------------------------------------------------

def test_one_refusal_reads_in_the_language_of_whoever_reads_it():
    with pytest.raises(RecordError) as caught:
        record_from_json(two([{"end": "knock", "by": "Ann", "deadwood": {"Ann": 3, "Ben": 20}}], rules="colonel"))
    error = caught.value
    assert str(error).startswith("hand 1: Colonel has no knocking")
    with i18n.catalogue("fr"):
        assert str(error).startswith(f"manche 1{NB}: pas de frappe au Colonel")
        assert f"{error}" == str(error) and len(str(error)) > 20
    assert str(error).startswith("hand 1: Colonel has no knocking")


def test_a_missing_catalogue_says_how_to_compile_it():
    with pytest.raises(FileNotFoundError, match="scripts/setup.sh"):
        with i18n.catalogue("xx"):
            pass
    assert str(PRESET_NAMES["classic"]) == "Classic"


# -- the catalogue is whole ------------------------------------------------------------------------

MARKERS = {"_": (1, None, None), "gettext_lazy": (1, None, None), "gettext_noop": (1, None, None),
           "ngettext_lazy": (1, 2, None), "pgettext_lazy": (2, None, 1), "npgettext_lazy": (2, 3, 1)}


def marked_in_code() -> set[tuple[str | None, str, str | None]]:
    """(context, msgid, plural) of every text the engine's code marks."""
    found = set()
    for path in ENGINE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in MARKERS:
                one, many, ctx = MARKERS[node.func.id]
                args = [a.value if isinstance(a, ast.Constant) else None for a in node.args]
                if len(args) >= one and isinstance(args[one - 1], str):
                    found.add((args[ctx - 1] if ctx else None, args[one - 1], args[many - 1] if many else None))
    return found


def catalogue_entries() -> list[dict]:
    """The .po's entries: comments, msgctxt, msgid, msgid_plural and the msgstrs (a small reader)."""
    entries, entry, key = [], None, None
    for line in PO.read_text(encoding="utf-8").splitlines() + [""]:
        if not line.strip():
            if entry:
                entries.append(entry)
            entry = None
            continue
        entry = entry or {"flags": "", "msgctxt": None, "msgid": None, "msgid_plural": None, "msgstr": {}}
        if line.startswith("#,"):
            entry["flags"] += line
        elif line.startswith("#"):
            continue
        elif line.startswith('"'):
            value = ast.literal_eval(line)
            if key[0] == "msgstr":
                entry["msgstr"][key[1]] += value
            else:
                entry[key[0]] += value
        else:
            word, _, value = line.partition(" ")
            value = ast.literal_eval(value)
            if word.startswith("msgstr"):
                key = ("msgstr", int(word[7:-1]) if "[" in word else 0)
                entry["msgstr"][key[1]] = value
            else:
                key = (word, None)
                entry[word] = value
    return entries


def test_every_marked_engine_text_is_in_the_catalogue_translated():
    entries = catalogue_entries()
    header = entries[0]
    assert header["msgid"] == "" and "fuzzy" not in header["flags"], "the header must not be fuzzy"
    assert "Plural-Forms: nplurals=2; plural=(n > 1);" in header["msgstr"][0]
    translated = {}
    for e in entries[1:]:
        key = (e["msgctxt"], e["msgid"], e["msgid_plural"])
        assert "fuzzy" not in e["flags"], f"fuzzy: {key}"
        assert all(e["msgstr"].values()) and len(e["msgstr"]) == (2 if e["msgid_plural"] else 1), \
            f"untranslated: {key}"
        translated[key] = e["msgstr"]
    marked = marked_in_code()
    assert len(marked) > 250
    missing = sorted(marked - set(translated), key=str)
    assert not missing, f"marked in the engine but not in {PO}: {missing[:5]} (run scripts/messages.sh --app engine)"
    for (_ctx, msgid, plural), msgstrs in translated.items():
        wanted = sorted(set(re.findall(r"%\((\w+)\)s", msgid + (plural or ""))))
        for msgstr in msgstrs.values():  # the French says every value the English does
            said = sorted(set(re.findall(r"%\((\w+)\)s", msgstr)))
            assert said == wanted or (plural and set(said) <= set(wanted)), (msgid, msgstr)

