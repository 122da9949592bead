"""Set-up: the tournament's settings, its entries and their seeding, and the start."""
from __future__ import annotations

import random
from collections import Counter

from django.db import transaction
from django.db.models import Count, Max, Q
from django.utils.translation import gettext, ngettext

from ginscore.engine import MatchLength, RuleError, rules_from
from ginscore.engine.tournament import check_tiebreaks, first_round, seeds_apart
from ginscore.matches.services import team_name_clean
from ginscore.players.models import Player
from ginscore.players.names import NameRefused, name_clean, name_key
from ginscore.players.services import player_get_or_create, players_get_or_create
from ginscore.tournaments.models import (
    BRACKET_FORMATS, STATUS_FINISHED, STATUS_RUNNING, STATUS_SETUP, Entry, Tournament, entry_name,
)
from ginscore.tournaments.services.locks import NotCheckedIn, TournamentRefused, _locked, _stage_kind, names_listed
from ginscore.tournaments.services.rounds import _open_stage
from ginscore.tournaments.services.wishes import tournament_wishes


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
        raise TournamentRefused("name: " + gettext("a tournament needs a name."))
    t.save()
    return t


def tournament_update(*, tournament: Tournament, name: str, format: str, preset: str = "standard",
                      rule_overrides: dict | None = None, length: MatchLength = MatchLength(),
                      seeding: str = "manual", tiebreaks: list[str] | None = None, **options) -> Tournament:
    """Changes the settings while the tournament is being set up."""
    with transaction.atomic():
        t = _locked(tournament.pk)
        if t.status != STATUS_SETUP:
            raise TournamentRefused("status: " + gettext("the settings are fixed once the tournament has started."))
        rules = rules_from({"preset": preset, **(rule_overrides or {})})
        doubles = options.get("doubles", t.doubles)
        _doubles_check(doubles, rules)
        if doubles != t.doubles and t.entries.exists():
            raise TournamentRefused("doubles: " + (
                gettext("entries are already listed as teams; clear the entries first.") if t.doubles else
                gettext("entries are already listed as players; clear the entries first.")))
        t.name, t.format, t.seeding = name.strip(), format, seeding
        t.preset, t.rule_overrides = rules.preset, rules.overrides()
        t.length_kind, t.length_games = length.kind, length.games
        if tiebreaks:
            t.tiebreaks = list(check_tiebreaks(tiebreaks))
        for key, value in options.items():
            setattr(t, key, value)
        if not t.name:
            raise TournamentRefused("name: " + gettext("a tournament needs a name."))
        t.save()
    return t


def _doubles_check(doubles: bool, rules) -> None:
    if doubles and rules.columns != 1:
        raise TournamentRefused("rules: " + gettext("a doubles event plays partnership matches, one game at a time; "
                                                    "Hollywood is for two players."))


TEAM_JOINS = (" & ", " + ", " / ", " and ")


def team_line(line: str, number: int | None = None) -> tuple[str, str, str]:
    """A doubles entry as the director types it: "Ann & Cat", or with the team's name
    "North: Ann & Cat" (also "+", "/" or "and" between the two). (team name, player, partner).
    A line naming more than two players is refused (``number``: its line, for the message)."""
    name, _, players = line.partition(":") if ":" in line else ("", "", line)
    where = (gettext('line %(number)s, "%(line)s",') % {"number": number, "line": line.strip()} if number
             else f'"{line.strip()}"')
    for join in TEAM_JOINS:
        if join in players:
            first, _, second = players.partition(join)
            if any(j in part for j in TEAM_JOINS for part in (first, second)):
                raise TournamentRefused("entries: " + gettext('%(where)s names more than two players: a team is two '
                                                                    '("Ann & Cat"), one team a line.') % {"where": where})
            if first.strip() and second.strip():
                return name.strip(), first.strip(), second.strip()
    raise TournamentRefused("entries: " + gettext('%(where)s is not a team of two: write "Ann & Cat" '
                                                '(or "North: Ann & Cat" to name the team).') % {"where": where})


def _team_key(team_name: str, first: str, second: str) -> str:
    """What makes two teams' names the same (as the pages show them: "North", or "Ann & Cat")."""
    return name_key(" ".join(entry_name(first, second, team_name).split()))


def listed_twice(names: list[str]) -> list[str]:
    """The names, as typed, that are one player with another name of the list (``name_key`` of the
    clean name), sorted; ``NameRefused`` for a name that cannot be one."""
    keys = [name_key(name_clean(n)) for n in names]
    counts = Counter(keys)
    return sorted({n for n, k in zip(names, keys) if counts[k] > 1})


def _team_name(name: str) -> str:
    try:
        return team_name_clean(name, "entries: " + gettext("the team name %(name)s") % {"name": repr(name)})
    except ValueError as e:
        raise TournamentRefused(str(e)) from None


def entries_set(*, tournament: Tournament, names: list[str]) -> list[Entry]:
    """The entries, in this order (the manual seeding); players found or created by name.
    A doubles event takes one team a line (``team_line``)."""
    if tournament.status != STATUS_SETUP:
        raise TournamentRefused("entries: " + gettext("the tournament has started; only a Swiss event takes late entries."))
    lines = [(i, n) for i, n in enumerate(names, 1) if n.strip()]
    names = [n for _, n in lines]
    teams = [team_line(n, i) for i, n in lines] if tournament.doubles else [("", n, "") for n in names]
    people = [p for _, first, second in teams for p in (first, second) if p]
    try:
        twice = listed_twice(people)
    except NameRefused as e:
        raise TournamentRefused(f"entries: {e}") from None
    if twice:
        raise TournamentRefused("entries: " + (gettext("%(name)s is listed twice.") if not tournament.doubles else
                                                gettext("%(name)s is in two teams (or twice in one).")) % {"name": twice[0]})
    team_names = [_team_name(t) for t, _, _ in teams]
    if tournament.doubles:
        teams_named_once([(i, name, first, second) for (i, _), name, (_, first, second) in zip(lines, team_names, teams)])
    with transaction.atomic():
        _locked(tournament.pk)   # the pages kept for the event (its check-in, its rounds' names) are drawn again
        found = players_get_or_create(names=people)
        tournament.entries.all().delete()
        _sign_ups_entered(tournament, found)
        players = iter(found)
        return Entry.objects.bulk_create(
            Entry(tournament=tournament, player=next(players), partner=next(players) if second else None,
                  team_name=team_name, seed=i)
            for i, ((_, _, second), team_name) in enumerate(zip(teams, team_names), 1))


def _sign_ups_entered(tournament: Tournament, players) -> None:
    """A player the director enters no longer waits as a sign-up (theirs, or their pair's)."""
    ids = [p.pk for p in players if p is not None]
    tournament.sign_ups.filter(Q(player_id__in=ids) | Q(partner_id__in=ids)).delete()


def teams_named_once(teams: list[tuple[int | None, str, str, str]]) -> None:
    """Two teams never share a name (as the pages show them, any case): ``teams`` are (line or
    None, team name, player, partner); ``TournamentRefused`` names the two lines."""
    seen = {}
    for line, name, first, second in teams:
        key, shown = _team_key(name, first, second), name or f"{first} & {second}"
        if key in seen:
            first = seen[key]
            if first and line:
                text = gettext('two teams are called "%(name)s" (lines %(first)s and %(second)s): give each team its '
                               'own name.') % {"name": shown, "first": first, "second": line}
            else:
                text = gettext('two teams are called "%(name)s": give each team its own name.') % {"name": shown}
            raise TournamentRefused("entries: " + text)
        seen[key] = line


def entry_add(*, tournament: Tournament, name: str) -> Entry:
    """A new entry: at the end of the list in set-up, or a late entry to a
    running Swiss event (paired from the next round)."""
    with transaction.atomic():
        tournament = _locked(tournament.pk)
        late = tournament.status != STATUS_SETUP
        if late and not (tournament.format == "swiss" or tournament.format == "two_stage" and
                         tournament.first_stage == "swiss" and tournament.stage == 1):
            raise TournamentRefused("entries: " + gettext("only a Swiss event takes late entries once it has started."))
        if tournament.status == STATUS_FINISHED:
            raise TournamentRefused("entries: " + gettext("the tournament is over."))
        team_name, first, second = team_line(name) if tournament.doubles else ("", name, "")
        try:
            player = player_get_or_create(name=first)
            partner = player_get_or_create(name=second) if second else None
        except NameRefused as e:
            raise TournamentRefused(f"entries: {e}") from None
        if partner is not None and partner.pk == player.pk:
            raise TournamentRefused("entries: " + gettext("%(player)s cannot partner themselves.") % {"player": player})
        for p in (player, partner):
            if p is not None and tournament.entries.filter(Q(player=p) | Q(partner=p)).exists():
                raise TournamentRefused("entries: " + gettext("%(player)s is already entered.") % {"player": p})
        team_name = _team_name(team_name)
        if partner is not None:
            others = tournament.entries.filter(partner__isnull=False).select_related("player", "partner")
            teams_named_once([(None, e.team_name, e.player.name, e.partner.name) for e in others]
                             + [(None, team_name, player.name, partner.name)])
        seed = (tournament.entries.aggregate(m=Max("seed"))["m"] or 0) + 1
        _sign_ups_entered(tournament, (player, partner))
        return Entry.objects.create(tournament=tournament, player=player, partner=partner,
                                    team_name=team_name, seed=seed, late=late)


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
            raise TournamentRefused("status: " + gettext("the tournament has already started."))
        entries = list(t.entries.select_related("player", "partner").order_by("seed", "id"))
        if len(entries) < 2:
            raise TournamentRefused("entries: " + gettext("a tournament needs at least 2 players."))
        missing = sorted((e for e in entries if e.checked_in_round != 1), key=lambda e: e.name.casefold()) \
            if t.check_in else []
        if missing:
            raise NotCheckedIn("entries: " + ngettext(
                "%(count)s player has not checked in (%(names)s); check them in or withdraw the absent first.",
                "%(count)s players have not checked in (%(names)s); check them in or withdraw the absent first.",
                len(missing)) % {"count": len(missing), "names": names_listed(missing)}, missing)
        entries = _seed_order(t, entries, shuffle_seed)
        if _stage_kind(t) in BRACKET_FORMATS:   # two kept apart do not meet in the first round
            by_id = {e.pk: e for e in entries}
            entries = [by_id[pk] for pk in seeds_apart([e.pk for e in entries], first_round,
                                                        tournament_wishes(t).apart)]
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
