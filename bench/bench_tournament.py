"""Tournament benchmarks: prints figures (no assertions).

    .venv/bin/python bench/bench_tournament.py

Engine: pairing a Swiss round for 512 players (goal < 1 s) at several points of
an event, and for 2,000 players with 200 pairing wishes (150 pairs kept apart, 50 fixed
tables) beside the same field without wishes (goal: about 1 s a round), and building a 1,024-entry double-elimination bracket. Database:
creating a 1,024-entry double-elimination event with its matches (goal < 2 s),
in an in-memory SQLite database unless DATABASE_URL says otherwise.
"""
from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ginscore.engine.tournament import Result, Wishes, apart_met, double_elimination, swiss_round  # noqa: E402


def timed(fn):
    start = time.perf_counter()
    value = fn()
    return value, time.perf_counter() - start


def bench_swiss(players: int = 512, rounds: int = 9, wishes: int = 0) -> None:
    rng = random.Random(1)
    field = list(range(1, players + 1))
    apart = [rng.sample(field, 2) for _ in range(wishes * 3 // 4)]
    wished = Wishes.of(apart, dict(zip(rng.sample(field, wishes - len(apart)), range(1, players))))
    label = f"swiss {players} players" + (f", {wishes} wishes" if wishes else "")
    results: list[Result] = []
    worst, worst_cpu, broken = 0.0, 0.0, 0
    for r in range(1, rounds + 1):
        cpu = time.process_time()
        pairings, seconds = timed(lambda: swiss_round(field, results, wishes=wished))
        cpu = time.process_time() - cpu
        worst, worst_cpu = max(worst, seconds), max(worst_cpu, cpu)
        broken += len(apart_met([p.players for p in pairings], wished.apart))
        print(f"{label}, round {r}: paired in {seconds:.3f} s ({cpu:.3f} s of CPU)")
        for p in pairings:
            results.append(Result(p.players, rng.choice(p.players), (rng.randint(0, 300), rng.randint(0, 300))))
    print(f"{label}: slowest round {worst:.3f} s, {worst_cpu:.3f} s of CPU (goal < 1 s)" + (
        f"; pairs kept apart who met: {broken}" if wishes else ""))


def bench_double(entries: int = 1024) -> None:
    bracket, seconds = timed(lambda: double_elimination(list(range(1, entries + 1))))
    print(f"double elimination {entries} entries: {len(bracket.matches)} matches built in {seconds:.3f} s")
    rng = random.Random(2)

    def play():
        while ready := bracket.ready_matches():
            for m in ready:
                bracket.report(m.id, rng.choice(m.players))
    _, seconds = timed(play)
    print(f"double elimination {entries} entries: played through in {seconds:.3f} s")


def bench_database(entries: int = 1024) -> None:
    """Creating a 1,024-entry double-elimination event with its matches, in a
    fresh in-memory SQLite database (DATABASE_URL overrides it)."""
    import os

    import django
    from django.core.management import call_command

    os.environ.setdefault("DATABASE_URL", "sqlite://:memory:")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ginscore.settings")
    django.setup()
    call_command("migrate", verbosity=0)
    from ginscore.engine import MatchLength
    from ginscore.tournaments import services
    from ginscore.tournaments.models import TournamentMatch

    def create():
        t = services.tournament_create(name="Bench double", format="double", length=MatchLength("best_of", 1))
        services.entries_set(tournament=t, names=[f"Bench player {i}" for i in range(1, entries + 1)])
        services.tournament_start(tournament=t)
        return t
    t, seconds = timed(create)
    rows = TournamentMatch.objects.filter(tournament=t)
    print(f"database: double elimination {entries} entries created with {rows.count()} bracket places and "
          f"{rows.filter(match__isnull=False).count()} matches in {seconds:.3f} s (goal < 2 s)")


def main() -> None:
    if sys.argv[1:] == ["wishes"]:   # the 2,000-player Swiss alone, without and with wishes
        bench_swiss(2000, 4)
        bench_swiss(2000, 4, wishes=200)
        return
    bench_swiss()
    bench_swiss(511, 5)
    bench_swiss(2000, 4)
    bench_swiss(2000, 4, wishes=200)
    bench_double()
    bench_database()


if __name__ == "__main__":
    main()
