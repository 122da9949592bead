"""``manage.py payouts``: the spec's payout table for a field, as JSON (a director's preview).

manage.py payouts --entrants 14 --fee 20 [--added 0] [--house 0] [--house-percent 0]
                  [--unit 1] [--preset auto|wta] [--split 50,30,20] [--tie 3,4] ...

Bad input gets one line on standard error and exit status 1 (2 for an unknown
option), never a traceback. The messages and the help are in the club's language
(``GINSCORE_LANGUAGE``); the JSON is the spec's whatever the language.
"""
import json
import re
import sys

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ginscore.club.commands import ClubCommand
from ginscore.engine.errors import MoneyError
from ginscore.engine.payouts import PrizeRules, parse_entrants, payouts


# argparse's own refusals (it speaks only English), read in the club's language.
ARGPARSE = (
    (re.compile(r"the following arguments are required: (?P<options>.+)"),
     gettext_lazy("the following arguments are required: %(options)s")),
    (re.compile(r"unrecognized arguments: (?P<options>.+)"), gettext_lazy("unrecognized arguments: %(options)s")),
    (re.compile(r"argument (?P<options>\S+): expected one argument"),
     gettext_lazy("argument %(options)s: expected one argument")),
)


def one_line_error(message):
    """argparse's usage-plus-error, as one line on standard error."""
    for pattern, said in ARGPARSE:
        if found := pattern.fullmatch(message):
            message = said % {"options": found["options"]}
            break
    sys.stderr.write(f"payouts: {message}\n")
    sys.exit(2)


def parse_tie(text: str) -> tuple[int, ...]:
    try:
        return tuple(int(p) for p in text.split(","))
    except ValueError:
        raise MoneyError(_("tie %(tie)s: give the tied places as whole numbers, like 3,4") % {"tie": text[:40]}) from None


class Command(ClubCommand):
    help = gettext_lazy("Prints the prize pool and each paid place's amount for a field, as JSON.")
    requires_system_checks = []   # a quick preview: nothing of the site is checked or read

    def create_parser(self, prog_name, subcommand, **kwargs):
        parser = super().create_parser(prog_name, subcommand, **kwargs)
        parser.error = one_line_error
        return parser

    def add_arguments(self, parser):
        parser.add_argument("--entrants", required=True, help=_("how many players entered"))
        parser.add_argument("--fee", default="0", help=_("the entry fee"))
        parser.add_argument("--added", default="0", help=_("money the club adds to the pool"))
        parser.add_argument("--house", default="0", help=_("a fixed amount the house keeps"))
        parser.add_argument("--house-percent", default="0", help=_("a percent of the entry fees the house keeps"))
        parser.add_argument("--unit", default="1", help=_("the smallest amount paid (0.01 pays cents)"))
        parser.add_argument("--preset", default=None, help=_("auto (by the size of the field) or wta"))
        parser.add_argument("--split", default=None, help=_("a custom split, 1st first, adding up to 100: 50,30,20"))
        parser.add_argument("--tie", action="append", default=[], help=_("tied places, like 3,4 (repeatable)"))

    def handle(self, *args, entrants, fee, added, house, house_percent, unit, preset, split, tie, **options):
        try:
            if split is not None and preset not in (None, "custom"):
                raise MoneyError(_("preset: give either --preset %(preset)s or --split, not both") % {"preset": preset})
            if preset is not None and preset not in ("auto", "wta", "custom"):
                raise MoneyError(_("preset: %(preset)s is not a preset; use auto or wta (or --split)")
                                 % {"preset": repr(preset[:40])})
            if preset == "custom" and split is None:
                raise MoneyError(_("split: the custom preset needs --split, like --split 50,30,20"))
            rules = PrizeRules(fee=fee, added=added, house_fixed=house, house_percent=house_percent, unit=unit,
                               preset="custom" if split is not None else (preset or "auto"), split=split or ())
            result = payouts(parse_entrants(entrants), rules, [parse_tie(t) for t in tie])
        except MoneyError as e:
            sys.stderr.write(f"payouts: {e}\n")
            sys.exit(1)
        self.stdout.write(json.dumps(result.to_json()))
