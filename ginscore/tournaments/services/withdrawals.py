"""Withdrawals and reinstatement: a player leaving the event, and coming back while
nothing depends on their leaving."""
from __future__ import annotations

from django.db import transaction
from django.db.models import Max, Q
from django.utils.translation import gettext

from ginscore.engine.tournament import LaterResult
from ginscore.matches.models import Match
from ginscore.tournaments.models import (
    STATUS_FINISHED, STATUS_RUNNING, STATUS_SETUP, Entry, Tournament, TournamentMatch,
)
from ginscore.tournaments.services.locks import TournamentRefused, _locked, _stage_kind
from ginscore.tournaments.services.rounds import (
    _advance, _blocking_words, _bracket, _close_unplayed_matches, _open_matches, _save_bracket,
)


def _entry_names(t: Tournament) -> dict[int, str]:
    """Each entry of the event by its name: the player's, or the team's (one query)."""
    return {e.pk: e.name for e in t.entries.select_related("player", "partner")}


def withdrawal_effects(*, entry: Entry) -> list[str]:
    """What withdrawing ``entry`` would do now, in sentences for the director's confirmation
    ("Ben is given Semi-final 1 (against Ann)."); nothing is written."""
    t = Tournament.objects.get(pk=entry.tournament_id)
    if t.status == STATUS_SETUP:
        return [gettext("%(entry)s is taken off the entries.") % {"entry": entry}]
    if t.status != STATUS_RUNNING:
        return []
    names = _entry_names(t)
    out = []
    if t.is_bracket:
        bracket, rows = _bracket(t)
        if entry.pk in bracket.seeds:
            for m in bracket.withdraw(entry.pk):
                if m.outcome == "withdrawal":
                    out.append(gettext("%(winner)s is given %(match)s (against %(entry)s).")
                               % {"winner": names[m.winner], "match": bracket.title(m), "entry": entry})
    else:
        for row in TournamentMatch.objects.filter(tournament=t, stage=t.stage, outcome="").filter(
                Q(entry_a=entry) | Q(entry_b=entry)).order_by("play_round", "id"):
            other = row.entry_b_id if row.entry_a_id == entry.pk else row.entry_a_id
            out.append(gettext("%(winner)s is given their round %(round)s match (against %(entry)s).")
                       % {"winner": names[other], "round": row.play_round, "entry": entry})
    return out


def entry_withdraw(*, entry: Entry) -> None:
    """The player leaves: their open match goes to the opponent, and so does
    every later one in a bracket; a Swiss or round-robin player is no longer paired."""
    with transaction.atomic():
        t = _locked(entry.tournament_id)
        entry = Entry.objects.get(pk=entry.pk)
        if entry.withdrawn:
            raise TournamentRefused("entries: " + gettext("%(entry)s has already withdrawn.") % {"entry": entry})
        if t.status == STATUS_SETUP:
            entry.delete()   # not started: simply no longer entered
            return
        entry.withdrawn = True
        entry.save(update_fields=["withdrawn"])
        if t.status != STATUS_RUNNING:
            return
        if t.is_bracket:
            bracket, rows = _bracket(t)
            if entry.pk in bracket.seeds:   # a two-stage player who did not reach the knockout has nothing open
                _save_bracket(t, rows, bracket.withdraw(entry.pk))
        else:
            open_rows = TournamentMatch.objects.filter(tournament=t, stage=t.stage, outcome="").filter(
                Q(entry_a=entry) | Q(entry_b=entry))
            for row in open_rows:
                other = row.entry_b_id if row.entry_a_id == entry.pk else row.entry_a_id
                row.winner_id, row.outcome = other, "withdrawal"
                row.save(update_fields=["winner", "outcome"])
        _advance(t)


class _Reinstatement:
    """What bringing a withdrawn player back would take back: the matches their withdrawal gave
    away (``reopened``), in a bracket the engine's changes, and what stops it (``refusal``)."""

    def __init__(self, t: Tournament, entry_pk: int):
        entry = Entry.objects.select_related("player", "partner").get(pk=entry_pk)
        self.t, self.entry, self.refusal = t, entry, None
        self.reopened: list[TournamentMatch] = []
        self.effects: list[str] = []
        self.bracket_rows, self.changed = None, []
        if not entry.withdrawn:
            self.refusal = gettext("%(entry)s has not withdrawn") % {"entry": entry}
        elif t.status == STATUS_FINISHED:
            self.refusal = gettext("the tournament is over and its final standings were worked out without them")
        elif t.status == STATUS_RUNNING:
            self._plan()

    def _plan(self) -> None:
        t, entry = self.t, self.entry
        theirs = TournamentMatch.objects.filter(tournament=t).filter(Q(entry_a=entry) | Q(entry_b=entry))
        if t.stage > 1 and not theirs.filter(stage=t.stage).exists():
            self.refusal = gettext("the first stage is over and the knockout was drawn without them")
            return
        # the matches the withdrawal gave away, the latest first
        self.reopened = list(theirs.filter(stage=t.stage, outcome="withdrawal").exclude(winner=entry)
                             .order_by("-play_round", "-id"))
        names = _entry_names(t)
        if t.is_bracket:
            self._plan_bracket(names)
        else:
            for row in reversed(self.reopened):
                self.effects.append(_open_again(gettext("Round %(round)s") % {"round": row.play_round},
                                                names[row.winner_id]))
            if _stage_kind(t) == "swiss":   # a round robin's rounds were all drawn at the start, with them
                last = theirs.filter(stage=t.stage).aggregate(r=Max("play_round"))["r"] or 0
                later = TournamentMatch.objects.filter(tournament=t, stage=t.stage, play_round__gt=last).order_by(
                    "play_round").first()
                if later is not None:
                    self.refusal = gettext("round %(round)s was paired without them") % {"round": later.play_round}
                    return
                self.effects.append(gettext("%(entry)s is paired again from round %(round)s.")
                                    % {"entry": entry, "round": last + 1})

    def _plan_bracket(self, names: dict[int, str]) -> None:
        bracket, rows = _bracket(self.t)
        bracket.withdrawn.discard(self.entry.pk)
        reopened = {row.key for row in self.reopened}
        try:
            for row in self.reopened:   # the latest first: a later gift rests on an earlier one
                self.changed += bracket.undo(row.key)
        except LaterResult as e:
            self.refusal = gettext("%(match)s already has a result") % {"match": _blocking_words(bracket, rows[e.blocking])}
            return
        cleared = [rows[m.id] for m in self.changed if m.id not in reopened and rows[m.id].match_id]
        started = set(Match.objects.filter(pk__in=[r.match_id for r in cleared], hand_count__gt=0)
                      .values_list("pk", flat=True))
        for r in cleared:
            if r.match_id in started:
                self.refusal = gettext("%(match)s has started") % {"match": _blocking_words(bracket, r)}
                return
        self.bracket_rows = rows
        for row in reversed(self.reopened):
            m, other = bracket.by_id[row.key], names[row.winner_id]
            if m.ready:
                self.effects.append(_open_again(bracket.title(m), other))
            else:   # a later place the withdrawal reached (a losers' round): it waits for its players again
                self.effects.append(gettext("%(winner)s's win by withdrawal in %(match)s is taken back.")
                                    % {"winner": other, "match": bracket.title(m)})

    def apply(self) -> None:
        self.entry.withdrawn = False
        self.entry.save(update_fields=["withdrawn"])
        if self.bracket_rows is not None:
            _save_bracket(self.t, self.bracket_rows, self.changed)
        else:
            TournamentMatch.objects.filter(pk__in=[r.pk for r in self.reopened]).update(winner=None, outcome="")
        _close_unplayed_matches(self.t)
        _open_matches(self.t)


def _open_again(match: str, other: str) -> str:
    return gettext("%(match)s against %(other)s is open again (%(other)s's win by withdrawal is taken back).") % {
        "match": match, "other": other}


def reinstatement_check(*, entry: Entry) -> tuple[str | None, list[str]]:
    """Whether the withdrawn ``entry`` can come back now: (what stops it, in words, or None;
    what it would do, in sentences for the director's confirmation). Nothing is written."""
    t = Tournament.objects.get(pk=entry.tournament_id)
    plan = _Reinstatement(t, entry.pk)
    return plan.refusal, plan.effects


def entry_reinstate(*, entry: Entry) -> None:
    """A withdrawn player comes back while nothing depends on the withdrawal: the matches it gave
    away are open again (with a match to play) and a Swiss player is paired again. Refused, naming
    what depends on it, once a later round was paired without them, a match the withdrawal gave
    away led to a result or a started match, or the stage or the event is over."""
    with transaction.atomic():
        t = _locked(entry.tournament_id)
        plan = _Reinstatement(t, entry.pk)
        if plan.refusal:
            raise TournamentRefused("entries: " + gettext("%(entry)s cannot come back: %(reason)s.")
                                    % {"entry": plan.entry, "reason": plan.refusal})
        plan.apply()
