"""``python manage.py simulate_tournament --format swiss (--players 16 | --names FILE) [--rounds R] [--seed S]
[--sheets FOLDER] [--json]``

Creates a tournament, plays it to the end through the real services with
random hands (one game per match) and prints what happened. ``--names``
rehearses with the club's real entry list (one name a line, UTF-8, in seed
order); ``--sheets`` prints the rehearsal's sheets (each round's pairings and
table sheets, the standings) on the club's paper, so a director sees the
night's paper with the real names.

A rehearsal never touches the club's records or ratings: it plays in a scratch
database (a fresh SQLite file, migrated, thrown away at the end) unless
``--in-this-database`` says otherwise (tests, demo data).
"""
import json
from io import StringIO
from pathlib import Path

from django.core.management import call_command

from django.core.management.base import CommandError
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ginscore.club import setup
from ginscore.club.commands import ClubCommand
from ginscore.club.scratch import scratch_database
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
        parser.add_argument("--sheets", metavar="FOLDER",
                            help="print the rehearsal's sheets into FOLDER (pairings, table sheets, standings)")
        parser.add_argument("--in-this-database", action="store_true",
                            help="play in the configured database, not a scratch one: its players, matches and "
                                 "ratings stay (tests and demo data only, never a club's own)")

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
        paper, language, site = setup.paper(), setup.language(), setup.site_url()   # the club's, read first
        if opts["in_this_database"]:
            self.rehearse(opts, players, names, paper=paper, language=language, site=site)
            return
        with scratch_database():
            self.rehearse(opts, players, names, paper=paper, language=language, site=site)
        if not opts["json"]:
            self.stdout.write(_("Played in a scratch database, now thrown away: the club's players, matches and "
                                "ratings are as they were."))

    def rehearse(self, opts, players, names, *, paper, language, site):
        try:
            t = simulate(format=opts["format"], players=players, rounds=opts["rounds"], seed=opts["seed"],
                         names=names)
        except TournamentRefused as e:
            raise CommandError(f"--names: {e}") from None
        data = summary(t)
        if opts["sheets"]:
            self.print_sheets(t, data, Path(opts["sheets"]), paper=paper, language=language, site=site,
                              quiet=opts["json"])
        if opts["json"]:
            self.stdout.write(json.dumps(data))
            return
        rounds = len(data["rounds"])
        self.stdout.write(ngettext("%(name)s (tournament %(pk)s): %(rounds)s round, champion %(champion)s",
                                   "%(name)s (tournament %(pk)s): %(rounds)s rounds, champion %(champion)s", rounds)
                          % {"name": t.name, "pk": t.pk, "rounds": rounds, "champion": data["champion"]})
        if opts["in_this_database"]:
            self.stdout.write(_("Print its sheets: manage.py sheet standings %(pk)s -o standings.pdf (also round, "
                                "tables and, for brackets, bracket)") % {"pk": t.pk})
        for row in data["standings"]:
            self.stdout.write(f"{row['rank']:>4}  {row['player']:<24} {row['wins']:>3}-{row['losses']:<3} {row['net']:>6}")

    def print_sheets(self, t, data, folder: Path, *, paper: str, language: str, site: str, quiet: bool) -> None:
        """Each round's pairings and table sheets and the standings, as ``manage.py sheet`` prints them."""
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise CommandError("--sheets: " + _("cannot write %(path)s: %(reason)s")
                               % {"path": folder, "reason": e.strerror}) from None
        common = ["--paper", paper, "--language", language]
        written = []
        for number in range(1, len(data["rounds"]) + 1):
            stage = ["--stage", "1"] if t.format == "groups" else []
            call_command("sheet", "round", str(t.pk), "--round", str(number), *stage, *common,
                         "-o", str(folder / f"round-{number}.pdf"), stdout=StringIO())
            written.append(f"round-{number}.pdf")
            if site:
                call_command("sheet", "tables", str(t.pk), "--round", str(number), "--site", site, *stage, *common,
                             "-o", str(folder / f"tables-{number}.pdf"), stdout=StringIO())
                written.append(f"tables-{number}.pdf")
        call_command("sheet", "standings", str(t.pk), *common, "-o", str(folder / "standings.pdf"), stdout=StringIO())
        written.append("standings.pdf")
        if not quiet:
            self.stdout.write(_("Sheets in %(folder)s: %(files)s") % {"folder": folder, "files": ", ".join(written)})
            if not site:
                self.stdout.write(_("No table sheets: the club's address (club settings) is not set, and their QR "
                                    "codes need it."))

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
