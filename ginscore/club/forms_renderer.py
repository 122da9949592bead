"""Form widgets drawn once for what they show.

Django draws every widget through a template: a score pad's hand form (two rows of radio
buttons, the deadwood boxes, the upcard's taps) costs more to draw than the rest of the pad.
A widget's template sees only its context, plain data (its name, value, attributes and
choices), so the HTML drawn for one context is the HTML for any equal context: each process
keeps the last widgets it drew under their template and context, and draws again only a
widget whose context it has not seen. A context holding anything but plain data (a form, a
bound field, a lazy string) is drawn every time, as Django does. With the pad's rows kept too, a scorer's
pad costs a sixth less (``bench/bench_kinds.py``, "table pad"; ``GINSCORE_KEPT_PARTS=0`` draws all).
"""
from __future__ import annotations

from django.forms.renderers import DjangoTemplates

from ginscore.club.kept import Kept

WIDGETS = Kept(2048, switch="GINSCORE_KEPT_PARTS")


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
