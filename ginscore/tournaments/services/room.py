"""The room: the director's announcement on the board, and check-in before each round."""
from __future__ import annotations

from decimal import Decimal

from django.db import transaction
from django.db.models import Max
from django.utils.formats import number_format
from django.utils.translation import gettext

from ginscore.tournaments.models import STATUS_RUNNING, STATUS_SETUP, Entry, Tournament, TournamentMatch
from ginscore.tournaments.services.locks import TournamentRefused, _locked, _stage_kind
from ginscore.tournaments.services.rounds import _open_matches, _pair_swiss_round


ANNOUNCEMENT_MAX = Tournament._meta.get_field("announcement").max_length


def tournament_announce(*, tournament: Tournament, text: str) -> Tournament:
    """The director's line on the board ("" clears it)."""
    text = " ".join((text or "").split())
    if len(text) > ANNOUNCEMENT_MAX:
        raise TournamentRefused("announcement: " + gettext("at most %(most)s characters (this one has %(count)s).")
                                % {"most": ANNOUNCEMENT_MAX, "count": len(text)})
    with transaction.atomic():
        t = _locked(tournament.pk)
        t.announcement = text
        t.save(update_fields=["announcement"])
    return t


# Check-in

ENTRY_FEE_MAX = Decimal("999999.99")


def check_in_round(t: Tournament) -> int | None:
    """The round of play the players check in for now: round 1 in set-up; with check-in on,
    the next Swiss round once the last one is over; None when check-in is closed."""
    if t.status == STATUS_SETUP:
        return 1
    if not t.check_in or t.status != STATUS_RUNNING or _stage_kind(t) != "swiss":
        return None
    rows = TournamentMatch.objects.filter(tournament=t, stage=t.stage)
    if rows.filter(outcome="").exists():
        return None
    return (rows.aggregate(r=Max("play_round"))["r"] or 0) + 1


def tournament_check_in_set(*, tournament: Tournament, check_in: bool, entry_fee: Decimal | None) -> Tournament:
    """Whether the players check in before each Swiss round, and the entry fee."""
    if entry_fee is not None and not Decimal(0) <= entry_fee <= ENTRY_FEE_MAX:
        raise TournamentRefused("entry_fee: " + gettext("between 0 and %(most)s.")
                                % {"most": number_format(ENTRY_FEE_MAX, force_grouping=True)})
    with transaction.atomic():
        t = _locked(tournament.pk)
        if t.status != STATUS_SETUP and entry_fee != t.entry_fee and getattr(t, "prize", None) is not None:
            # (``prize``: the prize rules of ``ginscore.seasons``, frozen at the start with the fee.)
            raise TournamentRefused("entry_fee: " + gettext("the event has started and its prize pool rests on the fee."))
        t.check_in, t.entry_fee = check_in, entry_fee
        t.save(update_fields=["check_in", "entry_fee"])
    return t


def entry_check_in(*, entry: Entry, present: bool = True, paid: bool | None = None) -> Entry:
    """The player is here (or, ``present`` False, not after all); ``paid`` records the entry fee."""
    with transaction.atomic():
        t = _locked(entry.tournament_id)
        entry = Entry.objects.select_related("player", "partner").get(pk=entry.pk)
        if entry.withdrawn:
            raise TournamentRefused("entries: " + gettext("%(entry)s has withdrawn.") % {"entry": entry})
        r = check_in_round(t)
        if r is None:
            raise TournamentRefused("check-in: " + gettext("it is open only before a round is paired."))
        entry.checked_in_round = r if present else None
        if paid is not None:
            entry.fee_paid = paid
        entry.save(update_fields=["checked_in_round", "fee_paid"])
    return entry


def entries_check_in_played(*, tournament: Tournament) -> int:
    """Every player who played the last round (a bye too) and has not withdrawn is checked in for
    the coming one, in one go (the desk then marks the few who left "Not here"). Returns how many
    were checked in now."""
    with transaction.atomic():
        t = _locked(tournament.pk)
        r = check_in_round(t)
        if r is None:
            raise TournamentRefused("check-in: " + gettext("it is open only before a round is paired."))
        if r == 1 or t.status != STATUS_RUNNING:
            raise TournamentRefused("check-in: " + gettext("no round has been played yet; check the players in one by one."))
        last = TournamentMatch.objects.filter(tournament=t, stage=t.stage, play_round=r - 1).exclude(outcome="void")
        played = {pk for pair in last.values_list("entry_a_id", "entry_b_id") for pk in pair if pk is not None}
        return (t.entries.filter(pk__in=played, withdrawn=False).exclude(checked_in_round=r)
                .update(checked_in_round=r))


def entries_withdraw_absent(*, tournament: Tournament, only=None) -> int:
    """Every player not checked in for the coming round withdraws (in set-up: is no longer
    entered); ``only`` (entry ids: those the director was shown and confirmed): only those of
    them still not checked in. Returns how many."""
    with transaction.atomic():
        t = _locked(tournament.pk)
        r = check_in_round(t)
        if r is None:
            raise TournamentRefused("check-in: " + gettext("it is open only before a round is paired."))
        absent = t.entries.filter(withdrawn=False).exclude(checked_in_round=r)
        absent = list(absent if only is None else absent.filter(pk__in=list(only)))
        if t.status == STATUS_SETUP:
            Entry.objects.filter(pk__in=[e.pk for e in absent]).delete()
        else:
            Entry.objects.filter(pk__in=[e.pk for e in absent]).update(withdrawn=True)
    return len(absent)


def round_pair_present(*, tournament: Tournament) -> int:
    """Pairs the next Swiss round with the players checked in for it; returns its number."""
    with transaction.atomic():
        t = _locked(tournament.pk)
        r = check_in_round(t)
        if r is None or t.status != STATUS_RUNNING:
            raise TournamentRefused("round: " + gettext("the next round can be paired once the last one is over."))
        entries = list(t.entries.filter(withdrawn=False).values_list("pk", "checked_in_round"))
        absent = frozenset(pk for pk, done in entries if done != r)
        if len(entries) - len(absent) < 2:
            raise TournamentRefused("check-in: " + gettext("fewer than 2 players are checked in."))
        _pair_swiss_round(t, r, absent)
        _open_matches(t)
    return r
