"""Sending the notices of one piece of news to the phones that asked for them (Web Push: RFC 8030
delivery, RFC 8291 encryption, RFC 8292 VAPID), each at most once.

A notice goes to every subscription of its players that hears its event (an account's: every
event; a personal link's: that event only), in the subscription's language. The ledger row
(``Sent``: subscription, kind, key) is written *before* the push service is asked: a second app
server, or a job run again, finds it and sends nothing. A push service's 404 or 410 (the browser
dropped the subscription) deletes the subscription; any other failure is logged and not retried.
"""
from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from urllib.parse import urlsplit

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.urls import reverse
from django.utils import translation

from ginscore.push import keys
from ginscore.push.models import Sent, Subscription
from ginscore.push.notices import KINDS, Notice
from ginscore.tournaments.my_night import night_link

logger = logging.getLogger("ginscore.push")
TIMEOUT = 10   # seconds for one push service's answer
GONE = (404, 410)


@dataclass
class Outcome:
    sent: int = 0        # accepted by the push service
    skipped: int = 0     # already sent (the ledger had it)
    failed: int = 0      # refused or unreachable (404/410: the subscription is deleted)


@dataclass
class Notification:
    """One notice for one subscription, its words written in the subscription's language: what a
    task carries (plain values)."""
    subscription: int
    kind: str
    key: str
    payload: dict        # title, body, url, tag: what the service worker shows
    ttl: int


def notifications(kind: str, ids: dict) -> list[Notification]:
    """Every notification the news ``kind`` (``ginscore.tournaments.news``) makes, but those the
    ledger says were sent."""
    found = []
    for notice in KINDS[kind](**ids):
        subscriptions = list(_subscriptions(notice))
        sent = set(Sent.objects.filter(subscription__in=subscriptions, kind=notice.kind, key=notice.key)
                   .values_list("subscription_id", flat=True))
        for subscription in subscriptions:
            if subscription.pk in sent:
                continue
            with translation.override(subscription.language):
                payload = {"title": notice.tournament.name, "body": notice.words(),
                           "url": _page(subscription, notice), "tag": f"ginscore-{notice.kind}-{notice.tournament.pk}",
                           "lang": subscription.language}
            found.append(Notification(subscription.pk, notice.kind, notice.key, payload, notice.ttl))
    return found


def deliver(kind: str, ids: dict) -> Outcome:
    """Every notification of the news ``kind``, sent here and now (the tasks send each apart)."""
    outcome = Outcome()
    for notification in notifications(kind, ids):
        result = push_once(notification)
        setattr(outcome, result, getattr(outcome, result) + 1)
    return outcome


def _subscriptions(notice: Notice):
    return Subscription.objects.filter(player_id__in=notice.players).filter(
        Q(tournament__isnull=True) | Q(tournament=notice.tournament)).order_by("pk")


def push_once(notification: Notification) -> str:
    """Sends one notification unless the ledger has it: "sent", "skipped" or "failed"."""
    subscription = Subscription.objects.filter(pk=notification.subscription).first()
    if subscription is None:
        return "skipped"   # withdrawn meanwhile (log-out, opt-out)
    try:
        with transaction.atomic():
            Sent.objects.create(subscription=subscription, kind=notification.kind, key=notification.key)
    except IntegrityError:
        return "skipped"
    # (Imported here, not with the module: pywebpush brings aiohttp, cryptography and requests,
    # some 0.3 s of CPU that every process of the site would pay at its start, each manage.py
    # command and app server included, where only the job worker ever sends.)
    import requests
    from pywebpush import WebPushException, webpush

    urgent = notification.kind in ("time", "confirm")
    try:
        webpush({"endpoint": subscription.endpoint, "keys": {"p256dh": subscription.p256dh, "auth": subscription.auth}},
                json.dumps(notification.payload, ensure_ascii=False), vapid_private_key=keys.vapid(),
                vapid_claims={"sub": contact()}, ttl=notification.ttl, timeout=TIMEOUT,
                headers={"Urgency": "high" if urgent else "normal"})
        return "sent"
    except WebPushException as e:
        status = e.response.status_code if e.response is not None else None
        if status in GONE:
            Subscription.objects.filter(pk=subscription.pk).delete()
        logger.warning("push %s %s not sent: %s", notification.kind, notification.key, e)
    except requests.RequestException as e:
        logger.warning("push %s %s not sent: %s", notification.kind, notification.key, e)
    return "failed"


def _page(subscription: Subscription, notice: Notice) -> str:
    """The player's own night: from their personal link when that is how they subscribed."""
    if subscription.tournament_id is not None:
        return night_link(notice.entry)
    return reverse("tournaments:my_night", args=[notice.tournament.pk])


def contact() -> str:
    """Who the push services may write to about this site (VAPID's ``sub``): GINSCORE_PUSH_CONTACT,
    else the first admin's mail, else the site's HTTPS address."""
    if settings.GINSCORE_PUSH_CONTACT:
        return settings.GINSCORE_PUSH_CONTACT
    if settings.ADMINS:
        return f"mailto:{settings.ADMINS[0][1]}"
    site = settings.GINSCORE_SITE_URL
    return site if urlsplit(site).scheme == "https" else "mailto:ginscore@localhost"
