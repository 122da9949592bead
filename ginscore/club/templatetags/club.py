"""``{% load club %}``: the site's one way of writing a date, ``{{ match.finished_at|when }}``;
a table row's cells, ``{% row_cells table row %}`` (the site's django-tables2 template); a part
of a page drawn once for what it shows, ``{% kept hand via %}...{% endkept %}``; the address of a
page without arguments, looked up once, ``{% site_url 'matches:list' %}`` (the menus); the address
the players' phones use, ``{% phone_address %}``; the demo
club's accounts while it is loaded, ``{% demo_accounts as demo %}``."""
from functools import lru_cache

from django import template
from django.conf import settings
from django.template.base import render_value_in_context
from django.templatetags.l10n import localize, unlocalize
from django.urls import get_script_prefix, get_urlconf, reverse
from django.utils.html import format_html
from django.utils.safestring import mark_safe

from ginscore.club import dates, demo
from ginscore.club.kept import Kept

register = template.Library()

# Table rows' cells drawn once for what they show, in each process: the standings after a result draw
# the rows it moved, not 256 (``bench/bench_kinds.py``, "standings, a result since": 5x).
ROW_CELLS = Kept(4096, switch="GINSCORE_KEPT_PARTS")
# The parts of pages ``{% kept %}`` draws once for what they show: a pad after a hand draws that hand's
# rows, not every row (``bench/bench_kinds.py``, "100-hand pad, a hand since").
BLOCKS = Kept(8192, switch="GINSCORE_KEPT_PARTS")


@register.filter
def when(value):
    return dates.when(value)


@register.simple_tag(takes_context=True)
def phone_address(context) -> str:
    """The address the players' phones use (the club's, else the browser's unless it is this
    computer's own): what a printed or shown link starts with, as its QR code does."""
    from ginscore.club.site import phone_address as address

    return address(context.get("request"))


@register.simple_tag
def site_url(name: str) -> str:
    """``{% url name %}`` for a page that takes no arguments (the menus on every page): the same
    address, looked up once for each address table and prefix, not once for each page drawn."""
    return _site_url(name, get_urlconf() or settings.ROOT_URLCONF, get_script_prefix())


@lru_cache(maxsize=128)
def _site_url(name: str, urlconf, prefix: str) -> str:
    return reverse(name, urlconf=urlconf)


def _cells(context, columns, row) -> str:
    """Each column's cell of ``row``, carrying the column's name (``data-label``): a narrow screen
    shows rows as cards. A column's ``localize`` and its cells' attributes (which may depend on the
    row) are honoured as django-tables2's own template does."""
    out = []
    for column in columns:
        cell = row.get_cell(column.name)
        column.current_value, column.current_record = cell, row.record   # as BoundRow.items() does
        if column.localize is True:
            cell = localize(cell)
        elif column.localize is False:
            cell = unlocalize(cell)
        out.append(format_html('\n        <td {} data-label="{}">{}</td>', column.attrs["td"].as_html(),
                               column.header, render_value_in_context(cell, context)))
    return "".join(out)


@register.simple_tag(takes_context=True)
def row_cells(context, table, row):
    """The cells of a table's row. A table with ``cells_drawn_from(record)`` has them drawn in
    parts, each once for what it shows and kept: that method gives, for each part in order, how
    many columns it spans (None: the rest) and everything its cells show, as plain data. The
    standings keep the rank apart from the rest of the row: a result shifts the rank of many
    rows (a whole tied group) but the figures of few, and draws again only those."""
    columns = table.__dict__.get("_row_cells_columns")
    if columns is None:   # the visible columns, listed once a table (not once a row)
        columns = table.__dict__["_row_cells_columns"] = list(table.columns)
    parts = getattr(table, "cells_drawn_from", None)
    if parts is None:
        return mark_safe(_cells(context, columns, row))
    out, start, name = [], 0, type(table).__name__
    for span, shown in parts(row.record):
        part = columns[start:None if span is None else start + span]
        start += len(part)
        key = {"table": name, "columns": [c.name for c in part], "shown": shown}
        out.append(ROW_CELLS.render("row-cells", key, lambda part=part: _cells(context, part, row)))
    return mark_safe("".join(out))


class KeptNode(template.Node):
    def __init__(self, nodelist, shown):
        self.nodelist, self.shown = nodelist, shown

    def render(self, context):
        where = f"{self.origin.name}:{self.token.lineno}:{self.token.contents}"
        shown = [value.resolve(context) for value in self.shown]
        return BLOCKS.render(where, {"shown": shown}, lambda: self.nodelist.render(context))


@register.tag
def kept(parser, token):
    """``{% kept a b ... %}...{% endkept %}``: the part drawn once for the values named and kept
    (``ginscore.club.kept``): a score pad's earlier hands are drawn again only when one changes.
    The values must be everything the part shows, and plain data (a value that is not, such as a
    model row, draws the part every time); nothing of the visitor's own (a form token) may be in it."""
    shown = [parser.compile_filter(bit) for bit in token.split_contents()[1:]]
    nodelist = parser.parse(("endkept",))
    parser.delete_first_token()
    return KeptNode(nodelist, shown)


@register.simple_tag
def demo_accounts():
    """(account, role) of the demo accounts that still open with the demo password
    (``ginscore.club.demo``): the log-in and home pages name them."""
    return {"accounts": demo.demo_accounts(), "password": demo.PASSWORD}


@register.simple_tag
def print_button(url: str, label: str, css: str = "btn") -> str:
    """A print button on the club's paper (its settings page), and the other size one tap away:
    ``{% print_button url label %}``."""
    from django.utils.translation import gettext as _

    from ginscore.club import setup

    paper = setup.paper()
    other = setup.other_paper(paper)
    names = {"a4": _("A4"), "letter": _("Letter")}
    joiner = "&" if "?" in url else "?"
    return format_html('<span class="print-pair"><a class="{}" href="{}" data-paper="{}">{}</a>'
                       '<a class="btn btn-other-paper" href="{}{}paper={}" data-paper="{}" title="{}">{}</a></span>',
                       css, url, paper, label, url, joiner, other, other,
                       _("The same on %(paper)s paper") % {"paper": names[other]}, names[other])
