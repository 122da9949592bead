"""A phone's subscription kept, replaced, withdrawn (the opt-out, the log-out).

What the browser sends (``PushSubscription.toJSON()``: the push service's ``endpoint`` and the
``keys`` ``p256dh`` and ``auth``) is checked before anything is kept: an address of one of the
push services the site allows (``GINSCORE_PUSH_SERVICES``; never any other server: the site
would post to it), as long as the database holds, and keys that are what RFC 8291 says (a P-256
point, a 16-byte secret)."""
from __future__ import annotations

from urllib.parse import urlsplit

from cryptography.hazmat.primitives.asymmetric import ec
from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from ginscore.push.keys import b64url, b64url_bytes
from ginscore.push.models import ENDPOINT_MAX, Subscription

LOOPBACK = ("127.0.0.1", "localhost", "::1")
PER_PLAYER = 10   # phones a player's notifications go to at most (the oldest is let go)


class PushRefused(Exception):
    """What the browser sent cannot be kept: the message names the field and the reason."""


def _allowed_host(host: str) -> bool:
    return any(host == allowed or (allowed.startswith(".") and host.endswith(allowed))
               for allowed in settings.GINSCORE_PUSH_SERVICES)


def endpoint_clean(endpoint) -> str:
    if not isinstance(endpoint, str) or not endpoint:
        raise PushRefused(_("endpoint: missing; the browser's subscription gives it."))
    if len(endpoint) > ENDPOINT_MAX:
        raise PushRefused(_("endpoint: at most %(most)s characters (this one has %(count)s).")
                          % {"most": ENDPOINT_MAX, "count": len(endpoint)})
    try:
        parts = urlsplit(endpoint)
        host = (parts.hostname or "").lower()
    except ValueError:
        parts, host = None, ""
    secure = parts is not None and (parts.scheme == "https" or (parts.scheme == "http" and host in LOOPBACK))
    if not secure or not host or not _allowed_host(host):
        raise PushRefused(_("endpoint: not the address of a push service this site sends to."))
    return endpoint


def keys_clean(keys) -> tuple[str, str]:
    """The browser's public key and authentication secret, base64url without padding."""
    if not isinstance(keys, dict):
        raise PushRefused(_("keys: missing; the browser's subscription gives them."))
    try:
        point = b64url_bytes(keys.get("p256dh") or "") if isinstance(keys.get("p256dh"), str) else b""
        ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), point)
        if len(point) != 65:
            raise ValueError
    except ValueError:
        raise PushRefused(_("p256dh: not a P-256 public key (65 bytes, base64url).")) from None
    try:
        secret = b64url_bytes(keys.get("auth") or "") if isinstance(keys.get("auth"), str) else b""
        if len(secret) != 16:
            raise ValueError
    except ValueError:
        raise PushRefused(_("auth: not an authentication secret (16 bytes, base64url).")) from None
    return b64url(point), b64url(secret)


def subscription_save(*, data, player, tournament=None, user=None, device: str = "", session: str = "",
                      language: str) -> Subscription:
    """Keeps the browser's subscription (``data``) for ``player``'s news (only ``tournament``'s when
    given: a personal link). The same browser subscribing again replaces its row (one player a phone);
    past ``PER_PLAYER`` phones for one player, the oldest is let go (no one fills the table)."""
    if not isinstance(data, dict):
        raise PushRefused(_("subscription: the browser's subscription is missing."))
    endpoint = endpoint_clean(data.get("endpoint"))
    p256dh, auth = keys_clean(data.get("keys"))
    with transaction.atomic():
        subscription, _created = Subscription.objects.update_or_create(endpoint=endpoint, defaults={
            "p256dh": p256dh, "auth": auth, "player": player, "tournament": tournament, "user": user,
            "device": device, "session": session, "language": language})
        older = Subscription.objects.filter(player=player).order_by("-created_at", "-pk").values_list("pk", flat=True)
        Subscription.objects.filter(pk__in=list(older[PER_PLAYER:])).delete()
    return subscription


def subscription_remove(*, endpoint) -> int:
    """The opt-out: the browser's subscription forgotten (whoever it was for); the number removed."""
    if not isinstance(endpoint, str) or not endpoint or len(endpoint) > ENDPOINT_MAX:
        return 0
    return Subscription.objects.filter(endpoint=endpoint).delete()[1].get(Subscription._meta.label, 0)


def subscriptions_withdraw(*, device: str, session: str) -> int:
    """Log-out: every subscription made on this device (its label) or in this session."""
    where = Q(pk__in=[])
    if device:
        where |= Q(device=device)
    if session:
        where |= Q(session=session)
    return Subscription.objects.filter(where).delete()[1].get(Subscription._meta.label, 0)
