"""A form done once for its page's key (ginscore/club/posted.py): the post that reached the site
while its answer was lost, sent again, is not done twice."""
import threading
import uuid
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from ginscore.club.device import COOKIE, device_label
from ginscore.club.models import Posted
from ginscore.club.posted import form_key
from ginscore.matches import services
from ginscore.matches.models import Match

pytestmark = pytest.mark.django_db

NEW = {"player_a": "Ann", "player_b": "Béatrice-Élodie", "preset": "standard", "length": "target",
       "first_dealer": "a"}
PHONE = "p" * 24


@pytest.fixture
def phone(client, member, ann):
    client.force_login(member)
    client.cookies[COOKIE] = PHONE
    return client


def test_the_same_post_sent_again_is_done_once_and_leads_where_the_first_did(phone):
    key = str(uuid.uuid4())
    first = phone.post(reverse("matches:new"), {**NEW, "form_key": key})
    assert first.status_code == 302 and Match.objects.count() == 1
    again = phone.post(reverse("matches:new"), {**NEW, "form_key": key}, follow=True)
    assert Match.objects.count() == 1
    assert again.redirect_chain[0] == (first["Location"], 302)
    assert "already been sent and saved: it was not saved twice" in again.content.decode()
    # A new page's post (another key) is another match, as before; so is one without a key.
    phone.post(reverse("matches:new"), {**NEW, "form_key": str(uuid.uuid4())})
    phone.post(reverse("matches:new"), NEW)
    assert Match.objects.count() == 3


def test_the_key_is_the_devices_and_the_forms(phone, member, ann):
    key = str(uuid.uuid4())
    phone.post(reverse("matches:new"), {**NEW, "form_key": key})
    other = Client()
    other.force_login(member)
    other.cookies[COOKIE] = "q" * 24
    assert other.post(reverse("matches:new"), {**NEW, "form_key": key}).status_code == 302
    assert Match.objects.count() == 2
    # the same key to another form's address is that form's own post
    assert Posted.objects.filter(device=device_label(PHONE)).count() == 1
    assert form_key(key, "/matches/new/") != form_key(key, "/tournaments/new/") is not None


@pytest.mark.parametrize("nonsense", ["", "x", "1" * 37, "' OR 1=1 --", "1850196d-fb41-45d1-80cd-d7d5829da749a", "\x00"],
                         ids=["empty", "x", "long", "sql", "uuid-plus", "nul"])   # fixed: xdist collects them alike
def test_a_key_that_is_no_key_is_ignored(phone, nonsense):
    for _ in range(2):
        assert phone.post(reverse("matches:new"), {**NEW, "form_key": nonsense}).status_code == 302
    assert Match.objects.count() == 2 and not Posted.objects.exists()


def test_a_refused_post_forgets_its_key_so_the_mended_one_is_done(phone):
    key = str(uuid.uuid4())
    refused = phone.post(reverse("matches:new"), {**NEW, "player_b": "", "form_key": key})
    assert refused.status_code == 200 and not Posted.objects.exists()
    assert phone.post(reverse("matches:new"), {**NEW, "form_key": key}).status_code == 302
    assert Match.objects.count() == 1


def test_a_post_that_failed_forgets_its_key(phone, monkeypatch):
    key = str(uuid.uuid4())
    phone.raise_request_exception = False

    def broken(**kw):
        raise RuntimeError("the disk is full")

    monkeypatch.setattr(services, "match_start", broken)
    assert phone.post(reverse("matches:new"), {**NEW, "form_key": key}).status_code == 500
    monkeypatch.undo()
    assert not Posted.objects.exists()
    assert phone.post(reverse("matches:new"), {**NEW, "form_key": key}).status_code == 302
    assert Match.objects.count() == 1


def test_sent_again_while_the_first_is_still_being_done(phone):
    """The second is told so (409); reloading once the first is done leads to its match."""
    key = str(uuid.uuid4())
    Posted.objects.create(device=device_label(PHONE), key=form_key(key, reverse("matches:new")),
                          at=timezone.now())
    page = phone.post(reverse("matches:new"), {**NEW, "form_key": key})
    assert page.status_code == 409 and "still being saved" in page.content.decode()
    assert Match.objects.count() == 0
    Posted.objects.update(answer="/matches/7/")
    assert phone.post(reverse("matches:new"), {**NEW, "form_key": key})["Location"] == "/matches/7/"


@pytest.mark.django_db(transaction=True)
def test_sent_again_while_the_first_is_on_its_way_starts_one_match(member, ann, monkeypatch):
    """Two requests in two threads: the second comes while the first is starting the match (a
    resend racing its first). One match; the second told so at once; the first answered as usual."""
    real, inside, second_told = services.match_start, threading.Event(), threading.Event()

    def slow(**kw):
        inside.set()
        second_told.wait(10)
        return real(**kw)

    monkeypatch.setattr(services, "match_start", slow)
    key, answers = str(uuid.uuid4()), {}

    def send(name):
        client = Client()
        client.force_login(member)
        client.cookies[COOKIE] = PHONE
        if name == "second":
            inside.wait(10)
        answers[name] = client.post(reverse("matches:new"), {**NEW, "form_key": key}).status_code
        if name == "second":
            second_told.set()

    threads = [threading.Thread(target=send, args=(name,)) for name in ("first", "second")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert answers == {"first": 302, "second": 409} and Match.objects.count() == 1


def test_keys_are_kept_twelve_hours(phone):
    old = Posted.objects.create(device="abc", key=uuid.uuid4(), answer="/", at=timezone.now() - timedelta(hours=13))
    phone.post(reverse("matches:new"), {**NEW, "form_key": str(uuid.uuid4())})
    assert not Posted.objects.filter(pk=old.pk).exists() and Posted.objects.count() == 1


def test_french_says_it_too(phone):
    key = str(uuid.uuid4())
    phone.cookies["ginscore_language"] = "fr"
    phone.post(reverse("matches:new"), {**NEW, "form_key": key})
    again = phone.post(reverse("matches:new"), {**NEW, "form_key": key}, follow=True)
    assert "déjà été envoyé" in again.content.decode()


def test_a_log_in_sent_again_logs_in_again(client, member):
    """A log-in's answer brings the session: were it lost, only logging in again gives it."""
    member.set_password("a long pass phrase")
    member.save()
    client.cookies[COOKIE] = PHONE
    key = str(uuid.uuid4())
    for _ in range(2):
        client.cookies.pop("sessionid", None)
        page = client.post(reverse("login"), {"username": member.username, "password": "a long pass phrase",
                                              "form_key": key})
        assert page.status_code == 302 and "sessionid" in page.cookies
    assert not Posted.objects.exists()


def test_a_post_whose_server_died_with_it_is_done_when_sent_again(phone):
    """Its key kept "on its way" for ever would answer 409 for 12 hours: after 2 minutes (longer
    than any request runs) the same post is done."""
    key = str(uuid.uuid4())
    Posted.objects.create(device=device_label(PHONE), key=form_key(key, reverse("matches:new")),
                          at=timezone.now() - timedelta(minutes=3))
    page = phone.post(reverse("matches:new"), {**NEW, "form_key": key})
    assert page.status_code == 302 and Match.objects.count() == 1
    assert Posted.objects.get().answer == page["Location"]


def test_a_post_done_is_answered_though_its_answer_cannot_be_noted(phone, monkeypatch, caplog):
    """The database fails just after the match was started (its answer noted against the key): the
    player is still sent to the match, not shown an error for something that was done."""
    from django.db import OperationalError
    from django.db.models import QuerySet

    real = QuerySet.update

    def failing(self, **kw):
        if self.model is Posted:
            raise OperationalError("the database went away")
        return real(self, **kw)

    monkeypatch.setattr(QuerySet, "update", failing)
    page = phone.post(reverse("matches:new"), {**NEW, "form_key": str(uuid.uuid4())})
    assert page.status_code == 302 and page["Location"].endswith(f"/matches/{Match.objects.get().pk}/")
    assert "was not noted" in caplog.text
