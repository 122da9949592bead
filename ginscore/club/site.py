"""The site's own address for links that leave the browser (QR codes, printed table links).

``GINSCORE_SITE_URL`` (settings) is the address the players' phones use; a
director printing on a laptop at http://127.0.0.1:8000 would otherwise put
that address on every table sheet, which no phone can open.
"""
from __future__ import annotations

from django.conf import settings


def site_url() -> str:
    """The configured site address without a trailing slash, or "" when none is set."""
    return (getattr(settings, "GINSCORE_SITE_URL", "") or "").rstrip("/")


def absolute_url(path: str, request=None) -> str:
    """``path`` on the configured site address; without one, on the address the request came to."""
    base = site_url()
    if base:
        return base + path
    return request.build_absolute_uri(path) if request is not None else path
