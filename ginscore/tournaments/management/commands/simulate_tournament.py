"""``python manage.py simulate_tournament --format swiss (--players 16 | --names FILE) [--rounds R] [--seed S] --json``

Creates a tournament, plays it to the end through the real services with
random hands (one game per match) and prints what happened. ``--names``
rehearses with the club's real entry list (one name a line, UTF-8, in seed
order), so a director can print the night's sheets with the real names.
"""
import json
from pathlib import Path

from django.core.management.base import CommandError
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ginscore.club.commands import ClubCommand
from ginscore.tournaments.services import TournamentRefused
from ginscore.tournaments.simulate import simulate, summary


class Command(ClubCommand):
    help = "Plays a whole tournament with random hands (a rehearsal, and demo data)."

    def add_arguments(self, parser):
        parser.add_argument("--format", required=True, choices=["single", "double", "roundrobin", "swiss"])
        parser.add_argument("--players", type=int, help="how many players (Player 1, Player 2, ...)")
        parser.add_argument("--names", metavar="FILE", help="the entry list: one name a line (UTF-8), in seed order")
        parser.add_argument("--rounds", type=int, help="Swiss: the number of rounds")
        parser.add_argument("--seed", type=int, help="random seed (the same seed plays the same tournament)")
        parser.add_argument("--json", action="store_true", help="print the result as JSON")

    def handle(self, *args, **opts):
        names = self.names(opts["names"]) if opts["names"] else None
        players = len(names) if names else opts["players"]
        if players is None:
            raise CommandError("--players or --names: " + _("say how many play, or who"))
        if names and opts["players"] is not None and opts["players"] != len(names):
            raise CommandError("--players: " + ngettext("%(players)s, but --names lists %(count)s player",
                                                         "%(players)s, but --names lists %(count)s players", len(names))
                               % {"players": opts["players"], "count": len(names)})
        if players < 2:
            raise CommandError(f"{'--names' if names else '--players'}: " + _("a tournament needs at least 2 players"))
        if opts["rounds"] is not None and opts["rounds"] < 1:
            raise CommandError("--rounds: " + _("at least 1"))
        try:
            t = simulate(format=opts["format"], players=players, rounds=opts["rounds"], seed=opts["seed"],
                         names=names)
        except TournamentRefused as e:
            raise CommandError(f"--names: {e}") from None
        data = summary(t)
        if opts["json"]:
            self.stdout.write(json.dumps(data))
            return
        rounds = len(data["rounds"])
        self.stdout.write(ngettext("%(name)s (tournament %(pk)s): %(rounds)s round, champion %(champion)s",
                                   "%(name)s (tournament %(pk)s): %(rounds)s rounds, champion %(champion)s", rounds)
                          % {"name": t.name, "pk": t.pk, "rounds": rounds, "champion": data["champion"]})
        self.stdout.write(_("Print its sheets: manage.py sheet standings %(pk)s -o standings.pdf (also round, tables "
                            "and, for brackets, bracket)") % {"pk": t.pk})
        for row in data["standings"]:
            self.stdout.write(f"{row['rank']:>4}  {row['player']:<24} {row['wins']:>3}-{row['losses']:<3} {row['net']:>6}")

    @staticmethod
    def names(path: str) -> list[str]:
        """The names in ``path``, one a line, blank lines skipped."""
        try:
            text = Path(path).read_text(encoding="utf-8-sig")
        except OSError as e:
            raise CommandError("--names: " + _("cannot read %(path)s: %(reason)s") % {"path": path, "reason": e.strerror}
                               ) from None
        except UnicodeDecodeError:
            raise CommandError("--names: " + _("%(path)s is not UTF-8 text") % {"path": path}) from None
        return [line.strip() for line in text.splitlines() if line.strip()]
