"""``manage.py ratings``: the spec's output for every kind of record, and refusals by index
with no traceback and nothing on standard output."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.commands import manage
from tests.engine.helpers import gin, knock, record

ROOT = Path(__file__).resolve().parents[2]


def run(args, stdin=None):
    """``manage.py ratings ARGS`` in this process (tests/commands.py)."""
    return manage("ratings", *args, stdin=stdin)


def run_process(args, stdin=None):
    """``manage.py ratings ARGS`` in a process of its own, as a shell starts it."""
    proc = subprocess.run([sys.executable, "manage.py", "ratings", *args], cwd=ROOT, input=stdin,
                          capture_output=True, text=True, timeout=60)
    return proc.returncode, proc.stdout, proc.stderr


ANN_WINS = record([gin("Ann", 98), gin("Ann", 98)])


def test_the_spec_example(tmp_path):
    path = tmp_path / "records.json"
    path.write_text(json.dumps([ANN_WINS]))
    code, out, err = run_process([str(path)])
    assert code == 0 and err == ""
    assert json.loads(out)["players"][0] == {"name": "Ann", "rating": 1522.36, "experience": 5,
                                             "rated_matches": 1, "provisional": True}


def test_every_kind_unrated_and_incomplete_and_names_cleaned():
    three = record([knock("Ann", 4, 20, "Ben"), gin("Cat", 30, "Ann"), knock("Cat", 2, 40, "Ben"),
                    knock("Cat", 5, 15, "Ann")], players=("Ann", "Ben", "Cat"), first_dealer="Cat")
    three = json.loads(json.dumps(three).replace('"Ann"', '"ann"'))
    odd = {"tables": [gin("Ann", 98, "Ben"), gin("Cat", 98, "Dan")]}
    even = {"tables": [gin("Ann", 98, "Dan"), gin("Cat", 98, "Ben")]}
    four = record([odd, even], rules="partnership", players=("Ann", "Ben", "Cat", "Dan"),
                  teams=[{"players": ["Ann", "Cat"]}, {"players": ["Ben", "Dan"]}])
    friendly = {**ANN_WINS, "rated": False}
    in_play = record([knock("Ann", 8, 32)])
    hollywood = record([gin("Ben", 98)] * 3, rules="hollywood", length="set")
    hollywood = json.loads(json.dumps(hollywood).replace('"Ben"', '"Ben\\u200b"'))
    code, out, err = run(["-"], stdin=json.dumps([ANN_WINS, three, four, friendly, in_play, hollywood]))
    assert code == 0, err
    data = json.loads(out)
    assert [m["n"] for m in data["matches"]] == [5, 5, 4, None, None, 3]
    assert data["matches"][1]["changes"].keys() == {"Ann", "Ben", "Cat"}   # "ann" is Ann
    assert data["matches"][3] == {"rated": False, "n": None, "changes": {}}
    assert data["matches"][5]["changes"]["Ben"] > 0   # "Ben\u200b" (a zero-width space) is Ben
    by_name = {p["name"]: p for p in data["players"]}
    assert by_name["Ann"]["rated_matches"] == 4 and by_name["Ann"]["experience"] == 17
    assert by_name["Dan"]["experience"] == 4 and by_name["Dan"]["provisional"] is True
    ratings = [p["rating"] for p in data["players"]]
    assert ratings == sorted(ratings, reverse=True)


@pytest.mark.parametrize("records,lines", [
    ([ANN_WINS, record([knock("Ann", 12, 30)])],
     ["record 2: hand 1: Ann knocked with 12 deadwood; the knock limit is 10"]),
    ([{"players": ["Ann"]}, ANN_WINS, {**ANN_WINS, "rated": "no"}],
     ["record 1: players: must be a list of two, three or four names", "record 3: rated: must be true or false"]),
    ([record([gin("Ann", 98, "ANN")], players=("Ann", "ANN"))],
     ['record 1: players: "Ann" and "ANN" are the same player']),
])
def test_bad_records_refused_by_index(records, lines):
    code, out, err = run(["-"], stdin=json.dumps(records))
    assert code != 0 and out == "" and "Traceback" not in err
    got = err.strip().splitlines()
    assert len(got) == len(lines) and all(line in g for line, g in zip(lines, got))


def test_bad_json_and_missing_file():
    code, out, err = run(["-"], stdin="[{")
    assert code != 0 and out == "" and "not valid JSON" in err and "Traceback" not in err
    code, out, err = run(["/nonexistent.json"])
    assert code != 0 and "cannot be read" in err and "Traceback" not in err
