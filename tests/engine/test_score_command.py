"""``manage.py score``: results, arrays, standard input, --pad, and refusals with no traceback."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.commands import manage
from tests.engine.helpers import gin, knock, record

ROOT = Path(__file__).resolve().parents[2]


def run(args, stdin=None):
    """``manage.py score ARGS`` in this process (tests/commands.py)."""
    return manage("score", *args, stdin=stdin)


def run_process(args, stdin=None):
    """``manage.py score ARGS`` in a process of its own, as a shell starts it."""
    proc = subprocess.run([sys.executable, "manage.py", "score", *args], cwd=ROOT, input=stdin,
                          capture_output=True, text=True, timeout=60)
    return proc.returncode, proc.stdout, proc.stderr


@pytest.fixture
def record_file(tmp_path):
    def write(data, name="record.json"):
        path = tmp_path / name
        path.write_text(json.dumps(data) if not isinstance(data, str) else data)
        return str(path)
    return write


def test_scores_a_file(record_file):
    code, out, err = run_process([record_file(record([knock("Ann", 8, 32)], stake="0.05"))])
    assert code == 0 and err == ""
    data = json.loads(out)
    assert data["hands"][0]["points"] == 24 and data["rules"]["preset"] == "standard"


def test_standard_input_and_arrays_with_errors_in_place(record_file):
    good = record([gin("Ann", 10)])
    bad = record([knock("Ann", 12, 30)])
    code, out, err = run(["-"], stdin=json.dumps([good, bad, good]))
    assert code == 1
    data = json.loads(out)
    assert data[0]["hands"][0]["points"] == 35 and data[2]["format"] == "ginscore-result/1"
    assert data[1] == {"error": "record 2: hand 1: Ann knocked with 12 deadwood; the knock limit is 10"}
    assert "Traceback" not in err


@pytest.mark.parametrize("content,message", [
    ("{not json", "not valid JSON"),
    (json.dumps({"players": ["Ann"]}), "players: must be a list of two, three or four names"),
    (json.dumps(record([knock("Ann", 12, 30)])), "hand 1: Ann knocked with 12 deadwood; the knock limit is 10"),
    (json.dumps(record([gin("Ann", 75)] * 3)), "hand 3: the match already ended after hand 2"),
])
def test_bad_records_exit_non_zero_with_one_line(record_file, content, message):
    code, out, err = run([record_file(content)])
    assert code != 0 and out == ""
    assert message in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_missing_file():
    code, out, err = run(["/nonexistent/record.json"])
    assert code != 0 and "cannot be read" in err and "Traceback" not in err


def test_pad_prints_the_score_pad(record_file):
    hands = [knock("Ann", 8, 32), gin("Ben", 41), gin("Ben", 19, end="big_gin")]
    code, out, err = run(["--pad", record_file(record(hands, stake="0.05"))])
    assert code == 0
    assert "Game 1 (Ben won)" in out
    lines = {}
    for line in out.splitlines():  # the first game's rows (game 2 is open beneath it)
        if line.split():
            lines.setdefault(line.split()[0], line.split()[1:])
    assert lines["points"][:2] == ["24", "116"]
    assert lines["total"][:2] == ["49", "266"]
    assert "net 217 to Ben" in out and "Match score: Ann 0, Ben 217" in out
    assert "Next to deal: Ben" in out


def test_pad_for_three_players_and_a_partnership(record_file):
    from tests.engine.test_partnerships import SPEC_DEALS, four
    from tests.engine.test_three_players import WORKED, three
    code, out, err = run(["--pad", record_file(three(WORKED))])
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert "Ben v Cat: net 378 to Cat (with the shutout: Ben won no hand)" in lines
    assert "Match score: Ann 41, Ben 0, Cat 615 (to 500)" in lines
    assert [line.split()[-2] for line in lines if line.startswith("Settlement:")] == ["41", "237", "378"]
    code, out, err = run(["--pad", "-"], stdin=json.dumps([four(SPEC_DEALS), three(WORKED[:1])]))
    assert code == 0 and err == ""
    assert "   2  Ann v Dan: dead    Cat v Ben: Cat 25" in out and "+25 (25)" in out
    assert "Next to deal: Ben (sits out; Ann v Cat play hand 2)" in out


NESTED = "[" * 100_000 + "]" * 100_000
HUGE_INT = '{"format": "ginscore/1", "players": ["Ann", "Ben"], "stake": 1' + "0" * 5000 + "}"


@pytest.mark.parametrize("make, message", [
    (lambda tmp: tmp / "nowhere.json", "nowhere.json: cannot be read (No such file or directory)"),
    (lambda tmp: tmp, ": cannot be read (Is a directory)"),
    (lambda tmp: (tmp / "latin1.json").write_bytes(b'{"players": ["Zo\xeb", "Ben"]}') and tmp / "latin1.json",
     "latin1.json: is not UTF-8 text"),
    (lambda tmp: (tmp / "nested.json").write_text(NESTED) and tmp / "nested.json",
     "nested.json: the JSON is nested too deeply to be a match record"),
    (lambda tmp: (tmp / "digits.json").write_text(HUGE_INT) and tmp / "digits.json",
     "digits.json: holds a number with thousands of digits; no value of a match record is that long"),
])
def test_crafted_or_unreadable_input_gives_one_line_and_no_traceback(tmp_path, make, message):
    code, out, err = run([str(make(tmp_path))])
    assert code == 1 and out == ""
    assert message in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_invalid_utf8_on_standard_input_gives_one_line():
    code, out, err = run(["-"], stdin=b"\xff\xfe{")
    assert code == 1 and err.strip() == "standard input: is not UTF-8 text"
