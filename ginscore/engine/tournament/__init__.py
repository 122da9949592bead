"""Tournaments as plain data: seeding, brackets, round robin, Swiss pairing and
standings. No storage here; ``ginscore.tournaments`` persists what these build.

- ``single_elimination(players, third_place=False)`` and
  ``double_elimination(players)`` build a ``Bracket`` (players in seed order);
  ``bracket.report(match_id, winner, outcome)`` advances it.
- ``round_robin(players, double=False, groups=1)``: every round at once.
- ``swiss_round(players, results, withdrawn)``: the next Swiss round
  (``pair_swiss`` is the matching itself).
- ``standings(players, results, tiebreaks, placing=None)``; ``placings(bracket)``.
- ``playoff_seeds(table, top, groups)``: the second stage of a two-stage event.
- ``Wishes``: who must not meet and who keeps a table; ``seeds_apart``, ``groups_apart``,
  ``fixed_tables``, and what was not honoured: ``apart_met``, ``tables_missed``.
"""
from ginscore.engine.tournament.bracket import DECIDED, OUTCOMES, Bracket, BracketMatch, LaterResult, Source
from ginscore.engine.tournament.elimination import double_elimination, placings, single_elimination
from ginscore.engine.tournament.names import match_title, round_name
from ginscore.engine.tournament.pairing import Pairing, number_tables
from ginscore.engine.tournament.roundrobin import circle_rounds, round_robin, round_robin_groups
from ginscore.engine.tournament.seeding import bracket_size, first_round, seed_positions, shuffled, snake_groups
from ginscore.engine.tournament.stages import playoff_seeds, swiss_round
from ginscore.engine.tournament.standings import (
    DEFAULT_TIEBREAKS, TIEBREAK_NAMES, TIEBREAKS, Result, Standing, check_tiebreaks, standings,
)
from ginscore.engine.tournament.swiss import pair_swiss
from ginscore.engine.tournament.wishes import (
    NO_WISHES, Wishes, apart_met, fixed_tables, groups_apart, seeds_apart, tables_missed,
)

__all__ = [
    "DECIDED", "OUTCOMES", "Bracket", "BracketMatch", "LaterResult", "Source", "match_title", "round_name",
    "double_elimination", "placings", "single_elimination",
    "Pairing", "number_tables", "circle_rounds", "round_robin",
    "bracket_size", "first_round", "seed_positions", "shuffled", "snake_groups",
    "playoff_seeds", "swiss_round",
    "DEFAULT_TIEBREAKS", "TIEBREAK_NAMES", "TIEBREAKS", "Result", "Standing", "check_tiebreaks", "standings",
    "pair_swiss", "round_robin_groups",
    "NO_WISHES", "Wishes", "apart_met", "fixed_tables", "groups_apart", "seeds_apart", "tables_missed",
]
