"""The plain data of each sheet, read from the database (a fixed number of queries each).

The builders never see a model: these functions turn stored matches (and
tournaments) into the dataclasses of ``ginscore.sheets.data``.
"""
from __future__ import annotations

from decimal import Decimal

from django.http import Http404
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext, pgettext_lazy

from ginscore.engine import result_to_json
from ginscore.matches import selectors as match_selectors
from ginscore.matches.records import match_to_json
from ginscore.sheets.common import day, day_and_time, money as money_text, number as figure
from ginscore.sheets.data import (
    Bracket, BracketMatch, BracketRound, BracketSection, MatchSheet, Pairing, RoundSheet, Slot, Standings,
    StandingsTable, TableSheet,
)


def _day(when) -> str:
    return day_and_time(when)


def match_sheet_data(*, pk: int, paper: str = "letter") -> MatchSheet:
    """The filled match sheet of stored match ``pk`` (404 when there is none)."""
    match = match_selectors.match_get(pk)
    hands = match_selectors.match_hands(match)
    result = match_selectors.match_result(match, hands)
    details = [_("Started %(when)s") % {"when": _day(match.created_at)}]
    if match.complete and match.finished_at:
        details[0] += " \u00b7 " + _("finished %(when)s") % {"when": _day(match.finished_at)}
    stake = _("stake %(stake)s a point") % {"stake": figure(match.stake.normalize())} if match.stake is not None else ""
    dealer = (_("First dealer %(player)s") % {"player": result.first_dealer}  # a partnership's: not tracked
              if result.first_dealer else "")
    if dealer or stake:
        details.append(" \u00b7 ".join(filter(None, [dealer, stake])))
    where = _tournament_place(match)
    if where:
        details.insert(0, where)
    return MatchSheet(result=result_to_json(result), record=match_to_json(match, hands),
                      title=_("Match #%(n)s") % {"n": match.pk}, details=tuple(details), paper=paper)


def _tournament_place(match) -> str:
    """ "Saturday Open · Round 2, group 1 · table 4" for a tournament's match, else ""."""
    from ginscore.tournaments.models import TournamentMatch

    row = TournamentMatch.objects.select_related("tournament").filter(match=match).first()
    if row is None:
        return ""
    round_name = _round_name(row.tournament, row.stage, row.play_round)
    if row.group:
        round_name = _("%(round)s, group %(group)s") % {"round": round_name, "group": row.group}
    return " \u00b7 ".join(filter(None, [row.tournament.name, round_name, row.label if row.section != "round" else "",
                                         _("table %(n)s") % {"n": row.table} if row.table else ""]))


def pad_for(*, match: int | None = None, tournament: int | None = None) -> dict:
    """What a blank pad printed from a match (its rules, players, length and table: two, three or
    a partnership with its teams) or a tournament (its rules and length) carries, as Pad fields
    (404 when there is no such match or tournament)."""
    from django.shortcuts import get_object_or_404

    from ginscore.engine import MatchLength
    from ginscore.matches.models import Match
    from ginscore.matches.records import match_length, match_names, match_rules

    table, teams = "", None  # a tournament's: its preset's (a partnership for the partnership rules)
    if match is not None:
        m = get_object_or_404(Match.objects.select_related("player_a", "player_b", "player_c", "player_d"), pk=match)
        rules, length = match_rules(m), match_length(m)
        players = match_names(m)
        table = m.kind  # "two", "three" or "partnership": the pad of its table
        if table == "partnership":
            teams = m.team_names
    else:
        from ginscore.tournaments.services import tournament_rules

        _, t = _tournament(tournament)
        rules, players = tournament_rules(t), None
        length = MatchLength(t.length_kind, t.length_games if t.length_kind == "best_of" else None)
    games = {"best_of": length.games, "set": 1}.get(length.kind)
    if games and length.kind == "best_of" and rules.columns > 1:
        games = -(-games // rules.columns)
    return {"style": rules.preset, "rules": rules.to_json(), "players": players,
            "length": _length_words(length, rules), "games": games, "table": table, "teams": teams}


def _length_words(length, rules) -> str:
    """A match's length in words when it is not played to the target ("best of 3 games"); "" when it is."""
    return "" if length.kind == "target" else str(length.describe(rules))


# Tournaments


def _tournament(pk):
    from ginscore.tournaments import selectors as tsel

    return tsel, tsel.tournament_get(pk)


def _rules_and_length(match) -> tuple[dict, str, int | None]:
    """The match's rules, its length in words, and the most games (Hollywood: sets) it can take."""
    from ginscore.matches.records import match_length, match_rules

    rules = match_rules(match)
    length = match_length(match)
    games = {"best_of": length.games, "set": 1}.get(length.kind)
    if games and length.kind == "best_of" and rules.columns > 1:
        games = -(-games // rules.columns)  # sets of three games
    return rules.to_json(), _length_words(length, rules), games


def _slot(row, side: str, seeds: dict[int, int] | None = None) -> Slot:
    """One line of a bracket match; ``seeds``: the bracket's own seed of each entry (a knockout stage's)."""
    entry, filled = getattr(row, f"entry_{side}"), getattr(row, f"filled_{side}")
    if entry is not None:
        score = ""
        if row.outcome == "played":
            score = str(getattr(row, f"points_{side}"))
        elif row.outcome in ("forfeit", "withdrawal") and row.winner_id != entry.pk:
            score = pgettext("a forfeit, in a bracket's score box", "ff")
        seed = seeds.get(entry.pk) if seeds is not None else entry.seed
        return Slot(entry_label(entry), seed or None, score)
    if filled:
        return Slot(_("bye"), bye=True)
    kind, _sep, ref = getattr(row, f"source_{side}").partition(":")
    notes = {"winner": _("Winner of %(match)s"), "loser": _("Loser of %(match)s"), "seed": _("Seed %(match)s")}
    return Slot(note=notes[kind] % {"match": ref} if kind in notes else "")


def entry_label(entry) -> str:
    """An entry as the printed room names it: the player, or a doubles team with both partners
    ("Ann & Cat", or "North (Ann & Cat)" for a team with a name of its own)."""
    if entry.partner_id is None or not entry.team_name:
        return entry.name
    return f"{entry.team_name} ({entry.player.name} & {entry.partner.name})"


def _bracket_match(row, seeds: dict[int, int] | None = None) -> BracketMatch:
    if row.reset and row.outcome == "void":  # the winners'-bracket player won the grand final: no replay
        return BracketMatch(Slot(note=_("not needed")), Slot(note=_("not needed")), None, row.key)
    winner = None
    if row.winner_id is not None:
        winner = 0 if row.winner_id == row.entry_a_id else 1
    return BracketMatch(_slot(row, "a", seeds), _slot(row, "b", seeds), winner, row.key, row.table)


def knockout_seeds(first_round) -> dict[int, int]:
    """Each entry's seed in a knockout, 1..N, read from the bracket's first round ("seed:3")."""
    seeds = {}
    for row in first_round:
        for side in ("a", "b"):
            kind, _sep, ref = getattr(row, f"source_{side}").partition(":")
            entry = getattr(row, f"entry_{side}_id")
            if kind == "seed" and entry is not None:
                seeds[entry] = int(ref)
    return seeds


def bracket_data(*, pk: int, paper: str = "letter") -> Bracket:
    """The tournament's bracket; the grand final follows the winners' bracket on its pages."""
    tsel, t = _tournament(pk)
    found = {s["section"]: s for s in tsel.tournament_bracket(t)}
    if not found:
        raise ValueError(_("tournament: %(name)s has no bracket (it is played in rounds)") % {"name": t.name})
    knockout = t.format == "two_stage"
    first = found["winners"]["rounds"][0] if found.get("winners", {}).get("rounds") else []
    seeds = knockout_seeds(first) if knockout else None

    names = tsel.Names.of(t)

    def rounds(section: str) -> list[BracketRound]:
        """A section's rounds, named as the event names them ("Quarter-final", "Losers' round 2")."""
        out = []
        for rows in found[section]["rounds"] if section in found else []:
            name = names.section_round(rows[0].stage, section, rows[0].round)
            if section == "final" and rows[0].round > 1:
                name = _("%(round)s, if needed") % {"round": name}
            out.append(BracketRound(name, tuple(_bracket_match(r, seeds) for r in rows)))
        return out

    champion = t.champion_name
    sections = []
    if "final" in found:
        sections.append(BracketSection(_("Winners' bracket"), tuple(rounds("winners") + rounds("final")),
                                       last_name=champion))
        sections.append(BracketSection(_("Losers' bracket"), tuple(rounds("losers")), last_line=_("To the grand final")))
    else:
        sections.append(BracketSection(_("Bracket"), tuple(rounds("winners")), last_name=champion))
    if "third" in found:
        sections.append(BracketSection(_("Third place"), tuple(rounds("third")), last_line=_("Third")))
    kind = "double" if "final" in found else "single"
    field = len(tsel.tournament_entries(t))
    entrants = (ngettext("%(n)s team", "%(n)s teams", field) if t.doubles else
                ngettext("%(n)s player", "%(n)s players", field)) % {"n": field}
    elimination = _("double elimination") if kind == "double" else _("single elimination")
    subtitle = f"{entrants}, {elimination}"
    if knockout:  # the knockout's own field, seeded 1..N from the first stage
        subtitle = _("knockout of %(n)s (from %(entrants)s), %(elimination)s") % {
            "n": len(seeds), "entrants": entrants, "elimination": elimination}
    return Bracket(t.name, kind, tuple(sections), subtitle=subtitle, paper=paper)


def _round_name(t, stage: int, number: int) -> str:
    """A round of play as the event names it: a knockout's by its name ("Semi-final"), others by number."""
    from ginscore.tournaments import selectors as tsel

    return tsel.Names.of(t).play_round(stage, number)


class NoSuchRound(Http404):
    """The tournament has no such round (its message says so, naming the round)."""


def _round(pk: int, number: int, stage: int | None):
    tsel, t = _tournament(pk)
    stage = stage or t.stage
    rows = tsel.round_rows(t, stage, number)
    if not rows:
        raise NoSuchRound(_("round: %(name)s has no round %(n)s in stage %(stage)s") % {"name": t.name, "n": number,
                                                                                   "stage": stage} if stage > 1
                      else _("round: %(name)s has no round %(n)s") % {"name": t.name, "n": number})
    return t, stage, rows


def round_sheet_data(*, pk: int, number: int, stage: int | None = None, paper: str = "letter") -> RoundSheet:
    t, stage, rows = _round(pk, number, stage)
    pairings = []
    for row in rows:
        a, b = (e.name for e in (row.entry_a or row.entry_b, row.entry_b or row.entry_a))
        result = ""
        if row.outcome == "played" and row.winner:
            high, low = sorted((row.points_a, row.points_b), reverse=True)
            result = f"{row.winner.name} {figure(high)}\u2013{figure(low)}"
        elif row.outcome in ("forfeit", "withdrawal") and row.winner:
            how = _("forfeit") if row.outcome == "forfeit" else _("withdrawal")
            result = f"{row.winner.name} ({how})"
        first, second = row.entry_a or row.entry_b, row.entry_b or row.entry_a
        pairings.append(Pairing(row.table, a, None if row.bye else b, result, group=row.group,
                                score=_score_now(row), a_players=_partners(first),
                                b_players=() if row.bye else _partners(second)))
    details = (_("Printed %(when)s") % {"when": _day(timezone.now())},)
    return RoundSheet(t.name, number, tuple(pairings), round_name=_round_name(t, stage, number), details=details,
                      paper=paper)


def _partners(entry) -> tuple[str, ...]:
    """A doubles team's two players (each is looked up by name on the round sheet); () for one player."""
    return () if entry.partner_id is None else (entry.player.name, entry.partner.name)


def _score_now(row) -> str:
    """A match in play: its score so far, first-named player first ("playing: 230\u2013120")."""
    m = row.match
    if row.outcome or m is None or not m.hand_count or row.entry_a is None:
        return ""
    a, b = (m.score_a, m.score_b) if m.player_a_id == row.entry_a.player_id else (m.score_b, m.score_a)
    return _("playing: %(score)s") % {"score": f"{figure(a)}\u2013{figure(b)}"}


def table_sheets_count(*, pk: int, number: int, stage: int | None = None) -> tuple[str, int]:
    """The tournament's name and how many table sheets its round has (``table_sheets_data``'s length)."""
    t, stage, rows = _round(pk, number, stage)
    return t.name, sum(1 for row in rows if row.match is not None)


def table_sheets_data(*, pk: int, number: int, link, stage: int | None = None) -> list[TableSheet]:
    """One sheet per table of the round that has a match; ``link(path)`` makes the table link absolute.
    A doubles match plays at two tables (match N at tables 2N-1 and 2N): its sheet has a QR code for
    each, as the site gives one link a table."""
    from ginscore.matches.seats import seat_passes
    from ginscore.tournaments import selectors as tsel

    t, stage, rows = _round(pk, number, stage)
    names = tsel.Names.of(t)
    out = []
    for row in rows:
        if row.match is None:
            continue
        passes = tuple((p.name, p.code, link(p.link)) for p in seat_passes(row.match)) if t.agree else ()
        rules, length, games = _rules_and_length(row.match)
        first = row.match.player_a_id if row.match.first_dealer == "a" else row.match.player_b_id
        dealer = row.entry_a if row.entry_a.player_id == first else row.entry_b
        seats = _seats(row)
        token = row.match.table_token
        links, where = (), ""
        if seats:
            pair = (2 * (row.table or 0) - 1, 2 * (row.table or 0))
            links = tuple((_("Table %(n)s (the pad's table %(k)s)") % {"n": n, "k": k},
                           link(reverse("matches:table_at", args=[token, k]))) for k, n in enumerate(pair, 1))
            where = _("Tables %(first)s and %(second)s") % {"first": pair[0], "second": pair[1]}
        out.append(TableSheet(
            t.name, number, row.table or 0, (row.entry_a.name, row.entry_b.name), rules,
            url="" if seats else link(reverse("matches:table", args=[token])), round_name=_round_name(t, stage, number),
            length=length, match_label=" \u00b7 ".join(filter(None, [str(names.match(row)),
                                                                     _("match #%(n)s") % {"n": row.match_id}])),
            games=games, first_dealer="" if t.doubles else dealer.player.name, seats=seats, links=links, where=where,
            passes=passes))
    return out


def _seats(row) -> tuple[str, ...]:
    """A doubles match's four players in seat order: team 1's sit A and C, team 2's B and D."""
    a, b = row.entry_a, row.entry_b
    if a.partner_id is None or b.partner_id is None:
        return ()
    return (a.player.name, b.player.name, a.partner.name, b.partner.name)


STANDING_COLUMNS = (("rank", "#"), ("player", gettext_lazy("Player")), ("played", pgettext_lazy("standings", "Played")),
                    ("wins", gettext_lazy("Won")), ("losses", gettext_lazy("Lost")), ("byes", gettext_lazy("Byes")),
                    ("points_for", gettext_lazy("For")), ("points_against", gettext_lazy("Against")),
                    ("net", gettext_lazy("Net")))
TIEBREAK_COLUMNS = {"head_to_head": gettext_lazy("Head-to-head"), "buchholz": "Buchholz",
                    "median_buchholz": gettext_lazy("Median B."), "sonneborn_berger": "S-B"}


def _after_round(t, tsel) -> str:
    """Which results the standings hold, in words: "after round 3" (every round of play decided up to
    it; a knockout's by name: "after the semi-final"), and the round being played with how many of
    its results are in ("round 4: 2 of 6 results in", "the final in play"); "before round 1" before any."""
    names = tsel.Names.of(t)

    def called(stage: int, n: int, *, after: bool) -> str:
        """ "after round 3", "after the semi-final" (``after``), or "round 4", "the final"."""
        if (stage, "winners") in names.rounds and (stage, "final") not in names.rounds:  # a knockout's, by name
            name = names.play_round(stage, n)
            return (_("after the %(round)s") if after else _("the %(round)s")) % {"round": str(name).lower()}
        if t.format == "two_stage" and stage == 2:
            return (_("after knockout round %(n)s") if after else _("knockout round %(n)s")) % {"n": n}
        return (_("after round %(n)s") if after else _("round %(n)s")) % {"n": n}

    done, playing = "", ""
    for (stage, n), rows in tsel.tournament_rounds(t).items():
        decided = sum(1 for r in rows if r.outcome)
        if decided == len(rows):
            done = called(stage, n, after=True)
        else:
            now = called(stage, n, after=False)
            playing = (_("%(round)s: %(decided)s of %(all)s results in") % {"round": now, "decided": decided,
                                                                           "all": len(rows)}
                       if decided else _("%(round)s in play") % {"round": now})
            break
    return ", ".join(filter(None, [done, playing])) or _("before round 1")


def _prizes(t) -> dict[int, str]:
    """Each paid entry's prize ("€126.00"), by entry, once the event is over and when the club
    plays for money; {} otherwise (nothing about money is printed)."""
    from ginscore.seasons import selectors as money

    if not money.money_on():
        return {}
    night = money.night_money(t)
    if not night.final:
        return {}
    sign = money.Club.get().currency
    return {line.entry_id: money_text(line.amount, sign) for line in night.lines if line.amount > 0}


def standings_data(*, pk: int, paper: str = "letter") -> Standings:
    """The standings with the tiebreak values used; a round robin in groups as one table per group."""
    tsel, t = _tournament(pk)
    rows = tsel.tournament_standings(t)
    columns = list(STANDING_COLUMNS)
    if t.doubles:
        columns[1] = ("player", _("Team"))
    columns += [(k, TIEBREAK_COLUMNS[k]) for k in t.tiebreaks if k in TIEBREAK_COLUMNS]
    grouped = len({r["group"] for r in rows}) > 1 and any(r["group"] for r in rows) and not any(
        r["placing"] for r in rows)
    if not grouped and any(r["group"] for r in rows):  # groups then a knockout: the field in one table
        columns.insert(2, ("group", _("Group")))

    def cell(row, key):
        value = row[key]
        if key == "player" and row["withdrawn"]:
            return _("%(player)s (withdrawn)") % {"player": value}
        if key == "head_to_head" and value is None:
            return "\u2013"  # never needed: no one was level with them
        if isinstance(value, (int, float, Decimal)) and not isinstance(value, bool):
            return figure(value)
        return "" if value is None else str(value)

    prizes = _prizes(t)
    if prizes:
        columns.append(("prize", _("Prize")))
        for r in rows:
            r["prize"] = prizes.get(r["entry_id"], "")

    def line(r):
        return tuple(cell(r, k) for k, _ in columns)

    notes = [_("Ties are broken by: %(tiebreaks)s. Head-to-head counts the wins against the players still level "
               "when it is applied (–: it was not needed).") % {
                   "tiebreaks": ", ".join(str(name) for name in tsel.tiebreak_names(t))}]
    if any(r["byes"] for r in rows):
        notes.append(_("A bye counts as a round played and won: Played = Won + Lost; Byes says how many were byes."))
    tables = ()
    finished = t.status == "finished"
    if grouped:
        by_group: dict = {}
        for r in rows:
            by_group.setdefault(r["group"], []).append(r)
        tables = tuple(StandingsTable(
            _("Group %(n)s") % {"n": g} if g else _("No group"), tuple(line(r) for r in part),
            notes=(_("Group winner: %(player)s.") % {"player": part[0]["player"]},) if finished and part and g else ())
            for g, part in sorted(by_group.items(), key=lambda kv: (kv[0] is None, kv[0] or 0)))
    elif t.champion_name:
        notes.insert(0, _("Champion: %(player)s.") % {"player": t.champion_name})
    when = day(timezone.localtime(timezone.now()))
    subtitle = " \u00b7 ".join(filter(None, [str(t.get_status_display()), _after_round(t, tsel), when]))
    return Standings(t.name, tuple(str(label) for _key, label in columns), () if grouped else tuple(line(r) for r in rows),
                     subtitle=subtitle, notes=tuple(notes), paper=paper, tables=tables)
