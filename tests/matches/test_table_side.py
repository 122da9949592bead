"""The table-side pages beyond the basics: the creator of a guests' match, a renewed table link
keeping the typed hand, the loser of a simultaneous save, undo with confirmation and redo, the
correction page, and messages a player understands."""
import pytest
from django.urls import reverse

from ginscore.matches import services
from ginscore.matches.models import Hand, HandChange
from ginscore.players.models import Player

pytestmark = pytest.mark.django_db

from tests.matches.test_views import fresh, hand_post, match, url  # noqa: F401 (match is a fixture)


def test_the_creator_of_a_guests_match_scores_it_and_sees_its_table_link(client, other_member, make_match):
    cy, di = Player.objects.create(name="Cy"), Player.objects.create(name="Di")
    client.force_login(other_member)
    form = client.get(reverse("matches:new")).content.decode()
    assert "You may score this match and see its table link even if you do not" in form
    r = client.post(reverse("matches:new"), {"player_a": "Cy", "player_b": "Di", "preset": "standard",
                                             "length": "target", "first_dealer": "a"})
    match = cy.matches_as_a.get()
    assert r.status_code == 302 and match.player_b == di and match.created_by == other_member
    html = client.get(url("detail", match)).content.decode()
    assert 'class="form hand-form"' in html and match.table_token in html
    r = client.post(url("hand_new", match), hand_post(match, end="gin", by="a", defender_deadwood=10))
    assert r.status_code == 302 and fresh(match).hand_count == 1


def test_someone_elses_match_stays_read_only_for_a_member(client, other_member, match):
    client.force_login(other_member)
    html = client.get(url("detail", match)).content.decode()
    assert 'class="form hand-form"' not in html and match.table_token not in html


def test_a_renewed_table_link_keeps_the_typed_hand_and_says_how_to_get_the_new_one(client, match):
    client.get(reverse("matches:table", args=[match.table_token]))
    services.table_link_renew(match=match)  # on the director's phone, while this one types
    typed = hand_post(match, end="knock", by="b", knocker_deadwood=3, defender_deadwood=30,
                      upcard_rank="7", upcard_suit="H")
    r = client.post(url("hand_preview", match), typed)
    assert r.status_code == 403 and r.json()["renewed"] is True
    assert "table link of this match was renewed" in r.json()["message"]
    r = client.post(url("hand_new", match), typed)  # Save: no log-in page, nothing lost
    html = r.content.decode()
    assert r.status_code == 403 and "/accounts/login/" not in r.get("Location", "")
    assert "The table link was renewed" in html and "scan the new QR code" in html
    assert "Kept: <strong>Ben knocked 3 v 30, upcard 7H</strong>" in html
    assert fresh(match).hand_count == 2
    # The new link opens the pad with the hand filled in again; saving it records it.
    r = client.get(reverse("matches:table", args=[fresh(match).table_token]), follow=True)
    html = r.content.decode()
    assert "The hand you were typing is filled in again" in html
    form = r.context["form"]
    assert form["knocker_deadwood"].value() == "3" and form["upcard"].value() == "7H"
    r = client.post(url("hand_new", match), typed)
    assert r.status_code == 302 and Hand.objects.get(match=match, number=3).upcard == "7H"
    assert "filled in again" not in client.get(url("detail", match)).content.decode()  # shown once


def test_the_loser_of_a_simultaneous_save_sees_both_hands_and_corrects_in_one_tap(client, member, match):
    client.force_login(member)
    mine = hand_post(match, end="knock", by="b", knocker_deadwood=3, defender_deadwood=30)
    services.hand_add(match_id=match.pk, entry=services.HandEntry("gin", "a", None, 20), expected_number=3)
    r = client.post(url("hand_new", match), mine)
    html = r.content.decode()
    assert r.status_code == 409
    assert "Hand 3 was just recorded on another device" in html
    assert "Ann went gin (Ben 20)" in html and "Ben knocked 3 v 30" in html  # side by side
    assert "Ann +45" in html and "Ben scores 27 and 1 box." in html
    assert fresh(match).hand_count == 3 and Hand.objects.get(match=match, number=3).end == "gin"
    # One tap: the form on the page posts the typed hand as a correction of hand 3.
    post = {"end": "knock", "by": "b", "knocker_deadwood": "3", "defender_deadwood": "30", "number": "3",
            "revision": str(fresh(match).revision), "action": "save"}
    assert f'name="revision" value="{fresh(match).revision}"' in html
    assert 'action="' + url("hand_edit", match, 3) + '"' in html
    r = client.post(url("hand_edit", match, 3), post)
    assert r.status_code == 302
    hand = Hand.objects.get(match=match, number=3)
    assert (hand.end, hand.by, hand.knocker_deadwood, hand.defender_deadwood) == ("knock", "b", 3, 30)
    assert fresh(match).hand_count == 3


def test_undo_asks_first_and_redo_puts_the_hand_back(client, member, match):
    client.force_login(member)
    html = client.get(url("detail", match)).content.decode()
    assert "Undo hand 2…" in html and "Yes, undo hand 2" in html and "Take back hand 2 (Ben went gin (Ann 41))" in html
    r = client.post(url("hand_undo", match), {"revision": fresh(match).revision}, follow=True)
    html = r.content.decode()
    assert fresh(match).hand_count == 1
    assert "Hand 2 undone." in html and "Redo hand 2 (Ben went gin (Ann 41))" in html
    r = client.post(url("hand_redo", match), {"revision": fresh(match).revision}, follow=True)
    assert "Hand 2 put back." in r.content.decode()
    hand = Hand.objects.get(match=match, number=2)
    assert (hand.end, hand.by, hand.defender_deadwood) == ("gin", "b", 41)
    assert HandChange.objects.filter(match=match).first().action == "added"
    assert "Redo hand" not in client.get(url("detail", match)).content.decode()
    r = client.post(url("hand_redo", match), {"revision": fresh(match).revision}, follow=True)
    assert "There is no undone hand to put back" in r.content.decode() and fresh(match).hand_count == 2


def test_a_new_table_link_asks_first(client, member, match):
    client.force_login(member)
    html = client.get(url("detail", match)).content.decode()
    assert "Make a new link…" in html and "Yes, make a new link" in html


def test_the_correction_page_heads_with_the_hand_and_previews_at_once(client, member, match):
    client.force_login(member)
    r = client.get(url("hand_edit", match, 1))
    html = r.content.decode()
    assert "Correcting <strong>hand 1</strong> (Ann dealt): Ann knocked 8 v 32 · Ann +24" in html
    assert '<p class="preview-text">Ann scores 24 and 1 box.</p>' in html
    assert "Hand 3 ·" not in html  # not the next hand


@pytest.mark.parametrize("data,field,message", [
    ({"end": "knock", "by": "a", "knocker_deadwood": 12, "defender_deadwood": 30}, "knocker_deadwood",
     "The knocker's deadwood is at most 10 under these rules, not 12."),
    ({"end": "gin", "by": "b", "defender_deadwood": -1}, "defender_deadwood", "Deadwood is from 0 to 98."),
    ({"end": "gin", "by": "b", "defender_deadwood": 99}, "defender_deadwood", "Deadwood is from 0 to 98."),
    ({"end": "gin", "by": "z", "defender_deadwood": 10}, "by", "Tap one of the two players."),
    ({"end": "dead", "upcard_rank": "7"}, "upcard", "Tap the upcard's suit too."),
])
def test_messages_a_player_understands_one_per_mistake(client, member, match, data, field, message):
    client.force_login(member)
    r = client.post(url("hand_new", match), hand_post(match, **data))
    errors = r.context["form"].errors
    assert errors[field] == [message]
    assert sum(len(v) for v in errors.values()) == 1  # a tampered "by" gives one error, not two
    assert fresh(match).hand_count == 2
