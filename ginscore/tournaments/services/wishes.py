"""Pairing wishes: the director says two players must not meet, or that a player keeps one
table all night; the pairings honour them whenever a legal pairing exists
(``ginscore.engine.tournament.wishes``) and the desk says when one could not be."""
from __future__ import annotations

from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext

from ginscore.engine.tournament import Wishes, apart_met, tables_missed
from ginscore.engine.tournament.pairing import Pairing
from ginscore.players.models import Player
from ginscore.tournaments.models import STATUS_FINISHED, PairingWish, Tournament, TournamentMatch
from ginscore.tournaments.services.locks import TournamentRefused, _locked

TABLE_MAX = 999


def _open(t: Tournament) -> None:
    if t.status == STATUS_FINISHED:
        raise TournamentRefused("wish: " + gettext("the tournament is over."))


def wish_apart_add(*, tournament: Tournament, player: Player, other: Player) -> PairingWish:
    """``player`` and ``other`` must not meet (from the next pairing on)."""
    if player.pk == other.pk:
        raise TournamentRefused("other: " + gettext("choose two different players."))
    with transaction.atomic():
        t = _locked(tournament.pk)
        _open(t)
        if t.wishes.filter(Q(player=player, other=other) | Q(player=other, other=player)).exists():
            raise TournamentRefused("other: " + gettext("%(a)s and %(b)s are already kept apart.")
                                    % {"a": player, "b": other})
        return PairingWish.objects.create(tournament=t, player=player, other=other)


def wish_table_set(*, tournament: Tournament, player: Player, table: int) -> PairingWish:
    """``player`` keeps ``table`` all night (replacing a table given before)."""
    if not 1 <= table <= TABLE_MAX:
        raise TournamentRefused("table: " + gettext("a table from 1 to %(most)s.") % {"most": TABLE_MAX})
    with transaction.atomic():
        t = _locked(tournament.pk)
        _open(t)
        taken = t.wishes.filter(table=table).exclude(player=player).select_related("player").first()
        if taken is not None:
            raise TournamentRefused("table: " + gettext("table %(table)s is already kept for %(player)s.")
                                    % {"table": table, "player": taken.player})
        wish, _created = PairingWish.objects.update_or_create(tournament=t, player=player, other=None,
                                                              defaults={"table": table})
        return wish


def wish_remove(*, wish: PairingWish) -> None:
    with transaction.atomic():
        _locked(wish.tournament_id)
        PairingWish.objects.filter(pk=wish.pk).delete()


def wishes_copy(*, source: Tournament, target: Tournament) -> None:
    PairingWish.objects.bulk_create(PairingWish(tournament=target, player_id=w.player_id, other_id=w.other_id,
                                                table=w.table) for w in source.wishes.all())


def _entry_of_player(t: Tournament) -> dict[int, int]:
    """player id -> the entry they play in (a doubles partner too)."""
    out = {}
    for pk, player, partner in t.entries.values_list("pk", "player_id", "partner_id"):
        out[player] = pk
        if partner is not None:
            out[partner] = pk
    return out


def tournament_wishes(t: Tournament) -> Wishes:
    """The event's wishes for the engine, by entry (wishes about someone not entered are left out)."""
    entry = _entry_of_player(t)
    apart, tables = [], {}
    for player, other, table in t.wishes.values_list("player_id", "other_id", "table"):
        if player not in entry:
            continue
        if other is not None and other in entry and entry[other] != entry[player]:
            apart.append((entry[player], entry[other]))
        elif table is not None:
            tables[entry[player]] = table
    return Wishes.of(apart, tables)


def wishes_unmet(t: Tournament, stage: int, number: int, rows: list[TournamentMatch] | None = None) -> list[str]:
    """What round ``number`` of ``stage`` could not honour, as sentences: two kept apart who meet
    (no legal pairing without it), a player away from their table."""
    wishes = tournament_wishes(t)
    if not wishes:
        return []
    if rows is None:
        rows = list(TournamentMatch.objects.filter(tournament=t, stage=stage, play_round=number)
                    .select_related("entry_a__player", "entry_a__partner", "entry_b__player", "entry_b__partner"))
    names = {e.pk: e.name for r in rows for e in (r.entry_a, r.entry_b) if e is not None}
    pairings = [Pairing(r.table, tuple(e.pk for e in (r.entry_a, r.entry_b) if e is not None)) for r in rows
                if r.entry_a is not None and r.entry_b is not None]
    out = []
    for pair in apart_met([p.players for p in pairings], wishes.apart):
        a, b = sorted(names[p] for p in pair)
        out.append(gettext("%(a)s and %(b)s meet: no pairing of this round keeps them apart.") % {"a": a, "b": b})
    for player in tables_missed(pairings, wishes.tables):
        table = next(p.table for p in pairings if player in p.players)
        out.append(gettext("%(player)s plays at table %(table)s, not at their own table %(own)s: another game "
                           "holds it.") % {"player": names[player], "table": table or "–",
                                           "own": wishes.tables[player]})
    return out
