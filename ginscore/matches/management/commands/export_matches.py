"""``python manage.py export_matches [--match ID ...] [-o FILE]``: an array of match records.

Without ``--match``, every match, oldest first; with it, those matches by id; with ``--finished``,
the finished matches in the order they finished, those the club rating leaves out marked
``"rated": false`` (``manage.py ratings`` then gives the site's ratings). Writes to standard
output, or to FILE with ``-o``, a batch of matches at a time (any club's history).
"""
import sys

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ginscore.club.commands import ClubCommand
from ginscore.matches.models import Match
from ginscore.matches.records_io import records_dumps, records_export_finished, records_stream


class Command(ClubCommand):
    help = gettext_lazy("Exports matches as a JSON array of match records (the spec's ginscore/1 format).")

    def add_arguments(self, parser):
        parser.add_argument("--match", type=int, action="append", dest="ids", metavar="ID",
                            help=gettext_lazy("a match id; repeat for several (default: every match)"))
        parser.add_argument("--finished", action="store_true",
                            help=gettext_lazy("the finished matches in the order they finished (what manage.py "
                                              "ratings reads)"))
        parser.add_argument("-o", "--output", metavar="FILE",
                            help=gettext_lazy("write to FILE instead of standard output"))

    def handle(self, *args, ids, output, finished=False, **options):
        if finished:
            pieces = [records_dumps(records_export_finished())]
        else:
            matches = Match.objects.order_by("created_at", "id")
            if ids:
                found = set(Match.objects.filter(pk__in=ids).values_list("pk", flat=True))
                missing = [i for i in ids if i not in found]
                if missing:
                    self.stderr.write(_("--match: there is no match %(id)s") % {"id": missing[0]})
                    sys.exit(1)
                matches = Match.objects.filter(pk__in=ids).order_by("pk")
            pieces = records_stream(matches=matches)   # a batch of matches at a time: any club's history
        if output:
            try:
                with open(output, "w", encoding="utf-8") as f:
                    f.writelines(pieces)
            except OSError as e:
                self.stderr.write(_("%(file)s: cannot be written (%(why)s)") % {"file": output, "why": e.strerror or e})
                sys.exit(1)
        else:
            for piece in pieces:
                self.stdout.write(piece, ending="")
