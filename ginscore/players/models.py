"""The club's players: a name at the table, optionally linked to an account."""
from django.conf import settings
from django.db import models


class Player(models.Model):
    name = models.CharField(max_length=60, unique=True)
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="player", help_text="The account that plays as this player (scores their own matches).",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name
