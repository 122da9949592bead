import pytest

from ginscore.engine import MatchLength
from ginscore.matches import services as match_services
from ginscore.matches.models import Match
from ginscore.matches.records import HandEntry
from ginscore.tournaments import services
from ginscore.tournaments.models import TournamentMatch


@pytest.fixture
def make_tournament(db):
    """``make_tournament("single", 8, **options)``: started, players "P1".."Pn" in seed order, one game a match."""

    def make(format, n, start=True, **options):
        t = services.tournament_create(name=f"{format} {n}", format=format, length=MatchLength("best_of", 1),
                                       **options)
        services.entries_set(tournament=t, names=[f"P{i}" for i in range(1, n + 1)])
        if start:
            services.tournament_start(tournament=t)
        t.refresh_from_db()
        return t

    return make


def win(row_or_match, name, hands=2):
    """Plays gins for ``name`` until the match is over (one game: two big gins)."""
    match = row_or_match.match if isinstance(row_or_match, TournamentMatch) else row_or_match
    match = Match.objects.select_related("player_a", "player_b").get(pk=match.pk)
    side = "a" if match.player_a.name == name else "b"
    assert name in (match.player_a.name, match.player_b.name)
    while not match.complete:
        match_services.hand_add(match_id=match.pk, entry=HandEntry("gin", side, None, 60),
                                expected_number=match.hand_count + 1)
        match.refresh_from_db()
    return match


def row(t, key, stage=1):
    return TournamentMatch.objects.select_related("entry_a__player", "entry_b__player", "winner__player", "match") \
        .get(tournament=t, key=key, stage=stage)


def names(r):
    return [e.player.name if e else None for e in (r.entry_a, r.entry_b)]
