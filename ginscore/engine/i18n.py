"""The engine's words in the reader's language, without Django.

The engine writes its refusals and labels once, in English, marked for the catalogue with the
names makemessages looks for::

    from ginscore.engine.i18n import gettext_lazy as _, ngettext_lazy

    raise RecordError(_("hand %(number)s: %(rules)s has no knocking") % {"number": 4, "rules": name})

A marked text stays a template until it is read: ``str()`` (a template, an f-string, a form's
error) translates it then, in the language of whoever reads it, and fills in its values (each
value read the same way, so a rule's name inside a refusal is translated too). Nothing here
imports Django: the site installs its translator at start-up (``use``, from
``ginscore/club/apps.py``); a test or script with no Django reads English, or installs a
compiled catalogue itself for a while (``with catalogue("fr"):``). The engine's catalogue is
``ginscore/engine/locale/``.
"""

from __future__ import annotations

import gettext as _gettext_module
from contextlib import contextmanager
from pathlib import Path


def _same(message: str) -> str:
    return message


def _plural(singular: str, plural: str, number: int) -> str:
    return singular if number == 1 else plural


def _in_context(context: str, message: str) -> str:
    return message


def _plural_in_context(context: str, singular: str, plural: str, number: int) -> str:
    return _plural(singular, plural, number)


_translators = {
    "gettext": _same,
    "ngettext": _plural,
    "pgettext": _in_context,
    "npgettext": _plural_in_context,
}

LOCALE = Path(__file__).resolve().parent / "locale"


def use(*, gettext, ngettext, pgettext, npgettext) -> None:
    """Read every engine text through these from now on (the site passes Django's)."""
    _translators.update(gettext=gettext, ngettext=ngettext, pgettext=pgettext, npgettext=npgettext)


@contextmanager
def catalogue(language: str):
    """Within the block, the engine's texts are read in LANGUAGE from its compiled catalogue, with
    no Django (tests and scripts); after it, through whatever was installed before (the site's
    translator, or English)."""
    try:
        compiled = _gettext_module.translation("django", localedir=LOCALE, languages=[language])
    except FileNotFoundError:
        missing = LOCALE / language / "LC_MESSAGES" / "django.mo"
        raise FileNotFoundError(f"The engine's {language!r} catalogue is not compiled: {missing} is missing. "
                                f"Run scripts/setup.sh (or scripts/messages.sh --app engine), which compiles "
                                f"the catalogues.") from None
    before = dict(_translators)
    _translators.update(
        gettext=compiled.gettext,
        ngettext=compiled.ngettext,
        pgettext=compiled.pgettext,
        npgettext=compiled.npgettext,
    )
    try:
        yield
    finally:
        _translators.update(before)


def gettext_noop(message: str) -> str:
    """Marks MESSAGE for the catalogue and leaves it as it is (a key, a name kept in a record)."""
    return message


def _read(value):
    return str(value) if isinstance(value, Text) else value


class Text:
    """A marked text, translated each time it is read."""

    __slots__ = ("_context", "_singular", "_plural", "_number", "_values")

    def __init__(self, singular, *, plural=None, number=None, context=None, values=None):
        self._singular = singular
        self._plural = plural
        self._number = number
        self._context = context
        self._values = values

    def __mod__(self, values):
        return Text(self._singular, plural=self._plural, number=self._number, context=self._context, values=values)

    def template(self) -> str:
        """The text in the reader's language, its values not yet filled in."""
        t = _translators
        if self._plural is None:
            if self._context is None:
                return t["gettext"](self._singular)
            return t["pgettext"](self._context, self._singular)
        if self._context is None:
            return t["ngettext"](self._singular, self._plural, self._number)
        return t["npgettext"](self._context, self._singular, self._plural, self._number)

    def __str__(self) -> str:
        text = self.template()
        values = self._values
        if values is None:
            return text
        if isinstance(values, dict):
            return text % {key: _read(value) for key, value in values.items()}
        if isinstance(values, tuple):
            return text % tuple(_read(value) for value in values)
        return text % _read(values)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __repr__(self) -> str:
        return f"Text({str(self)!r})"

    def __eq__(self, other) -> bool:
        if isinstance(other, Text | str):
            return str(self) == str(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(str(self))

    def __add__(self, other) -> str:
        return str(self) + str(other)

    def __radd__(self, other) -> str:
        return str(other) + str(self)

    def __len__(self) -> int:
        return len(str(self))

    def __lt__(self, other) -> bool:
        return str(self) < str(other)

    def __getattr__(self, name: str):
        """A str method (``upper``, ``startswith``, ``split``...) reads the text first."""
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(str(self), name)

    @property
    def message(self) -> str:
        """The marked English text (the catalogue's msgid), its values not filled in."""
        return self._singular

    @property
    def values(self):
        """The values filled in when the text is read (None: none)."""
        return self._values


def gettext_lazy(message: str) -> Text:
    return Text(message)


def pgettext_lazy(context: str, message: str) -> Text:
    return Text(message, context=context)


def ngettext_lazy(singular: str, plural: str, number: int) -> Text:
    """A text with a count: the count is also the value of ``%(count)s`` when none is given."""
    return Text(singular, plural=plural, number=number, values={"count": number})


def npgettext_lazy(context: str, singular: str, plural: str, number: int) -> Text:
    return Text(singular, plural=plural, number=number, context=context, values={"count": number})


class Number:
    """A number a person reads, written when read with the reader's separators
    (English 1,500 and 12.50; French 1 500 and 12,50): the catalogue translates them."""

    __slots__ = ("_value", "_places")

    def __init__(self, value, places: int | None = None):
        self._value = value
        self._places = places

    def __str__(self) -> str:
        whole = f"{self._value:,.{self._places}f}" if self._places is not None else f"{self._value:,}"
        thousands = _translators["pgettext"]("thousands separator", ",")
        decimal = _translators["pgettext"]("decimal separator", ".")
        return "".join(thousands if c == "," else decimal if c == "." else c for c in whole)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __repr__(self) -> str:
        return f"Number({str(self)!r})"


def number(value, places: int | None = None) -> Number:
    """``value`` (an int or Decimal; ``places`` decimals) with the reader's separators, once read."""
    return Number(value, places)


# The separators a number is written with (``Number``): for the catalogue.
pgettext_lazy("thousands separator", ",")
pgettext_lazy("decimal separator", ".")
