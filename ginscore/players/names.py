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

NAME_MAX = 60  # Player.name's max_length: the longest name any backend stores.

# Default-ignorable code points that are not in category Cf (those are removed by category).
_IGNORABLE = {0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x3164, 0xFFA0, *range(0x180B, 0x1810),
              *range(0xFE00, 0xFE10), *range(0xE0100, 0xE01F0)}
_MARKED_SCRIPTS = ("LATIN", "GREEK", "CYRILLIC")


class NameRefused(ValueError):
    """The name cannot be stored; the message says why, in a player's words."""


def _show(text: str) -> str:
    return text if len(text) <= 24 else text[:20] + "..."


def name_clean(text: str) -> str:
    """The name as the club stores it; ``NameRefused`` says why it cannot be one."""
    if not isinstance(text, str):
        raise NameRefused("a name must be text")
    kept = []
    for ch in text:
        cat = unicodedata.category(ch)
        if cat == "Cs":
            raise NameRefused("holds a broken character (a lone surrogate)")
        if cat == "Cc" and not ch.isspace():
            raise NameRefused(f"holds a control character (U+{ord(ch):04X}), which no name may hold")
        if cat == "Cf" or ord(ch) in _IGNORABLE:
            continue
        kept.append(ch)
    name = " ".join(unicodedata.normalize("NFKC", "".join(kept)).split())
    _check_marks(name)
    _check_scripts(name)
    if not name:
        raise NameRefused("a name needs at least one letter or digit")
    if len(name) > NAME_MAX:
        raise NameRefused(f'"{_show(name)}" is longer than {NAME_MAX} characters ({len(name)})')
    return name


def _check_marks(name: str) -> None:
    base, run = None, 0
    for ch in name:
        if unicodedata.category(ch) in ("Mn", "Me"):
            run += 1
            if base is None or base == " ":
                raise NameRefused("starts a word with an accent or mark that belongs to no letter")
            if run > 2:
                raise NameRefused(f'piles up accents or marks on "{base}"')
            if unicodedata.name(base, "").startswith(_MARKED_SCRIPTS):
                raise NameRefused(f'has a separate accent or mark on "{base}" (U+{ord(ch):04X}); '
                                  "type the accented letter itself")
        else:
            base, run = ch, 0


# Greek and Cyrillic letters drawn exactly like a Latin letter in common fonts.
_LATIN_LOOKALIKES = set("АВЕЅІЈКМНОРСТХҮУаеіјорсхуѕһԁԛԝӏ" "ΑΒΕΖΗΙΚΜΝΟΡΤΥΧοιν")


def _script(ch: str) -> str | None:
    """"LATIN", "GREEK" or "CYRILLIC" for a letter of one of those alphabets, else None."""
    name = unicodedata.name(ch, "")
    return next((s for s in _MARKED_SCRIPTS if name.startswith(s)), None)


def _check_scripts(name: str) -> None:
    for word in name.split():
        scripts = {_script(ch) for ch in word if ch.isalpha()} - {None}
        if len(scripts) > 1:
            first = sorted(scripts, key=lambda s: s != "LATIN")
            raise NameRefused(f'mixes {" and ".join(s.capitalize() for s in first)} letters in "{_show(word)}", '
                              "so it would look like another name: type it in one alphabet")
    letters = [ch for ch in name if ch.isalpha()]
    if letters and all(ch in _LATIN_LOOKALIKES for ch in letters):
        alphabet = " and ".join(sorted({_script(ch).capitalize() for ch in letters}))
        raise NameRefused(f'is written in {alphabet} letters that all look exactly like Latin ones, so it would '
                          "look like another name: type it in Latin letters")


def name_key(name: str) -> str:
    """What makes two clean names the same player: the name, case-folded (then NFKC again)."""
    return unicodedata.normalize("NFKC", name.casefold())


def same_name(a: str, b: str) -> bool:
    """Whether two names would be the same player (both cleaned first; a refused name is never the same)."""
    try:
        return name_key(name_clean(a)) == name_key(name_clean(b))
    except NameRefused:
        return False
