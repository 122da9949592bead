"""What every ``manage.py`` command of ginscore shares.

``ClubCommand`` reads its help (``help`` and each argument's ``help``, marked with
``gettext_lazy`` so they are read in the club's language when the parser is built) as plain
text: argparse wraps help text with a regular expression, which a lazy translation is not, so
``--help`` would end in a traceback.
"""
from django.core.management.base import BaseCommand


class ClubCommand(BaseCommand):
    def create_parser(self, prog_name, subcommand, **kwargs):
        parser = super().create_parser(prog_name, subcommand, **kwargs)
        parser.description = str(self.help) if self.help else None   # (read in the club's language)
        for action in parser._actions:
            if action.help is not None:
                action.help = str(action.help)
        return parser
