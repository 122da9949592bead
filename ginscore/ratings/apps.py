from django.apps import AppConfig
from django.db.models.signals import post_delete, post_save


class RatingsConfig(AppConfig):
    name = "ginscore.ratings"
    label = "ratings"

    def ready(self):
        from ginscore.matches.services import match_changed
        from ginscore.ratings.models import rated_history_moved
        from ginscore.ratings.tasks import replay_later

        match_changed.connect(match_written, dispatch_uid="ratings.match_written")
        post_delete.connect(match_deleted, sender="matches.Match", dispatch_uid="ratings.match_deleted")
        post_save.connect(player_saved, sender="players.Player", dispatch_uid="ratings.player_saved")
        rated_history_moved.connect(replay_later, dispatch_uid="ratings.replay_later")


def match_written(sender, *, match, was_complete=False, **kwargs):
    """A write to a match's hands: the ratings move when the match is over or was (a hand in a
    match still in play moves none)."""
    if match.complete or was_complete:
        from ginscore.ratings.models import ratings_moved

        ratings_moved()


def match_deleted(sender, *, instance, **kwargs):
    if instance.complete:
        from ginscore.ratings.models import ratings_moved

        ratings_moved()


def player_saved(sender, *, instance, created, **kwargs):
    """A player renamed (or their rating hidden): the rating pages show it."""
    if not created:
        from ginscore.ratings.models import ratings_shown_moved

        ratings_shown_moved()
