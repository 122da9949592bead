"""Benchmark: the season table's PDF of a big season, as its page's "Print" asks for it.

Builds, in a throw-away SQLite database (or the one DATABASE_URL names), a season of ``--events``
tournaments played to the end through the real services (single elimination, one game a match,
``--entries`` players each, drawn from a club of ``--players``), then prints, best and median of a
few runs, what ``/seasons/<pk>/season.pdf`` costs: the season's table read from the database
(``season_view`` and ``season_rows``), the PDF drawn (``build_season_sheet``), and the whole
request as it was, drawing the PDF (goal: under 1 s); and, since a big season's table is a background
job, the request that starts it and the job itself.

    .venv/bin/python bench/bench_season.py [--events 52] [--entries 32] [--players 300]
"""
import argparse
import os
import random
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
os.environ.setdefault("GINSCORE_TASKS", "immediate")   # the events' own background work done as they play

import django  # noqa: E402

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import override_settings  # noqa: E402
from django.utils import timezone  # noqa: E402

from ginscore.seasons import selectors, tasks  # noqa: E402
from ginscore.seasons.models import Season  # noqa: E402
from ginscore.sheets.season import build_season_sheet  # noqa: E402
from ginscore.tournaments.simulate import simulate  # noqa: E402

sys.path.insert(0, str(ROOT / "bench"))
from bench_ratings import best_and_median  # noqa: E402
from bench_ratings import timed as timings  # noqa: E402


def timed(fn, repeat) -> str:
    return best_and_median(timings(fn, repeat))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--events", type=int, default=52, help="tournaments in the season (default 52: weekly)")
    parser.add_argument("--entries", type=int, default=32, help="players in each (default 32)")
    parser.add_argument("--players", type=int, default=300, help="the club's players they are drawn from")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    call_command("migrate", verbosity=0)
    get_user_model().objects.create_user("director")   # a club set up: its pages, not the first-run one
    rng = random.Random(52)
    club = [f"Joueuse-Éléonore {i:03d} de la Côte" for i in range(args.players)]
    started = time.perf_counter()
    for n in range(args.events):
        simulate(format="single", players=args.entries, seed=n, names=rng.sample(club, args.entries))
    today = timezone.localdate()
    season = Season.objects.create(name="Saison 2026", starts=today - timedelta(days=1), ends=today + timedelta(days=1))
    view = selectors.season_view(season)
    rows = selectors.season_rows(view)
    print(f"season built: {len(view.events)} events of {args.entries}, "
          f"{len(rows['ranked']) + len(rows['unranked'])} players in its table ({time.perf_counter() - started:.0f} s)")
    print(f"the table from the database:  {timed(lambda: selectors.season_rows(selectors.season_view(season)), args.repeat)}")
    pdf = build_season_sheet(season, rows, "a4")
    print(f"the PDF drawn ({len(pdf) / 1024:.0f} KiB):      {timed(lambda: build_season_sheet(season, rows, 'a4'), args.repeat)}")
    client = Client()
    url = f"/seasons/{season.pk}/season.pdf"

    def in_the_request():
        response = client.get(url)
        assert response.status_code == 200 and b"".join(response.streaming_content).startswith(b"%PDF")

    tasks.SEASON_CELLS_IN_REQUEST, kept = 10 ** 9, tasks.SEASON_CELLS_IN_REQUEST
    print(f"the request drawing it (before): {timed(in_the_request, args.repeat)}   (goal: under 1 s)")
    tasks.SEASON_CELLS_IN_REQUEST = kept
    cells = selectors.season_cells(season)
    print(f"its size: {cells:,} cells (players x events); drawn in the request up to {tasks.SEASON_CELLS_IN_REQUEST:,}")
    client.force_login(get_user_model().objects.get(username="director"))
    jobs = []

    def starting_the_job():
        response = client.get(url)
        assert response.status_code == 302 and response["Location"].startswith("/jobs/")
        jobs.append(response["Location"].split("/")[2])

    tasks.SEASON_CELLS_IN_REQUEST = min(kept, cells - 1)   # (a smaller season than the default: a job all the same)
    with override_settings(TASKS={"default": {"BACKEND": "django_tasks_db.DatabaseBackend",
                                              "QUEUES": ["default", "push"]}}):
        print(f"the request now (a job started): {timed(starting_the_job, args.repeat)}")
    tasks.SEASON_CELLS_IN_REQUEST = kept
    print(f"the job in the worker:        {timed(lambda: tasks.season_sheet_job.call(jobs.pop()), args.repeat)}")


if __name__ == "__main__":
    main()
