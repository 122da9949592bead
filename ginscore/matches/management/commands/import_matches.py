"""``python manage.py import_matches FILE``: stores match records (one, or an array).

``-`` reads standard input. Prints the new match ids, one a line. All or
nothing: if any record is bad, nothing is saved, the message naming the
record and the hand goes to standard error and the command exits non-zero.
"""
import sys

from django.core.management.base import BaseCommand

from ginscore.engine import RecordError
from ginscore.matches.management.commands.score import read_json
from ginscore.matches.records_io import ImportRefused, records_import


class Command(BaseCommand):
    help = "Imports match records (one record or a JSON array) and prints the new match ids."

    def add_arguments(self, parser):
        parser.add_argument("file", help="a match record file (or an array of records), or - for standard input")

    def handle(self, *args, file, **options):
        try:
            data = read_json(file)
            matches = records_import(data=data)
        except (RecordError, ImportRefused) as e:
            self.stderr.write(str(e))
            sys.exit(1)
        for match in matches:
            self.stdout.write(str(match.pk))
