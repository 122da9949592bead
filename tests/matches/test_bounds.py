"""Every value is checked against what the database can hold before anything is written
(issue 10's blocker: an imported stake of "1e20" used to brick the site on SQLite)."""
import importlib
import io
import json
from types import SimpleNamespace

import pytest
from django.core.management import call_command
from django.db import connection
from django.urls import reverse

from ginscore.engine import RuleError, rules_from
from ginscore.matches import bounds, services
from ginscore.matches.models import Hand, Match
from ginscore.matches.records import HandEntry, plain_decimal
from ginscore.matches.records_io import ImportRefused, records_export, records_import
from ginscore.players.models import Player

pytestmark = pytest.mark.django_db

GOOD = {"players": ["Ann", "Ben"], "hands": [{"end": "gin", "by": "Ann", "deadwood": {"Ben": 10}}]}


def record(**fields):
    return {**GOOD, **fields}


STAKE_LIMIT = "stake: at most 99,999,999.9999 with 4 decimal places"


@pytest.mark.parametrize("stake, message", [
    ("1e20", f"record 2: {STAKE_LIMIT}, not 1E+20"),
    ("123456789.123456789", f"record 2: {STAKE_LIMIT}, not 123456789.123456789"),
    ("100000000", f"record 2: {STAKE_LIMIT}, not 100000000"),
    ("0.00001", f"record 2: {STAKE_LIMIT}, not 0.00001"),
    ("-1", 'record 2: stake: must be zero or more, not "-1"'),
    ("NaN", 'record 2: stake: must be zero or more, not "NaN"'),
    ("Infinity", 'record 2: stake: must be zero or more, not "Infinity"'),
    (1e300, 'record 2: stake: at most 99,999,999.9999 with 4 decimal places, not 1E+300'),
])
def test_an_out_of_range_stake_is_refused_naming_record_and_field(stake, message):
    with pytest.raises(ImportRefused) as e:
        records_import(data=[GOOD, record(stake=stake)])
    assert str(e.value) == message
    assert Match.objects.count() == 0 and Player.objects.count() == 0


@pytest.mark.parametrize("stake, stored", [("99999999.9999", "99999999.9999"), ("0.05000", "0.0500"),
                                            ("1E+3", "1000.0000"), ("0", "0.0000")])
def test_every_stake_the_column_holds_is_kept(stake, stored):
    [match] = records_import(data=record(stake=stake))
    match.refresh_from_db()
    assert str(match.stake) == stored
    [exported] = records_export(matches=Match.objects.filter(pk=match.pk))
    assert exported["stake"] == str(plain_decimal(stored))


@pytest.mark.parametrize("typed, message", [
    ("1e20", "The stake can be at most 99,999,999.9999 with 4 decimal places, not 1E+20."),
    ("123456789.1234", "The stake can be at most 99,999,999.9999 with 4 decimal places, not 123456789.1234."),
    ("0.12345", "The stake can be at most 99,999,999.9999 with 4 decimal places, not 0.12345."),
    ("-2", "Ensure this value is greater than or equal to 0."),
    ("NaN", "Enter a number."),
])
def test_a_typed_stake_out_of_range_is_refused_on_the_form(client, member, typed, message):
    client.force_login(member)
    page = client.post(reverse("matches:new"), {"player_a": "Ann", "player_b": "Ben", "preset": "standard",
                                                "length": "target", "first_dealer": "a", "stake": typed})
    assert page.status_code == 200
    assert page.context["form"].errors["stake"] == [message]
    assert Match.objects.count() == 0


def test_the_largest_typed_stake_is_kept(client, member):
    client.force_login(member)
    page = client.post(reverse("matches:new"), {"player_a": "Ann", "player_b": "Ben", "preset": "standard",
                                                "length": "target", "first_dealer": "a", "stake": "99999999.9999"})
    assert page.status_code == 302
    assert str(Match.objects.get().stake) == "99999999.9999"


def test_the_service_refuses_a_stake_the_column_cannot_hold(ann, ben):
    with pytest.raises(ValueError, match="stake: at most 99,999,999.9999"):
        services.match_create(player_a=ann, player_b=ben, rules=rules_from("standard"),
                              stake=bounds.STAKE_MAX * 10)
    assert Match.objects.count() == 0


# Names


NAME_60 = "Émilie-Anne Ødegård-Łukasiewicz de la Côte-Saint-André Zoëla"  # 60 characters


def test_a_name_of_sixty_characters_with_accents_and_hyphens_is_kept():
    assert len(NAME_60) == 60
    [match] = records_import(data=record(players=[NAME_60, "Ben"], hands=[]))
    assert Player.objects.get(pk=match.player_a_id).name == NAME_60


@pytest.mark.parametrize("players, message", [
    (["A" * 101, "Ben"], 'record 2: players: player 1: "AAAAAAAAAAAAAAAAAAAA..." is longer than 100 characters (101)'),
    (["Ann", "x" * 300], 'record 2: players: player 2: "xxxxxxxxxxxxxxxxxxxx..." is longer than 100 characters (300)'),
    (["Ann\x00", "Ben"], "record 2: players: player 1: holds a control character (U+0000), which no name may hold"),
])
def test_a_name_the_column_cannot_hold_is_refused_naming_record_and_player(players, message):
    with pytest.raises(ImportRefused) as e:
        records_import(data=[GOOD, record(players=players, hands=[])])
    assert str(e.value) == message
    assert Match.objects.count() == 0 and Player.objects.count() == 0


# Rule values


@pytest.mark.parametrize("key, value, message", [
    ("gin_bonus", 10**12, "gin_bonus: must be a whole number from 0 to 1000, not 1000000000000"),
    ("box_bonus", 1001, "box_bonus: must be a whole number from 0 to 1000, not 1001"),
    ("extra_boxes_gin", 11, "extra_boxes_gin: must be a whole number from 0 to 10, not 11"),
    ("match_target", 2**31, "match_target: must be a whole number from 1 to 1000000, not 2147483648"),
    ("hand_bonus", -1, "hand_bonus: must be a whole number from 0 to 1000, not -1"),
])
def test_extreme_rule_values_are_refused_naming_the_key(key, value, message):
    with pytest.raises(ImportRefused) as e:
        records_import(data=[GOOD, record(rules={"preset": "standard", key: value})])
    assert str(e.value) == f"record 2: rules: {message}"
    with pytest.raises(RuleError):
        rules_from({key: value})
    assert Match.objects.count() == 0


def test_the_biggest_rules_cannot_overflow_a_score_in_the_largest_match():
    """Every rule at its bound, a big gin on a spade against 98 deadwood: what one hand can
    bring (points and boxes), times 2,000 hands, doubled by a shutout, for two pairs (three
    players) and two tables (partnerships), stays inside an IntegerField."""
    from ginscore.engine import score_match
    from ginscore.engine.records import record_from_json

    biggest = {"preset": "oklahoma", "gin_bonus": 1000, "big_gin_bonus": 1000, "undercut_bonus": 1000,
               "hand_bonus": 1000, "box_bonus": 1000, "extra_boxes_gin": 10, "extra_boxes_undercut": 10,
               "game_bonus": 1000, "shutout": "double", "game_target": 100_000, "match_target": 1_000_000}
    hand = {"end": "big_gin", "by": "Ann", "deadwood": {"Ben": 98}, "upcard": "2S"}
    [h] = score_match(record_from_json({"players": ["Ann", "Ben"], "rules": biggest, "hands": [hand]})).hands
    assert (h.points, h.boxes) == ((98 + 1000 + 1000) * 2, 21)
    per_hand = h.points + h.boxes * 1000
    assert bounds.MAX_HANDS * per_hand * 2 * 2 * 2 + 2 * 1000 < bounds.INTEGER_MAX
    with pytest.raises(RuleError):
        rules_from({**biggest, "box_bonus": 1001})


def test_a_total_the_column_cannot_hold_is_refused():
    assert bounds.totals_problem({"Ann's match score": 2**31}) == (
        "Ann's match score would be 2,147,483,648, more than the score pad can hold (2,147,483,647)")
    assert bounds.totals_problem({"Ann's match score": bounds.INTEGER_MAX}) is None


def test_a_write_whose_totals_do_not_fit_saves_nothing(make_match, monkeypatch):
    match = make_match()
    monkeypatch.setattr(bounds, "INTEGER_MAX", 0)
    with pytest.raises(services.HandRefused, match="Ann's gins would be 1, more than the score pad can hold"):
        services.hand_add(match_id=match.pk, entry=HandEntry("gin", "a", None, 10), expected_number=1)
    assert Hand.objects.count() == 0 and Match.objects.get().gins_a == 0


# A bad stake already in the database (written by the old code)


def _write_bad_stake(match):
    bad = "1e20" if connection.vendor == "sqlite" else "'NaN'"  # PostgreSQL's numeric(12,4) holds only NaN
    with connection.cursor() as cursor:
        cursor.execute(f"UPDATE matches_match SET stake = {bad} WHERE id = %s", [match.pk])


def test_the_migration_clears_an_unreadable_stake_and_the_site_works_again(admin_client, make_match):
    bad_match = make_match(hands=[{"end": "gin", "by": "Ann", "deadwood": {"Ben": 10}}], stake="0.05")
    good = make_match(stake="0.25")
    _write_bad_stake(bad_match)
    if connection.vendor == "sqlite":
        with pytest.raises(Exception):
            list(Match.objects.all())  # what bricked every page

    migration = importlib.import_module("ginscore.matches.migrations.0003_clear_unreadable_stakes")
    migration.clear_unreadable_stakes(None, SimpleNamespace(connection=connection))

    assert dict(Match.objects.values_list("pk", "stake")) == {bad_match.pk: None, good.pk: good.stake}
    assert Match.objects.get(pk=bad_match.pk).hand_count == 1
    for url in [reverse("club:home"), reverse("matches:list"), reverse("matches:export"),
                reverse("matches:record", args=[bad_match.pk]), reverse("admin:matches_match_changelist"),
                reverse("admin:matches_match_change", args=[bad_match.pk]),
                reverse("matches:detail", args=[bad_match.pk])]:
        assert admin_client.get(url).status_code == 200, url
    out = io.StringIO()
    call_command("export_matches", stdout=out)
    assert [r.get("stake") for r in json.loads(out.getvalue())] == [None, "0.25"]


# Hands per match


def test_a_record_with_more_hands_than_a_match_holds_is_refused_before_scoring():
    hands = [{"end": "dead"}] * (bounds.MAX_HANDS + 1)
    with pytest.raises(ImportRefused) as e:
        records_import(data=[GOOD, record(hands=hands)])
    assert str(e.value) == ("record 2: hands: 2,001 hands; a match holds at most 2,000 hands "
                            "(far more than any club match; split the record)")
    assert Match.objects.count() == 0


def test_the_pad_refuses_a_hand_past_the_cap(make_match, monkeypatch):
    match = make_match(hands=[{"end": "dead"}] * 3)
    monkeypatch.setattr(bounds, "MAX_HANDS", 3)
    with pytest.raises(services.HandRefused) as e:
        services.hand_add(match_id=match.pk, entry=HandEntry("dead"), expected_number=4)
    assert str(e.value) == ("Hand 4 would make 4 hands; a match holds at most 3 hands "
                            "(far more than any club match; split the record).")
    assert match.hands.count() == 3
