"""Numbers and amounts as a person reads them, in the language being written: "1,500" and
"£1,500.00" in English, "1 500" and "1 500,00 €" in French. Pages, sheets and messages all write
them here (templates: ``intcomma`` and ``{{ amount|money:club }}``)."""
from __future__ import annotations

from decimal import ROUND_HALF_EVEN, Decimal

from django.utils.formats import number_format
from django.utils.translation import pgettext

NBSP = "\u00a0"
CENT = Decimal("0.01")


def number(value, decimals: int | None = None) -> str:
    """A number grouped in thousands with the language's separators (a no-break space in French,
    never the narrow one: the PDFs' fallback font has none). "" for no number."""
    if value is None or value == "":
        return ""
    return number_format(value, decimals, force_grouping=True).replace("\u202f", NBSP)


def amount(value, sign: str = "") -> str:
    """An amount of money: two places (half to even), grouped, and the club's sign where the
    language writes it (the catalogue places it). "" for no amount."""
    if value is None or value == "":
        return ""
    text = number(Decimal(value).quantize(CENT, ROUND_HALF_EVEN), 2)
    if not sign:
        return text
    # Translators: where the currency sign goes; French: "%(amount)s %(sign)s" (a no-break space).
    return pgettext("money", "%(sign)s%(amount)s") % {"sign": sign, "amount": text}
