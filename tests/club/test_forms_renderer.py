"""The form renderer keeps the widgets it drew: the same HTML as Django's own renderer, each
widget drawn once for what it shows."""
import pytest
from django import forms
from django.forms.renderers import DjangoTemplates
from django.utils.safestring import mark_safe

from ginscore.club import forms_renderer
from ginscore.club.forms_renderer import KeptWidgetsRenderer, kept_render
from ginscore.matches.forms import HandForm
from ginscore.matches.records import two


@pytest.fixture(autouse=True)
def _nothing_kept():
    forms_renderer.WIDGETS.pieces.clear()
    yield
    forms_renderer.WIDGETS.pieces.clear()


def test_the_hand_form_is_drawn_as_djangos_renderer_draws_it(make_match):
    match = make_match()
    pair = two(("Ann", "Ben"))
    for data in (None, {"end": "knock", "by": "a", "knocker_deadwood": "4", "defender_deadwood": "x",
                        "number": "1", "revision": "0"}):
        html = {}
        for renderer in (DjangoTemplates(), KeptWidgetsRenderer(), KeptWidgetsRenderer()):  # the last: all kept
            form = HandForm(data, match=match, pair=pair, initial={"number": 1, "revision": 0}, renderer=renderer)
            if data:
                form.is_valid()
            html.setdefault(type(renderer), []).append(
                [(name, str(form[name])) for name in form.fields])
        django, (first, again) = html[DjangoTemplates][0], html[KeptWidgetsRenderer]
        assert first == django and again == django
        assert 'value="Ann"' not in dict(django)["by"] and "Ann" in dict(django)["by"]
    assert len(forms_renderer.WIDGETS.pieces) >= 4   # the radio rows, the number boxes, the hidden fields


def test_a_widget_is_drawn_once_for_what_it_shows():
    drawn = []

    def draw(text):
        def d():
            drawn.append(text)
            return text
        return d

    context = {"widget": {"name": "by", "value": "a", "attrs": {"id": "id_by"}, "required": True}}
    assert kept_render("w.html", context, draw("A")) == "A"
    assert kept_render("w.html", {"widget": {**context["widget"]}}, draw("again")) == "A"
    assert drawn == ["A"]
    # Another value, another template, a look-alike of another type: each drawn afresh.
    assert kept_render("w.html", {"widget": {**context["widget"], "value": "b"}}, draw("B")) == "B"
    assert kept_render("other.html", context, draw("O")) == "O"
    assert kept_render("n.html", {"v": 1}, draw("one")) == "one"
    assert kept_render("n.html", {"v": True}, draw("true")) == "true"
    assert kept_render("n.html", {"v": "<b>"}, draw("escaped")) == "escaped"
    assert kept_render("n.html", {"v": mark_safe("<b>")}, draw("safe")) == "safe"
    assert drawn == ["A", "B", "O", "one", "true", "escaped", "safe"]


def test_a_context_with_more_than_plain_data_is_drawn_every_time():
    drawn = []
    form = forms.Form()
    for _ in range(2):
        kept_render("f.html", {"form": form}, lambda: drawn.append(1) or "F")
    assert drawn == [1, 1]


def test_only_so_many_widgets_are_kept(monkeypatch):
    monkeypatch.setattr(forms_renderer.WIDGETS, "size", 3)
    for n in range(10):
        kept_render("w.html", {"n": n}, lambda n=n: str(n))
    assert len(forms_renderer.WIDGETS.pieces) == 3
    assert kept_render("w.html", {"n": 9}, lambda: "drawn again") == "9"
    assert kept_render("w.html", {"n": 0}, lambda: "drawn again") == "drawn again"
