"""A process made ready before it serves (ginscore/club/warm.py): after ``warm()`` the pages a
night serves compile no template; a failure to warm up is logged and the site still serves."""
import logging

import pytest
from django.forms.renderers import get_default_renderer
from django.template import base, engines
from django.urls import reverse

from ginscore.club import warm


def _forget_compiled():
    """Every compiled template forgotten, as in a process that has served nothing yet."""
    backends = [*engines.all(), get_default_renderer().engine]
    for backend in backends:
        for loader in backend.engine.template_loaders:
            if hasattr(loader, "reset"):
                loader.reset()


@pytest.fixture
def compiles(monkeypatch):
    """The names of the templates compiled while the test runs."""
    names = []
    compile_nodelist = base.Template.compile_nodelist

    def counted(self):
        names.append(self.name)
        return compile_nodelist(self)

    monkeypatch.setattr(base.Template, "compile_nodelist", counted)
    return names


def _night_pages(client, match, t):
    """A table's pad under its table link, its round page, the standings, the log-in form."""
    client.get(reverse("matches:table", args=[match.table_token]))
    pages = [reverse("matches:detail", args=[match.pk]), reverse("tournaments:round", args=[t.pk, 1, 1]),
             reverse("tournaments:standings", args=[t.pk]), reverse("login")]
    return [client.get(page) for page in pages]


@pytest.fixture
def night(db):
    """A Swiss event's first round in play, one of its players with a long accented name."""
    from ginscore.tournaments import services
    from ginscore.tournaments.models import TournamentMatch

    t = services.tournament_create(name="Saturday night", format="swiss", rounds=3)
    services.entries_set(tournament=t, names=["Ann", "Ben", "Zoë Ångström-Lefèvre", "Dora"])
    services.tournament_start(tournament=t, shuffle_seed=1)
    row = TournamentMatch.objects.filter(tournament=t).exclude(match=None).select_related("match").first()
    return row.match, t


def test_a_warmed_process_compiles_no_template_to_serve_a_night(client, night, compiles):
    _forget_compiled()
    warm.warm()
    assert len(compiles) > 100 and "matches/detail.html" in compiles
    compiles.clear()
    responses = _night_pages(client, *night)
    assert [r.status_code for r in responses] == [200, 200, 200, 200]
    assert compiles == []


def test_a_cold_process_compiles_them_on_first_use(client, night, compiles):
    """The test above could not pass by accident: without warm(), the same pages compile."""
    _forget_compiled()
    _night_pages(client, *night)
    assert "matches/detail.html" in compiles and "tournaments/round.html" in compiles


def test_a_failure_to_warm_up_is_logged_and_the_site_still_serves(client, night, monkeypatch, caplog):
    def broken():
        raise OSError("templates folder unreadable")

    monkeypatch.setattr(warm, "compile_templates", broken)
    with caplog.at_level(logging.INFO, logger="ginscore.club.warm"):
        warm.warm()   # does not raise
    assert "Warming up before serving failed" in caplog.text and "unreadable" in caplog.text
    assert [r.status_code for r in _night_pages(client, *night)] == [200, 200, 200, 200]
