"""``{% load ratings %}``: a rating and a change as the rating pages write them."""
from django import template

register = template.Library()


@register.filter
def signed(value) -> str:
    """A change: "+4.47", "−4.47" (a real minus sign), "0.00"."""
    if value is None:
        return ""
    text = f"{abs(value):.2f}"
    if text == "0.00":
        return text
    return ("+" if value > 0 else "−") + text


@register.filter
def rating(value, provisional=False) -> str:
    """A rating to 2 decimals, with "?" while provisional."""
    if value is None:
        return ""
    return f"{value:.2f}" + ("?" if provisional else "")


@register.filter
def trend_class(value) -> str:
    if value is None or abs(value) < 0.005:
        return "flat"
    return "up" if value > 0 else "down"
