"""The director's rulings on a hand (seed 000, "Irregular Hands" and "Illegal Knock"), in words.

A hand's rulings are stored by seat letter (``Hand.rulings``) and written by player name in
the record (``records.entry_to_json``); these helpers read the record's shape, so the pad,
the preview and the history say the same thing.
"""
from __future__ import annotations

from typing import Any, Mapping

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

RULING_MARK = "R"  # the pad's mark beside a hand that carries a ruling

# Each ruling with the seed's own sentence (seed 000), shown as the field's help (translated where shown).
SEED_MISSING = gettext_noop("“A player with too few cards is penalized 10 points for each missing card, and is not "
                "eligible for a gin or undercut bonus.”")
SEED_EXTRA = gettext_noop("“If a player has too many cards, there is no point penalty, but the offender may not claim an "
              "undercut bonus, and may not win the hand.”")
SEED_NO_BONUS = gettext_noop("“…or to permit the offender to pick up his hand, in which case the offender is not "
                 "entitled to an undercut or gin bonus for that hand.”")
SEED_KNOCK_ACCEPTED = gettext_noop("“If the knocker’s hand is illegal only with respect to the count of his unmatched "
                       "cards, his opponent may accept the illegal knock as legal (and undercut it).”")


def ruling_phrases(hand: Mapping[str, Any] | None) -> list[str]:
    """The rulings of a hand as the record writes it (player names), one phrase each:
    "Ben was short of 1 card (+10 to his count, no bonus)"."""
    if not hand:
        return []
    out = []
    for name, n in (hand.get("missing_cards") or {}).items():
        out.append(ngettext("%(name)s was short of %(n)s card (+%(points)s to the count, no bonus)",
                            "%(name)s was short of %(n)s cards (+%(points)s to the count, no bonus)", n)
                   % {"name": name, "n": n, "points": 10 * n})
    for name in hand.get("extra_cards") or ():
        out.append(_("%(name)s held too many cards (cannot win the hand)") % {"name": name})
    for name in hand.get("no_bonus") or ():
        out.append(_("%(name)s earns no gin or undercut bonus") % {"name": name})
    if hand.get("knock_accepted"):
        out.append(_("the defender accepted a knock over the limit"))
    return out


def rulings_text(hand: Mapping[str, Any] | None) -> str:
    """"Ruling: Ben was short of 1 card (+10 to the count, no bonus)"; "" when there is none."""
    phrases = ruling_phrases(hand)
    if not phrases:
        return ""
    return ngettext("Ruling: %(phrases)s", "Rulings: %(phrases)s", len(phrases)) % {"phrases": _("; ").join(phrases)}
