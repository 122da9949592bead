"""Personal passes: a secret only one person holds, made from the site's secret key, so nothing is stored.

A pass belongs to a purpose and the things it opens ("seat", match 12, seat "b", the match's
table token): its **token** (22 characters) goes in a personal link or QR code; its **code**
(6 digits) is what a player types on someone else's phone. Whatever the parts hold changes the
pass (a renewed table link makes new seat passes). Wrong codes are counted per scope
(``code_refused``) so a guesser gets ``CODE_TRIES`` tries in ``CODE_WINDOW`` seconds, not a
million.
"""
from __future__ import annotations

import base64
import secrets

from django.core.cache import cache
from django.utils.crypto import salted_hmac
from django.utils.translation import ngettext

CODE_DIGITS = 6
CODE_TRIES = 8          # wrong codes per scope (one match, one tournament) ...
CODE_WINDOW = 15 * 60   # ... in this many seconds


def _digest(purpose: str, parts) -> bytes:
    return salted_hmac(f"ginscore.pass.{purpose}", ":".join(str(p) for p in parts), algorithm="sha256").digest()


def pass_token(purpose: str, *parts) -> str:
    """The pass for a personal link: 22 URL-safe characters."""
    return base64.urlsafe_b64encode(_digest(purpose, parts)[:16]).decode().rstrip("=")


def pass_code(purpose: str, *parts) -> str:
    """The pass as a short code to type: 6 digits."""
    number = int.from_bytes(_digest(purpose + ".code", parts)[:8], "big") % 10 ** CODE_DIGITS
    return f"{number:0{CODE_DIGITS}d}"


def pass_matches(given: str, purpose: str, *parts) -> bool:
    """``given`` (a typed code, spaces allowed, or a link's token) is this pass."""
    text = "".join((given or "").split())
    if not text or len(text) > 64:
        return False
    expected = pass_code(purpose, *parts) if text.isdigit() else pass_token(purpose, *parts)
    return secrets.compare_digest(text.encode(), expected.encode())


def _key(scope: str) -> str:
    return f"ginscore.pass.tries.{scope}"


def code_blocked(scope: str) -> str | None:
    """Why no code is taken for ``scope`` for now (too many wrong ones), or None."""
    if cache.get(_key(scope), 0) >= CODE_TRIES:
        return ngettext(
            "%(tries)s wrong codes in a row: codes are not taken here for %(minutes)s minute. "
            "Confirm from your own phone (your account or your personal link), or ask the director.",
            "%(tries)s wrong codes in a row: codes are not taken here for %(minutes)s minutes. "
            "Confirm from your own phone (your account or your personal link), or ask the director.",
            CODE_WINDOW // 60) % {"tries": CODE_TRIES, "minutes": CODE_WINDOW // 60}
    return None


def code_refused(scope: str) -> None:
    """Counts one wrong code for ``scope``."""
    key = _key(scope)
    if not cache.add(key, 1, CODE_WINDOW):
        try:
            cache.incr(key)
        except ValueError:
            cache.set(key, 1, CODE_WINDOW)
