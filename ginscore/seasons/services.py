"""Writes: the club's money setting, a tournament's prize rules, a payout handed over (and taken
back), a season and its events. Each inside one transaction; a refusal says which field and why,
and nothing is half-saved."""
from __future__ import annotations

from datetime import date
from decimal import Decimal

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils.formats import number_format
from django.utils.translation import gettext as _

from ginscore.engine.errors import MoneyError
from ginscore.engine.payouts import PrizeRules, parse_amount
from ginscore.engine.seasons import MAX_FACTOR, PRESETS as POINTS_PRESETS
from ginscore.seasons.models import PAYOUT_PAID, PAYOUT_RETURNED, PAYOUT_VOID, Club, Payout, Prize, Season, SeasonEvent
from ginscore.seasons.refusals import MoneyRefused
from ginscore.seasons.selectors import night_money, season_frozen
from ginscore.club.formats import amount as amount_text
from ginscore.tournaments.models import STATUS_FINISHED, STATUS_SETUP, Entry, Tournament
from ginscore.tournaments.services import ENTRY_FEE_MAX

NAME_MAX = 60
EVENTS_MAX = 500


def _pages_moved(tournament_ids=None) -> None:
    """The tournaments' pages show money and seasons (the standings, the board): their versions
    move on so no one keeps the old page. (A club's money or a season changes rarely.)"""
    found = Tournament.objects.all() if tournament_ids is None else Tournament.objects.filter(pk__in=tournament_ids)
    found.update(revision=F("revision") + 1, results_revision=F("results_revision") + 1)


def club_money_set(*, money: bool, unit: Decimal, currency: str = "") -> Club:
    try:
        unit = parse_amount(unit, "unit", positive=True)
    except MoneyError as e:
        raise MoneyRefused.of(e) from None
    currency = currency.strip()
    if len(currency) > 8:
        raise MoneyRefused("currency", _("at most %(count)s characters") % {"count": 8})
    with transaction.atomic():
        club = Club.get()
        changed = club.money != money or club.currency != currency
        club.money, club.unit, club.currency = money, unit, currency
        club.save()
        if changed:
            _pages_moved()
    return club


def prize_set(*, tournament: Tournament, entry_fee: Decimal | None, added: Decimal, house_fixed: Decimal,
              house_percent: Decimal, preset: str, split: str, unit: Decimal) -> Prize:
    """A tournament's entry fee and prize rules; refused once it has started (they are frozen)."""
    split = split.strip() if preset == "custom" else ""
    try:
        if entry_fee is not None:
            parse_amount(entry_fee, "entry_fee", most=ENTRY_FEE_MAX)
        rules = PrizeRules(fee=entry_fee or 0, added=added, house_fixed=house_fixed, house_percent=house_percent,
                           unit=unit, preset=preset, split=split)
    except MoneyError as e:
        raise MoneyRefused.of(e) from None
    with transaction.atomic():
        t = Tournament.objects.select_for_update().get(pk=tournament.pk)
        if t.status != STATUS_SETUP:
            raise MoneyRefused("prize", _("frozen once the tournament has started"))
        # (A split paying more places than the field has is shown as such on the prize pages: the
        # entries may still grow until the start.)
        prize, _created = Prize.objects.get_or_create(tournament=t)
        prize.added, prize.house_fixed, prize.house_percent = rules.added, rules.house_fixed, rules.house_percent
        prize.preset, prize.unit = rules.preset, rules.unit
        prize.split = ",".join(f"{p.normalize():f}" for p in rules.split)
        prize.save()
        t.entry_fee = entry_fee
        t.save(update_fields=["entry_fee"])
        _pages_moved([t.pk])
    return prize


def _settling(tournament: Tournament, entry: Entry):
    """The tournament locked, and ``entry``'s line of the finished night's money (None: no prize
    and nothing handed over)."""
    t = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if not Club.get().money:
        raise MoneyRefused("money", _("the club does not play for money"))
    if t.status != STATUS_FINISHED:
        raise MoneyRefused("payout", _("the tournament is not finished"))
    return t, next((line for line in night_money(t).lines if line.entry_id == entry.pk), None)


def _by(by):
    return by if by is not None and by.is_authenticated else None


def payout_record(*, tournament: Tournament, entry: Entry, amount: Decimal, by) -> Payout:
    """``entry`` was handed ``amount``: what the sheet showed as still owed to them (their whole
    prize, or what a correction added to it). If a correction or another phone has moved it since
    the sheet was drawn, refused: the sheet shows the new amount. Recorded as a new ledger line."""
    with transaction.atomic():
        t, line = _settling(tournament, entry)
        currency = Club.get().currency
        if line is None or (line.amount <= 0 and not line.ledger):
            raise MoneyRefused("payout", _("%(name)s has no prize") % {"name": entry.name})
        if line.balance <= 0:
            raise MoneyRefused("payout", _("%(name)s was already paid %(amount)s")
                               % {"name": entry.name, "amount": amount_text(line.paid, currency)})
        if line.balance != amount:
            if line.paid:
                raise MoneyRefused("payout", _("%(name)s is now owed %(amount)s (a result was corrected, or "
                                               "another phone recorded a payment); check it and pay again")
                                   % {"name": entry.name, "amount": amount_text(line.balance, currency)})
            raise MoneyRefused("payout", _("%(name)s's prize is now %(amount)s (a result was corrected); "
                                           "check it and pay again")
                               % {"name": entry.name, "amount": amount_text(line.amount, currency)})
        return Payout.objects.create(tournament=t, entry_id=entry.pk, kind=PAYOUT_PAID, amount=amount, paid_by=_by(by))


def payout_returned(*, tournament: Tournament, entry: Entry, amount: Decimal, by) -> Payout:
    """``entry`` handed back ``amount``: what the sheet showed they hold beyond their prize now (a
    correction after they were paid). Refused when that has moved since the sheet was drawn."""
    with transaction.atomic():
        t, line = _settling(tournament, entry)
        currency = Club.get().currency
        if line is None or line.balance >= 0:
            raise MoneyRefused("payout", _("%(name)s has nothing to hand back") % {"name": entry.name})
        if -line.balance != amount:
            raise MoneyRefused("payout", _("%(name)s now holds %(amount)s too much (a result was corrected, or "
                                           "another phone recorded it); check it and record it again")
                               % {"name": entry.name, "amount": amount_text(-line.balance, currency)})
        return Payout.objects.create(tournament=t, entry_id=entry.pk, kind=PAYOUT_RETURNED, amount=-amount,
                                     paid_by=_by(by))


def entry_fee_record(*, tournament: Tournament, entry: Entry, pool: Decimal, by=None) -> Entry:
    """``entry``'s fee received late (at any time: during the tournament or after its end): the pool
    grows with it. ``pool``: the pool the treasurer was shown it would become; if another fee or a
    change since moves it, refused (the confirmation is shown again)."""
    with transaction.atomic():
        t = Tournament.objects.select_for_update().get(pk=tournament.pk)
        if not Club.get().money:
            raise MoneyRefused("money", _("the club does not play for money"))
        entry = Entry.objects.select_related("player", "partner").filter(
            pk=entry.pk, tournament=t).first()
        if entry is None:
            raise MoneyRefused("entry", _("not an entry of this tournament"))
        if not t.entry_fee:
            raise MoneyRefused("entry_fee", _("the tournament has no entry fee"))
        if entry.fee_paid:
            raise MoneyRefused("entry_fee", _("%(name)s has already paid the entry fee") % {"name": entry.name})
        after = night_money(t, fee_paid_also=entry.pk)
        if after.error:
            raise MoneyRefused("entry_fee", after.error)
        if after.pool is None or after.pool.amount != pool:
            raise MoneyRefused("entry_fee", _("the pool would now become %(amount)s (something changed since); "
                                              "check what the fee does and record it again")
                               % {"amount": amount_text(after.pool.amount if after.pool else 0, Club.get().currency)})
        entry.fee_paid = True
        entry.save(update_fields=["fee_paid"])
        _pages_moved([t.pk])
    return entry


def payout_undo(*, tournament: Tournament, entry: Entry, payout_id: int, by=None) -> Payout:
    """A ledger line recorded by mistake (nothing changed hands) is cancelled by a new line, the
    opposite of it; the line itself stays, marked cancelled. Once only."""
    with transaction.atomic():
        Tournament.objects.select_for_update().get(pk=tournament.pk)
        line = Payout.objects.select_related("entry__player", "entry__partner").filter(
            pk=payout_id, tournament=tournament, entry_id=entry.pk).first()
        if line is None or line.kind == PAYOUT_VOID:
            raise MoneyRefused("payout", _("no such payment"))
        if Payout.objects.filter(voids=line).exists():
            raise MoneyRefused("payout", _("%(name)s's %(amount)s was already cancelled")
                               % {"name": line.entry.name, "amount": amount_text(abs(line.amount), Club.get().currency)})
        try:
            with transaction.atomic():
                return Payout.objects.create(tournament_id=tournament.pk, entry_id=line.entry_id, kind=PAYOUT_VOID,
                                             amount=-line.amount, voids=line, paid_by=_by(by))
        except IntegrityError:
            raise MoneyRefused("payout", _("%(name)s's %(amount)s was already cancelled")
                               % {"name": line.entry.name,
                                  "amount": amount_text(abs(line.amount), Club.get().currency)}) from None


def _check_season(name: str, starts: date, ends: date, preset: str, best: int | None, minimum: int) -> str:
    name = " ".join(name.split())
    if not name:
        raise MoneyRefused("name", _("give the season a name"))
    if len(name) > NAME_MAX:
        raise MoneyRefused("name", _("at most %(count)s characters") % {"count": NAME_MAX})
    if ends < starts:
        raise MoneyRefused("ends", _("the season ends before it starts"))
    if preset not in POINTS_PRESETS:
        raise MoneyRefused("preset", _("must be one of %(presets)s") % {"presets": ", ".join(POINTS_PRESETS)})
    if best is not None and not 1 <= best <= 999:
        raise MoneyRefused("best", _("from 1 to 999 (blank: every event counts)"))
    if not 0 <= minimum <= 999:
        raise MoneyRefused("minimum", _("from 0 to 999"))
    return name


def season_save(*, season: Season | None = None, name: str, starts: date, ends: date, chosen: bool, preset: str,
                best: int | None, minimum: int, by=None) -> Season:
    """A new season, or ``season``'s rules changed. Its points preset is frozen once its first
    event has started."""
    name = _check_season(name, starts, ends, preset, best, minimum)
    with transaction.atomic():
        if season is None:
            season = Season(created_by=by if by is not None and by.is_authenticated else None)
        else:
            season = Season.objects.select_for_update().get(pk=season.pk)
            if preset != season.preset and season_frozen(season):
                raise MoneyRefused("preset", _("frozen once the season's first event has started"))
        season.name, season.starts, season.ends, season.chosen = name, starts, ends, chosen
        season.preset, season.best, season.minimum = preset, best, minimum
        season.save()
        _pages_moved()   # the boards show the season
    return season


def season_events_set(*, season: Season, events: dict[int, Decimal]) -> None:
    """The season's events (tournament id -> factor): in a season of chosen tournaments, the
    chosen ones; otherwise only the factors that are not 1 matter."""
    if len(events) > EVENTS_MAX:
        raise MoneyRefused("events", _("at most %(count)s") % {"count": EVENTS_MAX})
    for pk, factor in events.items():
        try:
            factor = Decimal(factor)
        except (ArithmeticError, ValueError, TypeError):
            raise MoneyRefused("factor", _("%(value)s is not a number") % {"value": repr(str(factor)[:20])}) from None
        if not factor.is_finite() or not Decimal("0.01") <= factor <= MAX_FACTOR or factor != factor.quantize(
                Decimal("0.01")):
            raise MoneyRefused("factor", _("from %(least)s to %(most)s, at most two decimals")
                               % {"least": number_format(Decimal("0.01")), "most": number_format(MAX_FACTOR)})
        events[pk] = factor
    with transaction.atomic():
        season = Season.objects.select_for_update().get(pk=season.pk)
        known = set(Tournament.objects.filter(pk__in=events).values_list("pk", flat=True))
        if missing := set(events) - known:
            raise MoneyRefused("events", _("no tournament %(number)s") % {"number": min(missing)})
        SeasonEvent.objects.filter(season=season).delete()
        SeasonEvent.objects.bulk_create(SeasonEvent(season=season, tournament_id=pk, factor=factor)
                                        for pk, factor in events.items()
                                        if season.chosen or factor != Decimal(1))
        _pages_moved()


def season_delete(*, season: Season) -> None:
    with transaction.atomic():
        Season.objects.filter(pk=season.pk).delete()
        _pages_moved()

