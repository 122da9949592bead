"""A member cannot move other members' ratings by importing made-up matches (the issue: Ben
imported 30 "Cleo beats Ann" matches, they were rated and Ann fell 232 points). A member's
import arrives as friendlies; one of the importer's own matches counts once the other player
agrees; a director's import (or a director marking it rated) counts as the record says."""
import json

import pytest
from django.test import Client
from django.urls import reverse
from django.core.files.uploadedfile import SimpleUploadedFile

from ginscore.matches.models import Match
from ginscore.players.models import Player
from ginscore.ratings import services
from ginscore.ratings.selectors import club_ratings

pytestmark = pytest.mark.django_db

CLEO_BEATS_ANN = {"players": ["Cleo", "Ann"], "rules": "standard", "length": {"kind": "best_of", "games": 1},
                  "hands": [{"end": "gin", "by": "Cleo", "deadwood": {"Ann": 60}}] * 2}


def _file(records):
    return SimpleUploadedFile("made-up.json", json.dumps(records).encode())


@pytest.fixture
def ben_member(django_user_model):
    user = django_user_model.objects.create_user(username="ben", password="pw-ben-123456")
    Player.objects.create(name="Ben", user=user)
    return user


def test_thirty_made_up_matches_leave_anns_rating_alone(client, ann, ben_member, django_capture_on_commit_callbacks):
    before = club_ratings().of(ann.pk).rating
    client.force_login(ben_member)
    records = [{**CLEO_BEATS_ANN, "stake": f"0.{n:02d}"} for n in range(30)]
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("matches:import"), {"file": _file(records)})
    response = client.get(response["Location"])
    assert "only a director makes an imported match count for the club rating" in response.content.decode()
    assert Match.objects.count() == 30 and not Match.objects.filter(rated=True).exists()
    assert not Match.objects.filter(rating_asked=True).exists()   # not Ben's own: nobody can agree
    assert club_ratings().of(ann.pk).rating == before == 1500
    # Ann, the other player of none of them, cannot make them count; nor can Ben.
    for user in (ann.user, ben_member):
        with pytest.raises(ValueError):
            services.match_rating_agree(match_id=Match.objects.first().pk, user=user)
    assert not Match.objects.filter(rated=True).exists()


def test_the_importers_own_match_counts_once_the_other_player_agrees(client, ann, ben_member, other_member,
                                                                     django_capture_on_commit_callbacks):
    client.force_login(ben_member)
    record = {"players": ["Ben", "Ann"], "rules": "standard", "length": {"kind": "best_of", "games": 1},
              "hands": [{"end": "gin", "by": "Ben", "deadwood": {"Ann": 60}}] * 2}
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("matches:import"), {"file": _file(record)})
    page = client.get(response["Location"]).content.decode()
    match = Match.objects.get()
    assert not match.rated and match.rating_asked
    assert "once the other player agrees" in page and "I agree: it counts for the rating" not in page
    assert club_ratings().of(ann.pk).rating == 1500
    # Ben cannot agree for Ann, nor can another member.
    for user in (ben_member, other_member):
        c = Client()
        c.force_login(user)
        c.post(reverse("ratings:match_rating_agree", args=[match.pk]))
        assert not Match.objects.get(pk=match.pk).rated
    ann_phone = Client()
    ann_phone.force_login(ann.user)
    page = ann_phone.get(reverse("matches:detail", args=[match.pk])).content.decode()
    assert "I agree: it counts for the rating" in page
    ann_phone.post(reverse("ratings:match_rating_agree", args=[match.pk]))
    match.refresh_from_db()
    assert match.rated and not match.rating_asked
    assert club_ratings().of(ann.pk).rating < 1500


def test_a_directors_import_counts_as_the_record_says_and_a_director_may_rate_a_members(client, ann, ben_member,
                                                                                          director,
                                                                                          django_capture_on_commit_callbacks):
    client.force_login(ben_member)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("matches:import"), {"file": _file(CLEO_BEATS_ANN)})
    friendly = Match.objects.get()
    client.force_login(director)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("matches:import"), {"file": _file([{**CLEO_BEATS_ANN, "stake": "1"},
                                                               {**CLEO_BEATS_ANN, "stake": "2", "rated": False}])})
    assert list(Match.objects.exclude(pk=friendly.pk).order_by("pk").values_list("rated", flat=True)) == [True, False]
    rated_once = club_ratings().of(ann.pk).rating
    assert rated_once < 1500
    client.post(reverse("ratings:match_rated", args=[friendly.pk]), {"rated": "1"})
    assert Match.objects.get(pk=friendly.pk).rated
    assert club_ratings().of(ann.pk).rating < rated_once
