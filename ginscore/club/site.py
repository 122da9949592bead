"""The site's own address for links that leave the browser (QR codes, printed table links).

The address the players' phones use is ``GINSCORE_SITE_URL``, else the club's (the first-run
page, the club settings page: ``ginscore.club.setup``), else the address the browser used unless
that is this computer only (127.0.0.1, localhost): a QR code never carries a loopback address,
which no phone can open. Until the address is known, the pages that show or print codes say so
and offer this machine's network addresses (``_address_unknown.html``).
"""
from __future__ import annotations

from ginscore.club import setup


def site_url() -> str:
    """The configured site address without a trailing slash, or "" when none is set."""
    return setup.site_url()


def phone_address(request=None) -> str:
    """The address phones use: the configured one, else the browser's unless it is a loopback one; "" unknown."""
    base = site_url()
    if base or request is None:
        return base
    if setup.is_loopback(request.get_host().rsplit(":", 1)[0] if not request.get_host().endswith("]")
                         else request.get_host()):
        return ""
    return request.build_absolute_uri("/").rstrip("/")


def absolute_url(path: str, request=None) -> str:
    """``path`` on the address phones use; "" when it is not known (the browser's is this computer
    only). Without a request: on the configured address, else ``path`` itself."""
    base = phone_address(request)
    if base:
        return base + path
    return "" if request is not None else path


def request_port(request) -> str:
    """The port the browser used (the Host header's, else the server's)."""
    host = request.get_host()
    return host.rsplit(":", 1)[1] if ":" in host and not host.endswith("]") else request.get_port()


def address_unknown(request) -> dict | None:
    """What the pages that show or print QR codes say while the phones' address is not known: this
    machine's network addresses (each with the page asked for, to open from there), None when known."""
    if phone_address(request):
        return None
    port = request_port(request)
    return {"addresses": [(a, a + request.get_full_path()) for a in setup.network_addresses(port)]}
