"""Two phones save hand N of the same match at the same moment: exactly one is saved,
the other is told and sees the fresh pad. Real threads, real transactions."""
import threading

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from ginscore.matches import services
from ginscore.matches.models import Hand, HandChange
from ginscore.matches.records import HandEntry

pytestmark = pytest.mark.django_db(transaction=True)


def run_together(*jobs):
    """Runs the jobs in threads released at once; returns their results (or exceptions)."""
    barrier = threading.Barrier(len(jobs))
    results = [None] * len(jobs)

    def run(i, job):
        try:
            barrier.wait()
            results[i] = job()
        except Exception as e:  # noqa: BLE001 - reported to the test
            results[i] = e
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, job)) for i, job in enumerate(jobs)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    return results


def test_two_services_saving_the_same_hand(make_match):
    match = make_match([{"end": "dead"}])
    entries = [HandEntry("gin", "a", None, 10), HandEntry("knock", "b", 3, 20)]
    for _ in range(5):  # several rounds: the race must never slip through
        match.refresh_from_db()
        n = match.hand_count + 1
        results = run_together(*[
            (lambda e=e: services.hand_add(match_id=match.pk, entry=e, expected_number=n)) for e in entries
        ])
        saved = [r for r in results if isinstance(r, Hand)]
        refused = [r for r in results if isinstance(r, services.HandConflict)]
        assert len(saved) == 1 and len(refused) == 1, results
        assert f"Hand {n} was just recorded" in str(refused[0])
    assert list(Hand.objects.filter(match=match).values_list("number", flat=True)) == list(range(1, 7))
    assert HandChange.objects.filter(match=match).count() == 5
    match.refresh_from_db()
    assert match.hand_count == 6


def test_two_phones_posting_the_same_hand(make_match, member):
    match = make_match([{"end": "dead"}])
    phones = [Client(), Client()]
    for phone in phones:
        phone.force_login(member)
    post = {"number": 2, "revision": match.revision, "action": "save", "by": "a", "defender_deadwood": 10}
    results = run_together(
        lambda: phones[0].post(reverse("matches:hand_new", args=[match.pk]), {**post, "end": "gin"}, follow=True),
        lambda: phones[1].post(reverse("matches:hand_new", args=[match.pk]), {**post, "end": "big_gin"}, follow=True),
    )
    pages = [r.content.decode() for r in results]
    told = [p for p in pages if "Hand 2 was just recorded on another device" in p]
    saved = [p for p in pages if "Hand 2 saved" in p]
    assert len(told) == 1 and len(saved) == 1
    hands = list(Hand.objects.filter(match=match).order_by("number"))
    assert [h.number for h in hands] == [1, 2]
    # The phone that was told sees hand 2 as the other phone saved it beside its own, and the way on.
    shown, typed = ("Ann went gin (Ben 10)", "Ann went big gin (Ben 10)")[::1 if hands[1].end == "gin" else -1]
    assert shown in told[0] and typed in told[0]
    assert "save it as hand 3" in told[0]
    # what differs is highlighted; keeping the other phone's hand is the default, replacing it a step more
    assert '<tr data-field="end"><th scope="row">How it ended</th>' in told[0]
    assert 'class="btn btn-primary" id="keep-recorded"' in told[0]
    assert 'value="check" id="replace-recorded">Replace the recorded hand with mine' in told[0]
