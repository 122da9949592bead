"""A refusal of the club's money or a season: which field it names and why, in the reader's words.

The services' own refusals (``MoneyRefused``) and the engine's (``MoneyError``: "fee: must not be
negative") carry the field (a form field's name) and the reason apart; any other names the field at
the start of its English text, which is read to find the field while the reason is read in the
reader's language."""
from __future__ import annotations

import re

from django.utils import translation

_FIELD = re.compile(r"^[^:]*?\s?:\s")   # "fee: ", "droit d'entrée : "


class MoneyRefused(ValueError):
    """The request cannot be done now: ``field`` names the field, ``reason`` says why (read in the
    language it was raised in: the reader's)."""

    def __init__(self, field: str, reason):
        self.field, self.reason = field, str(reason)
        super().__init__(f"{field}: {self.reason}")

    @classmethod
    def of(cls, error: Exception) -> "MoneyRefused":
        """The engine's refusal as one of ours."""
        field, reason = refusal_parts(error)
        return cls(field, reason)


def refusal_parts(error: Exception) -> tuple[str, str]:
    """(the field the refusal names, "" for none; the reason in the reader's language)."""
    if isinstance(error, MoneyRefused):
        return error.field, error.reason
    if getattr(error, "field", None) and getattr(error, "problem", None) is not None:   # the engine's
        return error.field, str(error.problem)
    with translation.override("en"):
        english = str(error)
    text = str(error)
    if ": " not in english:
        return "", text
    return english.partition(": ")[0], _FIELD.sub("", text, count=1)


def refusal_text(error: Exception) -> str:
    """The reason, as a sentence's start: "Must not be negative"."""
    reason = refusal_parts(error)[1]
    return reason[:1].upper() + reason[1:]
