"""Reads: a tournament's final places, its prize pool and payouts, the treasurer's sheet, a
season's events and table. Everything is derived from the results as they stand now."""
from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from django.http import Http404
from django.utils.translation import gettext as _

from ginscore.club.formats import amount as amount_text
from ginscore.engine.errors import MoneyError
from ginscore.engine.payouts import Pool, PrizeRules, pay_standings, paid_percents, payouts
from ginscore.engine.seasons import Event, Finish, SeasonTable, season_table
from ginscore.seasons.models import PAYOUT_VOID, Club, Payout, Prize, Season, SeasonEvent
from ginscore.tournaments.models import STATUS_FINISHED, STATUS_SETUP, Entry, Tournament
from ginscore.tournaments.selectors import bracket_entries
from ginscore.tournaments.services import tournament_table

ZERO = Decimal("0.00")


def money_on() -> bool:
    return Club.get().money


def money_text(value) -> str | None:
    """``value`` written as the club writes money (two places, its sign where the reader's language
    puts it: "5,00 €"); None when the club does not play for money or there is no amount."""
    club = Club.get()
    return amount_text(value, club.currency) if club.money and value else None


def money_or_404() -> Club:
    club = Club.get()
    if not club.money:
        raise Http404(_("The club does not play for money."))
    return club


# Final places


def final_groups(t: Tournament) -> list[list[tuple[int, int]]]:
    """The tournament's final standings as groups of tied (entry id, match wins), best first. A
    knockout places by how far each entry got (its losing semi-finalists share third unless a
    third-place match was played); everyone else by rank, tiebreaks and all."""
    rows = tournament_table(t)
    in_bracket = bracket_entries(t)
    places: dict[int, list[tuple[int, int]]] = {}
    for row in rows:
        place = row.placing if row.player in in_bracket and row.placing is not None else row.rank
        places.setdefault(place, []).append((row.player, row.wins))
    return [places[p] for p in sorted(places)]


# A tournament's money


def prize_of(t: Tournament) -> Prize:
    """The tournament's prize rules (unsaved defaults, with the club's unit, when none are set)."""
    prize = Prize.objects.filter(tournament=t).first()
    return prize or Prize(tournament=t, unit=Club.get().unit)


def prize_rules(prize: Prize, fee: Decimal | None) -> PrizeRules:
    return PrizeRules(fee=fee or ZERO, added=prize.added, house_fixed=prize.house_fixed,
                      house_percent=prize.house_percent, unit=prize.unit, preset=prize.preset,
                      split=prize.split if prize.preset == "custom" else ())


@dataclass
class PrizeLine:
    """A place's prize (before the end) or one entry's (at the end): ``amount`` is what the results
    give now; ``ledger`` what was handed over and back, as recorded (never rewritten)."""

    place: int
    names: list[str]
    amount: Decimal
    entry_id: int | None = None
    ledger: list[Payout] = field(default_factory=list)
    shared: bool = False     # the place is shared (a tie)

    @property
    def tied(self) -> bool:
        return len(self.names) > 1 or self.shared

    @property
    def paid(self) -> Decimal:
        """What the player holds: every line handed over, minus what came back."""
        return sum((p.amount for p in self.ledger), ZERO)

    @property
    def balance(self) -> Decimal:
        """Still to hand over (above 0) or to get back (below 0)."""
        return self.amount - self.paid

    @property
    def voided_ids(self) -> set[int]:
        return {p.voids_id for p in self.ledger if p.voids_id}

    @property
    def undoable(self) -> list[Payout]:
        """The lines a mistake can cancel: not a cancellation, not cancelled yet."""
        voided = self.voided_ids
        return [p for p in self.ledger if p.kind != PAYOUT_VOID and p.pk not in voided]


@dataclass
class NightMoney:
    """One tournament's money: the entries' fees, the pool and who is paid what."""

    t: Tournament
    prize: Prize
    fee: Decimal
    paid_entries: list[Entry]
    owed_entries: list[Entry]
    pool: Pool | None
    lines: list[PrizeLine] = field(default_factory=list)   # final: one line per paid entry; else per place
    final: bool = False
    error: str = ""
    ledger: list[Payout] = field(default_factory=list)     # every line handed over or back, in time order

    @property
    def configured(self) -> bool:
        """The tournament is played for money: it has prize rules or an entry fee."""
        return self.prize.pk is not None or bool(self.fee)

    @property
    def collected(self) -> Decimal:
        return self.fee * len(self.paid_entries)

    @property
    def to_collect(self) -> Decimal:
        return self.fee * len(self.owed_entries)

    @property
    def paid_out(self) -> Decimal:
        """What was handed over, net of what came back (the ledger, not the results)."""
        return sum((p.amount for p in self.ledger), ZERO)

    @property
    def to_pay(self) -> Decimal:
        """What the players are still owed, each by their own balance (the end only)."""
        return sum((line.balance for line in self.lines if line.balance > 0), ZERO) if self.final else ZERO

    @property
    def overpaid(self) -> Decimal:
        """What players hold beyond their prize now (a correction after they were paid)."""
        return sum((-line.balance for line in self.lines if line.balance < 0), ZERO) if self.final else ZERO

    @property
    def left(self) -> Decimal:
        """Left to pay out: the pool less what was handed over (so paid out + left = the pool);
        at the end, what is still owed less what is to come back."""
        if self.pool is None:
            return ZERO
        return self.pool.amount - self.paid_out

    @property
    def settled(self) -> bool:
        return self.final and not self.to_pay and not self.overpaid


def night_money(t: Tournament, *, fee_paid_also: int | None = None) -> NightMoney:
    """The money of one tournament as it stands: when it is finished, each paid entry's amount
    (tied places sharing) against what the ledger says they were handed; before, each paid
    place's amount for the field so far. ``fee_paid_also``: an entry whose fee is counted as
    paid (what recording it late would do)."""
    prize = prize_of(t)
    fee = t.entry_fee or ZERO
    entries = list(Entry.objects.filter(tournament=t).select_related("player", "partner").order_by("seed", "id"))
    paid_entries = [e for e in entries if e.fee_paid or e.pk == fee_paid_also] if fee else []
    owed_entries = [e for e in entries if not (e.fee_paid or e.pk == fee_paid_also)] if fee else []
    ledger = list(Payout.objects.filter(tournament=t).select_related("paid_by").order_by("paid_at", "id"))
    money = NightMoney(t=t, prize=prize, fee=fee, paid_entries=paid_entries, owed_entries=owed_entries, pool=None,
                       ledger=ledger)
    if not entries:
        return money
    by_entry: dict[int, list[Payout]] = {}
    for p in ledger:
        by_entry.setdefault(p.entry_id, []).append(p)
    try:
        rules = prize_rules(prize, fee)
        if t.status == STATUS_FINISHED:
            groups = final_groups(t)
            by_id = {e.pk: e for e in entries}
            pool, amounts = pay_standings([[e for e, _ in g] for g in groups], rules, paid_entries=len(paid_entries))
            place = 1
            for group in groups:
                for entry_id, _ in group:
                    if entry_id in amounts or entry_id in by_entry:
                        money.lines.append(PrizeLine(place, [by_id[entry_id].name], amounts.get(entry_id, ZERO),
                                                     entry_id, by_entry.get(entry_id, []), shared=len(group) > 1))
                place += len(group)
            money.final = True
        else:
            result = payouts(len(entries), rules, paid_entries=len(paid_entries))
            pool = result.pool
            money.lines = [PrizeLine(place, [], amount) for place, amount in result.places]
        money.pool = pool
    except MoneyError as e:
        money.error = str(e)
    return money


@dataclass
class FeeChange:
    """One prize a late fee moves: the place (and the player, at the end), the prize before and
    after, and what the player was already handed."""

    place: int
    name: str
    before: Decimal
    after: Decimal
    paid: Decimal = ZERO

    @property
    def to_settle(self) -> Decimal:
        """After the fee: still owed to the player (above 0) or held too much (below 0)."""
        return self.after - self.paid


@dataclass
class FeeEffect:
    """What recording ``entry``'s fee now does: the pool before and after, every prize it moves."""

    entry: Entry
    before: NightMoney
    after: NightMoney
    changes: list[FeeChange]

    @property
    def paid_changes(self) -> list[FeeChange]:
        return [c for c in self.changes if c.paid]


def fee_effect(t: Tournament, entry: Entry) -> FeeEffect:
    before, after = night_money(t), night_money(t, fee_paid_also=entry.pk)
    changes = []
    if before.final and after.final:
        was = {line.entry_id: line for line in before.lines}
        for line in after.lines:
            old = was.get(line.entry_id)
            if old is None or old.amount != line.amount:
                changes.append(FeeChange(line.place, ", ".join(line.names), old.amount if old else ZERO, line.amount,
                                         line.paid))
    else:
        was = {line.place: line.amount for line in before.lines}
        changes = [FeeChange(line.place, "", was.get(line.place, ZERO), line.amount) for line in after.lines
                   if was.get(line.place, ZERO) != line.amount]
    return FeeEffect(entry, before, after, changes)


def preview(rules: PrizeRules, entrants: int, paid_entries: int | None = None):
    """The payout table a director sees while setting the prize up: (pool, [(place, percent, amount)])."""
    result = payouts(entrants, rules, paid_entries=paid_entries)
    percents = paid_percents(entrants, rules)
    return result.pool, [(place, percents[place - 1], amount) for place, amount in result.places]


# Seasons


def season_list():
    return Season.objects.all()


def season_get(pk: int) -> Season:
    season = Season.objects.filter(pk=pk).first()
    if season is None:
        raise Http404(_("No such season."))
    return season


def season_tournaments(season: Season) -> list[tuple[Tournament, Decimal]]:
    """The season's events with their factors, in date order: the chosen tournaments, or every
    tournament created in the season's dates."""
    factors = dict(SeasonEvent.objects.filter(season=season).values_list("tournament_id", "factor"))
    if season.chosen:
        found = Tournament.objects.filter(pk__in=factors)
    else:
        found = Tournament.objects.filter(created_at__date__gte=season.starts, created_at__date__lte=season.ends)
    return [(t, factors.get(t.pk, Decimal("1.00"))) for t in found.order_by("created_at", "id")]


def season_cells(season: Season) -> int:
    """The size of the season's printed table: its players times its finished events (three
    queries, without working the table out)."""
    finished = [t.pk for t, _ in season_tournaments(season) if t.status == STATUS_FINISHED]
    players = set()
    for player, partner in Entry.objects.filter(tournament__in=finished).values_list("player_id", "partner_id"):
        players.update(p for p in (player, partner) if p is not None)
    return len(players) * len(finished)


def season_of(t: Tournament) -> Season | None:
    """The latest season ``t`` counts in (chosen for it, or created in its dates), or None."""
    day = t.created_at.date() if t.created_at else None
    found = Season.objects.filter(season_events__tournament=t, chosen=True)
    if day is not None:
        found = found | Season.objects.filter(chosen=False, starts__lte=day, ends__gte=day)
    return found.distinct().order_by("-starts", "-id").first()


def season_version(season: Season, events) -> tuple:
    """Everything the season's table is drawn from: its rules and each event's results."""
    return (season.pk, season.name, season.preset, season.best, season.minimum,
            tuple((t.pk, t.results_revision, t.status, str(f)) for t, f in events))


def season_frozen(season: Season, events=None) -> bool:
    """The points preset is frozen once the season's first event has started."""
    events = season_tournaments(season) if events is None else events
    return any(t.status != STATUS_SETUP for t, _ in events)


@dataclass
class SeasonView:
    season: Season
    events: list[tuple[Tournament, Decimal]]      # counted events: finished ones
    waiting: list[Tournament]                      # not finished yet
    table: SeasonTable
    names: dict[int, str]


def season_view(season: Season, all_events=None) -> SeasonView:
    """The season's table from its finished events: each player (a doubles team's two players
    each) gets their entry's points."""
    all_events = season_tournaments(season) if all_events is None else all_events
    finished = [(t, f) for t, f in all_events if t.status == STATUS_FINISHED]
    entries = {e.pk: e for e in Entry.objects.filter(tournament__in=[t for t, _ in finished])
               .select_related("player", "partner")}
    names: dict[int, str] = {}
    events = []
    for t, factor in finished:
        finishes, members = [], {}
        for place, group in _numbered(final_groups(t)):
            for entry_id, wins in group:
                finishes.append(Finish(entry_id, place, wins))
                members[entry_id] = tuple(p.pk for p in entries[entry_id].players)
                names.update((p.pk, p.name) for p in entries[entry_id].players)
        events.append(Event(t.pk, finishes, factor=factor, members=members))
    return SeasonView(season=season, events=finished, waiting=[t for t, _ in all_events if t.status != STATUS_FINISHED],
                      table=season_table(events, season.preset, best=season.best, minimum=season.minimum),
                      names=names)


def season_rows(view) -> dict:
    """The season's table for a page, a CSV or a PDF: the events (name, factor) and each row's
    rank, name, total, events played and each event's cell (points, counted) or None."""
    events = [{"t": t, "factor": f} for t, f in view.events]

    def row(r):
        return {"rank": r.rank, "name": view.names.get(r.player, "?"), "total": r.total, "played": r.events,
                "to_go": max(view.season.minimum - r.events, 0),
                "cells": [None if t.pk not in r.points else {"points": r.points[t.pk], "counted": t.pk in r.counted}
                          for t, _ in view.events]}
    return {"events": events, "ranked": [row(r) for r in view.table.ranked],
            "unranked": [row(r) for r in view.table.unranked]}


def _numbered(groups):
    place = 1
    for group in groups:
        yield place, group
        place += len(group)


def season_money(season: Season) -> list[NightMoney]:
    """Every event of the season's money (the treasurer's season total)."""
    return [night_money(t) for t, _ in season_tournaments(season)]
