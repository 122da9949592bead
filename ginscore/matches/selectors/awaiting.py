"""Both players agree: the hands that do not count yet, as one viewer of the pad sees them."""
from __future__ import annotations

from dataclasses import dataclass

from ginscore.club.roles import is_director
from ginscore.matches import agreement
from ginscore.matches.models import Hand, Match
from ginscore.matches.records import HandEntry, match_names
from ginscore.matches.selectors.match import hands_awaiting, match_hands
from ginscore.matches.selectors.words import record_hand_text


@dataclass(frozen=True)
class AwaitingLine:
    """A hand that does not count yet, as one viewer of the pad sees it."""

    hand: Hand
    version: str
    text: str
    entrant: str  # who entered it (a player, an account); "" for the table's phone
    sides: tuple[tuple[str, str], ...]  # (seat, name) who may still answer for it (with their own code)
    own: str  # the seat the viewer proves without a code (their account, their personal link), if it may answer
    settle: bool  # the viewer is a director
    confirmed: tuple[str, ...] = ()  # the names that have confirmed it so far

    @property
    def on_table_phone(self) -> bool:
        return not self.entrant


def awaiting_lines(match: Match, user, via: str | None, held: tuple[str, ...] = ()) -> list[AwaitingLine]:
    """The hands of ``match`` awaiting confirmation or settlement, with what ``user`` (scoring
    ``via`` an account, a table link, or None; holding the personal links of the seats ``held``)
    may do; one query (three players: one more for who played each hand), none unless the match
    is in a tournament where both players agree."""
    place = getattr(match, "tournament_match", None)
    if place is None or not place.tournament.agree:
        return []
    names = dict(zip(match.seat_letters, match_names(match)))
    director = is_director(user)
    mine = [s for s in ((agreement.account_side(match, user) if via == "account" else None), *held) if s]
    rows = hands_awaiting(match)
    # Three players: who played a hand follows from the hands before it, read once for them all.
    entries = [HandEntry.of(h) for h in match_hands(match)] if rows and len(names) == 3 else None
    lines = []
    for hand in rows:
        entrant = agreement.entrant_side(match, hand)
        if entrant:
            by = names[entrant]
        elif hand.entered_by_id and hand.entered_via == "account":
            by = hand.entered_by.get_username()
        else:
            by = ""
        entered_here = via == "account" and hand.entered_via == "account" and hand.entered_by_id == user.pk
        open_sides = [] if director or via is None or entered_here else agreement.confirm_sides(match, hand)
        own = next((s for s in mine if s in open_sides), "")
        text = record_hand_text(agreement.hand_json(match, hand, entries))
        lines.append(AwaitingLine(hand, agreement.hand_version(hand), text, by,
                                  tuple((s, names[s]) for s in open_sides), own, director,
                                  tuple(names[s] for s in hand.confirmed_sides if s in names)))
    return lines
