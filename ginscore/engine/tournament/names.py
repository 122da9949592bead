"""What a bracket's rounds are called, as a club says them.

A single-elimination bracket counts back from its final: the Final, the
Semi-final before it, the Quarter-final before that, and "Round N" earlier.
Double elimination says whose bracket a round belongs to ("Winners'
semi-final", "Losers' round 2", "Losers' final") and ends in the Grand final
and its replay. The third-place match is the "Third-place match".
"""
from __future__ import annotations

BACK_FROM_FINAL = ("Final", "Semi-final", "Quarter-final")


def round_name(section: str, round: int, rounds: int, *, double: bool = False) -> str:
    """The name of round ``round`` of ``section`` (``rounds`` rounds in that section).

    ``double``: the winners' section belongs to a double-elimination bracket."""
    if section == "third":
        return "Third-place match"
    if section == "final":
        return "Grand final" if round == 1 else "Grand final replay"
    left = rounds - round
    if section == "losers":
        return "Losers' final" if left == 0 and rounds > 1 else f"Losers' round {round}"
    name = BACK_FROM_FINAL[left] if 0 <= left < len(BACK_FROM_FINAL) else f"Round {round}"
    if double:
        return "Winners' " + (name.lower() if left < len(BACK_FROM_FINAL) else f"round {round}")
    return name


def match_title(section: str, round: int, number: int, *, rounds: int, in_round: int, double: bool = False) -> str:
    """One match of a bracket: "Semi-final 2", "Losers' round 3, match 1", "Final".
    ``in_round``: how many matches that round has (a lone match needs no number)."""
    name = round_name(section, round, rounds, double=double)
    if section in ("third", "final") or in_round <= 1:
        return name
    if section == "winners" and round > rounds - len(BACK_FROM_FINAL):
        return f"{name} {number}"
    return f"{name}, match {number}"
