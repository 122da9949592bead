"""A phone's subscription to a player's notifications, and the ledger of what was sent."""
from django.conf import settings
from django.db import models

ENDPOINT_MAX = 1000


class Subscription(models.Model):
    """The browser's push subscription (its push service's ``endpoint`` and the keys that encrypt
    for it, RFC 8291) for ``player``'s news: every event they play in when made from their
    account, only ``tournament`` when made from their personal link. ``device`` and ``session``
    name where it was made, so log-out withdraws it."""

    endpoint = models.CharField(max_length=ENDPOINT_MAX, unique=True)
    p256dh = models.CharField(max_length=88, help_text="The browser's P-256 public key (base64url).")
    auth = models.CharField(max_length=24, help_text="The browser's authentication secret (base64url).")
    player = models.ForeignKey("players.Player", on_delete=models.CASCADE, related_name="+")
    tournament = models.ForeignKey("tournaments.Tournament", null=True, blank=True, on_delete=models.CASCADE,
                                   related_name="+", help_text="Made from a personal link: this event only.")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE,
                             related_name="+")
    device = models.CharField(max_length=12, blank=True, help_text="The device's label (ginscore.club.device).")
    session = models.CharField(max_length=24, blank=True, help_text="The viewer (ginscore.club.viewer).")
    language = models.CharField(max_length=8, help_text="The language the notifications are written in.")
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return f"{self.player_id} {self.endpoint[:40]}"


class Sent(models.Model):
    """One notification sent (written before it is sent): the same news never goes twice to a
    subscription, from any app server or a job run again."""

    subscription = models.ForeignKey(Subscription, on_delete=models.CASCADE, related_name="sent")
    kind = models.CharField(max_length=8)
    key = models.CharField(max_length=64)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["subscription", "kind", "key"], name="push_sent_once")]

    def __str__(self):
        return f"{self.kind} {self.key}"
