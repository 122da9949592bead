"""``{% load money %}``: ``{{ amount|money:club }}`` (two places, the club's sign in front);
``{% money_on as money %}``; ``{% standings_prizes t %}`` (the prizes under the standings, only
when the club plays for money)."""
from decimal import Decimal

from django import template

from ginscore.seasons import selectors
from ginscore.seasons.models import Club

register = template.Library()


@register.filter
def money(value, club=None) -> str:
    if value is None or value == "":
        return ""
    sign = club.currency if isinstance(club, Club) else ""
    return f"{sign}{Decimal(value):,.2f}"


@register.simple_tag
def money_on() -> bool:
    return selectors.money_on()


@register.inclusion_tag("seasons/_prizes.html")
def standings_prizes(t):
    club = Club.get()
    if not club.money:
        return {"show": False}
    money = selectors.night_money(t)
    return {"show": money.configured, "club": club, "money": money, "t": t}
