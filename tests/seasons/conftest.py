"""Tournaments played to the end with the results a test decides, and the club's money switched on."""
from decimal import Decimal

import pytest

from ginscore.seasons import services as money_services
from ginscore.tournaments import selectors as t_selectors
from ginscore.tournaments.models import STATUS_RUNNING, Entry, TournamentMatch
from tests.tournaments.conftest import make_tournament, win  # noqa: F401 (a fixture)


def play(t, order):
    """Plays ``t`` to the end: in every match the player named earlier in ``order`` wins."""
    rank = {name: i for i, name in enumerate(order)}
    while True:
        t.refresh_from_db()
        if t.status != STATUS_RUNNING:
            return t
        rows = TournamentMatch.objects.filter(tournament=t, outcome="").exclude(match=None).select_related(
            "match__player_a", "match__player_b")
        assert rows, "the tournament is running but has no match to play"
        for row in rows:
            a, b = row.match.player_a.name, row.match.player_b.name
            win(row, a if rank[a] < rank[b] else b)


@pytest.fixture
def money_on(db):
    return money_services.club_money_set(money=True, unit=Decimal("1.00"), currency="")


def set_prize(t, fee="20", paid=None, **options):
    """Entry fee and prize rules; ``paid``: the names who paid (all when None)."""
    rules = {"added": Decimal(0), "house_fixed": Decimal(0), "house_percent": Decimal(0), "preset": "auto",
             "split": "", "unit": Decimal(1)}
    rules.update({k: (Decimal(v) if k not in ("preset", "split") else v) for k, v in options.items()})
    money_services.prize_set(tournament=t, entry_fee=Decimal(fee), **rules)
    entries = Entry.objects.filter(tournament=t)
    entries.update(fee_paid=True) if paid is None else entries.filter(player__name__in=paid).update(fee_paid=True)


def standings_names(t):
    return [r["player"] for r in t_selectors.tournament_standings(t)]


def new_event(name, format, names, **options):
    """A tournament in set-up (one game a match) with ``names`` entered in seed order."""
    from ginscore.engine import MatchLength
    from ginscore.tournaments import services

    t = services.tournament_create(name=name, format=format, length=MatchLength("best_of", 1), **options)
    services.entries_set(tournament=t, names=list(names))
    t.refresh_from_db()
    return t


def start(t):
    from ginscore.tournaments import services

    services.tournament_start(tournament=t)
    t.refresh_from_db()
    return t
