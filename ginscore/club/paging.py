"""The lists' pages (django-tables2's pagination) at a size the site chooses: a ``?per_page=`` in
the address (django-tables2 reads it) is kept between 1 and ``MOST`` rows, so -1 is one row a
page, not a 500, and 10^20 is ``MOST``, not the whole club's history in one page."""
from __future__ import annotations

from django.core.paginator import Paginator

MOST = 100


class BoundedPaginator(Paginator):
    def __init__(self, object_list, per_page, *args, **kwargs):
        super().__init__(object_list, min(max(int(per_page), 1), MOST), *args, **kwargs)
