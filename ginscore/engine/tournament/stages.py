"""Glue between results, standings and the next pairings: a Swiss round from
the results so far, and the seeds of a second-stage knockout."""
from __future__ import annotations

from collections.abc import Collection, Hashable, Iterable, Sequence

from ginscore.engine.errors import RuleError
from ginscore.engine.i18n import gettext_lazy as _
from ginscore.engine.tournament.pairing import Pairing, number_tables
from ginscore.engine.tournament.standings import DEFAULT_TIEBREAKS, Result, Standing, standings
from ginscore.engine.tournament.swiss import pair_swiss
from ginscore.engine.tournament.wishes import NO_WISHES, Wishes, fixed_tables


def swiss_round(players: Sequence[Hashable], results: Iterable[Result], withdrawn: Collection[Hashable] = (),
                tiebreaks: Sequence[str] = DEFAULT_TIEBREAKS, wishes: Wishes = NO_WISHES) -> list[Pairing]:
    """The next Swiss round: players still in, ranked by the standings so far
    (``players`` in seed order breaks the last ties); ``wishes``: who must not meet, who keeps a table."""
    results = list(results)
    table = standings(players, results, tiebreaks)
    ranked = [row.player for row in table if row.player not in withdrawn]
    played = {frozenset(r.players) for r in results if not r.bye}
    had_bye = {r.players[0] for r in results if r.bye}
    scores = {row.player: row.wins for row in table}
    pairs = pair_swiss(ranked, scores, played, had_bye, apart=wishes.apart)
    return fixed_tables(number_tables(pairs), wishes.tables)


def playoff_seeds(table: Sequence[Standing], top: int, groups: Sequence[Collection[Hashable]] | None = None) -> list[Hashable]:
    """The seeds of the knockout stage, best first: the top ``top`` of the
    first stage. With groups, all group winners come first (in the order of the
    overall table), then all runners-up, and so on; every place lists its
    players in the order of their groups' winners, so with standard seed
    positions a winner meets a runner-up from another group (A1 v D2, B1 v C2...)."""
    if not 2 <= top <= len(table):
        raise RuleError(_("top: the knockout stage needs from 2 to %(most)s players") % {"most": len(table)})
    order = [row.player for row in table]
    if groups:
        members = [[p for p in order if p in group] for group in groups]
        members = sorted((m for m in members if m), key=lambda m: order.index(m[0]))
        order = [m[place] for place in range(max(map(len, members))) for m in members if place < len(m)]
    return order[:top]
