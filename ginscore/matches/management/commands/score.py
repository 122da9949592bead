"""``python manage.py score RECORD.json``: the spec's result for a match record.

``-`` reads standard input; a JSON array of records gives an array of results
with ``{"error": ...}`` for each record that could not be scored. ``--pad``
prints the score pad as plain text instead. Nothing is written anywhere.
"""
import json
import sys

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ginscore.club.commands import ClubCommand
from ginscore.engine import RecordError, record_from_json, result_to_json, score_match
from ginscore.engine.records import parse_json_text
from ginscore.engine.pad_text import render_pad


def read_json(path: str, stdin=None):
    """The parsed JSON of a file (or ``-``: standard input); ``RecordError`` says why not."""
    try:
        if path == "-":
            stream = stdin or sys.stdin
            text = stream.buffer.read() if hasattr(stream, "buffer") else stream.read()
        else:
            with open(path, "rb") as f:
                text = f.read()
    except OSError as e:
        raise RecordError(_("%(file)s: cannot be read (%(why)s)") % {"file": path, "why": e.strerror or e}) from None
    except UnicodeDecodeError:
        raise RecordError(_("%(file)s: is not UTF-8 text") % {"file": path}) from None
    return parse_json_text(text, _("standard input") if path == "-" else path)


class Command(ClubCommand):
    help = gettext_lazy("Scores a match record (or an array of records) and prints the result as JSON.")

    def add_arguments(self, parser):
        parser.add_argument("record", help=gettext_lazy("a match record file, or - for standard input"))
        parser.add_argument("--pad", action="store_true", help=gettext_lazy("print the score pad as a plain-text table"))

    def handle(self, *args, record, pad, **options):
        try:
            data = read_json(record, self.stdin if hasattr(self, "stdin") else None)
        except RecordError as e:
            self._fail(str(e))
        if isinstance(data, list):
            outputs, failed = [], False
            for i, item in enumerate(data, 1):
                try:
                    outputs.append(score_match(record_from_json(item)))
                except RecordError as e:
                    failed = True
                    message = _("record %(i)s: %(problem)s") % {"i": i, "problem": e}
                    outputs.append({"error": message})
                    self.stderr.write(message)
            if pad:
                self.stdout.write("\n".join(
                    _("error: %(problem)s") % {"problem": o["error"]} + "\n" if isinstance(o, dict) else render_pad(o) for o in outputs), ending="")
            else:
                self.stdout.write(json.dumps(
                    [o if isinstance(o, dict) else result_to_json(o) for o in outputs], indent=2))
            if failed:
                sys.exit(1)
            return
        try:
            result = score_match(record_from_json(data))
        except RecordError as e:
            self._fail(str(e))
        self.stdout.write(render_pad(result) if pad else json.dumps(result_to_json(result), indent=2),
                          ending="" if pad else "\n")

    def _fail(self, message: str):
        self.stderr.write(message)
        sys.exit(1)
