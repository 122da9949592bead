"""Benchmark: the server CPU each kind of request of bench_night.py costs, in one process.

Builds bench_night.py's tournament (T tables and a 100-hand match) in a throw-away SQLite
database (or the one DATABASE_URL names), plays --hands hands at every table, then serves
each kind --requests times through Django's test client and prints the CPU time per request
(the mean, and the median, which a busy moment of a shared machine moves less) and the queries
of one. A page whose version moves with every hand saved (the round page while
the tables play; the standings and the 100-hand pad when nothing was kept) is measured with a
hand saved elsewhere before each request, that hand not counted; "a result since" finishes a
match at another table before each request, "a hand since" adds a hand to the 100-hand match,
and "drawn" forgets the pages kept (only those) before each request. Unlike bench_night.py it
needs no server and is steady on a busy machine: use it to compare two versions of the code.

    .venv/bin/python bench/bench_kinds.py
    .venv/bin/python bench/bench_kinds.py --tables 128 --hands 6 --requests 40
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
import uuid

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from loopback import environment  # noqa: E402


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--tables", type=int, default=128)
    p.add_argument("--hands", type=int, default=6, help="hands played at every table first")
    p.add_argument("--requests", type=int, default=40, help="requests measured per kind")
    p.add_argument("--only", default="", help="measure only the kinds whose name holds one of these words "
                                              "(comma-separated, e.g. 'pad,save')")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    environment(0)
    import bench_night

    plan = bench_night.build_night(args.tables)
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from ginscore.club import live
    from ginscore.matches import services
    from ginscore.matches.models import Match
    from ginscore.matches.records import HandEntry

    rng = random.Random(3)
    tables = [mid for mid, _ in plan["tables"]]

    def play(mid) -> bool:
        """A knock at table ``mid``; False once its match is over."""
        n = Match.objects.get(pk=mid).hand_count + 1
        entry = HandEntry("knock", rng.choice("ab"), rng.randint(0, 10), rng.randint(11, 30))
        try:
            services.hand_add(match_id=mid, entry=entry, expected_number=n)
        except services.HandRefused:
            return False
        return True

    for mid in tables:
        for _ in range(args.hands):
            if not play(mid):
                break
    elsewhere = iter(tables * 100)

    def hand_elsewhere(_):
        while not play(next(elsewhere)):
            pass

    def forget_drawn(_):
        live.forget_drawn()

    open_tables = iter(reversed(tables))   # the phones score the first tables: results come from the last

    def result_elsewhere(_):
        """A match finished at another table (gins until it is over): the standings move."""
        for mid in open_tables:
            match = Match.objects.get(pk=mid)
            if match.complete:
                continue
            while not match.complete:
                services.hand_add(match_id=mid, entry=HandEntry("gin", "a", None, 30),
                                  expected_number=match.hand_count + 1)
                match.refresh_from_db()
            return

    long_match = int(plan["pad"].strip("/").rsplit("/", 1)[1])

    def hand_at_the_long_match(_):
        services.hand_add(match_id=long_match, entry=HandEntry("knock", rng.choice("ab"), 5, 20),
                          expected_number=Match.objects.get(pk=long_match).hand_count + 1)

    visitor = Client()
    phones = []
    for mid, token in plan["tables"][:args.requests]:
        phone = Client()
        phone.get(f"/matches/table/{token}/")
        phones.append((mid, phone))

    def table_pad(i):
        mid, phone = phones[i % len(phones)]
        return phone.get(f"/matches/{mid}/")

    watched = f"/matches/{plan['tables'][-1][0]}/"
    watched_etag = visitor.get(watched)["ETag"]
    own_etags = [phone.get(f"/matches/{mid}/")["ETag"] for mid, phone in phones]

    def player_poll(i):
        """The table's phone keeping its own pad open (live.js, with its table link's session)."""
        mid, phone = phones[i % len(phones)]
        return phone.get(f"/matches/{mid}/", HTTP_IF_NONE_MATCH=own_etags[i % len(phones)], HTTP_X_LIVE="1")

    kinds = [  # (kind, request i, what comes first and is not counted)
        ("table pad", table_pad, None),
        # A viewer's poll of a table's pad that did not change (live.js; what the front asks the site
        # again each second for the pads it keeps): answered 304.
        ("pad poll, nothing new (304)", lambda i: visitor.get(watched, HTTP_IF_NONE_MATCH=watched_etag,
                                                              HTTP_X_LIVE="1"), None),
        # The same, asked by the table's own phone (a session: the front never answers it from its copy).
        ("player's pad poll, nothing new (304)", player_poll, None),
        ("round page, a hand saved since", lambda i: visitor.get(plan["round"]), hand_elsewhere),
        ("round page, kept", lambda i: visitor.get(plan["round"]), None),
        ("board, a hand saved since", lambda i: visitor.get(plan["board"]), hand_elsewhere),
        ("board, kept", lambda i: visitor.get(plan["board"]), None),
        ("board, a result since", lambda i: visitor.get(plan["board"]), result_elsewhere),
        ("standings, a result since", lambda i: visitor.get(plan["standings"]), result_elsewhere),
        ("standings, drawn", lambda i: visitor.get(plan["standings"]), forget_drawn),
        ("standings, kept", lambda i: visitor.get(plan["standings"]), None),
        ("100-hand pad, a hand since", lambda i: visitor.get(plan["pad"]), hand_at_the_long_match),
        ("100-hand pad, drawn", lambda i: visitor.get(plan["pad"]), forget_drawn),
        ("100-hand pad, kept", lambda i: visitor.get(plan["pad"]), None),
        ("floor", lambda i: visitor.get(plan["floor"]), None),
    ]
    print(f"ginscore kinds: {args.tables} tables, {args.hands} hands each, {args.requests} requests a kind, "
          f"{connection.vendor}")
    print(f"{'kind':32} {'CPU/request':>12} {'median':>9} {'queries':>8}")
    only = [w for w in args.only.split(",") if w]
    kinds = [k for k in kinds if not only or any(w in k[0] for w in only)]
    for kind, request, first in kinds:
        request(0)
        spent = []
        for i in range(args.requests):
            if first:
                first(i)
            t0 = time.process_time()
            response = request(i)
            spent.append(time.process_time() - t0)
            assert response.status_code == (304 if "304" in kind else 200), (kind, response.status_code)
        if first:
            first(0)
        with CaptureQueriesContext(connection) as queries:
            request(1)
        print(f"{kind:32} {sum(spent) / len(spent) * 1e3:>9.2f} ms {statistics.median(spent) * 1e3:>6.2f} ms "
              f"{len(queries.captured_queries):>8}")

    # A hand saved from a table's pad: the form as the phone got it, then the POST alone is counted.
    if only and not any(w in "hand save" for w in only):
        return
    _time_saves("hand save", phones, rng, args.requests, 302,
                lambda phone, mid, form: phone.post(f"/matches/{mid}/hands/new/", form))
    # The same hand sent as a phone's outbox sends it (bench_night.py --outbox, the rehearsal's phones):
    # the send URL with its entry_key, answered in JSON.
    _time_saves("hand sent (outbox)", phones, rng, args.requests, 200,
                lambda phone, mid, form: phone.post(
                    f"/matches/{mid}/hands/send/", {**form, "entry_key": str(uuid.uuid4()), "direct": "1"},
                    HTTP_ACCEPT="application/json", HTTP_X_CSRFTOKEN=form["csrfmiddlewaretoken"]))


def _time_saves(kind, phones, rng, requests, status, post):
    """``post(phone, match_id, form)`` timed (CPU) on ``requests`` hands, each form as the phone
    got it from its pad; prints the mean, the median and the first save's queries."""
    import bench_night
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    spent, counted = [], None
    for i in range(requests):
        mid, phone = phones[i % len(phones)]
        form = bench_night.hand_form(phone.get(f"/matches/{mid}/").content.decode(), rng)
        if form is None:
            continue
        with CaptureQueriesContext(connection) as queries:
            t0 = time.process_time()
            response = post(phone, mid, form)
            spent.append(time.process_time() - t0)
        assert response.status_code == status, (kind, response.status_code, response.content[:200])
        counted = counted or len(queries.captured_queries)
    print(f"{kind:32} {sum(spent) / max(1, len(spent)) * 1e3:>9.2f} ms "
          f"{statistics.median(spent or [0]) * 1e3:>6.2f} ms {counted:>8}")


if __name__ == "__main__":
    main()
