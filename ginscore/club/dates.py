"""Dates as the whole site writes them: "Sat 21 Nov 2026, 19:40" (a day alone: "Sat 21 Nov 2026"),
in the club's time zone. Pages use the ``when`` template filter (``{% load club %}``); tables use ``when``."""
from __future__ import annotations

from datetime import date, datetime

from django.utils import timezone
from django.utils.dateformat import format as date_format

DAY = "D j M Y"
DAY_AND_TIME = "D j M Y, H:i"


def when(value: datetime | date | None) -> str:
    if value is None or value == "":
        return ""
    if isinstance(value, datetime):
        if timezone.is_aware(value):
            value = timezone.localtime(value)
        return date_format(value, DAY_AND_TIME)
    return date_format(value, DAY)
