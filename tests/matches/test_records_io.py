"""Import and export of match records: services and management commands."""
import io
import json

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from ginscore.matches.models import Hand, Match
from ginscore.matches.records_io import AlreadyThere, ImportRefused, records_export, records_import, records_read
from ginscore.players.models import Player

pytestmark = pytest.mark.django_db


def knock(by, k, other, d, upcard=None):
    h = {"end": "knock", "by": by, "deadwood": {by: k, other: d}}
    if upcard:
        h["upcard"] = upcard
    return h


def gin(by, other, d, end="gin"):
    return {"end": end, "by": by, "deadwood": {other: d}}


GOOD = {
    "format": "ginscore/1", "rules": "standard", "players": ["Ann", "Ben"], "first_dealer": "Ben",
    "stake": "0.05",
    "hands": [knock("Ann", 8, "Ben", 32), gin("Ben", "Ann", 41), gin("Ben", "Ann", 19, "big_gin"), {"end": "dead"},
              knock("Ben", 9, "Ann", 6, "7S")],
}


def bad_record(knocker_deadwood=12):
    hands = [knock("Ann", 5, "Cleo", 20)] * 6 + [knock("Ann", knocker_deadwood, "Cleo", 30)]
    return {"rules": "standard", "players": ["Ann", "Cleo"], "hands": hands}


def test_import_one_record_stores_the_match_and_its_hands(member):
    [match] = records_import(data=GOOD, created_by=member)
    match.refresh_from_db()
    assert (match.player_a.name, match.player_b.name) == ("Ann", "Ben")
    assert match.first_dealer == "b" and str(match.stake) == "0.0500"
    assert match.hand_count == 5 and match.created_by == member
    # Ann 24; Ben 41+25, 19+31, and an undercut 3+25: 144 hand points, game over.
    assert (match.games_a, match.games_b) == (0, 1)
    assert list(match.hands.values_list("end", flat=True)) == ["knock", "gin", "big_gin", "dead", "knock"]
    assert match.hands.get(number=5).upcard == "7S"


def test_one_bad_record_saves_nothing_and_names_record_and_hand():
    with pytest.raises(ImportRefused) as e:
        records_import(data=[GOOD, bad_record()])
    assert str(e.value) == "record 2: hand 7: Ann knocked with 12 deadwood; the knock limit is 10"
    assert Match.objects.count() == 0 and Hand.objects.count() == 0 and Player.objects.count() == 0


def test_a_lone_bad_record_names_the_hand():
    with pytest.raises(ImportRefused, match=r"^hand 7: Ann knocked with 12 deadwood"):
        records_import(data=bad_record())


@pytest.mark.parametrize("data, message", [
    ([], "the array holds no records"),
    ([GOOD, {"players": ["Ann"]}], "record 2: players: must be a list of two, three or four names"),
    ({"players": ["Ann", "ann"]}, 'players: "Ann" and "ann" are the same player'),
    ({"players": ["A" * 101, "Ben"]}, "players: .* is longer than 100 characters"),
    ({**GOOD, "rules": {"preset": "standard", "gin_bonsu": 5}}, 'rules: "gin_bonsu" is not a rule'),
    ([GOOD, {**GOOD, "hands": GOOD["hands"] * 10}], "record 2: hand \\d+: the match already ended"),
    ([GOOD, {"players": ["Ann", "Ben", "Cat"], "first_dealer": "Cat",
             "hands": [{"end": "gin", "by": "Cat", "deadwood": {"Ben": 9}}]}],
     r"record 2: hand 1: Cat dealt this hand and sat it out; it was played by Ann and Ben"),
    ({"players": ["Ann", "Ben", "Cat", "ann"], "rules": "partnership",
      "teams": [{"players": ["Ann", "Cat"]}, {"players": ["Ben", "ann"]}]},
     r'players: "Ann" and "ann" are the same player'),
    ({"players": ["Ann", "Ben", "Cat", "Dan"], "rules": "partnership",
      "teams": [{"name": "N" * 101, "players": ["Ann", "Cat"]}, {"players": ["Ben", "Dan"]}]},
     r"teams: .*longer than 100 characters"),
    ({**GOOD, "hands": [{"end": "knock", "by": "Ann", "deadwood": {"Ann": 4, "Ben": 20}, "no_bonus": ["Cat"]}]},
     r"hand 1: no_bonus: 'Cat' did not play this hand"),
])
def test_bad_input_is_refused_with_a_message(data, message):
    with pytest.raises(ImportRefused, match=message):
        records_import(data=data)
    assert Match.objects.count() == 0


def test_a_failure_while_storing_rolls_back_the_earlier_records(monkeypatch):
    from ginscore.matches import records_io

    calls = []
    real = records_io.match_import

    def flaky(*, record, created_by=None, rated=True):
        calls.append(record)
        if len(calls) == 2:
            raise ValueError("The two players must be different.")
        return real(record=record, created_by=created_by, rated=rated)

    monkeypatch.setattr(records_io, "match_import", flaky)
    with pytest.raises(ImportRefused, match="^record 2: The two players must be different"):
        records_import(data=[GOOD, GOOD])
    assert Match.objects.count() == 0


def test_existing_players_are_found_by_name(ann, ben):
    [match] = records_import(data={**GOOD, "players": ["ann", "BEN"], "first_dealer": "BEN",
                                   "hands": [knock("ann", 3, "BEN", 20)]})
    assert (match.player_a, match.player_b) == (ann, ben)
    assert Player.objects.count() == 2
    assert records_export()[0]["hands"] == [knock("Ann", 3, "Ben", 20)]


def varied_records():
    return [
        GOOD,
        {"format": "ginscore/1", "rules": {"preset": "classic", "gin_bonus": 30, "big_gin_bonus": 40},
         "players": ["Cleo", "Dev"], "first_dealer": "Cleo", "hands": [gin("Dev", "Cleo", 12), knock("Cleo", 4, "Dev", 4)]},
        {"format": "ginscore/1", "rules": "oklahoma", "players": ["Ann", "Dev"], "first_dealer": "Dev",
         "hands": [knock("Ann", 3, "Dev", 30, "3S"), {"end": "dead", "upcard": "KH"}, gin("Dev", "Ann", 9) | {"upcard": "AC"}]},
        {"format": "ginscore/1", "rules": "hollywood", "players": ["Ben", "Eve"], "first_dealer": "Ben",
         "length": "set", "hands": [gin("Eve", "Ben", 30)] * 3},
        {"format": "ginscore/1", "rules": "standard", "players": ["Eve", "Finn"], "first_dealer": "Eve",
         "length": {"kind": "best_of", "games": 3}, "hands": []},
    ]


def test_export_import_export_gives_the_same_records():
    records_import(data=varied_records())
    first = records_export()
    assert len(records_read(first)) == 5
    Match.objects.all().delete()
    records_import(data=json.loads(json.dumps(first)))
    assert records_export() == first
    # What came in goes out unchanged, the stake written as it came in ("0.05", not the database's 0.0500).
    assert first == varied_records()


def test_export_keeps_hands_entered_as_cards():
    pytest.importorskip("ginscore.engine.card_hands")
    record = {"format": "ginscore/1", "rules": "standard", "players": ["Ann", "Ben"], "first_dealer": "Ann",
              "hands": [{"end": "knock", "by": "Ann",
                         "cards": {"Ann": "7H 7D 7C JS QS KS 4S 2C AD 3H",
                                   "Ben": "10S 2H 2D KD KH KC 8C 6H 5D AC"}, "upcard": "9D"}]}
    records_import(data=record)
    first = records_export()
    assert first == [record]
    Match.objects.all().delete()
    records_import(data=first)
    assert records_export() == first


def test_export_costs_two_queries_however_many_matches_and_hands(make_match):
    make_match(hands=[knock("Ann", 5, "Ben", 20)])
    with CaptureQueriesContext(connection) as few:
        records_export()
    for _ in range(5):
        make_match(hands=[knock("Ann", 5, "Ben", 20)] + [{"end": "dead"}] * 200)
    with CaptureQueriesContext(connection) as many:
        out = records_export()
    assert len(out) == 6 and len(out[-1]["hands"]) == 201
    assert len(few) == len(many) == 2


# The management commands


def run(name, *args):
    out, err = io.StringIO(), io.StringIO()
    code = 0
    try:
        call_command(name, *args, stdout=out, stderr=err)
    except SystemExit as e:
        code = e.code
    return code, out.getvalue(), err.getvalue()


def test_import_matches_prints_the_new_ids(tmp_path):
    path = tmp_path / "records.json"
    path.write_text(json.dumps(varied_records()[:3]))
    code, out, err = run("import_matches", str(path))
    assert code == 0, err
    ids = [int(line) for line in out.split()]
    assert ids == sorted(Match.objects.values_list("pk", flat=True))
    assert len(ids) == 3


def test_import_matches_reads_standard_input(monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(GOOD)))
    code, out, err = run("import_matches", "-")
    assert code == 0, err
    assert Match.objects.get().pk == int(out.strip())


def test_import_matches_is_all_or_nothing(tmp_path):
    path = tmp_path / "records.json"
    path.write_text(json.dumps([GOOD, bad_record(), GOOD]))
    code, out, err = run("import_matches", str(path))
    assert code == 1 and out == ""
    assert err.strip() == "record 2: hand 7: Ann knocked with 12 deadwood; the knock limit is 10"
    assert Match.objects.count() == 0


def test_import_matches_names_an_unreadable_file(tmp_path):
    code, _, err = run("import_matches", str(tmp_path / "nowhere.json"))
    assert code == 1 and "nowhere.json: cannot be read" in err
    path = tmp_path / "broken.json"
    path.write_text("[{")
    code, _, err = run("import_matches", str(path))
    assert code == 1 and "broken.json: not valid JSON" in err


def test_export_matches_writes_an_array(tmp_path):
    records_import(data=varied_records())
    ids = sorted(Match.objects.values_list("pk", flat=True))
    code, out, err = run("export_matches")
    assert code == 0, err
    assert [r["players"] for r in json.loads(out)] == [r["players"] for r in varied_records()]
    code, out, _ = run("export_matches", "--match", str(ids[3]), "--match", str(ids[1]))
    assert json.loads(out) == [varied_records()[1], varied_records()[3]]
    path = tmp_path / "out.json"
    code, out, _ = run("export_matches", "-o", str(path))
    assert code == 0 and out == ""
    assert json.loads(path.read_text()) == records_export()


def test_export_matches_refuses_an_unknown_match():
    code, out, err = run("export_matches", "--match", "999")
    assert code == 1 and out == "" and "there is no match 999" in err


def test_commands_round_trip(tmp_path):
    records_import(data=varied_records())
    first = tmp_path / "first.json"
    run("export_matches", "-o", str(first))
    Match.objects.all().delete()
    code, _, err = run("import_matches", str(first))
    assert code == 0, err
    second = tmp_path / "second.json"
    run("export_matches", "-o", str(second))
    assert first.read_text() == second.read_text()


NESTED = "[" * 100_000 + "]" * 100_000
HUGE_INT = '{"format": "ginscore/1", "players": ["Ann", "Ben"], "stake": 1' + "0" * 5000 + "}"


@pytest.mark.parametrize("write, message", [
    (None, "nowhere.json: cannot be read (No such file or directory)"),
    ("dir", ": cannot be read (Is a directory)"),
    (b'{"players": ["Zo\xeb", "Ben"]}', "nowhere.json: is not UTF-8 text"),
    (NESTED.encode(), "nowhere.json: the JSON is nested too deeply to be a match record"),
    (HUGE_INT.encode(), "nowhere.json: holds a number with thousands of digits; no value of a match record is that long"),
])
def test_import_matches_refuses_crafted_or_unreadable_input_in_one_line(tmp_path, write, message):
    path = tmp_path / "nowhere.json"
    if write == "dir":
        path = tmp_path
    elif write is not None:
        path.write_bytes(write)
    code, out, err = run("import_matches", str(path))
    assert code == 1 and out == ""
    assert message in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert Match.objects.count() == 0


def test_import_matches_refuses_invalid_utf8_on_standard_input(monkeypatch):
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b"\xff\xfe{"), encoding="utf-8"))
    code, out, err = run("import_matches", "-")
    assert code == 1 and err.strip() == "standard input: is not UTF-8 text"
    assert Match.objects.count() == 0


def test_the_records_cap_is_all_or_nothing_at_the_service():
    with pytest.raises(ImportRefused, match="holds 501 records; one import through the site takes at most 500"):
        records_import(data=[GOOD] * 501)
    assert Match.objects.count() == 0
    assert len(records_import(data=[GOOD] * 3, again=True)) == 3


def test_the_hands_cap_names_the_record_that_passes_it(monkeypatch):
    monkeypatch.setattr("ginscore.matches.records_io.MAX_IMPORT_HANDS", 12)   # GOOD has 5 hands
    with pytest.raises(ImportRefused, match=r"^record 3: the file holds more than 12 hands; .*import_matches$"):
        records_import(data=[GOOD] * 3, again=True)
    assert Match.objects.count() == 0
    assert len(records_import(data=[GOOD] * 2, again=True)) == 2


def test_import_matches_takes_any_size_in_batches_and_all_or_nothing(tmp_path, monkeypatch):
    monkeypatch.setattr("ginscore.matches.records_io.BATCH_HANDS", 10)   # two records (5 hands each) a batch
    # (the pause between batches that lets the room's saves in: test_import_beside_the_room.py; here
    # it would be 251 pauses, 25 s of waiting)
    monkeypatch.setattr("ginscore.matches.records_io.BATCH_PAUSE", 0)
    path = tmp_path / "many.json"
    path.write_text(json.dumps([{**GOOD, "stake": str(n)} for n in range(1, 502)]))
    code, out, err = run("import_matches", str(path))
    assert code == 0, err
    assert len(out.split()) == 501 == Match.objects.count() and Hand.objects.count() == 2505
    assert "501 of 501 records written" in err
    # A record already there in the last batch: the others are added, that one not again.
    path.write_text(json.dumps([{**GOOD, "stake": str(n)} for n in range(1000, 1006)] + [{**GOOD, "stake": "1"}]))
    code, out, err = run("import_matches", str(path))
    assert code == 0 and len(out.split()) == 6 and "1 record was already here and was not added again." in err
    assert Match.objects.count() == 507 and Hand.objects.count() == 2535
    # The same file once more: nothing new, nothing added.
    code, out, err = run("import_matches", str(path))
    assert code == 1 and out == "" and "Nothing was imported: record 1: already here as match" in err
    assert Match.objects.count() == 507


def test_a_record_already_stored_is_refused_naming_the_match(ann, ben):
    [first] = records_import(data=GOOD)
    for same in (GOOD, {**GOOD, "players": ["ann", "BEN"], "first_dealer": "BEN",
                        "hands": json.loads(json.dumps(GOOD["hands"]).replace('"Ann"', '"ann"')
                                            .replace('"Ben"', '"BEN"'))}):
        with pytest.raises(AlreadyThere) as refused:
            records_import(data=same)
        assert refused.value.found == [("", first)]
        assert str(refused.value) == f"already here as match #{first.pk} Ann v Ben"
    assert Match.objects.count() == 1 and Hand.objects.count() == 5
    # In an array, the new records are added and the one already here is named, not added again.
    other = varied_records()[1]
    added = records_import(data=[other, GOOD])
    assert len(added) == 1 and added.already == [("record 2: ", first)]
    assert Match.objects.count() == 2 and Player.objects.filter(name="Cleo").exists()
    Match.objects.filter(pk=added[0].pk).delete()
    # Not the same record: another hand, another stake, another first dealer.
    for different in ({**GOOD, "hands": GOOD["hands"] + [{"end": "dead"}]}, {**GOOD, "stake": "0.10"},
                      {**GOOD, "first_dealer": "Ann"}):
        records_import(data=different)
    assert Match.objects.count() == 4
    # The confirmed second try makes a second copy.
    [copy] = records_import(data=GOOD, again=True)
    assert copy.pk != first.pk and records_export(matches=Match.objects.filter(pk=copy.pk)) == \
        records_export(matches=Match.objects.filter(pk=first.pk))


def test_checking_for_a_stored_copy_takes_the_same_queries_however_many_matches(ann, ben):
    def queries():
        with CaptureQueriesContext(connection) as ctx:
            with pytest.raises(AlreadyThere):
                records_import(data=GOOD)
        return len(ctx.captured_queries)

    records_import(data=GOOD)
    few = queries()
    records_import(data=[{**GOOD, "stake": str(n)} for n in range(1, 30)])   # same players, other stakes
    assert queries() == few


def test_import_matches_refuses_a_record_already_there_unless_again(tmp_path):
    path = tmp_path / "record.json"
    path.write_text(json.dumps(GOOD))
    assert run("import_matches", str(path))[0] == 0
    code, out, err = run("import_matches", str(path))
    first = Match.objects.get()
    assert code == 1 and out == ""
    assert err.strip() == f"Nothing was imported: already here as match #{first.pk} Ann v Ben. " \
                          "Add --again to import it anyway."
    code, out, err = run("import_matches", str(path), "--again")
    assert code == 0 and Match.objects.count() == 2 and int(out) != first.pk
