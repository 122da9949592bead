"""The club's players: a name at the table, optionally linked to an account."""
from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext as _

from ginscore.players.names import NAME_MAX, NameRefused, name_clean, name_key


class PlayerQuerySet(models.QuerySet):
    def bulk_create(self, objs, *args, **kwargs):
        """As Django's, with each player's ``name_key`` filled in (``save`` is not called)."""
        objs = list(objs)
        for player in objs:
            player.name_key = name_key(player.name)
        return super().bulk_create(objs, *args, **kwargs)


class Player(models.Model):
    name = models.CharField(max_length=NAME_MAX, unique=True)
    name_key = models.CharField(
        max_length=4 * NAME_MAX, unique=True, editable=False,
        help_text="The name case-folded (ginscore.players.names.name_key): two names with one key are one player.",
    )
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="player", help_text="The account that plays as this player (scores their own matches).",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    rating_hidden = models.BooleanField(
        default=False, help_text="The player keeps their club rating to themselves: others see the name, no number.")

    objects = PlayerQuerySet.as_manager()

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def clean(self):
        """The name cleaned (``name_clean``), and no other player with the same key ("ann" beside "Ann")."""
        try:
            self.name = name_clean(self.name)
        except NameRefused as e:
            raise ValidationError({"name": _("This name %(reason)s.") % {"reason": e.reason}}) from None
        twin = Player.objects.filter(name_key=name_key(self.name)).exclude(pk=self.pk).first()
        if twin is not None:
            raise ValidationError({"name": _('"%(name)s" is already a player: names differ by more than capitals, '
                                             "accents that look alike or invisible characters.") % {"name": twin.name}})

    def save(self, *args, **kwargs):
        self.name_key = name_key(self.name)
        if kwargs.get("update_fields") is not None and "name" in kwargs["update_fields"]:
            kwargs["update_fields"] = {*kwargs["update_fields"], "name_key"}
        super().save(*args, **kwargs)
