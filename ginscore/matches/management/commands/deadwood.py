"""``python manage.py deadwood "AS 2S 3S 7H 7D 7C KD QD JD 5C"``: the best melds and the deadwood.

Ten cards: the melds that leave the least deadwood. Eleven cards: whether they
are a big gin (all eleven melded), or else the discard that leaves the least
deadwood and the melds of the ten kept. The cards may also be given as
separate arguments (``deadwood AS 2S 3S ...``). Bad input prints one line to
standard error and exits 1.
"""
import sys

from django.core.management.base import BaseCommand

from ginscore.engine import CardError, format_cards, parse_cards
from ginscore.engine.melds import Arrangement, best_arrangement, eleven


def describe(arrangement: Arrangement) -> list[str]:
    melds = " | ".join(str(m) for m in arrangement.melds) or "none"
    if arrangement.deadwood == 0:
        dead = "0 (gin)"
    else:
        dead = f"{arrangement.deadwood} ({format_cards(arrangement.deadwood_cards)})"
    return [f"melds: {melds}", f"deadwood: {dead}"]


class Command(BaseCommand):
    requires_system_checks = []  # cards only: no models, no database
    help = "Prints the best melds and the deadwood of 10 cards (11: the discard and whether it is big gin)."

    def add_arguments(self, parser):
        parser.add_argument("cards", nargs="+", help='the cards, like "AS 2S 3S 7H 7D 7C KD QD JD 5C"')

    def handle(self, *args, cards, **options):
        try:
            hand = parse_cards(" ".join(cards))
        except CardError as e:
            self._fail(str(e))
        if len(hand) == 10:
            lines = describe(best_arrangement(hand))
        elif len(hand) == 11:
            found = eleven(hand)
            if found.big_gin:
                lines = ["big gin: yes (all 11 cards melded)", *describe(found.arrangement)[:1]]
            else:
                lines = [f"discard: {found.discard}", "big gin: no", *describe(found.arrangement)]
        else:
            self._fail(f"give 10 cards (11 for the discard and big gin), not {len(hand)}")
        self.stdout.write("\n".join(lines))

    def _fail(self, message: str):
        self.stderr.write(message)
        sys.exit(1)
