"""``{% load ratings %}``: a rating and a change as the rating pages write them, in the reader's
language ("1522.36" / "1 522,36"; "+4.47" / "+4,47")."""
from decimal import ROUND_HALF_EVEN, Decimal

from django import template
from django.utils.formats import number_format
from django.utils.translation import get_language

register = template.Library()

CENT = Decimal("0.01")
# English rating lists write a rating whole, "1515.60" (as chess and backgammon lists do); the other
# languages group its thousands their way ("1 515,60").
UNGROUPED = {"en"}


def rating_number(value, places: int = 2) -> str:
    """A rating (or a point of its scale) to ``places`` places (rounded as "%.2f" does), in the
    reader's language."""
    grouped = (get_language() or "en").split("-")[0] not in UNGROUPED
    return number_format(Decimal(value).quantize(Decimal(1).scaleb(-places), ROUND_HALF_EVEN), places,
                         force_grouping=grouped)


def two_places(value) -> str:
    return rating_number(value, 2)


@register.filter
def signed(value) -> str:
    """A change: "+4.47", "−4.47" (a real minus sign), "0.00"."""
    if value is None:
        return ""
    rounded = Decimal(value).quantize(CENT, ROUND_HALF_EVEN)
    text = two_places(abs(rounded))
    if not rounded:
        return text
    return ("+" if rounded > 0 else "−") + text


@register.filter
def rating(value, provisional=False) -> str:
    """A rating to 2 decimals, with "?" while provisional."""
    if value is None:
        return ""
    return two_places(value) + ("?" if provisional else "")


@register.filter
def trend_class(value) -> str:
    if value is None or abs(value) < 0.005:
        return "flat"
    return "up" if value > 0 else "down"


@register.filter
def whole_rating(value) -> str:
    """A whole rating, as the scale writes it: "1500" / "1 500"."""
    return rating_number(value, 0)
