"""The club rating keeps no numbers: every rating is a replay of the rated matches
(``selectors``). ``RatingsVersion`` is the one thing kept: a stamp that changes with every
write that can move a rating or what the rating pages show (a finished match written, a match
marked rated or not, a player renamed or hiding their rating), so a replay and the pages drawn
from it are kept under it, and a hand in a match still in play leaves them as they are."""
import secrets

from django.db import models
from django.db.models import F

from ginscore.club.prepared import Prepared


def new_stamp() -> str:
    return secrets.token_hex(8)


class RatingsVersion(models.Model):
    """One row (pk 1)."""

    number = models.PositiveBigIntegerField(default=0, help_text="Counts the changes.")
    stamp = models.CharField(max_length=16, default=new_stamp,
                             help_text="New with every change: never the same for two states of the club "
                                       "(a change rolled back leaves no stamp behind to be reused).")

    def __str__(self) -> str:
        return f"ratings version {self.number}"


def ratings_moved() -> None:
    """A change that can move a rating: the version moves on (inside the caller's transaction)."""
    if not RatingsVersion.objects.filter(pk=1).update(number=F("number") + 1, stamp=new_stamp()):
        RatingsVersion.objects.get_or_create(pk=1)


_STAMP = Prepared(lambda pk: RatingsVersion.objects.filter(pk=pk).values_list("stamp", flat=True))


def ratings_stamp() -> str:
    """The version's stamp (one query): "" before the first change."""
    return _STAMP.first(1) or ""
