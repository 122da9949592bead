"""Live pages: cheap conditional polling answered ``304 Not Modified``.

A live page carries an ETag made from revisions kept in the database (a
match's ``revision``, a tournament's ``revision``), so every app server
answers the same whatever process saved the hand. ``static/ginscore/live.js``
asks for the page again every ~1.5 s with ``If-None-Match``; while nothing
changed the answer is a 304 after one small query, and when something did it
swaps the page's ``data-live`` regions in place (keeping the scroll, the
focus and any form being typed into).

The ETag describes the data, not the viewer: a director and a visitor polling
the same round share it (each got their own page first). Pages are sent
``no-store`` so a browser never answers a navigation from its cache (a page
with a message must always be drawn afresh); only live.js sends the ETag back.
"""
from __future__ import annotations

from functools import wraps

from django.contrib.messages import get_messages
from django.utils.cache import add_never_cache_headers, quote_etag
from django.views.decorators.http import condition


def live_page(etag_of):
    """Decorator for a GET view: ``etag_of(**url_kwargs)`` returns the page's
    version from the database in one query (None when there is no such page).
    The template shows it as ``{{ request.live_etag }}`` for live.js."""
    def decorator(view):
        def etag(request, *args, **kwargs):
            value = etag_of(*args, **kwargs)
            request.live_etag = quote_etag(str(value)) if value is not None else ""
            return request.live_etag or None

        conditional = condition(etag_func=etag)(view)

        @wraps(view)
        def wrapped(request, *args, **kwargs):
            response = conditional(request, *args, **kwargs)
            add_never_cache_headers(response)
            if request.headers.get("X-Live"):
                # A poll only swaps the page's live regions: a one-time message ("Hand 4 saved...")
                # drawn in its answer stays for the page the phone opens next.
                get_messages(request).used = False
            return response
        return wrapped
    return decorator
