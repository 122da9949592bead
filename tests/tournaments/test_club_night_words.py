"""What a club's first night read, found by walking it as a stranger (a French club, money on,
the euro as its sign): a member who has a place is told so in words that do not say the place is
taken; the entry fee and the prize carry the club's sign; My night's record reads as French
writes it; a refused pairing wish names the field at fault."""
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest
from django.contrib.auth import get_user_model
from django.test import Client, override_settings
from django.urls import reverse

from ginscore.engine import MatchLength
from ginscore.players.models import Player
from ginscore.seasons.services import club_money_set, prize_set
from ginscore.tournaments import services
from ginscore.tournaments.models import Entry, Tournament, TournamentMatch

from .conftest import win

pytestmark = pytest.mark.django_db

FR = {"HTTP_ACCEPT_LANGUAGE": "fr"}
ANNE = "Anne-Sophie Lefèvre-Dupré-" + "éèàçôï-Ü" * 9   # names of up to 100 characters
ANNE = ANNE[:100]


def _phone(name, username):
    user = get_user_model().objects.create_user(username=username, password="x-long-pass-1")
    player = Player.objects.create(name=name, user=user)
    c = Client()
    c.force_login(user)
    return c, player


def _director():
    user = get_user_model().objects.create_superuser(username="helene", password="x-long-pass-1")
    c = Client()
    c.force_login(user)
    return c


def _messages(response) -> str:
    return " ".join(str(m) for m in response.context["messages"]) if response.context else ""


def test_a_member_with_a_place_is_told_they_have_it_and_the_fee_carries_the_clubs_sign():
    club_money_set(money=True, unit=Decimal("1.00"), currency="€")
    t = services.tournament_create(name="Jeudi", format="swiss", rounds=3, length=MatchLength("best_of", 1))
    services.tournament_check_in_set(tournament=t, check_in=True, entry_fee=Decimal("5"))
    services.tournament_sign_up_set(tournament=t, open=True, cap=2, closes=None)
    anne, _ = _phone(ANNE, "anne")
    page = anne.get(t.get_absolute_url(), **FR).content.decode()
    assert "droit d'entrée 5,00\xa0€, réglé au pointage" in page
    done = anne.post(reverse("tournaments:sign_up", args=[t.pk]), follow=True, **FR)
    page = done.content.decode()
    # "Votre place est prise" says in French that someone else took it
    assert f"Vous avez votre place : {ANNE}." in _messages(done)
    assert "place est prise" not in page
    ben, _ = _phone("Benoît Müller", "ben")
    ben.post(reverse("tournaments:sign_up", args=[t.pk]), **FR)
    chloe, _ = _phone("Chloé Zoë", "chloe")
    waiting = chloe.post(reverse("tournaments:sign_up", args=[t.pk]), follow=True, **FR)
    assert "Chloé Zoë est n° 1 sur la liste d'attente" in _messages(waiting)
    # the desk's check-in line writes the fee the same way
    director = _director()
    for s in list(t.sign_ups.all()):
        if s.player.name != "Chloé Zoë":
            services.sign_up_accept(sign_up=s)
    desk = director.get(reverse("tournaments:desk", args=[t.pk]), **FR).content.decode()
    assert "droit d'entrée 5,00\xa0€, non payés\xa0: 2" in desk
    assert "doit 5,00\xa0€" in desk
    # money off: no fee at all
    club_money_set(money=False, unit=Decimal("1.00"), currency="€")
    assert "droit d'entrée" not in anne.get(t.get_absolute_url(), **FR).content.decode()


def test_my_night_in_french_reads_as_french_writes_it_with_the_prize_in_euros():
    club_money_set(money=True, unit=Decimal("1.00"), currency="€")
    t = services.tournament_create(name="Jeudi", format="swiss", rounds=2, length=MatchLength("best_of", 1))
    anne, player = _phone(ANNE, "anne")
    services.entries_set(tournament=t, names=[ANNE, "Benoît", "Chloé", "Dédé"])
    prize_set(tournament=t, entry_fee=Decimal("5"), added=Decimal("0"), house_fixed=Decimal("0"),
              house_percent=Decimal("0"), preset="wta", split="", unit=Decimal("1"))
    for e in Entry.objects.filter(tournament=t):
        services.entry_check_in(entry=e, paid=True)
    services.tournament_start(tournament=Tournament.objects.get(pk=t.pk))
    assert Entry.objects.get(tournament=t, player=player)
    mine = TournamentMatch.objects.get(tournament=t, play_round=1, match__player_a=player) \
        if TournamentMatch.objects.filter(tournament=t, play_round=1, match__player_a=player).exists() \
        else TournamentMatch.objects.get(tournament=t, play_round=1, match__player_b=player)
    win(mine, ANNE)
    page = anne.get(reverse("tournaments:my_night", args=[t.pk]), **FR).content.decode()
    assert "1 sur 4 · gagnés : 1, perdus : 0" in page
    assert "gagnés, " not in page   # never "1 gagnés"
    assert "Ronde 1 : <strong>gagné</strong> contre" in page
    assert '<dd class="my-prize">20,00\xa0€</dd>' in page
    english = anne.get(reverse("tournaments:my_night", args=[t.pk]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "1 of 4 · 1 won, 0 lost" in english and "Round 1: <strong>won</strong> against" in english
    assert '<dd class="my-prize">€20.00</dd>' in english
    # the player Anne beat: their place pays nothing now, said as a word, not "€0.00"
    loser = mine.entry_b if mine.entry_a.player_id == player.pk else mine.entry_a
    user = get_user_model().objects.create_user(username="loser", password="x-long-pass-1")
    Player.objects.filter(pk=loser.player_id).update(user=user)
    phone = Client()
    phone.force_login(user)
    url = reverse("tournaments:my_night", args=[t.pk])
    assert '<dd class="my-prize">aucun</dd>' in phone.get(url, **FR).content.decode()
    assert '<dd class="my-prize">none</dd>' in phone.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()


def test_a_refused_pairing_wish_names_the_field_at_fault():
    t = services.tournament_create(name="Jeudi", format="swiss", rounds=3, length=MatchLength("best_of", 1))
    services.entries_set(tournament=t, names=["Anne", "Chloé", "Élodie", "Dédé"])
    director = _director()
    url = reverse("tournaments:wish_add", args=[t.pk])
    said = _messages(director.post(url, {"player": "abc", "other": "-1", "table": "zzz"}, follow=True))
    assert said.startswith("Player: Select a valid choice.")
    assert "Must not meet: Select a valid choice." in said and "Or keeps table: Enter a whole number." in said
    said = _messages(director.post(url, {}, follow=True))
    assert said == "Player: This field is required."
    anne = Player.objects.get(name="Anne")
    said = _messages(director.post(url, {"player": anne.pk}, follow=True, **FR))
    assert said == "Choisissez soit le joueur à ne pas rencontrer, soit la table gardée."
    assert not t.wishes.exists()


@override_settings(TIME_ZONE="Europe/Paris")
def test_the_clock_before_its_script_runs_says_when_time_ends_never_that_time_as_time_left():
    """My night read "temps restant 18:59" for a 40-minute clock started at 18:19 UTC until the
    clock's script ran: the deadline's time of day under "time left"."""
    t = services.tournament_create(name="Jeudi", format="swiss", rounds=2, length=MatchLength("best_of", 1))
    anne, player = _phone(ANNE, "anne")
    services.entries_set(tournament=t, names=[ANNE, "Benoît"])
    services.tournament_start(tournament=Tournament.objects.get(pk=t.pk))
    services.round_clock_start(tournament=Tournament.objects.get(pk=t.pk), minutes=40)
    ends = Tournament.objects.get(pk=t.pk).clock_deadline.astimezone(ZoneInfo("Europe/Paris")).strftime("%H:%M")
    url = reverse("tournaments:my_night", args=[t.pk])
    fr = anne.get(url, **FR).content.decode()
    assert f"Ronde 1 · <span data-clock-state>se termine à</span></span> <span data-clock-left>{ends}</span>" in fr
    assert "temps restant" not in fr
    en = anne.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert f"Round 1 · <span data-clock-state>ends at</span></span> <span data-clock-left>{ends}</span>" in en


def test_a_full_event_offers_the_waiting_list_not_a_place():
    """With every place taken the button said "Sign me up" and the member was surprised to be
    told they wait: the button now says what a tap does, and so does the way off the list."""
    t = services.tournament_create(name="Jeudi", format="swiss", rounds=3, length=MatchLength("best_of", 1))
    services.tournament_sign_up_set(tournament=t, open=True, cap=2, closes=None)
    for name in ("Anne", "Benoît"):
        phone, _ = _phone(name, name.lower())
        phone.post(reverse("tournaments:sign_up", args=[t.pk]))
    chloe, _ = _phone("Chloé Zoë", "chloe")
    page = chloe.get(t.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Join the waiting list: Chloé Zoë</button>" in page and "Sign me up" not in page
    assert "Every place is taken: you would wait in line" in page
    fr = chloe.get(t.get_absolute_url(), **FR).content.decode()
    assert "M'inscrire sur la liste d'attente : Chloé Zoë</button>" in fr
    chloe.post(reverse("tournaments:sign_up", args=[t.pk]))
    page = chloe.get(t.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Chloé Zoë: number 1 on the waiting list." in page
    assert "Leave the waiting list</button>" in page and "Take my place back" not in page
    # a place free again: the button offers a place
    services.tournament_sign_up_set(tournament=t, open=True, cap=4, closes=None)
    dede, _ = _phone("Dédé Éric", "dede")
    assert "Sign me up: Dédé Éric</button>" in dede.get(t.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()
