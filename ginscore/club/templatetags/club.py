"""``{% load club %}``: the site's one way of writing a date, ``{{ match.finished_at|when }}``."""
from django import template

from ginscore.club import dates

register = template.Library()


@register.filter
def when(value):
    return dates.when(value)
