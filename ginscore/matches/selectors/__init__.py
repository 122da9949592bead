"""Reads: matches, their hands and history, and the score pad as the page shows it.

Every number comes from the engine's ``MatchResult`` for the stored hands;
the caches on ``Match`` are only for lists. A pad costs a fixed number of
queries whatever the number of hands (the match with its players, the hands,
the history).

One read a module: ``match`` (the match and its hands), ``head`` (what a pad is made of,
and its head: the game in play, the match score), ``pad`` (the pad's columns and hand
list), ``words`` (a hand in words), ``history`` (the changes and the undo on offer),
``preview`` (a hand before it is saved), ``awaiting`` (hands that wait for the other
player's word), ``outbox`` (what a table phone keeps through a network drop).
"""
from ginscore.matches.selectors.awaiting import (  # noqa: F401
    AwaitingLine, awaiting_lines,
)
from ginscore.matches.selectors.head import (  # noqa: F401
    DealLine, GameNow, GameOver, HandLine, PadCell, PadColumn, PadRow, PairStanding, ScoreHead, TableNext, game_over,
    games_ended_by, pair_standings, result_seats, score_head,
)
from ginscore.matches.selectors.history import (  # noqa: F401
    ChangeLine, Clash, ClashVersion, change_who, clash_versions, hand_clashes, match_changes, redo_offer,
    table_redo_offers,
)
from ginscore.matches.selectors.match import (  # noqa: F401
    PADS_BLOCK, hands_awaiting, match_get, match_hands, match_live_version, match_result, matches_in_play,
    matches_recent_results, pads_live_versions,
)
from ginscore.matches.selectors.outbox import (  # noqa: F401
    outbox_pairs, table_outbox,
)
from ginscore.matches.selectors.pad import (  # noqa: F401
    SHOWN_HANDS, SHOWN_SETS, Pad, deal_lines, hand_marks, lone_table_hand, lone_table_line, match_pad, next_pair,
    pad_rulings, stored_hand_line,
)
from ginscore.matches.selectors.preview import (  # noqa: F401
    Preview, hand_preview, preview_in,
)
from ginscore.matches.selectors.words import (  # noqa: F401
    hand_line, hand_rulings_text, hand_text, record_hand_text,
)


