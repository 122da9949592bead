"""Writes to tournaments, each inside one transaction.

The engine (``ginscore.engine.tournament``) decides every pairing and every
advance; these functions read the rows, ask the engine, and write the rows
back. Each place where two players meet gets an ordinary ``Match``; when it
finishes (``matches.services.match_changed``, connected in ``apps.py``)
``tournament_match_follow`` records the result and the event moves on: the
bracket advances, the next Swiss round is paired, the second stage starts,
the champion is crowned.
"""
from __future__ import annotations

import math
import random
from collections import Counter
from datetime import timedelta
from decimal import Decimal

from django.db import transaction
from django.db.models import Count, Max, Q
from django.utils import timezone

from ginscore.club.prepared import Prepared
from ginscore.club.roles import is_director
from ginscore.engine import MatchLength, RuleError, rules_from
from ginscore.engine.tournament import (
    DECIDED, LaterResult, check_tiebreaks, double_elimination, placings, playoff_seeds, round_robin, single_elimination,
    snake_groups, standings, swiss_round,
)
from ginscore.matches.agreement import hand_awaits, match_awaits_agreement
from ginscore.matches.models import Hand, Match
from ginscore.matches.services import team_name_clean
from ginscore.players.models import Player
from ginscore.players.names import NameRefused, name_clean, name_key
from ginscore.players.services import player_get_or_create, players_get_or_create
from ginscore.tournaments.models import (
    BRACKET_FORMATS, STATUS_FINISHED, STATUS_RUNNING, STATUS_SETUP, Entry, Tournament, TournamentMatch,
)
from ginscore.tournaments.structure import STATE_FIELDS, bracket_of, copy_state, results_of, row_of


class TournamentRefused(ValueError):
    """The director's request cannot be done now; the message says why."""


# Set-up


def tournament_create(*, name: str, format: str, preset: str = "standard", rule_overrides: dict | None = None,
                      length: MatchLength = MatchLength(), seeding: str = "manual",
                      tiebreaks: list[str] | None = None, created_by=None, **options) -> Tournament:
    """A tournament in set-up. ``options``: third_place, double_round, groups,
    rounds, first_stage, playoff_size, tables."""
    rules = rules_from({"preset": preset, **(rule_overrides or {})})
    _doubles_check(options.get("doubles", False), rules)
    order = list(check_tiebreaks(tiebreaks)) if tiebreaks else None
    t = Tournament(name=name.strip(), format=format, preset=rules.preset, rule_overrides=rules.overrides(),
                   length_kind=length.kind, length_games=length.games, seeding=seeding, created_by=created_by,
                   **options)
    if order:
        t.tiebreaks = order
    if not t.name:
        raise TournamentRefused("name: a tournament needs a name.")
    t.save()
    return t


def tournament_update(*, tournament: Tournament, name: str, format: str, preset: str = "standard",
                      rule_overrides: dict | None = None, length: MatchLength = MatchLength(),
                      seeding: str = "manual", tiebreaks: list[str] | None = None, **options) -> Tournament:
    """Changes the settings while the tournament is being set up."""
    with transaction.atomic():
        t = _locked(tournament.pk)
        if t.status != STATUS_SETUP:
            raise TournamentRefused("status: the settings are fixed once the tournament has started.")
        rules = rules_from({"preset": preset, **(rule_overrides or {})})
        doubles = options.get("doubles", t.doubles)
        _doubles_check(doubles, rules)
        if doubles != t.doubles and t.entries.exists():
            raise TournamentRefused("doubles: entries are already listed as "
                                    f"{'teams' if t.doubles else 'players'}; clear the entries first.")
        t.name, t.format, t.seeding = name.strip(), format, seeding
        t.preset, t.rule_overrides = rules.preset, rules.overrides()
        t.length_kind, t.length_games = length.kind, length.games
        if tiebreaks:
            t.tiebreaks = list(check_tiebreaks(tiebreaks))
        for key, value in options.items():
            setattr(t, key, value)
        if not t.name:
            raise TournamentRefused("name: a tournament needs a name.")
        t.save()
    return t


def _doubles_check(doubles: bool, rules) -> None:
    if doubles and rules.columns != 1:
        raise TournamentRefused("rules: a doubles event plays partnership matches, one game at a time; "
                                "Hollywood is for two players.")


def tournament_rules(tournament: Tournament):
    return rules_from({"preset": tournament.preset, **(tournament.rule_overrides or {})})


def tournament_length(tournament: Tournament) -> MatchLength:
    return MatchLength(tournament.length_kind, tournament.length_games if tournament.length_kind == "best_of" else None)


TEAM_JOINS = (" & ", " + ", " / ", " and ")


def team_line(line: str) -> tuple[str, str, str]:
    """A doubles entry as the director types it: "Ann & Cat", or with the team's name
    "North: Ann & Cat" (also "+", "/" or "and" between the two). (team name, player, partner)."""
    name, _, players = line.partition(":") if ":" in line else ("", "", line)
    for join in TEAM_JOINS:
        if join in players:
            first, _, second = players.partition(join)
            if first.strip() and second.strip():
                return name.strip(), first.strip(), second.strip()
    raise TournamentRefused(f'entries: "{line.strip()}" is not a team of two: write "Ann & Cat" '
                            f'(or "North: Ann & Cat" to name the team).')


def listed_twice(names: list[str]) -> list[str]:
    """The names, as typed, that are one player with another name of the list (``name_key`` of the
    clean name), sorted; ``NameRefused`` for a name that cannot be one."""
    keys = [name_key(name_clean(n)) for n in names]
    counts = Counter(keys)
    return sorted({n for n, k in zip(names, keys) if counts[k] > 1})


def _team_name(name: str) -> str:
    try:
        return team_name_clean(name, f"entries: the team name {name!r}")
    except ValueError as e:
        raise TournamentRefused(str(e)) from None


def entries_set(*, tournament: Tournament, names: list[str]) -> list[Entry]:
    """The entries, in this order (the manual seeding); players found or created by name.
    A doubles event takes one team a line (``team_line``)."""
    if tournament.status != STATUS_SETUP:
        raise TournamentRefused("entries: the tournament has started; only a Swiss event takes late entries.")
    names = [n for n in names if n.strip()]
    teams = [team_line(n) for n in names] if tournament.doubles else [("", n, "") for n in names]
    people = [p for _, first, second in teams for p in (first, second) if p]
    try:
        twice = listed_twice(people)
    except NameRefused as e:
        raise TournamentRefused(f"entries: {e}") from None
    if twice:
        raise TournamentRefused(f"entries: {twice[0]} is listed twice." if not tournament.doubles else
                                f"entries: {twice[0]} is in two teams (or twice in one).")
    team_names = [_team_name(t) for t, _, _ in teams]
    with transaction.atomic():
        players = iter(players_get_or_create(names=people))
        tournament.entries.all().delete()
        return Entry.objects.bulk_create(
            Entry(tournament=tournament, player=next(players), partner=next(players) if second else None,
                  team_name=team_name, seed=i)
            for i, ((_, _, second), team_name) in enumerate(zip(teams, team_names), 1))


def entry_add(*, tournament: Tournament, name: str) -> Entry:
    """A new entry: at the end of the list in set-up, or a late entry to a
    running Swiss event (paired from the next round)."""
    with transaction.atomic():
        tournament = _locked(tournament.pk)
        late = tournament.status != STATUS_SETUP
        if late and not (tournament.format == "swiss" or tournament.format == "two_stage" and
                         tournament.first_stage == "swiss" and tournament.stage == 1):
            raise TournamentRefused("entries: only a Swiss event takes late entries once it has started.")
        if tournament.status == STATUS_FINISHED:
            raise TournamentRefused("entries: the tournament is over.")
        team_name, first, second = team_line(name) if tournament.doubles else ("", name, "")
        try:
            player = player_get_or_create(name=first)
            partner = player_get_or_create(name=second) if second else None
        except NameRefused as e:
            raise TournamentRefused(f"entries: {e}") from None
        if partner is not None and partner.pk == player.pk:
            raise TournamentRefused(f"entries: {player} cannot partner themselves.")
        for p in (player, partner):
            if p is not None and tournament.entries.filter(Q(player=p) | Q(partner=p)).exists():
                raise TournamentRefused(f"entries: {p} is already entered.")
        seed = (tournament.entries.aggregate(m=Max("seed"))["m"] or 0) + 1
        return Entry.objects.create(tournament=tournament, player=player, partner=partner,
                                    team_name=_team_name(team_name), seed=seed, late=late)


def _seed_order(tournament: Tournament, entries: list[Entry], shuffle_seed: int | None) -> list[Entry]:
    if tournament.seeding == "random":
        random.Random(shuffle_seed).shuffle(entries)
    elif tournament.seeding == "record":
        ids = [e.player_id for e in entries]
        wins = dict(Player.objects.filter(pk__in=ids).annotate(w=Count("matches_won")).values_list("pk", "w"))
        entries.sort(key=lambda e: (-wins.get(e.player_id, 0), e.seed))
    return entries


def tournament_start(*, tournament: Tournament, shuffle_seed: int | None = None) -> Tournament:
    """Seeds the entries, builds the bracket or the first round(s) and opens the matches."""
    with transaction.atomic():
        t = _locked(tournament.pk)
        if t.status != STATUS_SETUP:
            raise TournamentRefused("status: the tournament has already started.")
        entries = list(t.entries.select_related("player").order_by("seed", "id"))
        if len(entries) < 2:
            raise TournamentRefused("entries: a tournament needs at least 2 players.")
        missing = [e for e in entries if e.checked_in_round != 1] if t.check_in else []
        if missing:
            raise TournamentRefused(f"entries: {len(missing)} player{'s have' if len(missing) > 1 else ' has'} "
                                    "not checked in; check them in or withdraw the absent first.")
        entries = _seed_order(t, entries, shuffle_seed)
        moved = [e for i, e in enumerate(entries, 1) if e.seed != i]
        for i, e in enumerate(entries, 1):
            e.seed = i
        Entry.objects.bulk_update(moved, ["seed"], batch_size=500)
        t.status = STATUS_RUNNING
        t.save(update_fields=["status"])
        try:
            _open_stage(t, entries)
        except RuleError as e:
            raise TournamentRefused(str(e)) from None
    return t


def _open_stage(t: Tournament, entries: list[Entry]) -> None:
    """Builds what the current stage needs from ``entries`` in seed order."""
    ids = [e.pk for e in entries]
    by_id = {e.pk: e for e in entries}
    kind = _stage_kind(t)
    if kind in BRACKET_FORMATS:
        build = double_elimination if kind == "double" else single_elimination
        bracket = build(ids, third_place=t.third_place) if kind == "single" else build(ids)
        _insert_rows(t, [row_of(t, t.stage, m, by_id) for m in bracket.matches])
    elif kind == "roundrobin":
        groups = t.groups if t.groups > 1 else 1
        if groups > 1:
            for g, members in enumerate(snake_groups(entries, groups), 1):
                for e in members:
                    e.group = g
            Entry.objects.bulk_update(entries, ["group"])
        rounds = round_robin(ids, double=t.double_round, groups=groups)
        _rows_for_rounds(t, rounds, by_id, first_round=1)
    else:
        _pair_swiss_round(t, 1)
    _open_matches(t)


def _stage_kind(t: Tournament) -> str:
    if t.format == "two_stage":
        return t.first_stage if t.stage == 1 else "single"
    return t.format


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
                           {e.pk for e in entries if e.withdrawn} | set(absent), t.tiebreaks)
    _rows_for_rounds(t, [pairings], {e.pk: e for e in entries}, first_round=r)


def _insert_rows(t: Tournament, rows: list[TournamentMatch]) -> None:
    """New rows, with a match (and, in a bracket, a table) for each one ready to play."""
    ready = [r for r in rows if not r.outcome and r.entry_a is not None and r.entry_b is not None]
    for r, match in zip(ready, _create_matches(t, ready)):
        r.match = match
    if t.is_bracket:
        for n, r in enumerate(ready, 1):
            r.table = n if not t.tables or n <= t.tables else None
    TournamentMatch.objects.bulk_create(rows, batch_size=500)


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


def _assign_tables(t: Tournament) -> None:
    """Bracket matches take the lowest free table, earliest rounds first;
    with a set number of tables the rest wait for a table to come free."""
    open_rows = TournamentMatch.objects.filter(tournament=t, outcome="", match__isnull=False)
    busy = set(open_rows.filter(table__isnull=False).values_list("table", flat=True))
    waiting = list(open_rows.filter(table__isnull=True).order_by("stage", "play_round", "id"))
    free = (n for n in range(1, len(busy) + len(waiting) + 2) if n not in busy and (not t.tables or n <= t.tables))
    for row in waiting:
        row.table = next(free, None)
    TournamentMatch.objects.bulk_update(waiting, ["table"])


# Results


# The reads of every hand saved in a tournament (prepared: see ginscore.club.prepared).
_LOCKED = Prepared(lambda pk: Tournament.objects.select_for_update().filter(pk=pk))
_FOLLOWED_ROW = Prepared(lambda pk, match_id: TournamentMatch.objects.select_related("entry_a", "entry_b")
                         .filter(pk=pk, match_id=match_id))


def tournament_match_follow(*, match: Match, action: str = "", hand_number: int | None = None, user=None,
                            via: str | None = None) -> None:
    """The hook: called (through ``match_changed``) after every write to a
    match's hands. A finished match decides its place; so does the hand in play
    when time was called (decided at time); a match that is no longer finished
    (a hand taken back) reopens it while nothing later depends on it.
    When both players agree (``Tournament.agree``), a hand just entered or
    corrected at the table first waits for the other player's confirmation."""
    if Match.tournament_match.is_cached(match):   # read with the match (a place never changes tournament)
        row = getattr(match, "tournament_match", None)   # (None: not a tournament match)
    else:
        row = TournamentMatch.objects.filter(match_id=match.pk).only("id", "tournament_id").order_by("pk").first()
    if row is None:
        return
    with transaction.atomic():
        # Most hands only move a match still in play on: the standings stay as they are.
        t = _locked(row.tournament_id, results=False)
        results = t.agree
        if t.agree and action in ("added", "edited") and hand_number is not None:
            hand_awaits(match=match, number=hand_number, user=user, via=via)
        called = t.clock_called
        _time_call_if_due(t)
        row = _FOLLOWED_ROW.first(row.pk, match.pk)
        if row is None:   # the place let go of this match meanwhile (its round taken back)
            return
        if _follow_row(t, row, match) or results or t.clock_called != called:
            _results_moved(t)


def _follow_row(t: Tournament, row: TournamentMatch, match: Match) -> bool:
    """The place's result from its match: finished, decided at time, or open again.
    True when the place's result changed (decided, or open again)."""
    if row.entry_a is None or row.entry_b is None:
        return False   # a place that lost its players to an undo: the match no longer counts
    straight = match.player_a_id == row.entry_a.player_id
    winner, at_time = None, False
    if t.agree and match_awaits_agreement(match):
        pass   # not finished for the event while a hand awaits the other player's word
    elif match.complete and match.winner_id is not None:
        winner = row.entry_a if match.winner_id == row.entry_a.player_id else row.entry_b
    elif row.time_hands is not None and match.hand_count > row.time_hands:
        if row.at_time and match.hand_count > row.time_hands + 1:
            from ginscore.matches.services import HandRefused
            raise HandRefused(f"Time was called: this match was decided at time after hand {row.time_hands + 1}.")
        side = time_winner(t.time_rule, match)
        if side is not None:
            winner = row.entry_a if (side == "a") == straight else row.entry_b
            at_time = True
    counted = (row.points_a, row.points_b) if row.outcome in DECIDED else None
    changed = row.outcome == "played" and (winner is None or winner.pk != row.winner_id)
    if changed:
        _undo(t, row)
    stored = (row.points_a, row.points_b, row.at_time)   # as the row is in the database now
    points = (match.score_a, match.score_b)
    if at_time:   # what the players scored: the match score and the game in play
        points = (match.score_a + match.game_a, match.score_b + match.game_b)
    row.points_a, row.points_b = points if straight else points[::-1]
    row.at_time = at_time
    if winner is not None and row.outcome in ("", "played") and row.winner_id != winner.pk:
        _decide(t, row, winner, "played")
        TournamentMatch.objects.filter(pk=row.pk).update(at_time=at_time)
        changed = True
    elif (row.points_a, row.points_b, row.at_time) != stored:   # most hands leave the match score as it was
        row.save(update_fields=["points_a", "points_b", "at_time"])
    # A correction to a finished match moves the points its result counts with.
    return changed or (counted is not None and counted != (row.points_a, row.points_b))


def time_winner(rule: str, match: Match) -> str | None:
    """The side ("a"/"b") ahead when time is called: on the match score then the game in play's
    score (rule "match"), or the other way round (rule "game"); None when level on both
    (the next hand decides)."""
    scores = [(match.score_a, match.score_b), (match.game_a, match.game_b)]
    if rule == "game":
        scores.reverse()
    for a, b in scores:
        if a != b:
            return "a" if a > b else "b"
    return None


def correction_check(*, match: Match, user) -> None:
    """Refuses (``HandRefused``, naming why) a correction of a tournament match whose result the
    event already relies on, unless ``user`` is a director: the result is final for the players
    and the table link once a later round, the knockout or the final standings depend on it."""
    from ginscore.matches.services import HandRefused

    row = TournamentMatch.objects.filter(match_id=match.pk).select_related("tournament").first()
    if row is None or row.outcome != "played" or (user is not None and is_director(user)):
        return
    reason = result_relied_on(row)
    if reason:
        raise HandRefused(f"Only a director can correct this match now: {reason}. "
                          "Ask the director; the history will say who corrected it.")


def result_relied_on(row: TournamentMatch) -> str | None:
    """What in the event rests on this finished match's result, or None."""
    t = row.tournament
    if t.status == STATUS_FINISHED:
        return "the tournament is over and its final standings rest on this result"
    if row.stage < t.stage:
        return "the first stage is over and the knockout was drawn from its results"
    later = TournamentMatch.objects.filter(tournament=t, stage=row.stage)
    if row.section == "round":
        if _stage_kind(t) == "swiss" and later.filter(play_round__gt=row.play_round).exists():
            return f"round {row.play_round + 1} was paired from this result"
        return None
    fed = later.filter(Q(source_a__in=[f"winner:{row.key}", f"loser:{row.key}"])
                       | Q(source_b__in=[f"winner:{row.key}", f"loser:{row.key}"]))
    started = fed.filter(Q(outcome__in=DECIDED) | Q(match__hand_count__gt=0)).first()
    if started is not None:
        return f"the {started.label[:1].lower()}{started.label[1:]} it leads to has started"
    return None


def tmatch_forfeit(*, tmatch: TournamentMatch, winner: Entry) -> None:
    """The director gives the match to ``winner`` (the opponent did not play)."""
    with transaction.atomic():
        t = _locked(tmatch.tournament_id)
        row = TournamentMatch.objects.select_related("entry_a", "entry_b").get(pk=tmatch.pk)
        if row.outcome:
            raise TournamentRefused("result: this match already has a result.")
        if winner.pk not in (row.entry_a_id, row.entry_b_id) or None in (row.entry_a_id, row.entry_b_id):
            raise TournamentRefused("winner: pick one of the two players of this match.")
        _decide(t, row, winner, "forfeit")


def _entry_names(t: Tournament) -> dict[int, str]:
    """Each entry of the event by its name: the player's, or the team's (one query)."""
    return {e.pk: e.name for e in t.entries.select_related("player", "partner")}


def withdrawal_effects(*, entry: Entry) -> list[str]:
    """What withdrawing ``entry`` would do now, in sentences for the director's confirmation
    ("Ben is given Semi-final 1 (against Ann)."); nothing is written."""
    t = Tournament.objects.get(pk=entry.tournament_id)
    if t.status == STATUS_SETUP:
        return [f"{entry} is taken off the entries."]
    if t.status != STATUS_RUNNING:
        return []
    names = _entry_names(t)
    out = []
    if t.is_bracket:
        bracket, rows = _bracket(t)
        if entry.pk in bracket.seeds:
            for m in bracket.withdraw(entry.pk):
                if m.outcome == "withdrawal":
                    out.append(f"{names[m.winner]} is given {bracket.title(m)} (against {entry}).")
    else:
        for row in TournamentMatch.objects.filter(tournament=t, stage=t.stage, outcome="").filter(
                Q(entry_a=entry) | Q(entry_b=entry)).order_by("play_round", "id"):
            other = row.entry_b_id if row.entry_a_id == entry.pk else row.entry_a_id
            out.append(f"{names[other]} is given their round {row.play_round} match (against {entry}).")
    return out


def entry_withdraw(*, entry: Entry) -> None:
    """The player leaves: their open match goes to the opponent, and so does
    every later one in a bracket; a Swiss or round-robin player is no longer paired."""
    with transaction.atomic():
        t = _locked(entry.tournament_id)
        entry = Entry.objects.get(pk=entry.pk)
        if entry.withdrawn:
            raise TournamentRefused(f"entries: {entry} has already withdrawn.")
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
            self.refusal = f"{entry} has not withdrawn"
        elif t.status == STATUS_FINISHED:
            self.refusal = "the tournament is over and its final standings were worked out without them"
        elif t.status == STATUS_RUNNING:
            self._plan()

    def _plan(self) -> None:
        t, entry = self.t, self.entry
        theirs = TournamentMatch.objects.filter(tournament=t).filter(Q(entry_a=entry) | Q(entry_b=entry))
        if t.stage > 1 and not theirs.filter(stage=t.stage).exists():
            self.refusal = "the first stage is over and the knockout was drawn without them"
            return
        # the matches the withdrawal gave away, the latest first
        self.reopened = list(theirs.filter(stage=t.stage, outcome="withdrawal").exclude(winner=entry)
                             .order_by("-play_round", "-id"))
        names = _entry_names(t)
        if t.is_bracket:
            self._plan_bracket(names)
        else:
            for row in reversed(self.reopened):
                self.effects.append(_open_again(f"Round {row.play_round}", names[row.winner_id]))
            if _stage_kind(t) == "swiss":   # a round robin's rounds were all drawn at the start, with them
                last = theirs.filter(stage=t.stage).aggregate(r=Max("play_round"))["r"] or 0
                later = TournamentMatch.objects.filter(tournament=t, stage=t.stage, play_round__gt=last).order_by(
                    "play_round").first()
                if later is not None:
                    self.refusal = f"round {later.play_round} was paired without them"
                    return
                self.effects.append(f"{entry} is paired again from round {last + 1}.")

    def _plan_bracket(self, names: dict[int, str]) -> None:
        bracket, rows = _bracket(self.t)
        bracket.withdrawn.discard(self.entry.pk)
        reopened = {row.key for row in self.reopened}
        try:
            for row in self.reopened:   # the latest first: a later gift rests on an earlier one
                self.changed += bracket.undo(row.key)
        except LaterResult as e:
            self.refusal = f"{_blocking_words(bracket, rows[e.blocking])} already has a result"
            return
        cleared = [rows[m.id] for m in self.changed if m.id not in reopened and rows[m.id].match_id]
        started = set(Match.objects.filter(pk__in=[r.match_id for r in cleared], hand_count__gt=0)
                      .values_list("pk", flat=True))
        for r in cleared:
            if r.match_id in started:
                self.refusal = f"{_blocking_words(bracket, r)} has started"
                return
        self.bracket_rows = rows
        for row in reversed(self.reopened):
            m, other = bracket.by_id[row.key], names[row.winner_id]
            if m.ready:
                self.effects.append(_open_again(bracket.title(m), other))
            else:   # a later place the withdrawal reached (a losers' round): it waits for its players again
                self.effects.append(f"{other}'s win by withdrawal in {bracket.title(m)} is taken back.")

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
    return f"{match} against {other} is open again ({other}'s win by withdrawal is taken back)."


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
            raise TournamentRefused(f"entries: {plan.entry} cannot come back: {plan.refusal}.")
        plan.apply()


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
    _advance(t)


def _undo(t: Tournament, row: TournamentMatch) -> None:
    """A finished match reopened by a correction at the table."""
    from ginscore.matches.services import HandRefused

    if row.stage != t.stage:
        raise HandRefused("This match belongs to a stage that is over; its result can no longer change.")
    if t.is_bracket:
        bracket, rows = _bracket(t)
        try:
            changed = bracket.undo(row.key)
        except LaterResult as e:
            raise HandRefused(f"This result has been used in the bracket: {_blocking_words(bracket, rows[e.blocking])} "
                              f"already has a result. Correct that match first.") from None
        except RuleError as e:
            raise HandRefused(f"This result has been used in the bracket: {str(e).split(': ', 1)[-1]}.") from None
        _save_bracket(t, rows, changed)
        _close_unplayed_matches(t)
    else:
        if _stage_kind(t) == "swiss" and TournamentMatch.objects.filter(
                tournament=t, stage=t.stage, play_round__gt=row.play_round).exists():
            raise HandRefused(f"Round {row.play_round + 1} is already paired; undo it before changing this result.")
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
    who = " v ".join(names[pk] for pk in (row.entry_a_id, row.entry_b_id) if pk in names)
    where = ", ".join(filter(None, [who, f"match #{row.match_id}" if row.match_id else ""]))
    title = bracket.title(bracket.by_id[row.key])
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


# The room


ANNOUNCEMENT_MAX = Tournament._meta.get_field("announcement").max_length


def tournament_announce(*, tournament: Tournament, text: str) -> Tournament:
    """The director's line on the board ("" clears it)."""
    text = " ".join((text or "").split())
    if len(text) > ANNOUNCEMENT_MAX:
        raise TournamentRefused(f"announcement: at most {ANNOUNCEMENT_MAX} characters (this one has {len(text)}).")
    with transaction.atomic():
        t = _locked(tournament.pk)
        t.announcement = text
        t.save(update_fields=["announcement"])
    return t


# The round clock

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
        raise TournamentRefused(f"minutes: a round lasts between {low} and {high} minutes.")
    with transaction.atomic():
        t = _locked(tournament.pk)
        if t.status != STATUS_RUNNING:
            raise TournamentRefused("clock: the tournament is not running.")
        key = current_round_key(t)
        if key is None:
            raise TournamentRefused("clock: no round is being played.")
        if (t.clock_stage, t.clock_round) == key and t.clock_called:
            raise TournamentRefused(f"clock: time has already been called in round {key[1]}.")
        t.clock_stage, t.clock_round = key
        t.clock_deadline = (now or timezone.now()) + timedelta(minutes=minutes)
        t.clock_called = None
        t.save(update_fields=["clock_stage", "clock_round", "clock_deadline", "clock_called"])
    return t


def round_time_call(*, tournament: Tournament, now=None) -> Tournament:
    """The director calls time now (before the deadline, or at it): each unfinished match
    finishes the hand in play and is then decided at time."""
    with transaction.atomic():
        t = _locked(tournament.pk)
        if t.clock_deadline is None or t.clock_called:
            raise TournamentRefused("clock: no round clock is running.")
        _time_call(t, min(now or timezone.now(), t.clock_deadline))
    return t


def tmatch_decide_at_time(*, tmatch: TournamentMatch) -> None:
    """After time is called, a table that is between hands is decided on the hands it has."""
    with transaction.atomic():
        t = _locked(tmatch.tournament_id)
        _time_call_if_due(t)
        row = TournamentMatch.objects.select_related("entry_a", "entry_b", "match").get(pk=tmatch.pk)
        if row.outcome:
            raise TournamentRefused("result: this match already has a result.")
        if row.time_hands is None or row.match is None:
            raise TournamentRefused("clock: time has not been called for this match.")
        if row.match.hand_count == 0:
            raise TournamentRefused("clock: no hand was played; give the match as a forfeit instead.")
        if time_winner(t.time_rule, row.match) is None:
            raise TournamentRefused("clock: the players are level; the next hand decides.")
        if t.agree and match_awaits_agreement(row.match):
            raise TournamentRefused("clock: a hand of this match awaits confirmation; confirm or settle it first.")
        row.time_hands = row.match.hand_count - 1   # the last hand counts as the hand in play
        row.save(update_fields=["time_hands"])
        _follow_row(t, row, row.match)


def _time_call_if_due(t: Tournament, now=None) -> None:
    if t.clock_deadline is not None and t.clock_called is None and (now or timezone.now()) >= t.clock_deadline:
        _time_call(t, t.clock_deadline)


def _time_call(t: Tournament, at) -> None:
    """Time is called at ``at``: each open match of the timed round notes the hands finished
    by then (from the hands' own times); the next one is the hand in play."""
    t.clock_called = at
    t.save(update_fields=["clock_called"])
    rows = list(TournamentMatch.objects.filter(tournament=t, stage=t.clock_stage, play_round=t.clock_round,
                                               outcome="", match__isnull=False)
                .select_related("entry_a", "entry_b", "match"))
    done = dict(Hand.objects.filter(match_id__in=[r.match_id for r in rows], created_at__lte=at)
                .values("match_id").annotate(n=Count("id")).values_list("match_id", "n"))
    for row in rows:
        row.time_hands = done.get(row.match_id, 0)
    TournamentMatch.objects.bulk_update(rows, ["time_hands"])
    for row in rows:   # a table that already saved the hand in play is decided now
        row.refresh_from_db(fields=["outcome", "winner"])
        if not row.outcome:
            _follow_row(t, row, row.match)


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
        raise TournamentRefused(f"entry_fee: between 0 and {ENTRY_FEE_MAX}.")
    with transaction.atomic():
        t = _locked(tournament.pk)
        t.check_in, t.entry_fee = check_in, entry_fee
        t.save(update_fields=["check_in", "entry_fee"])
    return t


def entry_check_in(*, entry: Entry, present: bool = True, paid: bool | None = None) -> Entry:
    """The player is here (or, ``present`` False, not after all); ``paid`` records the entry fee."""
    with transaction.atomic():
        t = _locked(entry.tournament_id)
        entry = Entry.objects.select_related("player", "partner").get(pk=entry.pk)
        if entry.withdrawn:
            raise TournamentRefused(f"entries: {entry} has withdrawn.")
        r = check_in_round(t)
        if r is None:
            raise TournamentRefused("check-in: it is open only before a round is paired.")
        entry.checked_in_round = r if present else None
        if paid is not None:
            entry.fee_paid = paid
        entry.save(update_fields=["checked_in_round", "fee_paid"])
    return entry


def entries_withdraw_absent(*, tournament: Tournament) -> int:
    """Every player not checked in for the coming round withdraws (in set-up: is no longer
    entered). Returns how many."""
    with transaction.atomic():
        t = _locked(tournament.pk)
        r = check_in_round(t)
        if r is None:
            raise TournamentRefused("check-in: it is open only before a round is paired.")
        absent = list(t.entries.filter(withdrawn=False).exclude(checked_in_round=r))
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
            raise TournamentRefused("round: the next round can be paired once the last one is over.")
        entries = list(t.entries.filter(withdrawn=False).values_list("pk", "checked_in_round"))
        absent = frozenset(pk for pk, done in entries if done != r)
        if len(entries) - len(absent) < 2:
            raise TournamentRefused("check-in: fewer than 2 players are checked in.")
        _pair_swiss_round(t, r, absent)
        _open_matches(t)
    return r


# Rounds (Swiss)


def _latest_round(t: Tournament) -> tuple[int, list[TournamentMatch]]:
    if _stage_kind(t) != "swiss" or t.status != STATUS_RUNNING:
        raise TournamentRefused("round: only the rounds of a running Swiss event can be re-paired or undone.")
    r = TournamentMatch.objects.filter(tournament=t, stage=t.stage).aggregate(r=Max("play_round"))["r"]
    rows = list(TournamentMatch.objects.filter(tournament=t, stage=t.stage, play_round=r).select_related("match"))
    if any(row.outcome in DECIDED or (row.match and row.match.hand_count) for row in rows):
        raise TournamentRefused(f"round: round {r} already has results or hands.")
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


# Reads the services need (the standings are computed, never stored)


def tournament_table(t: Tournament, stage: int | None = None, *, by_group: bool = False):
    """The engine's standings rows (``player`` is the entry id); over both
    stages, knockout placing first. ``by_group``: a round robin in groups is
    ranked group by group (until a knockout decides the places)."""
    entries = list(t.entries.order_by("seed", "id").values_list("pk", "withdrawn"))
    rows = list(TournamentMatch.objects.filter(tournament=t, **({"stage": stage} if stage else {})).order_by("id"))
    placing = None
    bracket_rows = [r for r in rows if r.section != "round"]
    if bracket_rows:
        ids = [pk for pk, _ in entries]
        seeds = ids if t.format in BRACKET_FORMATS else _bracket_seeds(bracket_rows)
        bracket = bracket_of(bracket_rows, seeds, [])
        placing = placings(bracket)
        worst = max(placing.values(), default=0) + 1
        placing = {pk: placing.get(pk, worst) for pk in ids}
    # A bye in a bracket only moves a seed on; a Swiss or round-robin bye scores a win.
    scored = [r for r in rows if r.section == "round" or r.outcome != "bye"]
    groups = None
    if by_group and placing is None and t.groups > 1 and _groups_played(t):
        groups = dict(t.entries.exclude(group=None).values_list("pk", "group"))
    return standings([pk for pk, _ in entries], results_of(scored), t.tiebreaks, placing, groups)


def _groups_played(t: Tournament) -> bool:
    """The event's (first) stage is a round robin in groups."""
    return t.format == "roundrobin" or (t.format == "two_stage" and t.first_stage == "roundrobin")


def _bracket_seeds(rows) -> list[int]:
    """Seed order of a second-stage bracket, read from its first round."""
    first = [r for r in rows if r.section == "winners" and r.round == 1]
    by_seed = {}
    for r in first:
        for src, entry in ((r.source_a, r.entry_a_id), (r.source_b, r.entry_b_id)):
            if src.startswith("seed:") and entry is not None:
                by_seed[int(src[5:])] = entry
    return [by_seed[s] for s in sorted(by_seed)] if by_seed else []


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
