"""What an outsider (or a stray script) posts gets a clear answer, never a 500: a ``next`` of -1,
NaN or an emoji on every tournament action (the desk's announce, check-in and clock forms and
every ``_post_action``), a 300-character name on the admin's log-in, numbers written "1_0" or
"١٠٠"; and what the club decides: the records download for members only."""
import uuid

import pytest
from django.test import Client
from django.urls import reverse

from ginscore.matches.models import Hand
from ginscore.tournaments import urls as tournament_urls

pytestmark = pytest.mark.django_db

NEXTS = ("-1", "NaN", "😀", "//evil.example/", "javascript:alert(1)", "")


def _tournament_posts(t):
    for p in tournament_urls.urlpatterns:
        route = str(p.pattern)
        if "<int:pk>" not in route or "<str:" in route:
            continue
        kw = {"pk": t.pk, **{name: 1 for name in ("stage", "number", "tmatch_pk", "entry_pk", "wish_pk", "sign_up_pk",
                                                  "table") if f"<int:{name}>" in route}}
        yield reverse(f"tournaments:{p.name}", kwargs=kw)


def test_a_posted_next_of_nonsense_never_answers_500_and_never_leaves_the_site(make_tournament, director):
    t = make_tournament("swiss", 4, rounds=2)
    client = Client(raise_request_exception=False)
    client.force_login(director)
    tried, failed, away = 0, [], []
    for url in _tournament_posts(t):
        for target in NEXTS:
            for data in ({"next": target}, {"next": target, "minutes": target, "announcement": target,
                                            "entry_fee": target, "check_in": "on"}):
                r = client.post(url, data)
                tried += 1
                if r.status_code >= 500:
                    failed.append((url, target, r.status_code))
                location = r.get("Location", "")
                if location and not location.startswith("/") or location.startswith("//"):
                    away.append((url, target, location))
    assert tried > 200 and failed == [] and away == []


def test_a_300_character_name_on_the_admins_log_in_is_refused_not_an_error():
    client = Client(raise_request_exception=False)
    for _ in range(2):
        r = client.post("/admin/login/?next=/admin/", {"username": "é" * 300, "password": "x"})
        assert r.status_code == 200 and "Please enter the correct" in r.content.decode()


@pytest.mark.parametrize("typed", ["1_0", "١٠٠", "１０", "²"])
def test_a_number_is_typed_with_the_digits_0_to_9_only(make_tournament, director, make_match, member, typed):
    t = make_tournament("swiss", 4, rounds=2)
    client = Client()
    client.force_login(director)
    r = client.post(reverse("tournaments:clock_start", args=[t.pk]), {"minutes": typed})
    assert r.status_code == 400 and "Enter a whole number." in r.content.decode()
    t.refresh_from_db()
    assert t.clock_deadline is None
    match = make_match()
    client.force_login(member)
    r = client.post(reverse("matches:hand_new", args=[match.pk]), {
        "number": 1, "revision": match.revision, "action": "save", "end": "knock", "by": "a",
        "knocker_deadwood": "5", "defender_deadwood": typed})
    assert not Hand.objects.filter(match=match).exists()
    client.post(reverse("matches:hand_new", args=[match.pk]), {   # the same hand in 0-9 digits is saved
        "number": 1, "revision": match.revision, "action": "save", "end": "knock", "by": "a",
        "knocker_deadwood": "5", "defender_deadwood": "10"})
    assert Hand.objects.filter(match=match).count() == 1
    client.force_login(director)
    r = client.post(reverse("tournaments:clock_start", args=[t.pk]), {"minutes": "10"})   # 0-9 still work
    assert r.status_code == 302


def test_the_same_hand_sent_twice_is_told_once_not_again_on_the_next_page(make_match, member):
    match = make_match([{"end": "dead"}])
    phones = [Client(), Client()]
    for phone in phones:
        phone.force_login(member)
    data = {"end": "knock", "by": "a", "knocker_deadwood": "5", "defender_deadwood": "30", "number": "2",
            "revision": str(match.revision), "direct": "1"}
    for phone in phones:
        answer = phone.post(reverse("matches:hand_send", args=[match.pk]), {**data, "entry_key": str(uuid.uuid4())})
        assert answer.status_code == 200
    assert "exactly as typed here: nothing was added" in answer.json()["message"]
    assert Hand.objects.filter(match=match).count() == 2
    page = phones[1].get(reverse("matches:list")).content.decode()
    assert "nothing was added" not in page


def test_the_club_may_keep_the_records_download_for_its_members(client, make_match, member, settings):
    match = make_match()
    for url in (reverse("matches:export"), reverse("matches:record", args=[match.pk])):
        assert client.get(url).status_code == 200
    settings.GINSCORE_RECORDS_MEMBERS_ONLY = True
    for url in (reverse("matches:export"), reverse("matches:record", args=[match.pk])):
        r = client.get(url)
        assert r.status_code == 302 and "/login/" in r["Location"]
    client.force_login(member)
    assert b"Ann" in b"".join(client.get(reverse("matches:export")).streaming_content)


def test_hiding_a_rating_says_it_can_be_computed_again_from_the_records(client, ann, settings):
    client.force_login(ann.user)
    page = client.get(reverse("players:detail", args=[ann.pk])).content.decode()
    assert "anyone can compute it again exactly" in page
    settings.GINSCORE_RECORDS_MEMBERS_ONLY = True
    page = client.get(reverse("players:detail", args=[ann.pk])).content.decode()
    assert "members can download: any of them can compute it again exactly" in page
