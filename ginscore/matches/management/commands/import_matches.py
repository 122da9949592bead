"""``python manage.py import_matches FILE``: stores match records (one, or an array).

``-`` reads standard input. Prints the new match ids, one a line. All or
nothing: if any record is bad, nothing is saved, the message naming the
record and the hand goes to standard error and the command exits non-zero.
A file of any size is taken: every record is checked first, then written a
few thousand hands a transaction (``records_import``), so the club's
phones keep saving hands meanwhile; progress goes to standard error.
A record already stored (the same players, rules and hands) is refused the
same way, naming the stored match; ``--again`` imports it anyway.
"""
import sys

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from ginscore.club.commands import ClubCommand
from ginscore.engine import RecordError
from ginscore.matches.bounds import grouped
from ginscore.matches.management.commands.score import read_json
from ginscore.matches.records_io import AlreadyThere, ImportRefused, records_import


class Command(ClubCommand):
    help = gettext_lazy("Imports match records (one record or a JSON array) and prints the new match ids.")

    def add_arguments(self, parser):
        parser.add_argument("file", help=gettext_lazy("a match record file (or an array of records), or - for "
                                                      "standard input"))
        parser.add_argument("--again", action="store_true",
                            help=gettext_lazy("import records that are already stored anyway (a second copy)"))

    def handle(self, *args, file, again=False, **options):
        try:
            data = read_json(file)
            matches = records_import(data=data, again=again, capped=False, progress=self._progress)
        except AlreadyThere as e:
            self.stderr.write(_("Nothing was imported: %(where)s. Add --again to import it anyway.") % {"where": e})
            sys.exit(1)
        except (RecordError, ImportRefused) as e:
            self.stderr.write(str(e))
            sys.exit(1)
        for match in matches:
            self.stdout.write(str(match.pk))
        if matches.already:
            self.stderr.write(ngettext("%(count)s record was already here and was not added again.",
                                       "%(count)s records were already here and were not added again.",
                                       len(matches.already)) % {"count": len(matches.already)})

    def _progress(self, done: int, total: int) -> None:
        if total > 1:
            self.stderr.write(_("%(done)s of %(total)s records written") % {"done": grouped(done), "total": grouped(total)})
