"""Every cache can be switched off for a benchmark (docs/performance.md), and the site then gives
the same pages: the caches are for speed only."""
import re

import pytest
from django.test import Client, override_settings
from django.urls import reverse

from ginscore.club import forms_renderer, live
from ginscore.club.templatetags import club
from ginscore.engine import MatchLength
from ginscore.ratings import selectors as rating_selectors
from ginscore.matches import services as match_services
from ginscore.matches.records import HandEntry
from ginscore.seasons.templatetags import money
from ginscore.tournaments import selectors as tournament_selectors
from ginscore.tournaments import services
from ginscore.tournaments import views as tournament_views
from ginscore.tournaments.models import TournamentMatch

pytestmark = pytest.mark.django_db

SWITCHES = ("GINSCORE_PREPARED", "GINSCORE_KEPT_PAGES", "GINSCORE_ROUND_LINES", "GINSCORE_KEPT_PARTS",
            "GINSCORE_KEPT_RESULTS")
KEPT = (club.ROW_CELLS, club.BLOCKS, forms_renderer.WIDGETS, tournament_views.ROUND_LINES, tournament_selectors.BY_RESULTS,
        rating_selectors.KEPT, money.SLIDES)


def _pages(urls, client) -> dict:
    """Each page as drawn now, without what changes from one drawing to the next (the form token,
    the server's time)."""
    out = {}
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, url
        html = response.content.decode()
        out[url] = re.sub(r'(csrfmiddlewaretoken" value=|data-now=)"[^"]*"', "", html)
    return out


@pytest.fixture
def night(make_match, member):
    t = services.tournament_create(name="Switches", format="swiss", length=MatchLength("best_of", 1))
    services.entries_set(tournament=t, names=[f"P{i}" for i in range(1, 9)])
    services.tournament_start(tournament=t)
    rows = list(TournamentMatch.objects.filter(tournament=t).order_by("table"))
    for n, row in enumerate(rows):
        match_services.hand_add(match_id=row.match_id, entry=HandEntry("knock", "ab"[n % 2], 4, 25), expected_number=1)
    long = make_match([{"end": "knock", "by": by, "deadwood": {by: 3, other: 20}}
                       for by, other in [("Ann", "Ben"), ("Ben", "Ann")] * 15], rules={"preset": "standard", "match_target": 100_000})
    return [reverse("tournaments:round", args=[t.pk, 1, 1]), reverse("tournaments:standings", args=[t.pk]),
            reverse("tournaments:detail", args=[t.pk]), reverse("matches:detail", args=[long.pk]),
            reverse("matches:detail", args=[rows[0].match_id]), reverse("ratings:list")]


@pytest.mark.parametrize("switch", SWITCHES)
def test_a_cache_switched_off_gives_the_same_pages(night, member, switch):
    visitor, scorer = Client(), Client()
    scorer.force_login(member)
    first = {**_pages(night, visitor), **{"scorer " + k: v for k, v in _pages(night[-2:], scorer).items()}}
    live.forget_drawn()
    for kept in KEPT:
        kept.pieces.clear()
    with override_settings(**{switch: False}):
        off = {**_pages(night, visitor), **{"scorer " + k: v for k, v in _pages(night[-2:], scorer).items()}}
        assert all(not kept.pieces for kept in KEPT if kept.switch == switch)   # nothing was kept
        if switch == "GINSCORE_KEPT_PAGES":
            assert not live._drawn
    assert off == first
