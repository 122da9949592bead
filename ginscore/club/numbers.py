"""A number typed in any form of the site is written with the digits 0-9 only.

Django's number fields read what Python's ``int()`` and ``Decimal()`` read, so "1_0" was 10 and
"١٠٠" (Arabic-Indic digits), "１００" (fullwidth) or "²" were numbers too: what the pad shows
would not be what was typed. ``ascii_digits_only`` (called once, when the site starts) makes every
integer, decimal and float field refuse a value holding an underscore or a digit that is not 0-9,
with the field's own "Enter a whole number." / "Enter a number." message.
"""
from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError


def ascii_number(value) -> bool:
    """``value`` (as typed) holds no underscore and no digit other than 0-9."""
    return not isinstance(value, str) or not any(c == "_" or (c.isdigit() and not c.isascii()) for c in value)


def _checked(to_python):
    def to_python_ascii(self, value):
        if not ascii_number(value):
            raise ValidationError(self.error_messages["invalid"], code="invalid")
        return to_python(self, value)

    to_python_ascii.ascii_only = True
    return to_python_ascii


def ascii_digits_only() -> None:
    for field in (forms.IntegerField, forms.DecimalField, forms.FloatField):
        if not getattr(field.to_python, "ascii_only", False):
            field.to_python = _checked(field.to_python)
