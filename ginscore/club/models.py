from django.conf import settings
from django.db import models


class Preferences(models.Model):
    """What a member chose for themselves, on every device they log in on."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="preferences")
    # "": the browser's language when the site offers it, else the club's.
    language = models.CharField(max_length=8, blank=True, default="")
    # How the pages look for them (docs/accessibility.md): larger text; the cards in four colours
    # (spades black, hearts red, diamonds blue, clubs green).
    large_text = models.BooleanField(default=False)
    four_colour = models.BooleanField(default=False)

    def __str__(self):
        return f"{self.user}: {self.language or '-'}"


class Tried(models.Model):
    """One thing counted against a limit shared by every worker and app server (kept in the
    database, not in a process's memory): ``where`` it came from and ``scope``, what it was for.
    A seat code typed (``ginscore.club.passes``: where, the client's address; scope, "match.12"),
    an error mailed (``ginscore.club.error_mail``: where "mail", scope "errors")."""

    where = models.CharField(max_length=64)
    scope = models.CharField(max_length=64)
    at = models.DateTimeField(db_index=True)

    class Meta:
        indexes = [models.Index(fields=["where", "at"], name="club_tried_where_at")]

    def __str__(self):
        return f"{self.where} {self.scope} {self.at:%H:%M:%S}"

    @staticmethod
    def take_turn(where: str) -> None:
        """Inside a transaction: what counts and writes the tries from ``where`` waits here for any
        other process doing so, until its transaction ends, so a limit's last try is never used
        twice. PostgreSQL: an advisory lock for ``where``; SQLite already makes every transaction
        take turns (they begin IMMEDIATE: settings.py)."""
        from django.db import connection

        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", [f"ginscore.tried.{where}"])


class Posted(models.Model):
    """A form a device sent, under the key its page gave it (static/ginscore/posted.js). The same
    form sent again (a reload once its answer was lost on a dropped network, a tap after the page's
    own hold) is answered with where the first one led, never done twice (ginscore.club.posted)."""

    device = models.CharField(max_length=12)   # ginscore.club.device's label of the device
    key = models.UUIDField()   # the page's key, made distinct for each address it was sent to
    # Where the first one's answer sent the browser; "" while it is still on its way.
    answer = models.CharField(max_length=2000, blank=True, default="")
    at = models.DateTimeField(db_index=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["device", "key"], name="club_posted_once")]

    def __str__(self):
        return f"{self.device} {self.key} {self.answer or '(on its way)'}"
