"""``{% load club %}``: the site's one way of writing a date, ``{{ match.finished_at|when }}``;
a table row's cells, ``{% row_cells table row %}`` (the site's django-tables2 template)."""
from django import template
from django.template.base import render_value_in_context
from django.templatetags.l10n import localize, unlocalize
from django.utils.html import format_html
from django.utils.safestring import mark_safe

from ginscore.club import dates
from ginscore.club.forms_renderer import Kept

register = template.Library()

# Table rows' cells drawn once for what they show, in each process (the standings' 256 rows).
ROW_CELLS = Kept(4096)


@register.filter
def when(value):
    return dates.when(value)


def _cells(context, columns, row) -> str:
    """Each column's cell of ``row``, carrying the column's name (``data-label``): a narrow screen
    shows rows as cards. A column's ``localize`` is honoured as django-tables2's templates do."""
    out = []
    for column in columns:
        cell = row.get_cell(column.name)
        if column.localize is True:
            cell = localize(cell)
        elif column.localize is False:
            cell = unlocalize(cell)
        out.append(format_html('\n        <td {} data-label="{}">{}</td>', column.attrs["td"].as_html(),
                               column.header, render_value_in_context(cell, context)))
    return "".join(out)


@register.simple_tag(takes_context=True)
def row_cells(context, table, row):
    """The cells of a table's row. A table with ``cells_drawn_from(record)`` (everything its cells
    after the first ``cells_drawn_each_time`` columns show, as plain data) has those cells drawn once
    for what they show and kept: after a result the standings draw again only the rows it changed,
    and the leading rank, which one result shifts for many rows, each time."""
    columns = list(table.columns)
    drawn_from = getattr(table, "cells_drawn_from", None)
    if drawn_from is None:
        return mark_safe(_cells(context, columns, row))
    n = table.cells_drawn_each_time
    shown = {"table": type(table).__name__, "columns": [c.name for c in columns[n:]],
             "record": drawn_from(row.record)}
    rest = ROW_CELLS.render("row-cells", shown, lambda: _cells(context, columns[n:], row))
    return mark_safe(_cells(context, columns[:n], row) + rest)
