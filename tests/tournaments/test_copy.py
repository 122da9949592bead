"""Next week's event in one tap: the new event keeps the old one's settings (format, rules,
length, tiebreaks, clock, check-in, fee and prize rules, sign-up), optionally its entries as
sign-ups to confirm, and never its results; only a director copies."""
from datetime import timedelta
from decimal import Decimal

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from ginscore.engine import MatchLength
from ginscore.seasons.models import Prize
from ginscore.tournaments import services
from ginscore.tournaments.models import STATUS_FINISHED, Entry, SignUp, Tournament, TournamentMatch
from ginscore.tournaments.simulate import simulate

pytestmark = pytest.mark.django_db

NAMES = ["Zoë Ångström-Lefèvre", "Ben", "Cat", "Dan", "Eve", "Fay"]


def _last_week():
    old = simulate(format="swiss", players=6, rounds=3, seed=7, names=NAMES, length=MatchLength("best_of", 3),
                   tiebreaks=["buchholz", "wins"], tables=4, round_minutes=45, time_rule="game")
    Tournament.objects.filter(pk=old.pk).update(check_in=True, entry_fee=Decimal("5.00"), sign_up=True,
                                                sign_up_cap=16, preset="classic", sign_up_closes=timezone.now() - timedelta(days=8),
                                                name="Thursday night")
    Prize.objects.create(tournament=old, added=Decimal("20"), house_percent=Decimal("10"), preset="custom",
                         split="60,40", unit=Decimal("0.50"))
    Entry.objects.filter(tournament=old, player__name="Cat").update(withdrawn=True)
    return Tournament.objects.get(pk=old.pk)


def test_a_copy_keeps_the_settings_and_never_the_results():
    old = _last_week()
    assert old.status == STATUS_FINISHED and old.champion_id
    new = services.tournament_copy(tournament=old)
    new = Tournament.objects.get(pk=new.pk)
    assert new.name == "Thursday night" and new.status == "setup" and new.stage == 1
    assert (new.format, new.rounds, new.preset, new.length_kind, new.length_games) == ("swiss", 3, "classic",
                                                                                      "best_of", 3)
    assert new.tiebreaks == ["buchholz", "wins"] and new.tables == 4
    assert (new.round_minutes, new.time_rule, new.check_in, new.entry_fee) == (45, "game", True, Decimal("5.00"))
    assert new.sign_up and new.sign_up_cap == 16
    # closing time a week on from the old one, moved ahead of now (same weekday, same hour)
    assert new.sign_up_closes > timezone.now() and (new.sign_up_closes - old.sign_up_closes).days % 7 == 0
    prize = Prize.objects.get(tournament=new)
    assert (prize.added, prize.house_percent, prize.preset, prize.split, prize.unit) == \
        (Decimal("20.00"), Decimal("10.00"), "custom", "60,40", Decimal("0.50"))
    assert new.champion_id is None and new.clock_deadline is None and new.revision == 0
    assert not Entry.objects.filter(tournament=new).exists()
    assert not TournamentMatch.objects.filter(tournament=new).exists()
    assert not SignUp.objects.filter(tournament=new).exists()
    # the old event is untouched
    assert TournamentMatch.objects.filter(tournament=old).count() == 9


def test_a_copy_with_the_entries_signs_them_up_in_seed_order_to_confirm():
    old = _last_week()
    new = services.tournament_copy(tournament=old, name="  Thursday   night 2 ", entries=True)
    assert new.name == "Thursday night 2"
    seeds = [e.player.name for e in Entry.objects.filter(tournament=old, withdrawn=False).order_by("seed")]
    lines = services.sign_up_lines(new)
    assert [line.sign_up.name for line in lines] == seeds and "Cat" not in seeds
    assert all(line.place and line.sign_up.by_id is None for line in lines)
    assert services.sign_ups_accept_placed(tournament=new) == 5
    assert [e.player.name for e in Entry.objects.filter(tournament=new).order_by("seed")] == seeds


def test_a_doubles_copy_keeps_the_teams():
    old = services.tournament_create(name="Doubles", format="roundrobin", doubles=True, preset="partnership")
    services.entries_set(tournament=old, names=["Nord: Ann & Cat", "Ben & Dan"])
    new = services.tournament_copy(tournament=old, entries=True)
    assert new.doubles and [line.sign_up.name for line in services.sign_up_lines(new)] == ["Nord", "Ben & Dan"]


def test_only_a_director_copies_and_a_refusal_is_a_message(director, member):
    old = _last_week()
    url = reverse("tournaments:copy", args=[old.pk])
    assert Client().post(url).status_code == 302 and Tournament.objects.count() == 1
    phone = Client()
    phone.force_login(member)
    assert phone.post(url, {"entries": "on"}).status_code == 403 and Tournament.objects.count() == 1
    desk = Client()
    desk.force_login(director)
    page = desk.get(old.get_absolute_url()).content.decode()
    assert "Set up next week&#x27;s event" in page or "Set up next week's event" in page
    response = desk.post(url, {"name": "x" * 101, "entries": "on"}, follow=True)
    assert "at most 100 characters" in response.content.decode() and Tournament.objects.count() == 1
    response = desk.post(url, {"name": "Jeudi 5", "entries": "on"}, follow=True)
    new = Tournament.objects.get(name="Jeudi 5")
    assert response.redirect_chain[-1][0] == new.get_absolute_url()
    assert "Jeudi 5 is set up like Thursday night" in response.content.decode()
    assert new.created_by == director and SignUp.objects.filter(tournament=new).count() == 5
