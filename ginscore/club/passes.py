"""Personal passes: a secret only one person holds, made from the site's secret key, so nothing is stored.

A pass belongs to a purpose and the things it opens ("seat", match 12, seat "b", the match's
table token): its **token** (22 characters) goes in a personal link or QR code; its **code**
(6 digits) is what a player types on someone else's phone. Whatever the parts hold changes the
pass (a renewed table link makes new seat passes).

A code is never a token: a link takes only a token (``token_matches``), a typed code is checked
only by ``code_matches``, and only after ``code_guess`` has counted it in the database (shared by
every worker and app server). Where the code comes from (the client's address) gets
``CODE_TRIES`` codes for one scope (one match) and ``CODE_TRIES_PER_ADDRESS`` for all scopes in
``CODE_WINDOW`` seconds: a guesser is stopped where they guess from, and the real player,
confirming from their own phone (their account or their personal link, no code), never is.
"""
from __future__ import annotations

import base64
import secrets

import ipaddress
from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.crypto import salted_hmac
from django.utils.translation import ngettext

from ginscore.club.models import Tried

CODE_DIGITS = 6
CODE_TRIES = 8                # codes from one address for one scope (one match) ...
CODE_TRIES_PER_ADDRESS = 30   # ... and for all scopes ...
CODE_WINDOW = 15 * 60         # ... in this many seconds


def _digest(purpose: str, parts) -> bytes:
    return salted_hmac(f"ginscore.pass.{purpose}", ":".join(str(p) for p in parts), algorithm="sha256").digest()


def pass_token(purpose: str, *parts) -> str:
    """The pass for a personal link: 22 URL-safe characters."""
    return base64.urlsafe_b64encode(_digest(purpose, parts)[:16]).decode().rstrip("=")


def pass_code(purpose: str, *parts) -> str:
    """The pass as a short code to type: 6 digits."""
    number = int.from_bytes(_digest(purpose + ".code", parts)[:8], "big") % 10 ** CODE_DIGITS
    return f"{number:0{CODE_DIGITS}d}"


def token_matches(given: str, purpose: str, *parts) -> bool:
    """``given`` (a personal link's part) is this pass's token; a code never is."""
    text = given or ""
    if len(text) > 64 or text.isdigit():
        return False
    return secrets.compare_digest(text.encode(), pass_token(purpose, *parts).encode())


def code_matches(given: str, purpose: str, *parts) -> bool:
    """``given`` (a typed code, spaces allowed) is this pass's code. Call it only for a code that
    ``code_guess`` has counted."""
    text = "".join((given or "").split())
    if len(text) != CODE_DIGITS or not (text.isascii() and text.isdigit()):
        return False
    return secrets.compare_digest(text.encode(), pass_code(purpose, *parts).encode())


def guess_origin(address: str | None) -> str:
    """Where a guess comes from: the client's address; an IPv6 address by its /64 network (one
    machine may hold a whole /64)."""
    try:
        ip = ipaddress.ip_address((address or "").strip())
    except ValueError:
        return "unknown"
    if ip.version == 6:
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


class CodesRefused(Exception):
    """Too many codes from where this one comes from: it is not checked (the message says why)."""


def _too_many(where: str, scope: str, since) -> bool:
    recent = Tried.objects.filter(where=where, at__gte=since)
    return (recent.filter(scope=scope).count() >= CODE_TRIES
            or recent.count() >= CODE_TRIES_PER_ADDRESS)


def code_guess(*, where: str, scope: str) -> int:
    """Counts one code typed from ``where`` for ``scope`` before it is checked (in its own write,
    seen at once by every process); returns the guess's id (``code_guess_right`` forgets it
    when the code was right). Raises ``CodesRefused`` when ``where`` has used its tries: the
    code must not be checked then. The count and the write are one turn (``Tried.take_turn``): two
    processes that both see one try left cannot both use it, and a refused code is not written."""
    now = timezone.now()
    since = now - timedelta(seconds=CODE_WINDOW)
    with transaction.atomic():
        Tried.take_turn(where)
        if not _too_many(where, scope, since):
            Tried.objects.filter(at__lt=since).delete()
            return Tried.objects.create(where=where, scope=scope, at=now).pk
    raise CodesRefused(ngettext(
        "Too many wrong codes from this device: no code is taken from it for %(minutes)s minute. "
        "Confirm from your own phone (your account or your personal link), or ask the director.",
        "Too many wrong codes from this device: no code is taken from it for %(minutes)s minutes. "
        "Confirm from your own phone (your account or your personal link), or ask the director.",
        CODE_WINDOW // 60) % {"minutes": CODE_WINDOW // 60})


def code_guess_right(guess_id: int) -> None:
    """The code counted as ``guess_id`` was right: it is no wrong try."""
    Tried.objects.filter(pk=guess_id).delete()
