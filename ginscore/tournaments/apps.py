from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "ginscore.tournaments"
    label = "tournaments"

    def ready(self):
        from ginscore.matches.services import match_changed

        match_changed.connect(follow_match, dispatch_uid="tournaments.follow_match")


def follow_match(sender, *, match, action, **kwargs):
    """A hand was saved, corrected or taken back: the tournament moves on."""
    if action in ("created", "imported"):
        return
    from ginscore.tournaments.services import tournament_match_follow

    tournament_match_follow(match=match)
