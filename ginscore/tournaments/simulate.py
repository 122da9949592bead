"""A whole tournament played through the real services with random hands:
a rehearsal for directors, demo data, and the end-to-end test."""
from __future__ import annotations

import random

from django.db import transaction
from django.utils.translation import gettext, ngettext

from ginscore.engine import MatchLength
from ginscore.matches import services as match_services
from ginscore.matches.models import Match
from ginscore.matches.records import HandEntry
from ginscore.tournaments import selectors, services
from ginscore.tournaments.models import FORMAT_CHOICES, STATUS_RUNNING, Tournament


def random_hand(rng: random.Random, knock_limit: int = 10) -> HandEntry:
    side = rng.choice("ab")
    if rng.random() < 0.2:
        return HandEntry("gin", side, None, rng.randint(0, 60))
    return HandEntry("knock", side, rng.randint(0, knock_limit), rng.randint(0, 60))


def play_match(match_id: int, rng: random.Random) -> None:
    """Random legal hands until the match is over."""
    number = 1
    while True:
        match = Match.objects.only("complete", "hand_count").get(pk=match_id)
        if match.complete:
            return
        match_services.hand_add(match_id=match_id, entry=random_hand(rng), expected_number=match.hand_count + 1)
        number += 1


@transaction.atomic   # all or nothing: a refused entry list or a failure midway leaves no tournament behind
def simulate(*, format: str, players: int, rounds: int | None = None, seed: int | None = None,
             length: MatchLength = MatchLength("best_of", 1), names: list[str] | None = None,
             **options) -> Tournament:
    """Plays a whole tournament; ``names``: the real entry list (in seed order) instead of
    "Player 1", "Player 2", ..."""
    rng = random.Random(seed)
    names = names or [gettext("Player %(number)s") % {"number": i} for i in range(1, players + 1)]
    name = ngettext("Rehearsal: %(format)s, %(count)s player", "Rehearsal: %(format)s, %(count)s players",
                    len(names)) % {"format": dict(FORMAT_CHOICES).get(format, format), "count": len(names)}
    t = services.tournament_create(name=name, format=format, length=length, rounds=rounds, **options)
    services.entries_set(tournament=t, names=names)
    services.tournament_start(tournament=t, shuffle_seed=seed)
    while True:
        t.refresh_from_db()
        if t.status != STATUS_RUNNING:
            return t
        open_ids = selectors.open_match_ids(t)
        if not open_ids:
            raise RuntimeError("the tournament is running but has no match to play")
        for match_id in open_ids:
            play_match(match_id, rng)


def summary(t: Tournament) -> dict:
    """The rehearsal's JSON: rounds with tables and winners, standings, champion."""
    rounds = [[{"table": row.table, "players": [e.name for e in row.entries],
                "winner": row.winner.name if row.winner else None} for row in rnd]
              for rnd in selectors.tournament_rounds(t).values()]
    table = selectors.tournament_standings(t)
    return {
        "tournament": t.pk,
        "format": t.format,
        "rounds": rounds,
        "standings": [{"rank": r["rank"], "player": r["player"], "wins": r["wins"], "losses": r["losses"],
                       "net": r["net"]} for r in table],
        "champion": t.champion_name or None,
    }
