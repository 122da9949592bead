"""A text with values filled in when it is read, in the reader's language (module-level form
messages: ``lazy_format(gettext_lazy("Deadwood is from 0 to %(most)d."), most=98)``)."""
from __future__ import annotations

from django.utils.functional import lazy


def _format(text, values: dict) -> str:
    return str(text) % values


def lazy_format(text, **values):
    return lazy(_format, str)(text, values)
