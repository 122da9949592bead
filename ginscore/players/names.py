"""A player's name, the one way every name enters the club.

Every name (typed on the new-match form, listed as a tournament entry,
imported in a record, edited in the admin) goes through ``name_clean``:

- Unicode NFKC: the fullwidth "Ａnn" is "Ann", a ligature is its letters;
- invisible characters are removed: zero-width spaces and joiners, bidi
  overrides and marks, soft hyphens, byte-order marks (Unicode "format"
  characters and the other default-ignorable code points);
- whitespace (tabs, no-break and ideographic spaces, new lines) is one space,
  none at either end;
- refused, with the reason: control characters such as NUL, lone surrogates,
  combining marks that do not belong to a letter they compose with (a mark at
  the start or after a space, a pile of marks, or a mark left over on a Latin,
  Greek or Cyrillic letter after composing), and more than ``NAME_MAX``
  characters;
- refused, look-alikes: a word mixing Latin, Greek and Cyrillic letters (the
  Cyrillic "А" of "Аnn" looks exactly like the Latin "A"), and a name written
  only in Greek or Cyrillic letters that each look exactly like a Latin one
  ("ТОМ" reads "TOM"). Whole words in another alphabet ("Ann Петрова") are fine.

``name_key`` is what makes two names the same player: the clean name,
case-folded (so "Zoë Ødegård" and "zoë ødegård", "Straße" and "STRASSE" are
one player). It is computed here in Python and stored in ``Player.name_key``
under a unique constraint, so the database keeps names unique on SQLite and
PostgreSQL alike without relying on SQL ``lower()``.
"""
from __future__ import annotations

import unicodedata

from django.utils.translation import gettext as _
from django.utils.translation import pgettext, pgettext_lazy

NAME_MAX = 100  # Player.name's max_length (and a team name's): the longest name any backend stores.

# Default-ignorable code points that are not in category Cf (those are removed by category).
_IGNORABLE = {0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x3164, 0xFFA0, *range(0x180B, 0x1810),
              *range(0xFE00, 0xFE10), *range(0xE0100, 0xE01F0)}
_MARKED_SCRIPTS = ("LATIN", "GREEK", "CYRILLIC")


class NameRefused(ValueError):
    """The name cannot be stored; the message says why, in a player's words. ``reason`` is the same
    as what follows "this name" in a sentence ("is longer than 100 characters (101)"), for the pages
    that name the name by its place ("Line 3: this name ...")."""

    def __init__(self, message, reason=None):
        super().__init__(message)
        self.reason = message if reason is None else reason


def _show(text: str) -> str:
    return text if len(text) <= 24 else text[:20] + "..."


def name_clean(text: str) -> str:
    """The name as the club stores it; ``NameRefused`` says why it cannot be one."""
    if not isinstance(text, str):
        raise NameRefused(_("a name must be text"), _("is not text"))
    kept = []
    for ch in text:
        cat = unicodedata.category(ch)
        if cat == "Cs":
            raise NameRefused(_("holds a broken character (a lone surrogate)"))
        if cat == "Cc" and not ch.isspace():
            raise NameRefused(_("holds a control character (%(code)s), which no name may hold")
                              % {"code": f"U+{ord(ch):04X}"})
        if cat == "Cf" or ord(ch) in _IGNORABLE:
            continue
        kept.append(ch)
    name = " ".join(unicodedata.normalize("NFKC", "".join(kept)).split())
    _check_marks(name)
    _check_scripts(name)
    if not name:
        raise NameRefused(_("a name needs at least one letter or digit"), _("has no letter or digit"))
    if len(name) > NAME_MAX:
        length = {"name": _show(name), "most": NAME_MAX, "count": len(name)}
        raise NameRefused(_('"%(name)s" is longer than %(most)s characters (%(count)s)') % length,
                          _("is longer than %(most)s characters (%(count)s)") % length)
    return name


def _check_marks(name: str) -> None:
    base, run = None, 0
    for ch in name:
        if unicodedata.category(ch) in ("Mn", "Me"):
            run += 1
            if base is None or base == " ":
                raise NameRefused(_("starts a word with an accent or mark that belongs to no letter"))
            if run > 2:
                raise NameRefused(_('piles up accents or marks on "%(letter)s"') % {"letter": base})
            if unicodedata.name(base, "").startswith(_MARKED_SCRIPTS):
                raise NameRefused(_('has a separate accent or mark on "%(letter)s" (%(code)s); '
                                    "type the accented letter itself") % {"letter": base, "code": f"U+{ord(ch):04X}"})
        else:
            base, run = ch, 0


# Greek and Cyrillic letters drawn exactly like a Latin letter in common fonts.
_LATIN_LOOKALIKES = set("АВЕЅІЈКМНОРСТХҮУаеіјорсхуѕһԁԛԝӏ" "ΑΒΕΖΗΙΚΜΝΟΡΤΥΧοιν")


def _script(ch: str) -> str | None:
    """"LATIN", "GREEK" or "CYRILLIC" for a letter of one of those alphabets, else None."""
    name = unicodedata.name(ch, "")
    return next((s for s in _MARKED_SCRIPTS if name.startswith(s)), None)


# An alphabet's name as it qualifies "letters" (French: "lettres latines").
_ALPHABETS = {"LATIN": pgettext_lazy("letters", "Latin"), "GREEK": pgettext_lazy("letters", "Greek"),
              "CYRILLIC": pgettext_lazy("letters", "Cyrillic")}


def _alphabets(scripts) -> str:
    """"Latin and Cyrillic" (Latin first, then in the English names' order), in the reader's language."""
    names = [str(_ALPHABETS[s]) for s in sorted(scripts, key=lambda s: (s != "LATIN", s.capitalize()))]
    text = names[0]
    for name in names[1:]:
        text = pgettext("two alphabets", "%(first)s and %(second)s") % {"first": text, "second": name}
    return text


def _check_scripts(name: str) -> None:
    for word in name.split():
        scripts = {_script(ch) for ch in word if ch.isalpha()} - {None}
        if len(scripts) > 1:
            raise NameRefused(_('mixes %(alphabets)s letters in "%(word)s", so it would look like another name: '
                                "type it in one alphabet") % {"alphabets": _alphabets(scripts), "word": _show(word)})
    letters = [ch for ch in name if ch.isalpha()]
    if letters and all(ch in _LATIN_LOOKALIKES for ch in letters):
        raise NameRefused(_("is written in %(alphabets)s letters that all look exactly like Latin ones, so it would "
                            "look like another name: type it in Latin letters")
                          % {"alphabets": _alphabets({_script(ch) for ch in letters})})


def name_key(name: str) -> str:
    """What makes two clean names the same player: the name, case-folded (then NFKC again)."""
    return unicodedata.normalize("NFKC", name.casefold())


def same_name(a: str, b: str) -> bool:
    """Whether two names would be the same player (both cleaned first; a refused name is never the same)."""
    try:
        return name_key(name_clean(a)) == name_key(name_clean(b))
    except NameRefused:
        return False
