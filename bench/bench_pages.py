"""Benchmark: server time of the table-side pages as a match grows.

Builds matches of 10, 100 and 500 hands in a throw-away SQLite database (or the
one DATABASE_URL names) and prints the median time and size of the score pad,
the hand-entry page and the home page, and the SQL queries each costs.

    .venv/bin/python bench/bench_pages.py
    GINSCORE_BENCH_LANGUAGE=fr .venv/bin/python bench/bench_pages.py   (the pages a French phone gets)
"""
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
if "DATABASE_URL" not in os.environ:
    os.environ["DATABASE_URL"] = f"sqlite:///{tempfile.mkdtemp()}/bench.sqlite3"
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ginscore.settings")

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

from ginscore.engine import MatchScorer, record_from_json, rules_from  # noqa: E402
from ginscore.matches.services import match_import  # noqa: E402


def long_match(n: int, rng: random.Random):
    """A Hollywood match of ``n`` hands that does not end (its target is far away)."""
    rules = rules_from({"preset": "hollywood", "match_target": 1_000_000})
    scorer = MatchScorer(rules, ("Ann", "Ben"))
    hands = []
    while len(hands) < n:
        by = rng.choice(["Ann", "Ben"])
        other = "Ben" if by == "Ann" else "Ann"
        hand = {"end": "knock", "by": by, "deadwood": {by: rng.randint(1, 10), other: rng.randint(0, 50)}}
        hands.append(hand)
    record = record_from_json({"players": ["Ann", "Ben"], "rules": rules.to_record(), "hands": hands})
    for h in record.hands:
        scorer.play(h)
    return match_import(record=record)


def timed(client, url, repeat=15):
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        response = client.get(url)
        times.append(time.perf_counter() - t0)
    with CaptureQueriesContext(connection) as ctx:
        client.get(url)
    body = b"".join(response.streaming_content) if response.streaming else response.content
    return statistics.median(times), len(body), len(ctx.captured_queries)


def main():
    call_command("migrate", verbosity=0)
    rng = random.Random(3)
    # The browser's language (the pages, and the PDF in the club's language either way).
    client = Client(HTTP_ACCEPT_LANGUAGE=os.environ.get("GINSCORE_BENCH_LANGUAGE", "en"))
    print(f"load average {os.getloadavg()[0]:.2f}, pages in {os.environ.get('GINSCORE_BENCH_LANGUAGE', 'en')}")
    print(f"{'page':28} {'hands':>6} {'median':>9} {'size':>9} {'queries':>8}")
    for n in (10, 100, 500):
        match = long_match(n, rng)
        for label, url in (("score pad", f"/matches/{match.pk}/"),
                           ("match sheet PDF", f"/sheets/matches/{match.pk}.pdf"),
                           ("home", "/")):
            t, size, queries = timed(client, url, 5 if "PDF" in label else 15)
            print(f"{label:28} {n:>6} {t * 1e3:>7.1f}ms {size / 1024:>7.0f}KB {queries:>8}")


if __name__ == "__main__":
    main()
