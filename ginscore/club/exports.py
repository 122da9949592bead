"""Table exports (CSV, JSON) for every list of the site, made safe once for all.

``SafeTableExport`` is django-tables2's ``TableExport`` with two changes:

- only the formats that need nothing beyond tablib itself (``EXPORT_FORMATS``:
  csv and json); ``?_export=xlsx`` (or ods, xls, yaml...) is not an export and
  the page is shown as usual, instead of failing on a missing optional package;
- formula injection (OWASP "CSV Injection"): a text cell that a spreadsheet
  would read as a formula (it starts with ``=``, ``+``, ``-``, ``@``, a tab or
  a carriage return) is written with a single quote in front, so a player
  named ``=HYPERLINK(...)`` stays a name. Numbers stay numbers: a net of -12
  (an int, or the text of a plain number) is left alone.
"""
from __future__ import annotations

import re

from django_tables2.export import TableExport

EXPORT_FORMATS = (TableExport.CSV, TableExport.JSON)
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"[+-]?\d+(\.\d+)?")


def cell_safe(value):
    """The cell as a spreadsheet must read it: a text that would start a formula gets a quote."""
    if isinstance(value, str) and value.startswith(FORMULA_START) and not _NUMBER.fullmatch(value):
        return "'" + value
    return value


class SafeTableExport(TableExport):
    FORMATS = {f: TableExport.FORMATS[f] for f in EXPORT_FORMATS}

    @classmethod
    def is_valid_format(cls, export_format) -> bool:
        return export_format in cls.FORMATS

    def table_to_dataset(self, table, exclude_columns, dataset_kwargs=None):
        dataset = super().table_to_dataset(table, exclude_columns, dataset_kwargs)
        safe = dataset.__class__(*([cell_safe(v) for v in row] for row in dataset),
                                 headers=[cell_safe(h) for h in dataset.headers or []], title=dataset.title)
        return safe
