"""Writes that move the ratings: a match marked rated or a friendly (a director; or, for a
member's imported match, its other player agreeing), a player hiding their rating. Each moves the
ratings version (``ratings_moved``) in the same transaction. And the replay the worker makes after
each change of the rated history (``ratings_replay``), stored only over an older one
(``ratings_store``)."""
from __future__ import annotations

import time

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from ginscore.club.roles import is_director
from ginscore.matches.models import Match
from ginscore.matches.permissions import can_manage_match
from ginscore.players.models import Player
from ginscore.ratings import selectors
from ginscore.ratings.models import (
    RatingsReplay, RatingsVersion, new_stamp, ratings_moved, ratings_shown_moved, ratings_version,
)


def _locked(match_id: int) -> Match:
    match = Match.objects.select_for_update(of=("self",)).select_related(
        "player_a", "player_b", "player_c", "player_d").filter(pk=match_id).first()
    if match is None:
        raise Match.DoesNotExist(_("No such match."))
    return match


def match_rated_set(*, match_id: int, rated: bool, user) -> Match:
    """Marks a match rated, or a friendly (unrated). Those who manage the match may until its first
    hand (a tournament match: a director only); once it started, a director only, and a finished
    match's change replays every rating after it. ``ValueError`` says why not."""
    with transaction.atomic():
        match = _locked(match_id)
        if not can_manage_match(user, match):
            raise PermissionDenied(_("Only a director, the players or whoever created the match may change this."))
        if not is_director(user):
            if match.hand_count:
                raise ValueError(_("The match has started: only a director can make it rated or a friendly now."))
            if hasattr(match, "tournament_match"):
                raise ValueError(_("A tournament match is rated: only a director can make it a friendly."))
        if match.rated != rated or match.rating_asked:
            moved = match.rated != rated
            match.rated, match.rating_asked = rated, False
            match.save(update_fields=["rated", "rating_asked", "updated_at"])
            if match.complete and moved:
                ratings_moved()
    return match


def rating_agreer(match: Match, user) -> bool:
    """``user`` may agree that ``match`` counts for the rating: it was imported by one of its two
    players asking so (``rating_asked``), and ``user``'s account plays the other seat."""
    if not match.rating_asked or user is None or not user.is_authenticated or match.created_by_id == user.pk:
        return False
    players = [p for p in match.seats if p is not None]
    return len(players) == 2 and any(p.user_id == user.pk for p in players)


def match_rating_agree(*, match_id: int, user) -> Match:
    """The other player of a match its importer asked to count (``rating_asked``) agrees: it is
    rated from now on. ``ValueError`` says why not (only that player may)."""
    with transaction.atomic():
        match = _locked(match_id)
        if not rating_agreer(match, user):
            raise ValueError(_("Only the other player of an imported match agrees that it counts for the rating."))
        match.rated, match.rating_asked = True, False
        match.save(update_fields=["rated", "rating_asked", "updated_at"])
        if match.complete:
            ratings_moved()
    return match


def player_rating_hide(*, player: Player, hidden: bool) -> Player:
    """The player keeps their rating to themselves (``hidden``), or shows it again."""
    with transaction.atomic():
        Player.objects.filter(pk=player.pk).update(rating_hidden=hidden)
        player.rating_hidden = hidden
        ratings_shown_moved()
    return player


def ratings_store(*, number: int, club, seconds: float) -> bool:
    """Stores ``club``, the replay of the rated history numbered ``number``, unless a replay of that
    history or a newer one is stored already (two replays finishing in either order leave the newer:
    the version row, updated first, orders them); the pages drawn so far showed an older replay and
    are drawn again (a new stamp). True when it stored it."""
    moved = {"replayed": number, "stamp": new_stamp()}
    with transaction.atomic():
        if not RatingsVersion.objects.filter(Q(replayed__isnull=True) | Q(replayed__lt=number), pk=1).update(**moved):
            return False
        stored = {"number": number, "data": selectors.replay_dump(club), "made_at": timezone.now(), "seconds": seconds}
        if not RatingsReplay.objects.filter(pk=1).update(**stored):
            RatingsReplay.objects.create(pk=1, **stored)
    return True


def ratings_replay() -> bool:
    """The worker's replay after a change of the rated history: every rated match rated again and
    stored under the history's number, read before the matches (so the replay holds that history or
    a newer one, never an older). Nothing when that number's replay (or a newer) is stored already:
    of two jobs queued by two quick corrections, the first replays both, the second has nothing to
    do. True when it stored a replay."""
    _stamp, number, replayed = ratings_version()
    if replayed is not None and replayed >= number:
        return False
    started = time.perf_counter()
    club = selectors.replay()
    return ratings_store(number=number, club=club, seconds=time.perf_counter() - started)
