"""Between the rows and the engine: ``TournamentMatch`` rows as an engine
``Bracket`` and back, and finished rows as engine ``Result``s. Players are
entry ids on the engine side."""
from __future__ import annotations

from collections.abc import Iterable

from ginscore.engine.tournament import DECIDED, Bracket, BracketMatch, Result, Source
from ginscore.tournaments.models import Entry, TournamentMatch


def source_text(src: Source) -> str:
    return f"{src.kind}:{'' if src.ref is None else src.ref}"


def source_of(text: str) -> Source:
    kind, _, ref = text.partition(":")
    if kind == "seed":
        return Source(kind, int(ref))
    return Source(kind, ref or None)


def row_of(tournament, stage: int, m: BracketMatch, entries: dict[int, Entry]) -> TournamentMatch:
    row = TournamentMatch(tournament=tournament, stage=stage, key=m.id, section=m.section, round=m.round,
                          number=m.number, play_round=m.play_round, source_a=source_text(m.sources[0]),
                          source_b=source_text(m.sources[1]), reset=m.reset)
    copy_state(row, m, entries)
    return row


def copy_state(row: TournamentMatch, m: BracketMatch, entries: dict[int, Entry]) -> None:
    """The engine's state of ``m`` onto ``row`` (players, winner, outcome)."""
    row.entry_a = entries.get(m.players[0])
    row.entry_b = entries.get(m.players[1])
    row.filled_a, row.filled_b = m.filled
    row.winner = entries.get(m.winner)
    row.outcome = m.outcome or ""


STATE_FIELDS = ["entry_a", "entry_b", "filled_a", "filled_b", "winner", "outcome"]


def bracket_of(rows: Iterable[TournamentMatch], seeds: list[int], withdrawn: Iterable[int]) -> Bracket:
    matches = []
    for row in rows:
        m = BracketMatch(row.key, row.section, row.round, row.number,
                         (source_of(row.source_a), source_of(row.source_b)), reset=row.reset)
        m.players = [row.entry_a_id, row.entry_b_id]
        m.filled = [row.filled_a, row.filled_b]
        m.winner, m.outcome = row.winner_id, row.outcome or None
        if m.outcome in DECIDED:
            m.loser = row.entry_b_id if row.winner_id == row.entry_a_id else row.entry_a_id
        matches.append(m)
    return Bracket(matches, seeds, withdrawn)


def results_of(rows: Iterable[TournamentMatch]) -> list[Result]:
    """Finished rows (ids only, no joins) as engine results."""
    out = []
    for row in rows:
        if row.outcome == "bye":
            out.append(Result((row.winner_id,), row.winner_id))
        elif row.outcome in DECIDED:
            out.append(Result((row.entry_a_id, row.entry_b_id), row.winner_id, (row.points_a, row.points_b)))
    return out
