"""Sign-up before the night: a member enters themselves (or their pair) while the event is in
set-up and open for sign-up; within the cap a sign-up holds a place, past it it waits, and the
waiting move up in order when someone takes theirs back. The director accepts a sign-up (it
becomes an entry, checked in as any other) or removes it."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db import transaction
from django.db.models import Max, Q
from django.utils import timezone
from django.utils.translation import gettext

from ginscore.players.models import Player
from ginscore.players.names import NameRefused
from ginscore.players.services import player_get_or_create
from ginscore.tournaments.models import STATUS_SETUP, Entry, SignUp, Tournament
from ginscore.tournaments.services.entries import _team_name, teams_named_once
from ginscore.tournaments.services.locks import TournamentRefused, _locked

SIGN_UP_CAP_MAX = 4096


def sign_up_open(t: Tournament, now: datetime | None = None) -> bool:
    """Members may sign up now: the event is in set-up, open for sign-up, and not past its closing time."""
    return bool(t.sign_up and t.status == STATUS_SETUP
                and (t.sign_up_closes is None or (now or timezone.now()) < t.sign_up_closes))


@dataclass(frozen=True)
class SignUpLine:
    sign_up: SignUp
    place: bool          # holds a place (within the cap)
    waiting: int | None  # else its number on the waiting list (1: next to move up)


def sign_up_lines(t: Tournament) -> list[SignUpLine]:
    """The sign-ups in order, each holding a place or waiting (one query for the sign-ups, one for the count)."""
    rows = list(t.sign_ups.select_related("player", "partner").order_by("at", "id"))
    free = None if t.sign_up_cap is None else max(0, t.sign_up_cap - t.entries.filter(withdrawn=False).count())
    return [SignUpLine(s, free is None or i < free, None if free is None or i < free else i - free + 1)
            for i, s in enumerate(rows)]


def own_sign_up(t: Tournament, player: Player | None) -> SignUpLine | None:
    if player is None:
        return None
    return next((line for line in sign_up_lines(t)
                 if player.pk in (line.sign_up.player_id, line.sign_up.partner_id)), None)


def tournament_sign_up_set(*, tournament: Tournament, open: bool, cap: int | None,
                           closes: datetime | None) -> Tournament:
    """Opens (or closes) the event for sign-up, with its cap and closing time."""
    if cap is not None and not 2 <= cap <= SIGN_UP_CAP_MAX:
        raise TournamentRefused("sign_up_cap: " + gettext("between 2 and %(most)s places (blank: no cap).")
                                % {"most": SIGN_UP_CAP_MAX})
    with transaction.atomic():
        t = _locked(tournament.pk)
        if t.status != STATUS_SETUP:
            raise TournamentRefused("sign_up: " + gettext("sign-up is only before the start."))
        t.sign_up, t.sign_up_cap, t.sign_up_closes = open, cap, closes
        t.save(update_fields=["sign_up", "sign_up_cap", "sign_up_closes"])
    return t


def _entered(t: Tournament, player: Player) -> bool:
    return (t.entries.filter(Q(player=player) | Q(partner=player)).exists()
            or t.sign_ups.filter(Q(player=player) | Q(partner=player)).exists())


def sign_up_add(*, tournament: Tournament, player: Player, partner_name: str = "", team_name: str = "",
                by=None) -> SignUpLine:
    """``player`` signs up (a doubles event: with the partner named). Returns their line: a place or
    the waiting list. Only ever the player themselves: the view passes the account's own player."""
    with transaction.atomic():
        t = _locked(tournament.pk)
        if not sign_up_open(t):
            raise TournamentRefused("sign_up: " + (
                gettext("sign-up has closed.") if t.sign_up and t.status == STATUS_SETUP else
                gettext("this event is not open for sign-up.")))
        partner = None
        if t.doubles:
            if not partner_name.strip():
                raise TournamentRefused("partner: " + gettext("a doubles event takes a pair: name your partner."))
            try:
                partner = player_get_or_create(name=partner_name)
            except NameRefused as e:
                raise TournamentRefused(f"partner: {e}") from None
            if partner.pk == player.pk:
                raise TournamentRefused("partner: " + gettext("%(player)s cannot partner themselves.")
                                        % {"player": player})
        team_name = _team_name(team_name) if t.doubles else ""
        for p in (player, partner):
            if p is not None and _entered(t, p):
                raise TournamentRefused("sign_up: " + gettext("%(player)s is already signed up.") % {"player": p})
        if partner is not None:
            others = [(e.team_name, e.player.name, e.partner.name) for e in
                      list(t.entries.filter(partner__isnull=False).select_related("player", "partner"))
                      + list(t.sign_ups.filter(partner__isnull=False).select_related("player", "partner"))]
            teams_named_once([(None, *o) for o in others] + [(None, team_name, player.name, partner.name)])
        s = SignUp.objects.create(tournament=t, player=player, partner=partner, team_name=team_name, by=by)
        return next(line for line in sign_up_lines(t) if line.sign_up.pk == s.pk)


def sign_up_take_back(*, tournament: Tournament, player: Player) -> str:
    """``player`` takes back their sign-up (or, once accepted, their entry) before the start; the
    waiting move up. Returns the name taken back."""
    with transaction.atomic():
        t = _locked(tournament.pk)
        if t.status != STATUS_SETUP:
            raise TournamentRefused("sign_up: " + gettext("the event has started: tell the desk you are leaving."))
        s = t.sign_ups.filter(Q(player=player) | Q(partner=player)).select_related("player", "partner").first()
        if s is not None:
            name = s.name
            s.delete()
            return name
        e = t.entries.filter(Q(player=player) | Q(partner=player)).select_related("player", "partner").first()
        if e is None:
            raise TournamentRefused("sign_up: " + gettext("you are not signed up."))
        name = e.name
        e.delete()
        return name


def sign_up_accept(*, sign_up: SignUp) -> Entry:
    """The director accepts a sign-up holding a place: it becomes an entry (at the end of the list)."""
    with transaction.atomic():
        t = _locked(sign_up.tournament_id)
        if t.status != STATUS_SETUP:
            raise TournamentRefused("sign_up: " + gettext("sign-up is only before the start."))
        line = next((line for line in sign_up_lines(t) if line.sign_up.pk == sign_up.pk), None)
        if line is None:
            raise TournamentRefused("sign_up: " + gettext("this sign-up was taken back or removed."))
        if not line.place:
            raise TournamentRefused("sign_up: " + gettext(
                "%(name)s is number %(number)s on the waiting list: raise the cap or remove an entry first.")
                % {"name": line.sign_up.name, "number": line.waiting})
        s = line.sign_up
        seed = (t.entries.aggregate(m=Max("seed"))["m"] or 0) + 1
        entry = Entry.objects.create(tournament=t, player=s.player, partner=s.partner, team_name=s.team_name, seed=seed)
        s.delete()
        return entry


def sign_ups_accept_placed(*, tournament: Tournament) -> int:
    """Every sign-up holding a place becomes an entry, in order; returns how many."""
    with transaction.atomic():
        t = _locked(tournament.pk)
        if t.status != STATUS_SETUP:
            raise TournamentRefused("sign_up: " + gettext("sign-up is only before the start."))
        placed = [line.sign_up for line in sign_up_lines(t) if line.place]
        seed = t.entries.aggregate(m=Max("seed"))["m"] or 0
        Entry.objects.bulk_create(Entry(tournament=t, player=s.player, partner=s.partner, team_name=s.team_name,
                                        seed=seed + i) for i, s in enumerate(placed, 1))
        SignUp.objects.filter(pk__in=[s.pk for s in placed]).delete()
        return len(placed)


def sign_up_remove(*, sign_up: SignUp) -> str:
    """The director removes a sign-up; the waiting move up."""
    with transaction.atomic():
        _locked(sign_up.tournament_id)
        s = SignUp.objects.select_related("player", "partner").filter(pk=sign_up.pk).first()
        if s is None:
            raise TournamentRefused("sign_up: " + gettext("this sign-up was taken back or removed."))
        name = s.name
        s.delete()
        return name
