"""Reads for the tournament pages. Each costs a fixed number of queries
whatever the size of the field: the tournament, its entries (with players),
its rows (with entries, players and match caches)."""
from __future__ import annotations

from collections import Counter, OrderedDict
from dataclasses import dataclass

from django.db.models import Count, Q
from django.http import Http404
from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from ginscore.club.kept import Kept
from ginscore.club.prepared import Prepared
from ginscore.engine.tournament import TIEBREAK_NAMES, bracket_size, match_title, round_name
from ginscore.matches.agreement import hand_json, hand_version
from ginscore.matches.models import AGREED, DISPUTED, Hand
from ginscore.matches.selectors import record_hand_text
from ginscore.tournaments.models import STATUS_FINISHED, STATUS_SETUP, Entry, Tournament, TournamentMatch, entry_name
from ginscore.tournaments.services import tournament_table

SECTION_ORDER = {"winners": 0, "losers": 1, "third": 2, "final": 3}


_TOURNAMENT = Prepared(lambda pk: Tournament.objects.select_related(
    "champion", "champion_entry__player", "champion_entry__partner").filter(pk=pk))


def tournament_get(pk: int) -> Tournament:
    """The tournament with its champion (404: none)."""
    t = _TOURNAMENT.first(pk)
    if t is None:
        raise Http404("No such tournament.")
    return t


_COUNTERS = {field: Prepared(lambda pk, field=field: Tournament.objects.filter(pk=pk).order_by()
                             .values_list(field, flat=True))
             for field in ("revision", "results_revision")}


def _version(pk: int, field: str, prefix: str) -> str | None:
    """``prefix``, the tournament and its counter ``field`` (one query); None: no such tournament."""
    revision = _COUNTERS[field].first(pk)
    return None if revision is None else f"{prefix}{pk}.{revision}"


def tournament_live_version(pk: int, **_) -> str | None:
    """The version of the tournament's live pages: every write to the event or to one of its
    matches moves ``revision`` on."""
    return _version(pk, "revision", "t")


def standings_live_version(pk: int, **_) -> str | None:
    """The version of the standings page: it moves with every write to the event but a hand in a
    match still in play (which changes no standing)."""
    return _version(pk, "results_revision", "s")


def tournament_list():
    return Tournament.objects.select_related(
        "champion", "champion_entry__player", "champion_entry__partner").order_by("-created_at", "-id")


def tournament_entries(t: Tournament) -> list[Entry]:
    return list(t.entries.select_related("player", "partner").order_by("seed", "id"))


def entry_line(e: Entry) -> str:
    """The entry as the director types it: "Ann", or a team "North: Ann & Cat"."""
    if e.partner_id is None:
        return e.player.name
    pair = f"{e.player.name} & {e.partner.name}"
    return f"{e.team_name}: {pair}" if e.team_name else pair


def _rows(t: Tournament):
    return (TournamentMatch.objects.filter(tournament=t)
            .select_related("entry_a__player", "entry_b__player", "winner__player", "match",
                            "entry_a__partner", "entry_b__partner", "winner__partner")
            .order_by("stage", "play_round", "table", "id"))


def _paired(rows):
    """The rows that are pairings with players: not void, and both players known or a bye."""
    return rows.exclude(outcome="void").filter(
        Q(entry_a__isnull=False, entry_b__isnull=False)
        | Q(Q(entry_a__isnull=False) | Q(entry_b__isnull=False), outcome="bye"))


# What only an event's write can change (its pairings, their names), kept by each process under the
# tournament's ``results_revision``, which every write to the event moves on; a hand moves only
# ``revision``. Read again by the round page after every hand saved in the room otherwise (part of
# the round page's lines: ``bench/bench_kinds.py``, "round page, a hand saved since";
# ``GINSCORE_ROUND_LINES=0`` reads them every time).
BY_RESULTS = Kept(64, switch="GINSCORE_ROUND_LINES")


def _per_results(t: Tournament, what: str, work):
    return BY_RESULTS.get_or_make((what, t.pk, t.results_revision), work)


def round_keys(t: Tournament) -> tuple[tuple[int, int], ...]:
    """The rounds of play that have pairings, (stage, round) in order: the keys of
    ``tournament_rounds`` in one small query (the tabs of every tournament page), kept under
    the event's ``results_revision``."""
    return _per_results(t, "round_keys", lambda: tuple(
        _paired(TournamentMatch.objects.filter(tournament=t)).order_by("stage", "play_round")
        .values_list("stage", "play_round").distinct()))


def tournament_rounds(t: Tournament, only: tuple[int, int] | None = None, ids=None
                      ) -> "OrderedDict[tuple[int, int], list[TournamentMatch]]":
    """(stage, round of play) -> the pairings with players (no empty places),
    tables first, byes last; ``only`` (stage, round): that round alone; ``ids``: those rows alone."""
    out: OrderedDict = OrderedDict()
    rows = _rows(t) if only is None else _rows(t).filter(stage=only[0], play_round=only[1])
    if only is not None:
        # One round, put in order below: no ORDER BY (Django weighs every selected column against it).
        rows = rows.order_by()
    if ids is not None:
        rows = rows.filter(pk__in=ids)
    for row in _paired(rows):
        out.setdefault((row.stage, row.play_round), []).append(row)
    for rows in out.values():
        rows.sort(key=lambda r: (r.outcome == "bye", r.table is None, r.table or 0, r.id))
    return out


def _scored(rows):
    """Each row with ``score`` (the match score) and ``game`` (the game in play, "Game 3: 97–109";
    Hollywood's open columns "G4 12–30 · G5 0–30"), the row's first-named player first.
    Read from the match's own cached fields: no query."""
    for row in rows:
        m, row.score, row.game = row.match, None, ""
        if m is None or row.entry_a is None:
            continue
        flip = m.player_a_id != row.entry_a.player_id
        row.score = (m.score_b, m.score_a) if flip else (m.score_a, m.score_b)
        if m.complete or m.game_number is None or row.outcome:
            continue
        columns = [(n, b, a) if flip else (n, a, b) for n, a, b in (m.game_columns or [])]
        if len(columns) > 1:
            row.game = " · ".join(_("G%(number)s %(a)s–%(b)s") % {"number": n, "a": a, "b": b}
                                  for n, a, b in columns)
        else:
            a, b = (m.game_b, m.game_a) if flip else (m.game_a, m.game_b)
            row.game = _("Game %(number)s: %(a)s–%(b)s") % {"number": m.game_number, "a": a, "b": b}
    return rows


def round_rows(t: Tournament, stage: int, play_round: int, ids=None) -> list[TournamentMatch]:
    """The round's pairings, with their scores (``_scored``); ``ids``: only those rows."""
    rounds = tournament_rounds(t, (stage, play_round), ids)
    return _scored(rounds.get((stage, play_round), []))


# What a round page's line and a board's table show of its match (``_scored``, _round_row.html,
# ``board_table``), with its revision.
ROUND_LINE_MATCH_FIELDS = ("revision", "player_a_id", "player_b_id", "complete", "hand_count", "score_a", "score_b",
                           "game_number", "game_a", "game_b", "game_columns", "games_a", "games_b")


def _round_order(row) -> tuple:
    return (row["outcome"] == "bye", row["table"] is None, row["table"] or 0, row["id"])


def round_line_versions(t: Tournament, stage: int, play_round: int) -> list[tuple[int, tuple]]:
    """The round's pairings in page order, each as (row id, its version), in one light query: the
    version is the row's own columns and its match's revision. With ``names_version`` that is
    everything a line on the round page (or a table on the board) is drawn from: the row (its
    players, result, table...), its match (every write to it moves its ``revision``) and the names
    of the event's players and matches. So a line is kept under (names version, row version) and
    drawn again only when one of them moves: a hand draws its table's line again, a result the
    lines of the rows it changed, a rename every line."""
    rows = _LINE_VERSIONS(t.pk, stage, play_round)
    rows.sort(key=_round_order)
    return [(row["id"], tuple(row[column] for column in LINE_VERSION_COLUMNS)) for row in rows]


def names_version(t: Tournament) -> int:
    """A number that moves when a name a round line shows does: an entry's player, partner or team
    name, a match's title (``Names``). Worked out once per result in each process (one query of
    the entries' names), kept under the event's ``results_revision``."""
    def work():
        names = tuple(t.entries.order_by("pk").values_list("pk", "player__name", "partner__name", "team_name"))
        return hash((names, tuple(sorted(Names.of(t).in_round.items()))))
    return _per_results(t, "names_version", work)


def _round_pairings(t_id: int, stage: int, play_round: int):
    return _paired(TournamentMatch.objects.filter(tournament_id=t_id, stage=stage, play_round=play_round)).order_by()


# A round line's version: its row's own columns and its match's revision (``round_line_versions``).
LINE_VERSION_COLUMNS = tuple(f.attname for f in TournamentMatch._meta.concrete_fields) + ("match__revision",)
_LINE_VERSIONS = Prepared(lambda t_id, stage, play_round: _round_pairings(t_id, stage, play_round)
                          .values(*LINE_VERSION_COLUMNS))


PLACES = ("entry_a", "entry_b", "winner")
ENTRY_LINE_FIELDS = ("player_id", "partner_id", "team_name", "player__name", "partner__name")


def round_line_values(t: Tournament, stage: int, play_round: int, ids=None) -> list[dict]:
    """The round's pairings in page order as plain values: every column of the row, what its line
    shows of its match (``ROUND_LINE_MATCH_FIELDS``) and of its players (one query); ``ids``: those
    rows only."""
    if ids is None:
        rows = _LINE_VALUES(t.pk, stage, play_round)
    elif not ids:
        return []
    elif len(ids) <= LINES_PREPARED:
        rows = _LINE_VALUES_OF[len(ids)](t.pk, stage, play_round, *ids)
    else:
        rows = list(_line_values(t.pk, stage, play_round, *ids))
    rows.sort(key=_round_order)
    return rows


def _line_values(t_id: int, stage: int, play_round: int, *ids):
    columns = [f.attname for f in TournamentMatch._meta.concrete_fields]
    columns += [f"match__{name}" for name in ROUND_LINE_MATCH_FIELDS]
    columns += [f"{place}__{name}" for place in PLACES for name in ENTRY_LINE_FIELDS]
    rows = _round_pairings(t_id, stage, play_round)
    return (rows.filter(pk__in=ids) if ids else rows).values(*columns)


# A round page's changed lines are read by a query prepared for their number, up to this many
# (the tables that saved a hand since the page was last drawn); more, by the ORM.
LINES_PREPARED = 8
_LINE_VALUES = Prepared(_line_values)
_LINE_VALUES_OF = {n: Prepared(_line_values) for n in range(1, LINES_PREPARED + 1)}


def round_line_rows(values: list[dict]) -> list[TournamentMatch]:
    """The rows of ``round_line_values`` as the round page's lines draw them, with their scores
    (``_scored``), built from the values already read: no query. A line reads only what
    ``round_line_values`` reads (its match: ``ROUND_LINE_MATCH_FIELDS``)."""
    from ginscore.matches.models import Match
    from ginscore.players.models import Player

    out = []
    for v in values:
        row = TournamentMatch(**{f.attname: v[f.attname] for f in TournamentMatch._meta.concrete_fields})
        row._state.adding = False
        if v["match_id"] is not None:
            row.match = Match(id=v["match_id"], **{name: v[f"match__{name}"] for name in ROUND_LINE_MATCH_FIELDS})
        for place in PLACES:
            if v[f"{place}_id"] is None:
                continue
            entry = Entry(id=v[f"{place}_id"], player_id=v[f"{place}__player_id"],
                          partner_id=v[f"{place}__partner_id"], team_name=v[f"{place}__team_name"])
            entry.player = Player(id=entry.player_id, name=v[f"{place}__player__name"])
            if entry.partner_id is not None:
                entry.partner = Player(id=entry.partner_id, name=v[f"{place}__partner__name"])
            setattr(row, place, entry)
        out.append(row)
    return _scored(out)


class Names:
    """What the rounds and bracket matches of one tournament are called (one query):
    "Quarter-final", "Semi-final 2", "Final", "Third-place match", "Losers' round 2"..."""

    def __init__(self, t: Tournament):
        self.t = t
        self.in_round = {(r["stage"], r["section"], r["round"]): r["n"] for r in
                         TournamentMatch.objects.filter(tournament=t).exclude(section="round")
                         .values("stage", "section", "round").annotate(n=Count("id")).order_by()}
        self.rounds: dict = {}
        for stage, section, number in self.in_round:
            self.rounds[stage, section] = max(self.rounds.get((stage, section), 0), number)

    def _double(self, stage: int) -> bool:
        return (stage, "final") in self.rounds

    def section_round(self, stage: int, section: str, number: int) -> str:
        return str(round_name(section, number, self.rounds.get((stage, section), number), double=self._double(stage)))

    def _knockout_rounds(self, stage: int) -> int | None:
        """The rounds of a knockout not drawn yet (in set-up: the desk's and the board's check-in
        for its first round), worked out from the entries as the draw will make them."""
        if self.t.format != "single" or stage != 1 or self.rounds or self.t.status != STATUS_SETUP:
            return None
        entries = Entry.objects.filter(tournament=self.t, withdrawn=False).count()   # (not kept: set-up only)
        return bracket_size(entries).bit_length() - 1 if entries >= 2 else None

    def play_round(self, stage: int, number: int) -> str:
        """A round of play (a round page, the desk, the board, the sheets): a knockout's rounds by
        name (before its draw too), other rounds by number."""
        if (stage, "winners") in self.rounds and not self._double(stage):
            return self.section_round(stage, "winners", number)
        if rounds := self._knockout_rounds(stage):
            return str(round_name("winners", number, rounds))
        if self.t.format == "two_stage" and stage == 2:
            return _("Knockout round %(number)s") % {"number": number}
        return _("Round %(number)s") % {"number": number}

    def match(self, row: TournamentMatch) -> str:
        if row.section == "round":
            return _("Group %(group)s") % {"group": row.group} if row.group else ""
        return str(match_title(row.section, row.round, row.number, rounds=self.rounds.get((row.stage, row.section), 1),
                               in_round=self.in_round.get((row.stage, row.section, row.round), 1),
                               double=self._double(row.stage)))

    def titled(self, rows):
        """The rows, each with ``title`` set."""
        for row in rows:
            row.title = self.match(row)
        return rows

    @classmethod
    def of(cls, t: Tournament) -> "Names":
        """The names of ``t``'s rounds and matches, kept under its ``results_revision`` (not to be changed)."""
        return _per_results(t, "names", lambda: cls(t))


def open_match_ids(t: Tournament) -> list[int]:
    return list(TournamentMatch.objects.filter(tournament=t, outcome="", match__isnull=False)
                .order_by("stage", "play_round", "id").values_list("match_id", flat=True))


def tournament_bracket(t: Tournament, stage: int | None = None, names: "Names | None" = None) -> list[dict]:
    """The bracket drawn by section: [{"section", "title", "rounds": [[row, ...], ...],
    "columns": [{"name", "rows", "current"}, ...]}]. The current column is the first round with a
    match still to play (the page scrolls it into view)."""
    stage = stage or (2 if t.format == "two_stage" else 1)
    names = names or Names.of(t)
    rows = _scored(names.titled([r for r in _rows(t).filter(stage=stage).exclude(section="round")]))
    sections: dict[str, dict[int, list]] = {}
    for row in sorted(rows, key=lambda r: (SECTION_ORDER[r.section], r.round, r.number)):
        sections.setdefault(row.section, {}).setdefault(row.round, []).append(row)
    titles = {"winners": _("Winners' bracket") if t.format == "double" else _("Bracket"), "losers": _("Losers' bracket"),
              "third": _("Third place"), "final": _("Grand final")}
    out = []
    for s, rounds in sections.items():
        drawn = [{"name": names.section_round(stage, s, n), "rows": group, "current": False}
                 for n, group in rounds.items()]
        waiting = [r for r in drawn if any(not row.outcome for row in r["rows"])]
        if waiting:
            waiting[0]["current"] = True
        out.append({"section": s, "title": titles[s], "rounds": list(rounds.values()), "columns": drawn})
    return out


BOARD_BRACKET_MOST = 4   # the most matches of its first round a slide of the board's bracket shows


def board_bracket_windows(sections: list[dict], most: int = BOARD_BRACKET_MOST) -> list[dict]:
    """The bracket as the board shows it, a screen at a time: of each section the rounds still in
    play (once every match is decided: its last rounds, the path to the final), cut in windows of
    at most ``most`` matches of their first round with the matches they lead to in the next rounds,
    then the later rounds on their own, down to the final: [{"title", "columns": [{"name",
    "rows"}]}]. A 128-player knockout in round 1 is 16 windows of 4-2-1 matches, two of 4-2-1 for the
    last 16, and the final; a bracket of 8 is one window."""
    out = []
    for section in sections:
        columns = section["columns"]
        if not columns:
            continue
        live = next((i for i, c in enumerate(columns) if any(not row.outcome for row in c["rows"])), None)
        if live is None:   # all decided: the last rounds, up to the final
            live = next((i for i, c in enumerate(columns) if len(c["rows"]) <= most), len(columns) - 1)
        out += _windows(section["title"], columns[live:], most)
    return out


def _windows(title: str, columns: list[dict], most: int) -> list[dict]:
    first = len(columns[0]["rows"])
    if first <= most:
        return [{"title": title, "columns": columns}]
    parts = -(-first // most)
    cut = next((i for i, c in enumerate(columns) if len(c["rows"]) < parts), len(columns))
    windows = [{"title": _("%(title)s · %(part)s of %(parts)s") % {"title": title, "part": k + 1, "parts": parts},
                "columns": [{"name": c["name"], "rows": c["rows"][k * len(c["rows"]) // parts:
                                                                (k + 1) * len(c["rows"]) // parts]}
                            for c in columns[:cut]]}
               for k in range(parts)]
    return windows + (_windows(title, columns[cut:], most) if cut < len(columns) else [])


def tournament_standings(t: Tournament) -> list[dict]:
    """Rank order, as plain dicts for the table (and its CSV)."""
    # Plain values, not Entry objects: a field of 256 players is read in a fifth of the time.
    entries = {e["pk"]: e for e in t.entries.values("pk", "player_id", "partner_id", "seed", "group", "withdrawn",
                                                    "team_name", "player__name", "partner__name")}
    out = []
    for row in tournament_table(t, by_group=True):
        e = entries[row.player]
        out.append({
            "rank": row.rank, "player": entry_name(e["player__name"], e["partner__name"], e["team_name"]),
            "entry_id": row.player, "player_id": e["player_id"], "seed": e["seed"],
            "partner_id": e["partner_id"], "team": e["partner_id"] is not None,
            "group": e["group"], "withdrawn": e["withdrawn"], "played": row.played, "wins": row.wins,
            "losses": row.losses, "byes": row.byes, "points_for": row.points_for,
            "points_against": row.points_against, "net": row.net, "buchholz": row.buchholz,
            "median_buchholz": row.median_buchholz, "sonneborn_berger": row.sonneborn_berger,
            "placing": row.placing, "head_to_head": row.head_to_head, "decided_by": row.decided_by,
        })
    _shared_places(t, out)
    level = Counter((row["group"], row["rank"]) for row in out) if out else {}
    for row in out:
        row["decided"] = decided_text(row, level[row["group"], row["rank"]] > 1)
    return out


def bracket_entries(t: Tournament) -> set[int]:
    """The entries that played in the tournament's bracket (a knockout, or the knockout after groups)."""
    found = set()
    for a, b in TournamentMatch.objects.filter(tournament=t).exclude(section="round").values_list("entry_a", "entry_b"):
        found.update(x for x in (a, b) if x is not None)
    return found


def _shared_places(t: Tournament, out: list[dict]) -> None:
    """A knockout's shared places (the losing semi-finalists without a third-place match, the
    quarter-final losers...): each player of one is written "3=", as the prizes and the season's
    points count it; their tiebreaks only order them (who is listed, and paid an odd unit, first).
    At the end only: before it, the players still in share a placing their wins set apart."""
    if t.status != STATUS_FINISHED or not any(row["placing"] is not None for row in out):
        return
    in_bracket = bracket_entries(t)
    places: dict[int, list[dict]] = {}
    for row in out:
        if row["placing"] is not None and row["entry_id"] in in_bracket:
            places.setdefault(row["placing"], []).append(row)
    for rows in places.values():
        if len(rows) > 1:
            first = min(row["rank"] for row in rows)
            for row in rows:
                row["rank"], row["decided_by"] = pgettext("standings", "%(place)s=") % {"place": first}, "placing"


def decided_text(row: dict, level: bool) -> str:
    """What set the standing's place apart, with its figure: "Buchholz 14", "Net +174", "Wins 3",
    "Knockout"; "level" when it shares its rank; "" when nothing had to (a field of one)."""
    key = row["decided_by"]
    if key is None:
        return pgettext("standings", "level") if level else ""
    if key == "placing":
        return pgettext("standings", "Knockout")
    value = row[key]
    if key == "net":
        return _("Net %(net)s") % {"net": ("+" if value >= 0 else "") + number_format(value, force_grouping=True)}
    if key == "wins":   # short: a phone's column; the others by TIEBREAK_NAMES
        return _("Wins %(wins)s") % {"wins": value}
    return _("%(tiebreak)s %(value)s") % {"tiebreak": TIEBREAK_NAMES[key], "value": value}


def standings_legend(t: Tournament) -> str:
    """One line saying how the standings are ordered and what "Decided by" shows."""
    names = [str(name) for name in tiebreak_names(t)]
    order = [name[0].lower() + name[1:] if key in LOWER_IN_A_SENTENCE else name for key, name in zip(t.tiebreaks, names)]
    rest = (_("%(first)s, then %(others)s") % {"first": order[0], "others": ", ".join(order[1:])}
            if len(order) > 1 else "".join(order))
    if t.has_bracket:
        ranked = _("Ranked by how far each got in the knockout, then %(tiebreaks)s.") % {"tiebreaks": rest}
    else:
        ranked = _("Ranked by %(tiebreaks)s.") % {"tiebreaks": rest}
    decided = _("Decided by: what set each place apart (level: tied on all, sharing it).")
    return f"{ranked} {decided}"


# The tiebreaks named with a small letter inside a sentence (the others are people's names: Buchholz).
LOWER_IN_A_SENTENCE = ("wins", "net", "head_to_head")


def standings_kept(t: Tournament) -> list[dict]:
    """``tournament_standings``, worked out once per result in each process (kept under the event's
    ``results_revision``): the standings page and the board share it. Not to be changed."""
    return _per_results(t, "standings", lambda: tournament_standings(t))


def rule_changes(t: Tournament) -> list[str]:
    """The event's changes from its preset, each named as the rule boxes of the set-up form name it
    ("gin bonus 30", "knock limit off")."""
    from ginscore.matches.forms import MatchForm

    fields = MatchForm().fields

    def shown(value) -> str:
        if value is None:
            return pgettext("rule", "off")
        if isinstance(value, bool):
            return pgettext("rule", "yes") if value else pgettext("rule", "no")
        return str(value)

    return [f"{fields[f'rule_{key}'].label if f'rule_{key}' in fields else key} {shown(value)}"
            for key, value in (t.rule_overrides or {}).items()]


def tiebreak_names(t: Tournament) -> list[str]:
    return [str(TIEBREAK_NAMES[k]) for k in t.tiebreaks]


# The board (the room's screen)


@dataclass(frozen=True)
class BoardTable:
    """One table of the current round as the board shows it, sides in the pairing's order."""
    table: int | None
    names: tuple[str, str | None]
    game: tuple[int, int] | None     # the game in play's score, None when over or not started
    game_number: int | None
    games: tuple[int, int]           # games won
    winner: int | None               # 0 or 1: which side won
    note: str                        # "bye", "forfeit", "withdrawal", "" ...
    done: bool
    started: bool


def board_round(t: Tournament) -> dict:
    """The round the board shows: the earliest round of play with a match still open, else the
    latest (``key``: (stage, round), None before any pairing), and its tables still to finish
    (``open``). One small query, kept under the event's ``results_revision`` (a hand opens or
    closes no match without moving it)."""
    def work():
        rounds = list(_paired(TournamentMatch.objects.filter(tournament=t)).order_by()
                      .values_list("stage", "play_round")
                      .annotate(open=Count("id", filter=Q(outcome="", entry_a__isnull=False, entry_b__isnull=False)))
                      .order_by("stage", "play_round"))
        key = next(((stage, number, n) for stage, number, n in rounds if n), rounds[-1] if rounds else None)
        return {"key": key[:2] if key else None, "open": key[2] if key else 0}
    return _per_results(t, "board_round", work)


def board_table(row: TournamentMatch) -> BoardTable:
    first = row.entry_a or row.winner   # a bye has its one player in either place
    names = (first.name if first else "", row.entry_b.name if row.entry_b else None)
    winner = None
    if row.winner_id is not None:
        winner = 0 if row.winner_id == row.entry_a_id else 1
    m = row.match
    game, games, number, started = None, (0, 0), None, False
    if m is not None:
        straight = row.entry_a is not None and m.player_a_id == row.entry_a.player_id
        games = (m.games_a, m.games_b) if straight else (m.games_b, m.games_a)
        started = m.hand_count > 0
        if not m.complete and m.game_number is not None:
            game = (m.game_a, m.game_b) if straight else (m.game_b, m.game_a)
            number = m.game_number
    note = _("won at time") if row.at_time and row.outcome == "played" else \
        "" if row.outcome in ("", "played") else str(row.get_outcome_display())
    return BoardTable(row.table, names, game, number, games, winner, note, bool(row.outcome), started)


def check_in_counts(t: Tournament) -> dict | None:
    """The board's line of ``check_in_list``: the round, present and missing (None: check-in is
    closed), kept under the event's ``results_revision`` (which every check-in moves on)."""
    def work():
        rows = check_in_list(t)
        return rows and {name: rows[name] for name in ("round", "round_name", "present", "missing")}
    return _per_results(t, "check_in_counts", work)


def timed_round_rows(t: Tournament) -> list[TournamentMatch]:
    """The timed round's matches still open (the desk decides at time those between hands)."""
    if t.clock_round is None:
        return []
    return list(_rows(t).filter(stage=t.clock_stage, play_round=t.clock_round, outcome="", match__isnull=False))


def check_in_list(t: Tournament) -> dict | None:
    """Who has checked in for the coming round (None: check-in is closed): the entries not
    withdrawn, each with ``present`` and the fee, present and missing counted."""
    from ginscore.tournaments.services import check_in_round

    r = check_in_round(t)
    if r is None:
        return None
    rows = [{"entry": e, "present": e.checked_in_round == r}
            for e in t.entries.filter(withdrawn=False).select_related("player", "partner")
            .order_by("player__name", "id")]
    present = sum(1 for row in rows if row["present"])
    return {"round": r, "round_name": Names.of(t).play_round(t.stage, r), "entries": rows, "present": present, "missing": len(rows) - present,
            "owed": sum(1 for row in rows if not row["entry"].fee_paid) if t.entry_fee else 0}


@dataclass(frozen=True)
class HandToSettle:
    """A hand of the event that does not count yet, for the director's desk."""

    hand: Hand
    place: TournamentMatch
    text: str
    version: str
    round_name: str


def hands_to_settle(t: Tournament) -> list[HandToSettle]:
    """Both players agree: every hand of the event awaiting confirmation or disputed, disputes
    first, then by round and table (one query)."""
    hands = (Hand.objects.filter(match__tournament_match__tournament=t).exclude(agreement=AGREED)
             .select_related("match__player_a", "match__player_b", "match__player_c", "match__player_d",
                             "match__tournament_match")
             .order_by("match__tournament_match__play_round", "match__tournament_match__table", "match_id", "number"))
    names = Names.of(t)
    out = [HandToSettle(h, h.match.tournament_match, record_hand_text(hand_json(h.match, h)), hand_version(h),
                        names.play_round(h.match.tournament_match.stage, h.match.tournament_match.play_round))
           for h in hands]
    out.sort(key=lambda line: line.hand.agreement != DISPUTED)
    return out
