"""``python manage.py ratings FILE``: the club rating (``club-ratings.md``) of match records.

FILE (``-``: standard input) holds a JSON array of match records in the order the matches
finished. Prints the spec's ``ginscore-ratings/1`` document: everyone's rating, experience and
rated matches, and what each record did to each rating. A record that ``score`` refuses (or
whose names the club could not keep) is refused the same way, naming its index: one line each
on standard error, nothing on standard output, exit status 1. The messages and the help are in
the club's language (``GINSCORE_LANGUAGE``); the JSON is the spec's whatever the language.
"""
import json
import sys

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ginscore.club.commands import ClubCommand
from ginscore.engine import RecordError
from ginscore.matches.management.commands.score import read_json
from ginscore.ratings.records import RatingsRefused, ratings_of_records


class Command(ClubCommand):
    help = gettext_lazy("Rates match records (a JSON array, in the order the matches finished) and prints the "
                        "ratings as JSON.")

    def add_arguments(self, parser):
        parser.add_argument("file", help=_("a JSON array of match records, or - for standard input"))

    def handle(self, *args, file, **options):
        try:
            data = read_json(file, self.stdin if hasattr(self, "stdin") else None)
            out = ratings_of_records(data)
        except RecordError as e:
            self._fail([str(e)])
        except RatingsRefused as e:
            self._fail(e.problems)
        self.stdout.write(json.dumps(out, indent=2))

    def _fail(self, lines):
        for line in lines:
            self.stderr.write(line)
        sys.exit(1)
