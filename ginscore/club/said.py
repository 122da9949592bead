"""What was said once ("Hand 4 saved: Ann scores 25.") is for the page the person opens next.

Django's messages are gone once a page has drawn them. Two kinds of request draw a page nobody
opened, and must leave them for the one that follows:

- live.js's poll (``X-Live``), which only swaps a page's live regions;
- the service worker's copies of a table's pages kept for a network drop
  (``X-Ginscore-Kept``: ``ginscore/club/templates/club/sw.js``), asked when a pad opens and again
  when it changes. A hand saved just as the pad opened was once confirmed on no page: the
  worker's copy, drawn between the save and the pad the phone then opened, had taken the message.

Such a request is answered as any other; only its drawing the messages does not use them up.
"""
from __future__ import annotations

BACKGROUND_HEADERS = ("X-Live", "X-Ginscore-Kept")


class BackgroundDrawsKeepWhatWasSaidMiddleware:
    """Inside ``MessageMiddleware`` (after it in ``MIDDLEWARE``): a page drawn in the background
    leaves the messages it drew for the next page."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        storage = getattr(request, "_messages", None)
        if storage is not None and any(request.headers.get(name) for name in BACKGROUND_HEADERS):
            storage.used = False
        return response
