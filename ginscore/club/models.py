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
