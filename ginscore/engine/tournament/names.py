"""What a bracket's rounds are called, as a club says them.

A single-elimination bracket counts back from its final: the Final, the
Semi-final before it, the Quarter-final before that, and "Round N" earlier.
Double elimination says whose bracket a round belongs to ("Winners'
semi-final", "Losers' round 2", "Losers' final") and ends in the Grand final
and its replay. The third-place match is the "Third-place match".
"""
from __future__ import annotations

from ginscore.engine.i18n import Text
from ginscore.engine.i18n import gettext_lazy as _

BACK_FROM_FINAL = (_("Final"), _("Semi-final"), _("Quarter-final"))
_WINNERS_BACK_FROM_FINAL = (_("Winners' final"), _("Winners' semi-final"), _("Winners' quarter-final"))


def round_name(section: str, round: int, rounds: int, *, double: bool = False) -> Text:
    """The name of round ``round`` of ``section`` (``rounds`` rounds in that section).

    ``double``: the winners' section belongs to a double-elimination bracket."""
    if section == "third":
        return _("Third-place match")
    if section == "final":
        return _("Grand final") if round == 1 else _("Grand final replay")
    left = rounds - round
    if section == "losers":
        if left == 0 and rounds > 1:
            return _("Losers' final")
        return _("Losers' round %(number)s") % {"number": round}
    if 0 <= left < len(BACK_FROM_FINAL):
        return (_WINNERS_BACK_FROM_FINAL if double else BACK_FROM_FINAL)[left]
    return (_("Winners' round %(number)s") if double else _("Round %(number)s")) % {"number": round}


def match_title(section: str, round: int, number: int, *, rounds: int, in_round: int, double: bool = False) -> Text:
    """One match of a bracket: "Semi-final 2", "Losers' round 3, match 1", "Final".
    ``in_round``: how many matches that round has (a lone match needs no number)."""
    name = round_name(section, round, rounds, double=double)
    if section in ("third", "final") or in_round <= 1:
        return name
    if section == "winners" and round > rounds - len(BACK_FROM_FINAL):
        return _("%(round)s %(number)s") % {"round": name, "number": number}
    return _("%(round)s, match %(number)s") % {"round": name, "number": number}
