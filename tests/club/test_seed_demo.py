"""seed_demo: the demo club a new user logs into."""
import io
import random

import pytest
from django.contrib.auth import authenticate, get_user_model
from django.core.management import call_command
from django.test import RequestFactory

from ginscore.club.management.commands.seed_demo import demo_record
from ginscore.club.roles import is_club_admin, is_director, role_name
from ginscore.engine import PRESETS, MatchLength, score_match
from ginscore.matches.models import Match
from ginscore.matches.selectors import match_result
from ginscore.players.models import Player
from ginscore.tournaments.models import Tournament


def seed(*args):
    out = io.StringIO()
    call_command("seed_demo", *args, stdout=out)
    return out.getvalue()


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_demo_records_are_legal_and_stop_at_the_end(preset):
    for seed_no in range(15):
        rng = random.Random(seed_no)
        finished = demo_record(rng, preset=preset, players=("Ann", "Ben"), finished=True)
        result = score_match(finished)  # raises if any hand broke the rules
        assert result.complete and result.match.ended_after == len(finished.hands)
        in_play = demo_record(rng, preset=preset, players=("Ann", "Ben"), finished=False)
        assert in_play.hands and not score_match(in_play).complete
    one_set = demo_record(random.Random(1), preset="hollywood", players=("Ann", "Ben"), finished=True,
                          length=MatchLength("set"))
    assert len(score_match(one_set).games) == 3


@pytest.mark.django_db
def test_seed_demo_creates_the_accounts_players_and_matches():
    out = seed()
    assert "Demo club ready: 12 players" in out
    users = {u.username: u for u in get_user_model().objects.all()}
    assert set(users) == {"admin", "director", "ann", "ben"}
    for name in users:
        assert authenticate(RequestFactory().post("/accounts/login/"), username=name,
                            password="ginscore-demo") == users[name]
    assert is_club_admin(users["admin"]) and users["admin"].is_staff
    assert is_director(users["director"]) and not is_club_admin(users["director"])
    assert role_name(users["ann"]) == role_name(users["ben"]) == "member"
    assert Player.objects.get(name="Ann").user == users["ann"]
    assert Player.objects.get(name="Ben").user == users["ben"]
    assert Player.objects.count() == 12

    matches = list(Match.objects.with_players().filter(tournament_match__isnull=True))
    assert len(matches) == 22
    for preset in (p for p in PRESETS if p != "partnership"):  # the site keeps two-player matches only, yet
        assert {m.complete for m in matches if m.preset == preset} == {True, False}, preset
    assert any(not m.complete and users["ann"].pk in (m.player_a.user_id, m.player_b.user_id) for m in matches)
    for m in matches:
        result = match_result(m)  # the hands, scored again by the engine
        assert result.complete == m.complete
        assert (result.match.score[m.player_a.name], result.match.score[m.player_b.name]) == (m.score_a, m.score_b)
        if m.complete:
            assert result.match.ended_after == m.hand_count
            assert m.finished_at > m.created_at
        else:
            assert m.hand_count > 0 and m.finished_at is None


@pytest.mark.django_db
def test_seed_demo_runs_a_finished_knockout_and_a_swiss_in_play():
    seed()
    knockout = Tournament.objects.get(name="Autumn knockout")
    assert knockout.status == "finished" and knockout.champion is not None
    assert knockout.entries.count() == 8
    swiss = Tournament.objects.get(name="Tuesday Swiss")
    assert swiss.status == "running" and swiss.entries.count() == 12
    played = swiss.tmatches.filter(match__complete=True).count()
    assert played == 6 + 3  # round 1, and three tables of round 2


@pytest.mark.django_db
def test_a_french_clubs_demo_speaks_french():
    from django.test import override_settings
    from django.utils import translation

    with override_settings(LANGUAGE_CODE="fr"), translation.override("fr"):
        said = seed()
    assert said.startswith("Club de démonstration prêt\u00a0: ")
    assert set(Tournament.objects.values_list("name", flat=True)) == {"Élimination d'automne", "Suisse du mardi"}


@pytest.mark.django_db
def test_if_empty_does_nothing_when_there_are_players():
    Player.objects.create(name="Zoe")
    assert "no demo data added" in seed("--if-empty")
    assert Player.objects.count() == 1 and Match.objects.count() == 0
    assert not get_user_model().objects.exists()


@pytest.mark.django_db
def test_if_empty_never_adds_the_demo_accounts_to_a_club_with_an_account():
    """The organiser made their own admin account first: the demo's known password stays out."""
    get_user_model().objects.create_superuser("boss", password="a long private phrase")
    assert "no demo data added" in seed("--if-empty")
    assert list(get_user_model().objects.values_list("username", flat=True)) == ["boss"]
    assert not Player.objects.exists()


@pytest.mark.django_db
def test_if_empty_seeds_an_empty_club_once():
    seed("--if-empty")
    counts = (Player.objects.count(), Match.objects.count(), get_user_model().objects.count())
    seed("--if-empty")
    assert (Player.objects.count(), Match.objects.count(), get_user_model().objects.count()) == counts
