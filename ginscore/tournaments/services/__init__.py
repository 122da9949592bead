"""Writes to tournaments, each inside one transaction.

The engine (``ginscore.engine.tournament``) decides every pairing and every
advance; these functions read the rows, ask the engine, and write the rows
back. Each place where two players meet gets an ordinary ``Match``; when it
finishes (``matches.services.match_changed``, connected in ``apps.py``)
``tournament_match_follow`` records the result and the event moves on: the
bracket advances, the next Swiss round is paired, the second stage starts,
the champion is crowned.

One room a module: ``locks`` (what every write shares), ``entries`` (set-up,
entries and seeding), ``rounds`` (rounds and brackets: pairing, advancing,
re-pairing), ``results`` (a match's result reaching its place, time called),
``withdrawals`` (withdrawal and reinstatement), ``clock`` (the round clock),
``room`` (announcements and check-in), ``sign_ups`` (members signing up before the night), ``copy`` (next week's event), ``wishes`` (pairing wishes), ``table`` (the standings the writes need).
"""
from ginscore.tournaments.services.clock import (  # noqa: F401
    CLOCK_MINUTES, current_round_key, round_clock_run_out, round_clock_start, round_time_call, tmatch_decide_at_time,
)
from ginscore.tournaments.services.copy import (  # noqa: F401
    tournament_copy,
)
from ginscore.tournaments.services.entries import (  # noqa: F401
    TEAM_JOINS, entries_set, entry_add, listed_twice, team_line, teams_named_once, tournament_create, tournament_start,
    tournament_update,
)
from ginscore.tournaments.services.locks import (  # noqa: F401
    NotCheckedIn, TournamentRefused, tournament_length, tournament_rules,
)
from ginscore.tournaments.services.results import (  # noqa: F401
    correction_check, result_relied_on, time_winner, tmatch_forfeit, tournament_match_follow,
)
from ginscore.tournaments.services.room import (  # noqa: F401
    ANNOUNCEMENT_MAX, ENTRY_FEE_MAX, check_in_round, entries_check_in_played, entries_withdraw_absent, entry_check_in,
    round_pair_present,
    tournament_announce, tournament_check_in_set,
)
from ginscore.tournaments.services.rounds import (  # noqa: F401
    round_repair, round_undo, swiss_rounds_planned,
)
from ginscore.tournaments.services.sign_ups import (  # noqa: F401
    SIGN_UP_CAP_MAX, SignUpLine, own_sign_up, sign_up_accept, sign_up_add, sign_up_lines, sign_up_open, sign_up_remove,
    sign_up_take_back, sign_ups_accept_placed, tournament_sign_up_set,
)
from ginscore.tournaments.services.table import (  # noqa: F401
    tournament_table,
)
from ginscore.tournaments.services.wishes import (  # noqa: F401
    TABLE_MAX, tournament_wishes, wish_apart_add, wish_remove, wish_table_set, wishes_copy, wishes_unmet,
)
from ginscore.tournaments.services.withdrawals import (  # noqa: F401
    entry_reinstate, entry_withdraw, reinstatement_check, withdrawal_effects,
)


