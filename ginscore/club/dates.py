"""Dates as the whole site writes them: "Sat 21 Nov 2026, 19:40" (a day alone: "Sat 21 Nov 2026"),
in the club's time zone and the reader's language ("sam 21 novembre 2026, 19:40"; each
language's catalogue gives its own pattern). Pages use the ``when`` template filter (``{% load club %}``); tables use ``when``."""
from __future__ import annotations

from datetime import date, datetime

from django.utils import timezone
from django.utils.dateformat import format as date_format
from django.utils.translation import pgettext


def when(value: datetime | date | None) -> str:
    if value is None or value == "":
        return ""
    if isinstance(value, datetime):
        if timezone.is_aware(value):
            value = timezone.localtime(value)
        # Translators: Django's date format characters; reorder them as your language writes a date.
        return date_format(value, pgettext("date and time format", "D j M Y, H:i"))
    return date_format(value, pgettext("date format", "D j M Y"))
