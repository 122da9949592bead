"""Print a sheet to a PDF file.

    python manage.py sheet pad --style {standard,hollywood,oklahoma} [--paper {letter,a4}] [--players A B] -o FILE
    python manage.py sheet pad --table three [--players A B C] -o FILE   (the dealer sits out)
    python manage.py sheet pad --style partnership [--players A B C D] [--teams AC BD] -o FILE
    python manage.py sheet match ID -o FILE
    python manage.py sheet bracket TOURNAMENT -o FILE
    python manage.py sheet tables TOURNAMENT --round R [--stage S] [--site URL] -o FILE   (refused without a site)
    python manage.py sheet round TOURNAMENT --round R -o FILE
    python manage.py sheet standings TOURNAMENT -o FILE

Every sheet prints in the club's language (GINSCORE_LANGUAGE), or in --language fr.
"""
from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

from django.core.management.base import CommandError
from django.http import Http404
from django.utils import translation
from django.utils.translation import gettext as _

from ginscore.club import setup
from ginscore.club.commands import ClubCommand
from ginscore.club.site import site_url
from ginscore.sheets import selectors
from ginscore.sheets.bracket import build_bracket
from ginscore.sheets.common import languages, sheet_language
from ginscore.sheets.data import PAD_STYLES, Pad
from ginscore.sheets.match_sheet import build_match_sheet
from ginscore.sheets.pads import build_pad
from ginscore.sheets.tournament import build_round_sheet, build_standings, build_table_sheets


class Command(ClubCommand):
    help = "Prints a score pad, a match sheet or a tournament's paperwork to a PDF file."

    def add_arguments(self, parser):
        kinds = parser.add_subparsers(dest="kind", required=True, metavar="{pad,match,bracket,tables,round,standings}")

        def kind(name, help_text):
            sub = kinds.add_parser(name, help=help_text)
            sub.add_argument("-o", "--output", required=True, metavar="FILE", help="where to write the PDF")
            sub.add_argument("--paper", choices=["letter", "a4"], default=None,
                             help="the paper (default: the club's, from its settings page)")
            sub.add_argument("--language", metavar="LANG", default=None,
                             help=f"the sheet's language: {', '.join(languages())} "
                                  "(default: the club's)")
            return sub

        pad = kind("pad", "blank score pads")
        pad.add_argument("--style", choices=PAD_STYLES, default="standard")
        pad.add_argument("--table", choices=["two", "three", "partnership"],
                         help="the players at the table (default: two; four in two teams for --style partnership)")
        pad.add_argument("--players", nargs="+", metavar="NAME",
                         help="the players' names, printed in (a partnership: A B C D, teams A & C and B & D)")
        pad.add_argument("--teams", nargs=2, metavar=("AC", "BD"), help="a partnership's team names")
        pad.add_argument("--per-page", type=int, choices=[1, 2], default=1, help="pads per page")
        pad.add_argument("--pages", type=int, default=1)
        pad.add_argument("--no-rules", action="store_true", help="leave the rules summary out of the footer")
        kind("match", "a match's filled sheet").add_argument("id", type=int, help="the match's number")
        for name, text in (("bracket", "a tournament's bracket"), ("standings", "a tournament's standings")):
            kind(name, text).add_argument("tournament", type=int, help="the tournament's number")
        for name, text in (("tables", "one score sheet per table of a round"), ("round", "a round's pairings")):
            sub = kind(name, text)
            sub.add_argument("tournament", type=int, help="the tournament's number")
            sub.add_argument("--round", type=int, required=True, metavar="R")
            sub.add_argument("--stage", type=int, help="two-stage events: 1 or 2 (default: the stage being played)")
            if name == "tables":
                sub.add_argument("--site", default=None,
                                 help="the site's address the players' phones open, for the table links' QR codes "
                                      "(default: the GINSCORE_SITE_URL setting; without either the sheets are refused)")

    def handle(self, *args, **opts):
        with translation.override(setup.language()):  # a command speaks the club's language
            try:
                language = sheet_language(opts.get("language"))
            except ValueError as e:
                raise CommandError(f"--{e}") from None  # "--language: must be one of en, fr, not "de""
        with translation.override(language):  # the sheet and this command's messages
            self.print_sheet({**opts, "language": language})

    def print_sheet(self, opts) -> None:
        try:
            pdf = self.build(opts)
        except Http404 as e:
            raise CommandError(str(e) or _("not found")) from None
        except ValueError as e:
            raise CommandError(str(e)) from None
        out = Path(opts["output"])
        try:
            out.write_bytes(pdf)
        except OSError as e:
            raise CommandError(_("output: cannot write %(file)s: %(reason)s") % {"file": out, "reason": e.strerror}
                               ) from None
        self.stdout.write(_("Wrote %(file)s (%(size)s KiB).") % {"file": out, "size": len(pdf) // 1024 + 1})

    def site(self, given: str | None) -> str:
        """The address the QR codes point at: --site, else the configured one; refused when there is
        none (a phone cannot open a laptop's localhost), and said loudly when it is a local address."""
        site = (given or site_url()).rstrip("/")
        if not site:
            raise CommandError(_("site: the table sheets' QR codes need the address the players' phones open: "
                                 "give --site https://your-club.example or set GINSCORE_SITE_URL"))
        if not site.startswith(("http://", "https://")):
            raise CommandError(_('site: "%(site)s" is not an address (it starts with http:// or https://)')
                               % {"site": site})
        host = urlsplit(site).hostname or ""
        if host in ("localhost", "127.0.0.1", "::1", "0.0.0.0") or host.endswith(".localhost"):
            self.stderr.write(self.style.WARNING(
                _("WARNING: the QR codes point at %(site)s, which only this computer can open; the players' "
                  "phones cannot. Give --site with the club's address to print sheets for the room.")
                % {"site": site}))
        return site

    def build(self, opts) -> bytes:
        kind, paper, language = opts["kind"], setup.paper(opts["paper"]), opts["language"]
        if kind == "pad":
            players = tuple(opts["players"]) if opts["players"] else None
            teams = tuple(opts["teams"]) if opts["teams"] else None
            return build_pad(Pad(style=opts["style"], paper=paper, players=players, per_page=opts["per_page"],
                                 pages=opts["pages"], rules_footer=not opts["no_rules"], table=opts["table"] or "",
                                 teams=teams), language=language)
        if kind == "match":
            try:
                return build_match_sheet(selectors.match_sheet_data(pk=opts["id"], paper=paper), language=language)
            except Http404:
                raise CommandError(_("match: there is no match number %(n)s") % {"n": opts["id"]}) from None
        pk = opts["tournament"]
        try:
            if kind == "bracket":
                return build_bracket(selectors.bracket_data(pk=pk, paper=paper), language=language)
            if kind == "standings":
                return build_standings(selectors.standings_data(pk=pk, paper=paper), language=language)
            if kind == "round":
                return build_round_sheet(selectors.round_sheet_data(pk=pk, number=opts["round"],
                                                                    stage=opts["stage"], paper=paper),
                                         language=language)
            site = self.site(opts["site"])
            sheets = selectors.table_sheets_data(pk=pk, number=opts["round"], stage=opts["stage"],
                                                 link=lambda path: site + path)
            return build_table_sheets(sheets, paper, language=language)
        except selectors.NoSuchRound as e:
            raise CommandError(str(e)) from None
        except Http404:
            raise CommandError(_("tournament: there is no tournament number %(n)s") % {"n": pk}) from None
