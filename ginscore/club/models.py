from django.conf import settings
from django.db import models


class Preferences(models.Model):
    """What a member chose for themselves, on every device they log in on."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="preferences")
    # "": the browser's language when the site offers it, else the club's.
    language = models.CharField(max_length=8, blank=True, default="")

    def __str__(self):
        return f"{self.user}: {self.language or '-'}"
