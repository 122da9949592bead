"""The round clock: the director starts it, calls time, and decides a table at time."""
from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from ginscore.matches.agreement import match_awaits_agreement
from ginscore.tournaments.models import STATUS_RUNNING, Tournament, TournamentMatch
from ginscore.tournaments.news import announce
from ginscore.tournaments.services.locks import TournamentRefused, _locked
from ginscore.tournaments.services.results import _follow_row, _time_call, _time_call_if_due, time_winner


CLOCK_MINUTES = (1, 600)


def current_round_key(t: Tournament) -> tuple[int, int] | None:
    """(stage, round of play) of the earliest round with a match still open."""
    row = (TournamentMatch.objects.filter(tournament=t, stage=t.stage, outcome="", entry_a__isnull=False,
                                          entry_b__isnull=False).order_by("play_round")
           .values_list("stage", "play_round").first())
    return tuple(row) if row else None


def round_clock_start(*, tournament: Tournament, minutes: int, now=None) -> Tournament:
    """Starts (or restarts) the clock of the round being played: ``minutes`` from now."""
    low, high = CLOCK_MINUTES
    if not isinstance(minutes, int) or not low <= minutes <= high:
        raise TournamentRefused("minutes: " + gettext("a round lasts between %(low)s and %(high)s minutes.")
                                % {"low": low, "high": high})
    with transaction.atomic():
        t = _locked(tournament.pk)
        if t.status != STATUS_RUNNING:
            raise TournamentRefused("clock: " + gettext("the tournament is not running."))
        key = current_round_key(t)
        if key is None:
            raise TournamentRefused("clock: " + gettext("no round is being played."))
        if (t.clock_stage, t.clock_round) == key and t.clock_called:
            raise TournamentRefused("clock: " + gettext("time has already been called in round %(round)s.")
                                    % {"round": key[1]})
        t.clock_stage, t.clock_round = key
        t.clock_deadline = (now or timezone.now()) + timedelta(minutes=minutes)
        t.clock_called = None
        t.save(update_fields=["clock_stage", "clock_round", "clock_deadline", "clock_called"])
        # the background worker calls time at the deadline (ginscore.tournaments.tasks)
        announce("clock", tournament=t.pk, deadline=t.clock_deadline.isoformat())
    return t


def round_clock_run_out(*, tournament_id: int, deadline: str, now=None) -> bool:
    """Time is called because the clock that ran out at ``deadline`` (its ISO time) has run out,
    unless the director restarted the clock or called time meanwhile. Returns whether it called it."""
    with transaction.atomic():
        t = _locked(tournament_id)
        if t.clock_deadline is None or t.clock_called or t.clock_deadline.isoformat() != deadline:
            return False
        _time_call_if_due(t, now)
        return t.clock_called is not None


def round_time_call(*, tournament: Tournament, now=None) -> Tournament:
    """The director calls time now (before the deadline, or at it): each unfinished match
    finishes the hand in play and is then decided at time."""
    with transaction.atomic():
        t = _locked(tournament.pk)
        if t.clock_deadline is None or t.clock_called:
            raise TournamentRefused("clock: " + gettext("no round clock is running."))
        _time_call(t, min(now or timezone.now(), t.clock_deadline))
    return t


def tmatch_decide_at_time(*, tmatch: TournamentMatch) -> None:
    """After time is called, a table that is between hands is decided on the hands it has."""
    with transaction.atomic():
        t = _locked(tmatch.tournament_id)
        _time_call_if_due(t)
        row = TournamentMatch.objects.select_related("entry_a", "entry_b", "match").get(pk=tmatch.pk)
        if row.outcome:
            raise TournamentRefused("result: " + gettext("this match already has a result."))
        if row.time_hands is None or row.match is None:
            raise TournamentRefused("clock: " + gettext("time has not been called for this match."))
        if row.match.hand_count == 0:
            raise TournamentRefused("clock: " + gettext("no hand was played; give the match as a forfeit instead."))
        if time_winner(t.time_rule, row.match) is None:
            raise TournamentRefused("clock: " + gettext("the players are level; the next hand decides."))
        if t.agree and match_awaits_agreement(row.match):
            raise TournamentRefused("clock: " + gettext("a hand of this match awaits confirmation; confirm or settle it first."))
        row.time_hands = row.match.hand_count - 1   # the last hand counts as the hand in play
        row.save(update_fields=["time_hands"])
        _follow_row(t, row, row.match)

