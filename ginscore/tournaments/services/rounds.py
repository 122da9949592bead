"""Rounds and brackets: the places built for a stage, their matches and tables, a result
moving the bracket or the rounds on, and the latest Swiss round re-paired or taken back."""
from __future__ import annotations

import math

from django.db import transaction
from django.db.models import Max, Q
from django.utils.translation import gettext

from ginscore.engine import RuleError
from ginscore.engine.tournament import (
    DECIDED, LaterResult, double_elimination, first_round, playoff_seeds, round_robin, round_robin_groups, seeds_apart,
    single_elimination, swiss_round,
)
from ginscore.matches.models import Match
from ginscore.tournaments.news import announce
from ginscore.tournaments.models import (
    BRACKET_FORMATS, STATUS_FINISHED, STATUS_RUNNING, STATUS_SETUP, Entry, Tournament, TournamentMatch,
)
from ginscore.tournaments.services.locks import (
    TournamentRefused, _locked, _stage_kind, tournament_length, tournament_rules,
)
from ginscore.tournaments.services.table import _bracket_seeds, tournament_table
from ginscore.tournaments.services.wishes import tournament_wishes
from ginscore.tournaments.structure import STATE_FIELDS, bracket_of, copy_state, results_of, row_of


def _open_stage(t: Tournament, entries: list[Entry]) -> None:
    """Builds what the current stage needs from ``entries`` in seed order."""
    ids = [e.pk for e in entries]
    by_id = {e.pk: e for e in entries}
    kind = _stage_kind(t)
    wishes = tournament_wishes(t)
    if kind in BRACKET_FORMATS:
        build = double_elimination if kind == "double" else single_elimination
        bracket = build(ids, third_place=t.third_place) if kind == "single" else build(ids)
        _insert_rows(t, [row_of(t, t.stage, m, by_id) for m in bracket.matches])
    elif kind == "roundrobin":
        groups = t.groups if t.groups > 1 else 1
        if groups > 1:
            for g, members in enumerate(round_robin_groups(ids, groups, wishes), 1):
                for pk in members:
                    by_id[pk].group = g
            Entry.objects.bulk_update(entries, ["group"])
        rounds = round_robin(ids, double=t.double_round, groups=groups, wishes=wishes)
        _rows_for_rounds(t, rounds, by_id, first_round=1)
    else:
        _pair_swiss_round(t, 1)
    _open_matches(t)


def swiss_rounds_planned(t: Tournament, players: int) -> int:
    return t.rounds or max(1, math.ceil(math.log2(max(players, 2))))


def _rows_for_rounds(t: Tournament, rounds, by_id, first_round: int) -> None:
    rows = []
    for r, pairings in enumerate(rounds, first_round):
        for i, p in enumerate(pairings, 1):
            a = by_id[p.players[0]]
            b = by_id[p.players[1]] if not p.bye else None
            rows.append(TournamentMatch(
                tournament=t, stage=t.stage, key=f"R{r}-{i}", section="round", round=r, number=i, play_round=r,
                group=p.group, table=p.table, entry_a=a, entry_b=b, filled_a=True, filled_b=True,
                winner=a if p.bye else None, outcome="bye" if p.bye else ""))
    _insert_rows(t, rows)


def _pair_swiss_round(t: Tournament, r: int, absent: frozenset[int] = frozenset()) -> None:
    """Pairs round ``r``; ``absent`` entries (not checked in) sit this round out."""
    entries = list(t.entries.order_by("seed", "id"))
    rows = TournamentMatch.objects.filter(tournament=t, stage=t.stage)
    pairings = swiss_round([e.pk for e in entries], results_of(rows),
                           {e.pk for e in entries if e.withdrawn} | set(absent), t.tiebreaks, tournament_wishes(t))
    _rows_for_rounds(t, [pairings], {e.pk: e for e in entries}, first_round=r)


def _insert_rows(t: Tournament, rows: list[TournamentMatch]) -> None:
    """New rows, with a match (and, in a bracket, a table) for each one ready to play."""
    ready = [r for r in rows if not r.outcome and r.entry_a is not None and r.entry_b is not None]
    for r, match in zip(ready, _create_matches(t, ready)):
        r.match = match
    if t.is_bracket:
        _bracket_tables(t, ready, busy=set())
    TournamentMatch.objects.bulk_create(rows, batch_size=500)
    if ready:
        announce("paired", tournament=t.pk)


def _bracket_tables(t: Tournament, rows: list[TournamentMatch], busy: set[int]) -> None:
    """Bracket matches waiting for a table: a player with a table of their own takes it when it
    is free; the others the lowest free table, in order; with a set number of tables the rest
    wait for one to come free."""
    fixed = tournament_wishes(t).tables
    for r in rows:
        own = next((fixed[e] for e in (r.entry_a_id, r.entry_b_id) if e in fixed and fixed[e] not in busy), None)
        if own is not None:
            r.table = own
            busy.add(own)
    kept = set(fixed.values())
    free = (n for n in range(1, len(busy) + len(rows) + len(kept) + 2)
            if n not in busy and n not in kept and (not t.tables or n <= t.tables))
    for r in rows:
        if r.table is None:
            r.table = next(free, None)


def _create_matches(t: Tournament, rows: list[TournamentMatch]) -> list[Match]:
    """Ordinary matches, as ``matches.services.match_create`` makes them (rules
    frozen, no hands), created in one statement."""
    rules, length = tournament_rules(t), tournament_length(t)
    spec, overrides = rules.to_json(), rules.overrides()
    # a doubles event: team 1's players sit A and C, team 2's B and D (a partnership match)
    return Match.objects.bulk_create(
        (Match(player_a_id=r.entry_a.player_id, player_b_id=r.entry_b.player_id,
               player_c_id=r.entry_a.partner_id, player_d_id=r.entry_b.partner_id,
               team_a_name=r.entry_a.team_name, team_b_name=r.entry_b.team_name, preset=rules.preset,
               rule_overrides=overrides, rules=spec, length_kind=length.kind, length_games=length.games,
               created_by_id=t.created_by_id) for r in rows), batch_size=500)


def _open_matches(t: Tournament) -> None:
    """An ordinary match for every place where both players are known and no
    result is in; tables for the brackets' matches as tables come free."""
    waiting = list(TournamentMatch.objects.filter(
        tournament=t, outcome="", match__isnull=True, entry_a__isnull=False, entry_b__isnull=False,
    ).select_related("entry_a", "entry_b").order_by("stage", "play_round", "id"))
    for row, match in zip(waiting, _create_matches(t, waiting)):
        row.match = match
    TournamentMatch.objects.bulk_update(waiting, ["match"])
    if t.is_bracket:
        _assign_tables(t)   # also gives a table that came free to a match waiting for one
    announce("paired", tournament=t.pk)


def _assign_tables(t: Tournament) -> None:
    """Bracket matches take the lowest free table, earliest rounds first;
    with a set number of tables the rest wait for a table to come free."""
    open_rows = TournamentMatch.objects.filter(tournament=t, outcome="", match__isnull=False)
    busy = set(open_rows.filter(table__isnull=False).values_list("table", flat=True))
    waiting = list(open_rows.filter(table__isnull=True).order_by("stage", "play_round", "id"))
    _bracket_tables(t, waiting, busy)
    TournamentMatch.objects.bulk_update(waiting, ["table"])


def _decide(t: Tournament, row: TournamentMatch, winner: Entry, outcome: str) -> None:
    if row.stage == t.stage and t.is_bracket:
        bracket, rows = _bracket(t)
        rows[row.key].points_a, rows[row.key].points_b = row.points_a, row.points_b
        try:
            changed = bracket.report(row.key, winner.pk, outcome)
        except RuleError as e:
            raise TournamentRefused(str(e)) from None
        _save_bracket(t, rows, changed)
        rows[row.key].save(update_fields=["points_a", "points_b"])
    else:
        row.winner, row.outcome = winner, outcome
        row.save(update_fields=["winner", "outcome", "points_a", "points_b"])
    announce("result", row=row.pk)
    _advance(t)


def _undo(t: Tournament, row: TournamentMatch) -> None:
    """A finished match reopened by a correction at the table."""
    from ginscore.matches.services import HandRefused

    if row.stage != t.stage:
        raise HandRefused(gettext("This match belongs to a stage that is over; its result can no longer change."))
    if t.is_bracket:
        bracket, rows = _bracket(t)
        try:
            changed = bracket.undo(row.key)
        except LaterResult as e:
            raise HandRefused(gettext("This result has been used in the bracket: %(match)s already has a result. "
                                      "Correct that match first.") % {"match": _blocking_words(bracket, rows[e.blocking])}
                              ) from None
        except RuleError as e:
            raise HandRefused(gettext("This result has been used in the bracket: %(reason)s.")
                              % {"reason": str(e).split(": ", 1)[-1]}) from None
        _save_bracket(t, rows, changed)
        _close_unplayed_matches(t)
    else:
        if _stage_kind(t) == "swiss" and TournamentMatch.objects.filter(
                tournament=t, stage=t.stage, play_round__gt=row.play_round).exists():
            raise HandRefused(gettext("Round %(round)s is already paired; undo it before changing this result.")
                              % {"round": row.play_round + 1})
        row.winner, row.outcome = None, ""
        row.save(update_fields=["winner", "outcome"])
    if t.status == STATUS_FINISHED:
        t.status, t.champion, t.champion_entry = STATUS_RUNNING, None, None
        t.save(update_fields=["status", "champion", "champion_entry"])
    row.refresh_from_db()


def _blocking_words(bracket, row: TournamentMatch) -> str:
    """The later match that blocks a correction, as the director finds it: "Final (Ann v Cat, match #12)"."""
    names = {e.pk: e.name for e in Entry.objects.filter(pk__in=[row.entry_a_id, row.entry_b_id])
             .select_related("player", "partner")}
    who = gettext(" v ").join(names[pk] for pk in (row.entry_a_id, row.entry_b_id) if pk in names)
    where = ", ".join(filter(None, [who, gettext("match #%(id)s") % {"id": row.match_id} if row.match_id else ""]))
    title = str(bracket.title(bracket.by_id[row.key]))
    return f"{title} ({where})" if where else title


def _close_unplayed_matches(t: Tournament) -> None:
    """Matches nobody will play go, if no hand was entered in them: the place
    was decided by a forfeit or a withdrawal, or lost its players to an undo.
    (A match with hands stays, with its pad, but no longer counts.)"""
    stale = TournamentMatch.objects.filter(tournament=t, match__hand_count=0).filter(
        Q(entry_a__isnull=True) | Q(entry_b__isnull=True) | Q(outcome__in=["forfeit", "withdrawal", "void"]))
    ids = list(stale.values_list("match_id", flat=True))
    if ids:
        TournamentMatch.objects.filter(match_id__in=ids).update(match=None, table=None)
        Match.objects.filter(pk__in=ids, hand_count=0).delete()


def _bracket(t: Tournament):
    rows = {r.key: r for r in TournamentMatch.objects.filter(tournament=t, stage=t.stage).order_by("id")}
    entries = list(t.entries.order_by("seed", "id").values_list("pk", "withdrawn"))
    seeds = _bracket_seeds(rows.values()) if t.stage == 2 else [pk for pk, _ in entries]
    return bracket_of(rows.values(), seeds, [pk for pk, w in entries if w]), rows


def _save_bracket(t: Tournament, rows: dict[str, TournamentMatch], changed) -> None:
    entries = {e.pk: e for e in t.entries.all()}
    touched = []
    for m in {m.id: m for m in changed}.values():
        row = rows[m.id]
        copy_state(row, m, entries)
        touched.append(row)
    TournamentMatch.objects.bulk_update(touched, STATE_FIELDS)


def _advance(t: Tournament) -> None:
    """After any result: open new matches, pair the next Swiss round, start
    the second stage, or finish."""
    _close_unplayed_matches(t)
    rows = TournamentMatch.objects.filter(tournament=t, stage=t.stage)
    open_left = rows.filter(outcome="").exists()
    kind = _stage_kind(t)
    if not open_left and kind == "swiss":
        done = rows.aggregate(r=Max("play_round"))["r"] or 0
        active = t.entries.filter(withdrawn=False).count()
        if done < swiss_rounds_planned(t, t.entries.count()) and active >= 2:
            if t.check_in:
                return   # the players check in; the desk pairs the next round with those present
            _pair_swiss_round(t, done + 1)
            open_left = True
    if not open_left and t.format == "two_stage" and t.stage == 1:
        table = tournament_table(t, stage=1)
        groups = None
        if t.first_stage == "roundrobin" and t.groups > 1:
            groups = [set(t.entries.filter(group=g).values_list("pk", flat=True)) for g in range(1, t.groups + 1)]
        withdrawn = set(t.entries.filter(withdrawn=True).values_list("pk", flat=True))
        active = [row for row in table if row.player not in withdrawn]
        seeds = playoff_seeds(active, min(t.playoff_size, len(active)), groups) if len(active) >= 2 else []
        if len(seeds) >= 2:
            t.stage = 2
            t.save(update_fields=["stage"])
            by_id = {e.pk: e for e in t.entries.all()}
            seeds = seeds_apart(seeds, first_round, tournament_wishes(t).apart)
            bracket = single_elimination(seeds, third_place=t.third_place)
            _insert_rows(t, [row_of(t, 2, m, by_id) for m in bracket.matches])
            open_left = True
    if open_left:
        _open_matches(t)
        return
    table = tournament_table(t)
    t.status = STATUS_FINISHED
    t.champion_entry = Entry.objects.get(pk=table[0].player) if table else None
    t.champion_id = t.champion_entry.player_id if table else None
    t.save(update_fields=["status", "champion", "champion_entry"])


# Rounds (Swiss)


def _latest_round(t: Tournament) -> tuple[int, list[TournamentMatch]]:
    if _stage_kind(t) != "swiss" or t.status != STATUS_RUNNING:
        raise TournamentRefused("round: " + gettext("only the rounds of a running Swiss event can be re-paired or undone."))
    r = TournamentMatch.objects.filter(tournament=t, stage=t.stage).aggregate(r=Max("play_round"))["r"]
    rows = list(TournamentMatch.objects.filter(tournament=t, stage=t.stage, play_round=r).select_related("match"))
    if any(row.outcome in DECIDED or (row.match and row.match.hand_count) for row in rows):
        raise TournamentRefused("round: " + gettext("round %(round)s already has results or hands.") % {"round": r})
    return r, rows


def _drop_round(rows: list[TournamentMatch]) -> None:
    match_ids = [row.match_id for row in rows if row.match_id]
    TournamentMatch.objects.filter(pk__in=[row.pk for row in rows]).delete()
    Match.objects.filter(pk__in=match_ids, hand_count=0).delete()


def round_repair(*, tournament: Tournament) -> int:
    """Pairs the latest Swiss round again (e.g. after a late entry or a
    withdrawal), while it has no result and no hand."""
    with transaction.atomic():
        t = _locked(tournament.pk)
        r, rows = _latest_round(t)
        _drop_round(rows)
        _pair_swiss_round(t, r)
        _open_matches(t)
    return r


def round_undo(*, tournament: Tournament) -> int:
    """Takes back the latest Swiss round, while it has no result and no hand.
    Taking back the first round of the event puts it back in set-up (entries can change)."""
    with transaction.atomic():
        t = _locked(tournament.pk)
        r, rows = _latest_round(t)
        _drop_round(rows)
        if r == 1 and t.stage == 1:
            t.status = STATUS_SETUP
            t.save(update_fields=["status"])
    return r
