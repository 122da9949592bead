"""Benchmark: replaying a club's whole rating history.

Builds, in a throw-away SQLite database (or the one DATABASE_URL names), a club of 500 players
and 20,000 rated, finished matches (two players to 500, best of 3 and Hollywood sets; three
players; partnerships), stored as the match services leave them (the caches the ratings read).
Prints, best and median of a few runs:

- the engine alone rating the 20,000 matches (``Ratings.rate``);
- the club's replay from the database (``ginscore.ratings.selectors.replay``: the queries and the
  rating; goal under 1 s);
- the worker's job after a change of the rated history (``services.ratings_replay``: the replay,
  and storing it);
- what a page read costs after a correction: the rating list, a player's page and a match's page,
  read while the replay is pending (the stored ratings, with a note) and once the worker stored it
  (each the first read in this process of the new stored replay: loading it, then the page), then
  served again as kept (a visitor's page under the same version), and the 304;
- a new site's first read, with no replay stored yet (made in the request, in memory).

    .venv/bin/python bench/bench_ratings.py [--matches 20000] [--players 500]
"""
import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
if "DATABASE_URL" not in os.environ:
    os.environ["DATABASE_URL"] = f"sqlite:///{tempfile.mkdtemp()}/bench.sqlite3"
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ginscore.settings")

import django  # noqa: E402

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection, transaction  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402
from django.utils import timezone  # noqa: E402

from ginscore.engine import rules_from  # noqa: E402
from ginscore.engine.ratings import Ratings  # noqa: E402
from ginscore.matches.models import Match  # noqa: E402
from ginscore.players.models import Player  # noqa: E402
from ginscore.ratings import selectors, services  # noqa: E402
from ginscore.ratings.models import RatingsReplay, RatingsVersion, new_stamp, ratings_moved  # noqa: E402

KINDS = [  # (share, seats, preset, length kind, games)
    (0.55, 2, "standard", "target", None),
    (0.15, 2, "standard", "best_of", 3),
    (0.10, 2, "hollywood", "set", None),
    (0.10, 3, "standard", "target", None),
    (0.10, 4, "partnership", "target", None),
]


def build(n_matches: int, n_players: int, rng: random.Random) -> None:
    get_user_model().objects.create_user("director")   # a club set up: its pages, not the first-run one
    players = Player.objects.bulk_create(Player(name=f"Player {i:03d}") for i in range(n_players))
    ids = [p.pk for p in players]
    rules = {preset: rules_from(preset).to_json() for preset in ("standard", "hollywood", "partnership")}
    start = timezone.now() - timedelta(days=365)
    rows = []
    for i in range(n_matches):
        roll, acc = rng.random(), 0.0
        for share, seats, preset, kind, games in KINDS:
            acc += share
            if roll < acc:
                break
        who = rng.sample(ids, seats)
        a, b, c, d = (who + [None, None])[:4]
        winner = rng.choice([a, b] if seats != 3 else who)
        tallies = {}
        if seats == 3:
            tallies = {"pairs": {k: {"net": rng.choice([-200, -50, 0, 50, 300])} for k in ("ab", "ac", "bc")}}
        rows.append(Match(player_a_id=a, player_b_id=b, player_c_id=c, player_d_id=d, preset=preset,
                          rules=rules[preset], length_kind=kind, length_games=games, complete=True,
                          winner_id=winner, tallies=tallies, hand_count=20,
                          finished_at=start + timedelta(minutes=26 * i)))
    with transaction.atomic():
        Match.objects.bulk_create(rows, batch_size=2000)
        ratings_moved()


def best_and_median(times):
    """Wall-clock best and median, and the best CPU time of this process (the machine may be shared)."""
    wall = [w for w, _ in times]
    return (f"best {min(wall) * 1e3:7.1f} ms  median {statistics.median(wall) * 1e3:7.1f} ms  "
            f"(cpu best {min(c for _, c in times) * 1e3:6.1f} ms)")


def timed(fn, repeat):
    times = []
    for _ in range(repeat):
        t, c = time.perf_counter(), time.process_time()
        fn()
        times.append((time.perf_counter() - t, time.process_time() - c))
    return times


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--matches", type=int, default=20_000)
    parser.add_argument("--players", type=int, default=500)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    call_command("migrate", verbosity=0)
    rng = random.Random(25)
    t = time.perf_counter()
    build(args.matches, args.players, rng)
    print(f"club built: {args.players} players, {Match.objects.rated().count():,} rated matches "
          f"({time.perf_counter() - t:.1f} s)")

    club = selectors.replay()
    assert len(club.changes) == args.matches
    with CaptureQueriesContext(connection) as ctx:
        selectors.replay()
    queries = len(ctx.captured_queries)
    matches = _rated_matches()

    def engine_only():
        r = Ratings()
        for m in matches:
            r.rate(m)

    print(f"engine, {len(matches):,} matches:        {best_and_median(timed(engine_only, args.repeat))}")
    print(f"replay from the database ({queries} queries): {best_and_median(timed(selectors.replay, args.repeat))}"
          "   (goal: under 1 s)")

    client = Client()
    busiest = max(club.history, key=lambda p: len(club.history[p]))
    a_match = next(iter(club.changes))   # the first rated match: a correction there replays everything
    pages = {"rating list": "/ratings/", f"a player's page ({len(club.history[busiest])} rated matches)":
             f"/players/{busiest}/", "a match's page": f"/matches/{a_match}/"}

    def job():
        ratings_moved()
        assert services.ratings_replay()

    print(f"the worker's replay job (replay + store): {best_and_median(timed(job, args.repeat))}")
    blob = RatingsReplay.objects.get(pk=1)
    print(f"  stored replay: {len(bytes(blob.data)) / 1e6:.2f} MB compressed; loading it: "
          f"{best_and_median(timed(lambda: selectors.replay_load(bytes(blob.data)), args.repeat))}")

    def read_after(url, stored, repeat):
        """The read of ``url`` after a correction (timed: the read alone), the replay still pending
        or stored by the worker."""
        times = []
        for _ in range(repeat):
            ratings_moved()   # a correction (the replay queued for the worker)
            if stored:
                services.ratings_replay()   # the worker's job, done before the read
            t, c = time.perf_counter(), time.process_time()
            response = client.get(url)
            times.append((time.perf_counter() - t, time.process_time() - c))
            assert response.status_code == 200, (url, response.status_code)
            assert (b"Being brought up to date" in response.content) == (not stored)
        return times

    for name, url in pages.items():
        print(f"{name}, replay pending:      {best_and_median(read_after(url, False, args.repeat))}")
        print(f"{name}, replay stored:       {best_and_median(read_after(url, True, args.repeat))}")
        client.get(url)
        print(f"{name}, again (same version): {best_and_median(timed(lambda: client.get(url), args.repeat * 4))}")
    etag = client.get("/ratings/")["ETag"]
    polled = timed(lambda: client.get("/ratings/", HTTP_IF_NONE_MATCH=etag), args.repeat * 4)
    print(f"rating list, 304 (If-None-Match):   {best_and_median(polled)}")

    def new_site():
        RatingsVersion.objects.filter(pk=1).update(replayed=None, stamp=new_stamp())
        assert client.get("/ratings/").status_code == 200

    print(f"rating list, a new site's first read (replay made in the request): "
          f"{best_and_median(timed(new_site, args.repeat))}")


def _rated_matches():
    """The engine's matches for the stored rows (as the replay builds them), for timing the engine alone."""
    from ginscore.engine.ratings import RatedMatch
    built = []
    original = Ratings.rate

    def keep(self, match: RatedMatch):
        built.append(match)
        return original(self, match)

    Ratings.rate = keep
    try:
        selectors.replay()
    finally:
        Ratings.rate = original
    return built


if __name__ == "__main__":
    main()
