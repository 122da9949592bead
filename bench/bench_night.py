"""Benchmark: a full tournament night against the site as scripts/run.sh serves it.

Starts the site as scripts/run.sh serves it (run.sh itself: nginx in front of gunicorn, DEBUG off,
static files collected; --direct: gunicorn alone on the port) on loopback with a
throw-away SQLite database in WAL mode, or the PostgreSQL database DATABASE_URL names
(its tables are created and filled; use a scratch database). Builds a Swiss tournament of
T tables plus one match of 100 hands, then for --seconds seconds plays one of two nights.

The realistic night (the default: 512 tables, 1,024 viewers, 8 boards):

- each table (a phone holding its match's table link) loads its pad and saves a hand, on
  average every --save-every seconds (180: a hand every 3 minutes a table);
- each viewer opens one page, at a random moment of the warm-up, and keeps it open the way
  static/ginscore/live.js does: asked for again every --poll-every seconds (1.5) with its ETag,
  answered 304 while nothing changed and with the new page when something did. Half the viewers
  follow a table's pad (the players' phones and onlookers: as live.js, they poll the versions of
  the pad's block of pads, and the pad only when its version there moved), a quarter the round
  page (all T tables), a quarter the standings (2T players). With --players-poll, one of each table's pad
  viewers is its players' phone: it keeps the pad open with the session its table link gave it,
  as a table's phone does between its hands. It polls as live.js does: as a visitor, without its
  cookies, naming the pad's version in each language (the front answers it from the copy it
  shares with the pad's onlookers: the 'player poll' line), and asks for its own pad, with its
  session, only when that version moved (the 'player own poll' line); with the site's
  GINSCORE_LIVE_POLL_SHARED=0 every poll goes with its session, to the site;
- --boards screens on the wall keep the board open the same way.

The stress night (--stress: 128 tables saving a hand every 4 s, 256 viewers, no board): each
viewer opens, in turn, the 100-hand score pad, the round page, the standings and the floor (a
trivial page: the log-in form), one fresh page load every --read-every seconds.

The clients keep to their schedule whatever the server does (a late answer does not delay the
next request beyond its time), so the load offered is the load stated as long as answers come
within the period. The first --warmup seconds are not counted. Prints the load offered, sent
and served, per kind of request: requests/s, p50 and p99, errors (and on the stress night p50/p99
as a ratio to the floor measured in the same run); the board's cost: its polls, and those
answered with a new board (drawn after a hand or a result); the CPU time the server spent per
request served; the load average; whether the night's goals were met. Stops the server by itself.

    .venv/bin/python bench/bench_night.py                                 # realistic: 512 tables, 60 s
    .venv/bin/python bench/bench_night.py --tables 64 --viewers 128 --boards 2 --seconds 20
    .venv/bin/python bench/bench_night.py --stress                        # 128 tables, fresh loads
    DATABASE_URL=postgres://ginscore@127.0.0.1:54400/scratch .venv/bin/python bench/bench_night.py
"""
from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import sys
import time
import urllib.parse
import uuid

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from loopback import (  # noqa: E402
    GOAL_SAVE_P99, Phone, Site, Tally, client_cpu, environment, free_port, gunicorn_shape, live_viewer,
    load_average, loop_name, machine_kernel, machine_speed, percentile, prepare_database, run, site_arguments,
    spread,
)

STRESS_KINDS = ("hand save", "table pad", "pad 100 hands", "round page", "standings", "floor")
LIVE_PAGES = ("pad", "pad", "round", "standings")   # what the realistic night's viewers keep open, in turn
LIVE_KINDS = ("hand save", "table pad") + tuple(
    f"{page} poll" for page in ("player", "player own", "pad", "round", "standings", "board")) + ("board redrawn",)
GOAL_PAD_RATIO = 3.0
GOAL_POLL_P99 = 0.250   # seconds: a live poll, 99 in 100 times
# The two nights' defaults (each option given on the command line wins).
NIGHTS = {"realistic": {"tables": 512, "viewers": 1024, "boards": 8, "save_every": 180.0, "warmup": 10.0},
          "stress": {"tables": 128, "viewers": 256, "boards": 0, "save_every": 4.0, "warmup": 5.0}}


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--stress", action="store_true", help="the stress night: fresh page loads, a hand every 4 s")
    p.add_argument("--tables", type=int)
    p.add_argument("--viewers", type=int)
    p.add_argument("--boards", type=int, help="boards on the wall (realistic night)")
    p.add_argument("--seconds", type=float, default=60, help="measured seconds (after the warm-up)")
    p.add_argument("--warmup", type=float, help="seconds played first and not counted")
    p.add_argument("--save-every", type=float, help="seconds between a table's hands")
    p.add_argument("--poll-every", type=float, default=1.5, help="seconds between a live page's polls (live.js)")
    p.add_argument("--read-every", type=float, default=2.0, help="seconds between a viewer's pages (stress)")
    p.add_argument("--players-poll", action="store_true",
                   help="one of each table's pad viewers is its players' phone, holding its table link's "
                        "session: the 'player poll' and 'player own poll' lines")
    p.add_argument("--outbox", action="store_true",
                   help="the tables' phones send each hand as outbox.js does (the send URL, its entry_key, sent "
                        "again after no answer or a 5xx) instead of posting the pad's form")
    site_arguments(p)
    args = p.parse_args(argv)
    args.night = "stress" if args.stress else "realistic"
    for name, value in NIGHTS[args.night].items():
        if getattr(args, name) is None:
            setattr(args, name, value)
    args.port = args.port or free_port()
    return args


def long_record(hands: int = 100):
    """A Hollywood match of ``hands`` hands that does not end (its target is far away)."""
    from ginscore.engine import record_from_json

    rng = random.Random(5)
    out = []
    for _ in range(hands):
        by, other = rng.sample(["Ann", "Ben"], 2)
        out.append({"end": "knock", "by": by, "deadwood": {by: rng.randint(0, 10), other: rng.randint(11, 40)}})
    return record_from_json({"players": ["Ann", "Ben"], "hands": out,
                             "rules": {"preset": "hollywood", "match_target": 1_000_000}})


def build_night(tables: int) -> dict:
    """The tournament (round 1 open at ``tables`` tables) and a 100-hand match, in the database."""
    prepare_database()
    from ginscore.matches.services import match_import
    from ginscore.tournaments import services
    from ginscore.tournaments.models import TournamentMatch

    t = services.tournament_create(name=f"Bench night {time.strftime('%H:%M:%S')}", format="swiss", rounds=4)
    services.entries_set(tournament=t, names=[f"Player {i:03d}" for i in range(2 * tables)])
    services.tournament_start(tournament=t, shuffle_seed=1)
    rows = list(TournamentMatch.objects.filter(tournament=t).exclude(match=None).select_related("match"))
    long_match = match_import(record=long_record())
    first = rows[0]
    return {
        "tables": [(r.match.pk, r.match.table_token) for r in rows],
        "pad": f"/matches/{long_match.pk}/",
        "round": f"/tournaments/{t.pk}/rounds/{first.stage}/{first.play_round}/",
        "standings": f"/tournaments/{t.pk}/standings/",
        "board": f"/tournaments/{t.pk}/board/",
        "floor": "/accounts/login/",
    }


FIELDS = ("csrfmiddlewaretoken", "number", "revision")


def hand_form(page: str, rng: random.Random) -> dict | None:
    """The pad's hand form filled in with a knock; None when the pad has no form (the match is over)."""
    found = {name: re.search(rf'name="{name}" value="([^"]*)"', page) for name in FIELDS}
    if not all(found.values()):
        return None
    form = {name: m.group(1) for name, m in found.items()}
    form.update({"action": "save", "end": "knock", "by": rng.choice("ab"), "knocker_deadwood": rng.randint(0, 10),
                 "defender_deadwood": rng.randint(11, 30)})
    return form


async def seat_tables(port: int, tables: list, at_once: int = 8) -> list[Phone]:
    """Each table's phone opens its table link (a session is written for it), ``at_once`` at a time,
    before the night's clock starts: tables sit down over the minutes before a round, not all in the
    same instant, and taking their seats is not the night's load."""
    phones = [Phone(port) for _ in tables]
    gate = asyncio.Semaphore(at_once)

    async def seat(phone, token):
        async with gate:
            status, _, _ = await phone.request("GET", f"/matches/table/{token}/")
            if status != 302:
                sys.exit(f"a table link answered {status}")

    await asyncio.gather(*(seat(phone, token) for phone, (_, token) in zip(phones, tables)))
    return phones


# How a phone's outbox (static/ginscore/outbox.js) sends a hand again after no answer or a server's
# failure (5xx): 2 s later, then twice as long each time, at most 30 s apart; it keeps trying after the
# night's clock stops for at most OUTBOX_AFTER seconds (the servers still run).
OUTBOX_FIRST_WAIT, OUTBOX_MOST_WAIT, OUTBOX_AFTER = 2.0, 30.0, 10.0


async def send_hand(tally: Tally, phone: Phone, port: int, match_id: int, form: dict, stop_at: float,
                    kind: str) -> tuple[bool, int]:
    """A hand sent as a phone's outbox sends it (outbox.js, typed with the network): to the send URL
    with its entry_key, the pad's revision and number, ``direct=1``; after no answer or a 5xx, sent
    again (the same entry_key) as the outbox does. Every try is timed under ``kind`` (an error there is
    what the front answered). Returns (whether the phone was told "saved", the tries)."""
    body = urllib.parse.urlencode({**form, "entry_key": str(uuid.uuid4()), "direct": "1"}).encode()
    headers = {"Content-Type": "application/x-www-form-urlencoded", "Accept": "application/json",
               "X-CSRFToken": form["csrfmiddlewaretoken"], "Referer": f"http://127.0.0.1:{port}/matches/{match_id}/"}
    wait, tries = OUTBOX_FIRST_WAIT, 0
    while True:
        tries += 1
        status, _, _ = await tally.timed(kind, phone, "POST", f"/matches/{match_id}/hands/send/", expect=(200,),
                                         body=body, headers=headers)
        if status == 200:
            return True, tries
        if isinstance(status, int) and status < 500 and status not in (408, 429):
            return False, tries   # refused: the outbox shows it to the table
        if time.monotonic() + wait > stop_at + OUTBOX_AFTER:
            return False, tries   # still in the phone's outbox when the night ended
        await asyncio.sleep(wait)
        wait = min(2 * wait, OUTBOX_MOST_WAIT)


async def play_table(tally: Tally, phone: Phone, port: int, match_id: int, rng: random.Random, every: float,
                     start: float, stop_at: float, kinds=("table pad", "hand save"), told=None, outbox=False):
    """A table's phone (holding its table link: ``seat_tables``): on its schedule, loads the pad and saves a
    hand: posts the pad's form, or with ``outbox`` sends it as the phone's outbox does (``send_hand``).
    ``told(match_id, number, revision, when, saved, tries)``, if given, hears of each hand sent: its number,
    the match's revision it makes if kept, whether the phone was told "saved", and after how many tries."""
    pad = f"/matches/{match_id}/"
    async for _ in tally.schedule(rng, every, start, stop_at):
        status, _, html = await tally.timed(kinds[0], phone, "GET", pad)
        if status != 200:
            continue
        form = hand_form(html.decode(), rng)
        if form is None:
            break  # the match is over: this table is done for the night
        if outbox:
            saved, tries = await send_hand(tally, phone, port, match_id, form, stop_at, kinds[1])
        else:
            status, _, _ = await tally.timed(kinds[1], phone, "POST", f"/matches/{match_id}/hands/new/",
                                             expect=(302,), body=urllib.parse.urlencode(form).encode(),
                                             headers={"Content-Type": "application/x-www-form-urlencoded",
                                                      "Referer": f"http://127.0.0.1:{port}{pad}"})
            saved, tries = status == 302, 1
        if told:
            told(match_id, int(form["number"]), int(form["revision"]) + 1, time.monotonic(), saved, tries)
    phone.close()


async def view(tally: Tally, port: int, pages: list, rng: random.Random, every: float, start: float,
               stop_at: float):
    """A viewer: fresh loads of the pages in turn, on its schedule."""
    phone = Phone(port)
    i = rng.randrange(len(pages))
    async for _ in tally.schedule(rng, every, start, stop_at):
        kind, path = pages[i % len(pages)]
        await tally.timed(kind, phone, "GET", path)
        i += 1
    phone.close()


async def night(args, plan, tally_class=Tally, watch=None) -> tuple[Tally, float]:
    """The night played; ``watch`` (bench/rehearsal.py), if given: ``watch.started(tally, stop_at)`` is
    a coroutine played beside the clients, ``watch.told`` hears of the saves (``play_table``) and
    ``watch.seen(i)`` makes the i-th viewer's ``seen`` (``live_viewer``)."""
    seated = await seat_tables(args.port, plan["tables"])
    start = time.monotonic()
    tally = tally_class(warmup_until=start + args.warmup)
    stop_at = tally.warmup_until + args.seconds
    rngs = spread(11, len(plan["tables"]) + args.viewers + args.boards)
    clients = [play_table(tally, phone, args.port, m, rngs.pop(), args.save_every, start, stop_at,
                          told=watch and watch.told, outbox=getattr(args, "outbox", False))
               for phone, (m, _) in zip(seated, plan["tables"])]
    if args.stress:
        pages = [("pad 100 hands", plan["pad"]), ("round page", plan["round"]), ("standings", plan["standings"]),
                 ("floor", plan["floor"])]
        clients += [view(tally, args.port, pages, rngs.pop(), args.read_every, start, stop_at)
                    for _ in range(args.viewers)]
    else:
        kept_open = [live_page(i, plan) for i in range(args.viewers)] + [("board", plan["board"])] * args.boards
        sessions = players_sessions(kept_open, plan, seated) if getattr(args, "players_poll", False) else {}
        clients += [live_viewer(tally, args.port, path, rngs.pop(), args.poll_every, stop_at,
                                opened=f"{'player' if i in sessions else kind} opened",
                                poll=f"{'player' if i in sessions else kind} poll",
                                redrawn="board redrawn" if kind == "board" else None,
                                open_within=args.warmup * 0.8, seen=watch and watch.seen(i, path),
                                cookies=sessions.get(i))
                    for i, (kind, path) in enumerate(kept_open)]
    if watch:
        clients.append(watch.started(tally, stop_at))
    await asyncio.gather(*clients)
    return tally, time.monotonic() - tally.warmup_until


def players_sessions(kept_open: list, plan: dict, seated: list[Phone]) -> dict[int, dict]:
    """{viewer's index: the cookies of its table's phone} for the first viewer of each table's pad:
    that viewer is the players' phone, keeping its pad open with the session its table link gave it."""
    phone_of = {f"/matches/{match_id}/": phone for phone, (match_id, _) in zip(seated, plan["tables"])}
    sessions = {}
    for i, (kind, path) in enumerate(kept_open):
        phone = phone_of.pop(path, None) if kind == "pad" else None
        if phone is not None:
            sessions[i] = dict(phone.cookies)
    return sessions


def live_page(i: int, plan: dict) -> tuple[str, str]:
    """(kind, address) of the realistic night's i-th viewer: a table's pad (its players and
    onlookers), the round page or the standings."""
    kind = LIVE_PAGES[i % len(LIVE_PAGES)]
    if kind == "pad":
        match_id, _ = plan["tables"][(i // len(LIVE_PAGES) * 3 + i) % len(plan["tables"])]
        return kind, f"/matches/{match_id}/"
    return kind, plan[kind]


def report(tally: Tally, elapsed: float, args, database: str, plan: dict, cpu: dict, load: tuple) -> dict:
    stress = args.stress
    floor = tally.times.get("floor")
    f50, f99 = (percentile(floor, 50), percentile(floor, 99)) if floor else (None, None)
    tables = len(plan["tables"])
    print(f"\nginscore night ({args.night}): {tables} tables, {args.viewers} viewers"
          f"{'' if stress else f', {args.boards} boards'}, {elapsed:.0f} s measured (after {args.warmup:g} s warm-up) "
          f"on {database}, {'gunicorn alone' if args.direct else 'nginx in front of'} gunicorn {cpu['workers']}; load average before/after {load[0]} / {load[1]} on "
          f"{os.cpu_count()} cores")
    if stress:
        offered = 2 * tables / args.save_every + args.viewers / args.read_every
        how = f"each viewer a page every {args.read_every:g} s"
    else:
        offered = 2 * tables / args.save_every + (args.viewers + args.boards) / args.poll_every
        how = f"each viewer and board a live poll every {args.poll_every:g} s"
    sent = sum(tally.sent.values())
    served = sum(len(v) for kind, v in tally.times.items() if kind != "board redrawn")
    print(f"offered {offered:.0f} requests/s (each table a pad and a save every {args.save_every:g} s, {how}); "
          f"sent {sent / elapsed:.0f}/s; served {served / elapsed:.0f}/s")
    print(f"{'kind':16} {'served':>7} {'req/s':>7} {'p50':>9} {'p99':>9} {'errors':>7} {'new page':>9}"
          + (f" {'p50/floor':>10} {'p99/floor':>10}" if stress else ""))
    figures = {}
    for kind in STRESS_KINDS if stress else LIVE_KINDS:
        values, errors = tally.times.get(kind, []), tally.errors.get(kind, [])
        if not values:
            print(f"{kind:16} {0:>7} {'':>7} {'':>9} {'':>9} {len(errors):>7}")
            continue
        p50, p99 = percentile(values, 50), percentile(values, 99)
        figures[kind] = (p50, p99)
        answered = sum(tally.statuses[kind].values())
        fresh = f"{100 * tally.statuses[kind].get(200, 0) / answered:>8.0f}%" if kind.endswith("poll") else f"{'':>9}"
        ratio = f" {p50 / f50:>9.1f}x {p99 / f99:>9.1f}x" if stress and f50 else ""
        print(f"{kind:16} {len(values):>7} {len(values) / elapsed:>7.1f} {p50 * 1e3:>7.1f}ms {p99 * 1e3:>7.1f}ms "
              f"{len(errors):>7} {fresh}{ratio}")
    errors = sum(len(v) for v in tally.errors.values())
    print(f"{'all':16} {served:>7} {served / elapsed:>7.1f} {'':>19} {errors:>7}")
    for kind, lines in tally.errors.items():
        for line in lines[:3]:
            print(f"  error ({kind}): {line}")
    late = sorted(tally.lateness)
    print(f"server CPU {cpu['server']:.1f} s, warm-up included ({1e3 * cpu['server'] / max(1, cpu['requests']):.1f} ms "
          f"a request); "
          f"client CPU {cpu['client']:.1f} s ({loop_name()}); client timers late p99 {1e3 * percentile(late, 99):.1f} ms")
    save = figures.get("hand save")
    goals = [("no error", errors == 0),
             (f"hand save p99 under {GOAL_SAVE_P99 * 1e3:.0f} ms", bool(save) and save[1] < GOAL_SAVE_P99)]
    if stress:
        pad = figures.get("pad 100 hands")
        goals.append((f"100-hand pad within {GOAL_PAD_RATIO:g}x the floor (p50 and p99)",
                      bool(pad and f50) and pad[0] / f50 <= GOAL_PAD_RATIO and pad[1] / f99 <= GOAL_PAD_RATIO))
    else:
        polls = [v for kind, v in tally.times.items() if kind.endswith(" poll") for v in v]
        board = figures.get("board redrawn")
        if board:
            print(f"the board's cost: a new board (after a hand or a result) p50 {board[0] * 1e3:.1f} ms, "
                  f"p99 {board[1] * 1e3:.1f} ms; the round page's polls p50 "
                  f"{figures.get('round poll', (0, 0))[0] * 1e3:.1f} ms, p99 {figures.get('round poll', (0, 0))[1] * 1e3:.1f} ms")
        goals.append((f"live polls' p99 under {GOAL_POLL_P99 * 1e3:.0f} ms",
                      bool(polls) and percentile(sorted(polls), 99) < GOAL_POLL_P99))
    print("goals: " + "; ".join(f"{name}: {'met' if ok else 'NOT met'}" for name, ok in goals))
    return {"errors": errors, "figures": figures, "served": served / elapsed}


def main(argv=None):
    args = parse_args(argv)
    env, database, tmp = environment(args.port, args.workers, args.threads)
    plan = build_night(args.tables)
    speed = machine_speed()
    with Site(env, tmp, args.port, front=not args.direct) as site:
        load_before = load_average()
        cpu0, client0 = site.cpu_seconds(), client_cpu()
        tally, elapsed = run(night(args, plan))
        cpu = {"server": site.cpu_seconds() - cpu0, "requests": tally.done, "client": client_cpu() - client0,
               "workers": gunicorn_shape(env)}
        load = (load_before, load_average())
    result = report(tally, elapsed, args, database, plan, cpu, load)
    print(f"server log: {site.tracebacks()} tracebacks ({site.log})")
    print(f"machine speed (loopback.machine_speed, lower is faster): {speed:.2f} s before, "
          f"{machine_speed():.2f} s after; its kernel: {machine_kernel()}")
    return result


if __name__ == "__main__":
    main()
