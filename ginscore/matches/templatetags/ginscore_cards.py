"""``{% hand_play n as play %}``: the cards of hand ``n`` on the pad (None unless it was entered as cards).

Reads ``pad`` and ``match`` from the page's context. The cards of all the
match's card hands come in one query, kept on the request, so a pad costs
the same number of queries however many hands show their cards.
"""
from django import template

from ginscore.matches.card_views import stored_play
from ginscore.matches.models import Hand
from ginscore.matches.records import HandEntry

register = template.Library()


@register.simple_tag(takes_context=True)
def hand_play(context, n):
    pad, match = context["pad"], context["match"]
    detail = pad.result.hands[n - 1].detail
    if not detail:
        return None
    entry = _card_entries(context.get("request"), match).get(n)
    return stored_play(entry, detail, pad.names) if entry else None


def _card_entries(request, match) -> dict[int, HandEntry]:
    cache = getattr(request, "_ginscore_card_hands", None) if request is not None else None
    if cache is None or cache[0] != (match.pk, match.revision):
        rows = Hand.objects.filter(match=match, cards__isnull=False).order_by("number")
        cache = ((match.pk, match.revision), {h.number: HandEntry.of(h) for h in rows})
        if request is not None:
            request._ginscore_card_hands = cache
    return cache[1]
