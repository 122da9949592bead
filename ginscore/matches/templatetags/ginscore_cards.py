"""``{% hand_play line as play %}``: the cards of a hand on the pad (None unless it was entered as cards).

``line`` is a ``HandLine`` of the page's ``pad``: it carries the stored hand, so
showing the cards costs no query.
"""
from django import template

from ginscore.matches.card_views import stored_play

register = template.Library()


@register.simple_tag(takes_context=True)
def hand_play(context, line):
    pad = context["pad"]
    hand = pad.result.hands[line.n - 1] if line.n <= len(pad.result.hands) else None
    if hand is not None and hasattr(hand, "tables"):  # a partnership deal: this line's table
        hand = hand.tables[line.table - 1]
    detail = hand.detail if hand is not None else None
    if not detail or line.entry is None:
        return None
    return stored_play(line.entry, detail, line.pair or pad.names)
