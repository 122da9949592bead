"""What every tournament write shares: the refusal, the locked row, the rules and the stage."""
from __future__ import annotations

from django.utils.translation import gettext, ngettext

from ginscore.club.prepared import Prepared
from ginscore.engine import MatchLength, rules_from
from ginscore.tournaments.models import Tournament


class TournamentRefused(ValueError):
    """The director's request cannot be done now; the message says why."""


class NotCheckedIn(TournamentRefused):
    """Refused because players have not checked in: ``entries`` are they (the desk links to each)."""

    def __init__(self, message: str, entries):
        super().__init__(message)
        self.entries = list(entries)


NAMED_AT_MOST = 8   # a refusal names this many players, then says how many more


def names_listed(entries) -> str:
    """"Ann, Ben and Cat"; past ``NAMED_AT_MOST``, "... and 4 more"."""
    names = [str(e) for e in entries]
    if len(names) > NAMED_AT_MOST:
        more = len(names) - NAMED_AT_MOST
        names = names[:NAMED_AT_MOST] + [ngettext("%(count)s more", "%(count)s more", more) % {"count": more}]
    if len(names) == 1:
        return names[0]
    return gettext("%(names)s and %(last)s") % {"names": ", ".join(names[:-1]), "last": names[-1]}


def tournament_rules(tournament: Tournament):
    return rules_from({"preset": tournament.preset, **(tournament.rule_overrides or {})})


def tournament_length(tournament: Tournament) -> MatchLength:
    return MatchLength(tournament.length_kind, tournament.length_games if tournament.length_kind == "best_of" else None)


def _stage_kind(t: Tournament) -> str:
    if t.format == "two_stage":
        return t.first_stage if t.stage == 1 else "single"
    return t.format


# The reads of every hand saved in a tournament (prepared: see ginscore.club.prepared).
_LOCKED = Prepared(lambda pk: Tournament.objects.select_for_update().filter(pk=pk))


def _locked(pk: int, *, results: bool = True) -> Tournament:
    """The tournament, its row locked until the transaction ends; every write locks it, so the
    revision moves on here (the live pages ask for it; a write rolled back takes it back).
    ``results=False``: a write that leaves the standings as they are (a hand's points in a match
    still in play) moves ``revision`` only, not ``results_revision``."""
    t = _LOCKED.first(pk)
    if t is None:
        raise Tournament.DoesNotExist("No such tournament.")
    t.revision += 1
    fields = ["revision"]
    if results:
        t.results_revision += 1
        fields.append("results_revision")
    t.save(update_fields=fields)
    return t


def _results_moved(t: Tournament) -> None:
    """A write under ``_locked(results=False)`` that changed a result after all."""
    t.results_revision += 1
    t.save(update_fields=["results_revision"])
