"""What the club rating keeps: ``RatingsVersion``, a stamp that changes with every write that can
move a rating or what the rating pages show (a finished match written, a match marked rated or not,
a player renamed or hiding their rating, a replay stored), so the pages drawn are kept under it and
a hand in a match still in play leaves them as they are; and ``RatingsReplay``, the last replay of
every rated match (``selectors.replay``), made by the background worker after each change of the
rated history and stored with the history's number it was made from (``services.ratings_replay``)."""
import secrets

from django.db import models
from django.db.models import F
from django.dispatch import Signal

from ginscore.club.prepared import Prepared


def new_stamp() -> str:
    return secrets.token_hex(8)


class RatingsVersion(models.Model):
    """One row (pk 1)."""

    number = models.PositiveBigIntegerField(default=0, help_text="Counts the changes of the rated history.")
    stamp = models.CharField(max_length=16, default=new_stamp,
                             help_text="New with every change: never the same for two states of the club "
                                       "(a change rolled back leaves no stamp behind to be reused).")
    replayed = models.BigIntegerField(null=True, blank=True,
                                      help_text="The number of the history the stored replay was made from "
                                                "(none yet: empty).")

    def __str__(self) -> str:
        return f"ratings version {self.number}"


class RatingsReplay(models.Model):
    """The stored replay (one row, pk 1): the ratings as the rated history numbered ``number`` left
    them, in the format of ``selectors.replay_dump`` (pickled, zlib-compressed)."""

    number = models.BigIntegerField(help_text="The history's number (RatingsVersion.number) it was made from.")
    data = models.BinaryField()
    made_at = models.DateTimeField()
    seconds = models.FloatField(help_text="How long the replay took.")

    def __str__(self) -> str:
        return f"ratings replay of version {self.number}"


# Sent by ``ratings_moved`` inside the caller's transaction; tasks.replay_later (connected in
# apps.ready) has the worker replay the ratings once it commits.
rated_history_moved = Signal()


def ratings_moved() -> None:
    """A change of the rated history: the version moves on (inside the caller's transaction) and,
    once it commits, the worker replays the ratings (one job a transaction, however many matches
    it changed: ``tasks.replay_later``)."""
    if not RatingsVersion.objects.filter(pk=1).update(number=F("number") + 1, stamp=new_stamp()):
        RatingsVersion.objects.get_or_create(pk=1)
        RatingsVersion.objects.filter(pk=1).update(number=F("number") + 1)
    rated_history_moved.send(sender=RatingsVersion)


def ratings_shown_moved() -> None:
    """A change of what the rating pages show that moves no rating (a player renamed, a rating
    hidden): a new stamp only."""
    if not RatingsVersion.objects.filter(pk=1).update(stamp=new_stamp()):
        RatingsVersion.objects.get_or_create(pk=1)


_VERSION = Prepared(lambda pk: RatingsVersion.objects.filter(pk=pk).values_list("stamp", "number", "replayed"))


def ratings_version() -> tuple[str, int, int | None]:
    """(stamp, the history's number, the number the stored replay was made from) in one query:
    ("", 0, None) before the first change."""
    return _VERSION.first(1) or ("", 0, None)


def ratings_stamp() -> str:
    """The version's stamp (one query): "" before the first change."""
    return ratings_version()[0]
