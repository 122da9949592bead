"""``python manage.py deadwood "AS 2S 3S 7H 7D 7C KD QD JD 5C"``: the best melds and the deadwood.

Ten cards: the melds that leave the least deadwood. Eleven cards: whether they
are a big gin (all eleven melded), or else the discard that leaves the least
deadwood and the melds of the ten kept. The cards may also be given as
separate arguments (``deadwood AS 2S 3S ...``). Bad input prints one line to
standard error and exits 1.

``--rules PRESET`` melds by that game's rules: ``--rules sequence`` melds runs
only and prints Sequence Gin's bonus; under ``skarney`` and ``colonel`` every
card held counts (any number of cards), so it prints the count.
"""
import sys

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ginscore.club.commands import ClubCommand
from ginscore.engine import PRESETS, CardError, format_cards, parse_cards, rules_from
from ginscore.engine.melds import Arrangement, best_arrangement, eleven, melds_bonus


def describe(arrangement: Arrangement) -> list[str]:
    melds = " | ".join(str(m) for m in arrangement.melds) or _("none")
    if arrangement.deadwood == 0:
        dead = _("0 (gin)")
    else:
        dead = f"{arrangement.deadwood} ({format_cards(arrangement.deadwood_cards)})"
    return [_("melds: %(melds)s") % {"melds": melds}, _("deadwood: %(deadwood)s") % {"deadwood": dead}]


class Command(ClubCommand):
    requires_system_checks = []  # cards only: no models, no database
    help = gettext_lazy("Prints the best melds and the deadwood of 10 cards (11: the discard and whether it is big "
                        "gin).")

    def add_arguments(self, parser):
        parser.add_argument("cards", nargs="+", help=gettext_lazy('the cards, like "AS 2S 3S 7H 7D 7C KD QD JD 5C"'))
        parser.add_argument("--rules", default="standard", choices=list(PRESETS),
                            help=gettext_lazy("meld and count by this preset's game (default: standard)"))

    def handle(self, *args, cards, rules="standard", **options):
        rules = rules_from(rules)
        try:
            hand = parse_cards(" ".join(cards))
        except CardError as e:
            self._fail(str(e))
        if rules.counts_cards_held:
            count = sum(rules.card_value(c) for c in hand)
            self.stdout.write(_("count: %(count)s (in %(game)s every card still held counts)")
                              % {"count": count, "game": rules.game_name})
            return
        how = rules.meld_rules
        if len(hand) == 10:
            arrangement = best_arrangement(hand, how)
            lines = describe(arrangement)
        elif len(hand) == 11:
            found = eleven(hand, how)
            arrangement = found.arrangement
            if found.big_gin:
                lines = [_("big gin: yes (all 11 cards melded)"), *describe(arrangement)[:1]]
            else:
                lines = [_("discard: %(card)s") % {"card": found.discard}, _("big gin: no"), *describe(arrangement)]
        else:
            self._fail(_("give 10 cards (11 for the discard and big gin), not %(count)s") % {"count": len(hand)})
        if rules.sequence_bonus:
            lines.append(_("bonus: %(bonus)s (to the hand's winner)") % {"bonus": melds_bonus(arrangement.melds)})
        self.stdout.write("\n".join(lines))

    def _fail(self, message: str):
        self.stderr.write(message)
        sys.exit(1)
