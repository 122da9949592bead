from django.apps import AppConfig
from django.db.models import F
from django.db.models.signals import post_save


class TournamentsConfig(AppConfig):
    name = "ginscore.tournaments"
    label = "tournaments"

    def ready(self):
        from ginscore.matches.services import match_changed

        match_changed.connect(follow_match, dispatch_uid="tournaments.follow_match")
        from ginscore.tournaments.news import news
        from ginscore.tournaments.tasks import on_clock_started

        news.connect(on_clock_started, dispatch_uid="tournaments.on_clock_started")
        post_save.connect(player_renamed, sender="players.Player", dispatch_uid="tournaments.player_renamed")


def follow_match(sender, *, match, action, user=None, hand_number=None, via=None, **kwargs):
    """A hand was saved, corrected, taken back, confirmed or disputed: the tournament moves on.
    A correction of a result the event already relies on is a director's (refused for anyone else)."""
    if action in ("created", "imported"):
        return
    from ginscore.tournaments.services import correction_check, tournament_match_follow

    if action in ("edited", "deleted", "undone"):
        correction_check(match=match, user=user)
    tournament_match_follow(match=match, action=action, hand_number=hand_number, user=user, via=via)


def player_renamed(sender, *, instance, created, **kwargs):
    """A player saved (renamed in the admin): the pages of the events they play in show the new
    name, so their version moves on (live pages fetch them again; kept copies are not used)."""
    if created:
        return
    from ginscore.tournaments.models import Tournament

    Tournament.objects.filter(entries__player=instance).update(revision=F("revision") + 1,
                                                               results_revision=F("results_revision") + 1)
