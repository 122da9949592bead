"""``python manage.py simulate_tournament --format swiss --players 16 [--rounds R] [--seed S] --json``

Creates a tournament, plays it to the end through the real services with
random hands (one game per match) and prints what happened.
"""
import json

from django.core.management.base import BaseCommand, CommandError

from ginscore.tournaments.simulate import simulate, summary


class Command(BaseCommand):
    help = "Plays a whole tournament with random hands (a rehearsal, and demo data)."

    def add_arguments(self, parser):
        parser.add_argument("--format", required=True, choices=["single", "double", "roundrobin", "swiss"])
        parser.add_argument("--players", type=int, required=True)
        parser.add_argument("--rounds", type=int, help="Swiss: the number of rounds")
        parser.add_argument("--seed", type=int, help="random seed (the same seed plays the same tournament)")
        parser.add_argument("--json", action="store_true", help="print the result as JSON")

    def handle(self, *args, **opts):
        if opts["players"] < 2:
            raise CommandError("--players: a tournament needs at least 2 players")
        if opts["rounds"] is not None and opts["rounds"] < 1:
            raise CommandError("--rounds: at least 1")
        t = simulate(format=opts["format"], players=opts["players"], rounds=opts["rounds"], seed=opts["seed"])
        data = summary(t)
        if opts["json"]:
            self.stdout.write(json.dumps(data))
            return
        self.stdout.write(f"{t.name}: {len(data['rounds'])} rounds, champion {data['champion']}")
        for row in data["standings"]:
            self.stdout.write(f"{row['rank']:>4}  {row['player']:<24} {row['wins']:>3}-{row['losses']:<3} {row['net']:>6}")
