"""Writes that move the ratings: a match marked rated or a friendly, a player hiding their
rating. Each moves the ratings version (``ratings_moved``) in the same transaction."""
from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils.translation import gettext as _

from ginscore.club.roles import is_director
from ginscore.matches.models import Match
from ginscore.matches.permissions import can_manage_match
from ginscore.players.models import Player
from ginscore.ratings.models import ratings_moved


def match_rated_set(*, match_id: int, rated: bool, user) -> Match:
    """Marks a match rated, or a friendly (unrated). Those who manage the match may until its first
    hand (a tournament match: a director only); once it started, a director only, and a finished
    match's change replays every rating after it. ``ValueError`` says why not."""
    with transaction.atomic():
        match = Match.objects.select_for_update(of=("self",)).select_related(
            "player_a", "player_b", "player_c", "player_d").filter(pk=match_id).first()
        if match is None:
            raise Match.DoesNotExist(_("No such match."))
        if not can_manage_match(user, match):
            raise PermissionDenied(_("Only a director, the players or whoever created the match may change this."))
        if not is_director(user):
            if match.hand_count:
                raise ValueError(_("The match has started: only a director can make it rated or a friendly now."))
            if hasattr(match, "tournament_match"):
                raise ValueError(_("A tournament match is rated: only a director can make it a friendly."))
        if match.rated != rated:
            match.rated = rated
            match.save(update_fields=["rated", "updated_at"])
            if match.complete:
                ratings_moved()
    return match


def player_rating_hide(*, player: Player, hidden: bool) -> Player:
    """The player keeps their rating to themselves (``hidden``), or shows it again."""
    with transaction.atomic():
        Player.objects.filter(pk=player.pk).update(rating_hidden=hidden)
        player.rating_hidden = hidden
        ratings_moved()
    return player
