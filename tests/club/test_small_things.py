"""The desk and the pages a director uses (issue 37, item 6): a knockout's check-in words, the fee's
currency sign, a match with no hand on the home page, run.sh without the demo."""
from pathlib import Path

import pytest

from ginscore.engine import MatchLength
from ginscore.seasons.services import club_money_set
from ginscore.tournaments import services

pytestmark = pytest.mark.django_db


def test_a_knockouts_desk_checks_in_before_the_start_and_fees_carry_the_currency(client, director):
    from decimal import Decimal

    club_money_set(money=True, unit=Decimal("1"), currency="€")
    client.force_login(director)
    knockout = services.tournament_create(name="KO", format="single", length=MatchLength("best_of", 1))
    swiss = services.tournament_create(name="Swiss", format="swiss", rounds=3, length=MatchLength("best_of", 1))
    page = client.get(f"/tournaments/{knockout.pk}/desk/").content.decode()
    assert "Players check in before the start" in page and "before each Swiss round" not in page.split("<form")[1]
    assert "Entry fee (€)" in page
    assert "Players check in before each Swiss round" in client.get(f"/tournaments/{swiss.pk}/desk/").content.decode()


def test_a_match_with_no_hand_is_not_started_on_the_home_page(client, make_match):
    make_match()
    page = client.get("/").content.decode()
    assert "not started" in page and "hand 1" not in page


def test_run_sh_names_the_demo_accounts_only_with_the_demo():
    run = (Path(__file__).resolve().parents[2] / "scripts" / "run.sh").read_text()
    line = run.index("Demo accounts")
    assert 'if [ "${GINSCORE_DEMO:-1}" = 1 ]; then' in run[line - 80:line]


def test_the_demo_club_plays_for_money_and_keeps_a_season():
    from django.core.management import call_command

    from ginscore.seasons.models import Club, Season

    call_command("seed_demo", stdout=__import__("io").StringIO())
    club = Club.objects.get(pk=1)
    assert club.money and club.currency == "€"
    season = Season.objects.get()
    assert season.starts <= __import__("datetime").date.today() <= season.ends
