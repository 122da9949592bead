"""The rehearsal command plays whole tournaments through the real services."""
import json
from collections import Counter
from io import StringIO

import pytest
from django.core.management import call_command

pytestmark = pytest.mark.django_db


def run(*args):
    out = StringIO()
    call_command("simulate_tournament", *args, "--json", "--in-this-database", stdout=out)
    return json.loads(out.getvalue())


def played(data):
    return [p for rnd in data["rounds"] for p in rnd if len(p["players"]) == 2]


def check_rounds(data):
    for rnd in data["rounds"]:
        seated = [x for p in rnd for x in p["players"]]
        assert len(seated) == len(set(seated))
        for p in rnd:
            assert p["winner"] in p["players"]
        tables = [p["table"] for p in rnd if len(p["players"]) == 2]
        assert len(tables) == len(set(tables))


@pytest.mark.parametrize("n", [2, 5, 8])
def test_single(n):
    data = run("--format", "single", "--players", str(n), "--seed", "1")
    assert set(data) == {"tournament", "format", "rounds", "standings", "champion"}
    assert data["format"] == "single"
    check_rounds(data)
    assert len(played(data)) == n - 1
    losers = Counter(x for p in played(data) for x in p["players"] if x != p["winner"])
    assert data["champion"] not in losers and len(losers) == n - 1
    assert data["standings"][0] == {**data["standings"][0], "rank": 1, "player": data["champion"]}
    assert set(data["standings"][0]) == {"rank", "player", "wins", "losses", "net"}
    wins = Counter(p["winner"] for p in played(data))
    assert all(r["wins"] == wins[r["player"]] for r in data["standings"])   # a bracket bye is no win


@pytest.mark.parametrize("n", [3, 6])
def test_double(n):
    data = run("--format", "double", "--players", str(n), "--seed", "2")
    check_rounds(data)
    losses = Counter(x for p in played(data) for x in p["players"] if x != p["winner"])
    assert losses[data["champion"]] <= 1
    assert all(c == 2 for name, c in losses.items() if name != data["champion"])
    assert len(losses) == n - (losses[data["champion"]] == 0)


def test_round_robin():
    data = run("--format", "roundrobin", "--players", "5", "--seed", "3")
    check_rounds(data)
    pairs = Counter(frozenset(p["players"]) for p in played(data))
    assert len(pairs) == 10 and set(pairs.values()) == {1}
    byes = [p["players"][0] for rnd in data["rounds"] for p in rnd if len(p["players"]) == 1]
    assert sorted(byes) == sorted(r["player"] for r in data["standings"])
    assert data["champion"] == data["standings"][0]["player"]
    assert sum(r["wins"] for r in data["standings"]) == 10 + 5   # each match one win, each bye one


def test_swiss():
    data = run("--format", "swiss", "--players", "9", "--rounds", "4", "--seed", "4")
    check_rounds(data)
    assert len(data["rounds"]) == 4
    pairs = [frozenset(p["players"]) for p in played(data)]
    assert len(pairs) == len(set(pairs))
    byes = [p["players"][0] for rnd in data["rounds"] for p in rnd if len(p["players"]) == 1]
    assert len(byes) == 4 == len(set(byes))
    nets = sum(r["net"] for r in data["standings"])
    assert nets == 0


LIECHTENSTEIN = "Maximilian Alexander Friedrich von und zu Liechtenstein-Habsburg"   # 64 characters
HUNDRED = "Anne-Sophie Marie-Élisabeth Ødegård-Łukasiewicz de la Côte-Saint-André Villeneuve-lès-Avignon Zoélie"


def test_names_of_up_to_100_characters_enter_a_rehearsal_whole(tmp_path):
    from ginscore.players.models import Player
    from ginscore.players.names import NAME_MAX

    assert len(LIECHTENSTEIN) == 64 and len(HUNDRED) == NAME_MAX == 100
    entries = tmp_path / "entries.txt"
    entries.write_text(f"{LIECHTENSTEIN}\n{HUNDRED}\nAnn\nBo\n", encoding="utf-8")
    data = run("--format", "single", "--names", str(entries), "--seed", "1")
    assert {r["player"] for r in data["standings"]} == {LIECHTENSTEIN, HUNDRED, "Ann", "Bo"}
    assert Player.objects.filter(name__in=[LIECHTENSTEIN, HUNDRED]).count() == 2


@pytest.mark.parametrize("bad", ["x" * 101, "Nul\x00Name"])
def test_a_refused_entry_list_leaves_nothing_behind(tmp_path, bad):
    """The command fails on one name it cannot take, naming it, and no tournament, entry, match or
    player of the list is left in the club's records (it used to leave an empty tournament)."""
    from django.core.management.base import CommandError

    from ginscore.matches.models import Match
    from ginscore.players.models import Player
    from ginscore.tournaments.models import Entry, Tournament

    entries = tmp_path / "entries.txt"
    entries.write_text(f"{LIECHTENSTEIN}\nAnn\n{bad}\nBo\n", encoding="utf-8")
    with pytest.raises(CommandError, match="--names: "):
        run("--format", "swiss", "--names", str(entries))
    assert (Tournament.objects.count(), Entry.objects.count(), Match.objects.count(), Player.objects.count()) == \
        (0, 0, 0, 0)


def test_a_rehearsal_failing_midway_leaves_nothing_behind(monkeypatch):
    from ginscore.matches.models import Match
    from ginscore.tournaments import simulate as rehearsal
    from ginscore.tournaments.models import Tournament

    played = []

    def broken(match_id, rng):
        played.append(match_id)
        if len(played) == 3:
            raise RuntimeError("the power went out")
        real(match_id, rng)

    real = rehearsal.play_match
    monkeypatch.setattr(rehearsal, "play_match", broken)
    with pytest.raises(RuntimeError):
        rehearsal.simulate(format="single", players=8, seed=2)
    assert len(played) == 3 and Tournament.objects.count() == 0 and Match.objects.count() == 0
