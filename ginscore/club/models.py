from django.conf import settings
from django.db import models


class Preferences(models.Model):
    """What a member chose for themselves, on every device they log in on."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="preferences")
    # "": the browser's language when the site offers it, else the club's.
    language = models.CharField(max_length=8, blank=True, default="")

    def __str__(self):
        return f"{self.user}: {self.language or '-'}"


class CodeGuess(models.Model):
    """One short code typed (``ginscore.club.passes``), counted in the database so that every
    worker and app server sees the same tries: ``where`` it came from (the client's address, an
    IPv6 address by its /64 network) and ``scope`` (what the code opens: "match.12")."""

    where = models.CharField(max_length=64)
    scope = models.CharField(max_length=64)
    at = models.DateTimeField(db_index=True)

    class Meta:
        indexes = [models.Index(fields=["where", "at"], name="club_codeguess_where_at")]

    def __str__(self):
        return f"{self.where} {self.scope} {self.at:%H:%M:%S}"
