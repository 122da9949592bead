"""``manage.py payouts``: the spec's interface and JSON, and one line on stderr for bad input."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.commands import manage

ROOT = Path(__file__).resolve().parents[2]


def run(*args):
    """``manage.py payouts ARGS`` in this process (tests/commands.py)."""
    return manage("payouts", *args)


def run_process(*args):
    """``manage.py payouts ARGS`` in a process of its own, as a shell starts it."""
    proc = subprocess.run([sys.executable, "manage.py", "payouts", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    return proc.returncode, proc.stdout, proc.stderr


def test_the_spec_example():
    code, out, err = run_process("--entrants", "14", "--fee", "20")
    assert (code, err) == (0, "")
    assert json.loads(out) == {
        "format": "ginscore-payouts/1", "pool": "280.00",
        "places": [{"place": 1, "amount": "126.00"}, {"place": 2, "amount": "70.00"},
                   {"place": 3, "amount": "42.00"}, {"place": 4, "amount": "28.00"},
                   {"place": 5, "amount": "14.00"}]}


def test_every_option_together():
    code, out, err = run("--entrants", "14", "--fee", "20", "--added", "40", "--house", "10",
                         "--house-percent", "5", "--unit", "5", "--tie", "3,4", "--tie", "5,6")
    assert code == 0, err
    # 280 + 40 - (10 + 14) = 296: 45/25/15/10/5 -> 130, 70, 40, 25, 10 (rounded to 5s, 21 over to 1st).
    data = json.loads(out)
    assert data["pool"] == "296.00"
    assert [p["amount"] for p in data["places"]] == ["151.00", "70.00", "35.00", "30.00", "5.00", "5.00"]
    assert [p["place"] for p in data["places"]] == [1, 2, 3, 4, 5, 6]


def test_presets():
    assert [p["amount"] for p in json.loads(run("--entrants", "9", "--fee", "10", "--preset", "wta")[1])["places"]] \
        == ["90.00"]
    assert [p["amount"] for p in json.loads(run("--entrants", "9", "--fee", "10", "--split", "60,40")[1])["places"]] \
        == ["54.00", "36.00"]


@pytest.mark.parametrize("args,message", [
    (["--entrants", "14", "--fee", "-5"], "fee: must not be negative"),
    (["--entrants", "14", "--fee", "twenty"], "fee: 'twenty' is not an amount"),
    (["--entrants", "14", "--fee", "20", "--added", "1e999"], "added: must be at most 99,999,999.99"),
    (["--entrants", "0", "--fee", "20"], "entrants: must be from 1 to 10000"),
    (["--entrants", "many", "--fee", "20"], "entrants: 'many' is not a whole number"),
    (["--fee", "20"], "the following arguments are required: --entrants"),
    (["--entrants", "14", "--fee", "20", "--split", "50,30"], "split: the percents add up to 80, not 100"),
    (["--entrants", "14", "--fee", "20", "--tie", "3,15"], "tie 3,15: there is no place 15 with 14 entrants"),
    (["--entrants", "14", "--fee", "20", "--tie", "3,x"], "tie 3,x: give the tied places as whole numbers"),
    (["--entrants", "14", "--fee", "20", "--unit", "0"], "unit: must be more than 0"),
    (["--entrants", "14", "--fee", "20", "--preset", "half"], "preset: 'half' is not a preset"),
    (["--entrants", "14", "--fee", "20", "--preset", "wta", "--split", "60,40"], "give either --preset wta or --split"),
    (["--entrants", "14", "--fee", "20", "--bogus"], "unrecognized arguments: --bogus"),
])
def test_bad_input_is_one_line_on_stderr(args, message):
    code, out, err = run(*args)
    assert code != 0 and out == ""
    assert message in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err
