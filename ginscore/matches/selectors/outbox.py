"""What a table phone's outbox needs to keep taking hands through a network drop."""
from __future__ import annotations

from itertools import combinations

from django.urls import reverse

from ginscore.matches.models import KIND_PARTNERSHIP, KIND_THREE, Match
from ginscore.matches.records import SEAT_LETTERS, Pair, match_names, match_rules, partnership_pair
from ginscore.matches.selectors.head import ScoreHead


def table_outbox(match: Match, head: ScoreHead, table: int | None = None) -> dict:
    """What a table phone's outbox (``static/ginscore/outbox.js``) needs to keep taking hands through
    a network drop: where to send them, the pad as it stands (next hand, dealer, who plays it, the
    game in play) and the match's frozen rules, from which the phone works out each queued hand's
    points. A partnership's ``table`` is the one this phone scores (its next deal is
    ``next_number``); who plays a deal there follows from the deal's number (``deal_pairs``: odd,
    even), and the team points of a deal wait for both tables, so there is no ``game``."""
    names = head.names
    seats = match_names(match)
    now = head.now[0] if len(head.now) == 1 else None
    kind = match.kind
    partnership = kind == KIND_PARTNERSHIP
    seat_of = {name: seat for seat, name in zip(SEAT_LETTERS, seats)}
    if partnership:
        number = next((t.deal for t in head.tables if t.table == table), head.next_number)
        pad, entry = (reverse(f"matches:{view}", args=[match.pk, table]) for view in ("table_pad", "table_hand_new"))
    else:
        number = head.next_number
        pad, entry = (reverse(f"matches:{view}", args=[match.pk]) for view in ("detail", "hand_new"))
    return {
        "match": match.pk, "kind": kind, "names": list(names), "seats": dict(zip(SEAT_LETTERS, seats)),
        "rules": match_rules(match).to_json(), "table": table if partnership else None,
        "send": reverse("matches:hand_send", args=[match.pk]), "pad": pad, "entry": entry,
        "worker": reverse("club:service_worker"), "next_number": number, "revision": match.revision,
        "dealer": seat_of.get(head.next_dealer, ""),
        "deal_pairs": ["".join(partnership_pair(seats, n, table).seats) for n in (1, 2)] if partnership else None,
        "game": None if now is None or partnership else {"n": now.n, "points": list(now.points),
                                                         "target": head.game_target},
    }


def outbox_pairs(match: Match, table: int | None = None) -> list[Pair]:
    """Every two who may play a hand this phone enters (three players: any two; a partnership's
    table: its odd and its even deals'), for the outbox to put the right names on the form of a
    hand after the ones it keeps; none with two players."""
    seats = match_names(match)
    if match.kind == KIND_THREE:
        return [Pair(tuple(SEAT_LETTERS[i] for i in ij), tuple(seats[i] for i in ij))
                for ij in combinations(range(3), 2)]
    if match.kind == KIND_PARTNERSHIP:
        return [partnership_pair(seats, n, table) for n in (1, 2)]
    return []
