"""The standings the writes need (computed from the places, never stored)."""
from __future__ import annotations

from ginscore.engine.tournament import placings, standings
from ginscore.tournaments.models import BRACKET_FORMATS, Tournament, TournamentMatch
from ginscore.tournaments.structure import bracket_of, results_of


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
