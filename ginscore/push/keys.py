"""The site's VAPID key pair (RFC 8292): the push services know the site by its public key, which
the page hands the browser as ``applicationServerKey``; every notification is signed with the
private key. Made once, at random, and kept in the data directory beside the secret key
(``GINSCORE_DATA_DIR/vapid_key``: the private key, 32 bytes in base64url, readable by this user
only); ``GINSCORE_VAPID_KEY`` (the same form) wins. Every app server of a club must use the same
key: a subscription made through one is refused by the push service when signed by another."""
from __future__ import annotations

import base64
import binascii
import functools
import os
from typing import TYPE_CHECKING

from django.conf import settings

from ginscore import environment

if TYPE_CHECKING:
    from py_vapid import Vapid

# (cryptography and py_vapid are imported where they are used, not with the module: some 0.1 s of
# CPU every process of the site would pay at its start, each manage.py command included.)

KEY_FILE = "vapid_key"


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def b64url_bytes(text: str) -> bytes:
    """``text`` (base64url, padding optional) as bytes; ``ValueError`` when it is not."""
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError) as e:
        raise ValueError(str(e)) from None


def _new_key() -> str:
    from cryptography.hazmat.primitives.asymmetric import ec

    number = ec.generate_private_key(ec.SECP256R1()).private_numbers().private_value
    return b64url(number.to_bytes(32, "big"))


def _valid(text: str) -> bool:
    try:
        raw = b64url_bytes(text)
    except ValueError:
        return False
    return len(raw) == 32 and 0 < int.from_bytes(raw, "big")


@functools.cache
def vapid() -> Vapid:
    """The site's key pair (read or made once per process)."""
    text = os.environ.get("GINSCORE_VAPID_KEY", "").strip()
    if text and not _valid(text):
        raise ValueError("GINSCORE_VAPID_KEY must be a P-256 private key: 32 bytes in base64url")
    text = text or environment.kept_key(settings.DATA_DIR, KEY_FILE, _new_key, _valid)
    from py_vapid import Vapid

    return Vapid.from_raw(text.encode())


def public_key() -> str:
    """The public key as the browser takes it (``applicationServerKey``): the uncompressed point, base64url."""
    from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

    return b64url(vapid().public_key.public_bytes(Encoding.X962, PublicFormat.UncompressedPoint))
