"""Pieces of HTML a process drew, kept under everything they were drawn from.

A piece drawn from plain data (a form widget from its context, a table row from its record, a
score pad's hand from its line) is the same HTML whenever that data is: each process keeps the
last pieces it drew and draws again only a piece whose data it has not seen. The key is the data
itself (``render``), or versions kept in the database that move with every write to what the
piece shows (``many``: a round page's line), never an address or an id alone, so a piece kept is
never stale, only not drawn yet. Every key carries the language it was drawn in (a piece drawn in
French is never served in English). Each ``Kept`` names the setting that switches it off.
"""
from __future__ import annotations

import dataclasses
import threading
from collections import OrderedDict
from datetime import date, datetime

from django.conf import settings
from django.utils.safestring import SafeString
from django.utils.translation import get_language

_SCALARS = (str, SafeString, int, float, bool, type(None), datetime, date)


class _NotPlain(Exception):
    pass


def _key(value):
    """A hashable key standing for ``value`` when it is plain data (each scalar with its type, so
    that ``True`` is not ``1`` and a safe string is not a string to escape; a dataclass or a named
    tuple by its type and fields); else ``_NotPlain``."""
    kind = type(value)
    if kind in _SCALARS:
        return kind, value
    if kind is dict:
        return dict, tuple((_key(k), _key(v)) for k, v in value.items())
    if kind is list or kind is tuple or (issubclass(kind, tuple) and hasattr(kind, "_fields")):   # a named tuple too
        return kind, tuple(_key(v) for v in value)
    if dataclasses.is_dataclass(kind):   # a record of plain data (a hand's line, a pad's cell)
        return kind, tuple(_key(getattr(value, f.name)) for f in dataclasses.fields(kind))
    raise _NotPlain


class Kept:
    """What this process drew (or worked out), the last ``size`` pieces: HTML under (template,
    context) while the context is plain data (``render``), or anything under a key standing for
    everything it came from (``get_or_make``, ``many``). ``switch``: the setting that turns it off
    for a benchmark (docs/performance.md): then everything is drawn or worked out every time."""

    def __init__(self, size: int, switch: str | None = None):
        self.size, self.switch = size, switch
        self.pieces: OrderedDict = OrderedDict()
        self.lock = threading.Lock()

    def render(self, template_name: str, context: dict, draw) -> str:
        """``draw()`` (the HTML of ``template_name`` with ``context``), or the HTML this process drew
        before for an equal context."""
        if not self.on:
            return draw()
        try:
            key = (template_name, _key(context))
        except _NotPlain:
            return draw()
        return self.get_or_make(key, draw)

    @property
    def on(self) -> bool:
        return self.switch is None or getattr(settings, self.switch)

    def get_or_make(self, key, make):
        """What is kept under the hashable ``key``, or ``make()`` (never None), kept under it."""
        if not self.on:
            return make()
        key = (get_language(), key)
        with self.lock:
            piece = self.pieces.get(key)
            if piece is not None:
                self.pieces.move_to_end(key)
                return piece
        piece = make()
        with self.lock:
            self.pieces[key] = piece
            while len(self.pieces) > self.size:
                self.pieces.popitem(last=False)
        return piece

    def many(self, keys: dict, draw) -> dict:
        """Piece -> HTML for each piece of ``keys`` (piece -> a hashable key standing for everything
        it is drawn from), in that order: kept, or drawn by ``draw(missing pieces)`` (piece -> HTML;
        a piece it no longer finds is left out)."""
        if not self.on:
            drawn = draw(list(keys))
            return {piece: drawn[piece] for piece in keys if piece in drawn}
        language = get_language()
        keys = {piece: (language, key) for piece, key in keys.items()}
        with self.lock:
            kept = {piece: self.pieces.get(key) for piece, key in keys.items()}
            for piece, html in kept.items():
                if html is not None:
                    self.pieces.move_to_end(keys[piece])
        missing = [piece for piece, html in kept.items() if html is None]
        if missing:
            drawn = draw(missing)
            with self.lock:
                for piece, html in drawn.items():
                    self.pieces[keys[piece]] = kept[piece] = html
                while len(self.pieces) > self.size:
                    self.pieces.popitem(last=False)
        return {piece: html for piece, html in kept.items() if html is not None}
