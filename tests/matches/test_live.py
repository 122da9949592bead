"""The pad is live: 304 from the match's revision (one query), a new pad after any write."""
import pytest
from django.urls import reverse

from ginscore.matches import services
from ginscore.matches.records import HandEntry

pytestmark = pytest.mark.django_db

KNOCK = {"end": "knock", "by": "Ann", "deadwood": {"Ann": 5, "Ben": 30}}


def test_pad_answers_304_with_one_query_until_a_hand_is_saved(client, make_match, django_assert_num_queries):
    match = make_match([KNOCK] * 3)
    url = reverse("matches:detail", args=[match.pk])
    first = client.get(url)
    etag = first["ETag"]
    assert etag.startswith(f'"m{match.pk}.{match.revision}.')
    assert 'data-live="m-pad"' in first.content.decode()
    with django_assert_num_queries(1):
        assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    services.hand_add(match_id=match.pk, entry=HandEntry("gin", "b", None, 12), expected_number=4)
    fresh = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert fresh.status_code == 200
    assert fresh["ETag"] != etag
    assert "Hand 5" in fresh.content.decode() or 'id="hand-4"' in fresh.content.decode()


def test_pad_304_query_count_does_not_grow_with_hands(client, make_match, django_assert_num_queries):
    match = make_match([{"end": "knock", "by": "Ann", "deadwood": {"Ann": 5, "Ben": 6}}] * 40)
    url = reverse("matches:detail", args=[match.pk])
    etag = client.get(url)["ETag"]
    with django_assert_num_queries(1):
        assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304


def test_a_correction_and_an_undo_change_the_pad(client, make_match):
    match = make_match([KNOCK] * 2)
    url = reverse("matches:detail", args=[match.pk])
    etag = client.get(url)["ETag"]
    services.hand_undo(match_id=match.pk, expected_revision=match.revision)
    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 200
