"""Form widgets drawn once for what they show.

Django draws every widget through a template: a score pad's hand form (two rows of radio
buttons, the deadwood boxes, the upcard's taps) costs more to draw than the rest of the pad.
A widget's template sees only its context, plain data (its name, value, attributes and
choices), so the HTML drawn for one context is the HTML for any equal context: each process
keeps the last widgets it drew under their template and context, and draws again only a
widget whose context it has not seen. A context holding anything but plain data (a form, a
bound field, a lazy string) is drawn every time, as Django does.
"""
from __future__ import annotations

import threading
from collections import OrderedDict

from django.forms.renderers import DjangoTemplates
from django.utils.safestring import SafeString

_SCALARS = (str, SafeString, int, float, bool, type(None))


class _NotPlain(Exception):
    pass


def _key(value):
    """A hashable key standing for ``value`` when it is plain data (each scalar with its type, so
    that ``True`` is not ``1`` and a safe string is not a string to escape); else ``_NotPlain``."""
    kind = type(value)
    if kind in _SCALARS:
        return kind, value
    if kind is dict:
        return dict, tuple((_key(k), _key(v)) for k, v in value.items())
    if kind is list or kind is tuple:
        return kind, tuple(_key(v) for v in value)
    raise _NotPlain


class Kept:
    """HTML this process drew, kept under (template, context) while the context is plain data:
    the last ``size`` pieces drawn."""

    def __init__(self, size: int):
        self.size = size
        self.pieces: OrderedDict = OrderedDict()
        self.lock = threading.Lock()

    def render(self, template_name: str, context: dict, draw) -> str:
        """``draw()`` (the HTML of ``template_name`` with ``context``), or the HTML this process drew
        before for an equal context."""
        try:
            key = (template_name, _key(context))
        except _NotPlain:
            return draw()
        with self.lock:
            html = self.pieces.get(key)
            if html is not None:
                self.pieces.move_to_end(key)
                return html
        html = draw()
        with self.lock:
            self.pieces[key] = html
            while len(self.pieces) > self.size:
                self.pieces.popitem(last=False)
        return html


WIDGETS = Kept(2048)


def kept_render(template_name: str, context: dict, draw) -> str:
    """A form widget drawn by ``draw()``, or as this process drew it before (``Kept``)."""
    return WIDGETS.render(template_name, context, draw)


class KeptWidgetsRenderer(DjangoTemplates):
    """Django's form renderer, keeping the widgets it drew (see above)."""

    def render(self, template_name, context, request=None):
        if request is not None:
            return super().render(template_name, context, request)
        return kept_render(template_name, context, lambda: super(KeptWidgetsRenderer, self).render(
            template_name, context))
