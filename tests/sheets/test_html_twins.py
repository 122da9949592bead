"""Every printed sheet with something to read has its HTML twin one tap away: the page that prints
it is the same thing as a web page a screen reader reads (docs/accessibility.md). A blank pad has
nothing to read (its twin is a new match's pad)."""
import pytest
from django.contrib.auth.models import Group, User
from django.test import Client
from django.urls import reverse

from ginscore.club.roles import DIRECTOR_GROUP
from ginscore.engine import MatchLength
from ginscore.tournaments import services
from ginscore.tournaments.models import TournamentMatch

pytestmark = pytest.mark.django_db


def _twin_links_to(page_url: str, pdf_url: str, client) -> None:
    answer = client.get(page_url)
    assert answer.status_code == 200, page_url
    assert f'href="{pdf_url}"' in answer.content.decode(), f"{page_url} has no link to {pdf_url}"
    assert client.get(pdf_url)["Content-Type"] == "application/pdf"


def test_each_filled_sheet_is_printed_from_its_html_twin(make_match):
    match = make_match(hands=[{"end": "gin", "by": "Ann", "deadwood": {"Ben": 20}}])
    director = User.objects.create_user("dee", password="pw")
    director.groups.add(Group.objects.get_or_create(name=DIRECTOR_GROUP)[0])
    desk = Client()
    desk.force_login(director)
    visitor = Client()
    _twin_links_to(reverse("matches:detail", args=[match.pk]), reverse("sheets:match", args=[match.pk]), visitor)
    t = services.tournament_create(name="Club knockout", format="single", length=MatchLength("best_of", 1))
    services.entries_set(tournament=t, names=[f"P{i}" for i in range(1, 5)])
    services.tournament_start(tournament=t)
    row = TournamentMatch.objects.filter(tournament=t).exclude(match=None).first()
    stage, number = row.stage, row.play_round
    _twin_links_to(reverse("tournaments:bracket", args=[t.pk]), reverse("sheets:bracket", args=[t.pk]), visitor)
    _twin_links_to(reverse("tournaments:standings", args=[t.pk]), reverse("sheets:standings", args=[t.pk]), visitor)
    _twin_links_to(reverse("tournaments:round", args=[t.pk, stage, number]),
                   reverse("sheets:round", args=[t.pk, stage, number]), visitor)
    _twin_links_to(reverse("tournaments:round", args=[t.pk, stage, number]),
                   reverse("sheets:tables", args=[t.pk, stage, number]), desk)
