"""One history every phone agrees with: what the server answers a phone whose count of the
hands is out of date (an undo elsewhere, a hand saved first elsewhere, the same hand twice, a
resend of an undone hand), and that no number, table or entry key it sends can make a 500."""
import re
import uuid
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from ginscore.engine import MatchLength
from ginscore.matches import services
from ginscore.matches.models import Hand, HandChange, Match
from ginscore.matches.records import HandEntry

pytestmark = pytest.mark.django_db

KNOCK = {"end": "knock", "by": "a", "knocker_deadwood": "5", "defender_deadwood": "30"}
GIN = {"end": "gin", "by": "b", "knocker_deadwood": "", "defender_deadwood": "12"}


def _send(client, match, number, key=None, revision=None, **fields):
    match.refresh_from_db()
    data = {**KNOCK, "number": str(number), "revision": str(match.revision if revision is None else revision),
            "entry_key": str(key or uuid.uuid4()), **fields}
    return client.post(reverse("matches:hand_send", args=[match.pk]), data)


def _hands(match):
    return list(Hand.objects.filter(match=match).order_by("number", "table").values_list("number", "end", "by"))


@pytest.fixture
def scorer(client, member):
    client.force_login(member)
    return client


@pytest.fixture
def four(client, ann, ben):
    """North (Ann & Cat) v South (Ben & Dan); the client holds the table link."""
    from ginscore.engine import rules_from
    from ginscore.players.models import Player

    match = services.match_create(player_a=ann, player_b=ben, player_c=Player.objects.create(name="Cat"),
                                  player_d=Player.objects.create(name="Dan"), team_a_name="North",
                                  team_b_name="South", rules=rules_from({"preset": "partnership"}))
    client.get(reverse("matches:table", args=[match.table_token]))
    return match


def _common(json, match):
    """Every answer carries the pad as the server holds it now."""
    match.refresh_from_db()
    assert json["revision"] == match.revision and json["complete"] is match.complete
    assert json["message"]


# No number, table or entry key makes a 500


@pytest.mark.parametrize("number", ["999999", "2001", "0", "-1", "-5", "abc", "", "1e5", "9" * 40])
def test_send_refuses_a_number_no_page_can_show_naming_the_field(scorer, make_match, number):
    match = make_match([{"end": "dead"}])
    r = _send(scorer, match, number)
    assert r.status_code == 400, r.content
    json = r.json()
    assert json["ok"] is False and json["field"] == "number" and json["message"].startswith("number: ")
    assert json["next_number"] == 2
    _common(json, match)
    assert _hands(match) == [(1, "dead", "")]


@pytest.mark.parametrize("revision", ["", "x", "-" * 3])
def test_send_refuses_a_revision_that_is_not_one(scorer, make_match, revision):
    match = make_match()
    r = _send(scorer, match, 1, revision=revision)
    assert r.status_code == 400 and r.json()["field"] == "revision"
    assert r.json()["message"].startswith("revision: ")


@pytest.mark.parametrize("key", ["", "not-a-key", "x" * 5000, "\x00"])
def test_send_refuses_an_entry_key_that_is_not_one(scorer, make_match, key):
    match = make_match()
    r = scorer.post(reverse("matches:hand_send", args=[match.pk]),
                    {**KNOCK, "number": "1", "revision": str(match.revision), "entry_key": key})
    assert r.status_code == 400 and r.json()["field"] == "entry_key"
    assert r.json()["message"].startswith("entry_key: ") and r.json()["next_number"] == 1
    assert len(r.json()["message"]) < 200 and not _hands(match)


@pytest.mark.parametrize("number", ["-1", "0", "999999"])
def test_the_entry_page_refuses_a_number_no_page_can_show(scorer, make_match, number):
    match = make_match([{"end": "dead"}])
    r = scorer.post(reverse("matches:hand_new", args=[match.pk]),
                    {**KNOCK, "number": number, "revision": match.revision, "action": "save"})
    assert r.status_code == 400
    page = r.content.decode()
    assert f"number: hand {number} cannot be" in page
    assert 'name="number" value="2"' in page   # the form is drawn again for the pad's next hand, as typed
    assert _hands(match) == [(1, "dead", "")]


@pytest.mark.parametrize("number", ["-1", "0", "999999"])
def test_the_preview_refuses_a_number_no_page_can_show(scorer, make_match, number):
    match = make_match()
    r = scorer.post(reverse("matches:hand_preview", args=[match.pk]), {**KNOCK, "number": number, "revision": "0"})
    assert r.status_code == 400 and r.json()["field"] == "number" and "number: " in r.json()["message"]


@pytest.mark.parametrize("number", ["0", "-1", "999999"])
def test_a_partnership_table_page_refuses_a_number_no_page_can_show(client, four, number):
    r = client.post(reverse("matches:table_hand_new", args=[four.pk, 1]),
                    {**KNOCK, "number": number, "revision": four.revision, "table": "1", "action": "save"})
    assert r.status_code == 400 and "number: " in r.content.decode()
    assert not Hand.objects.filter(match=four).exists()


@pytest.mark.parametrize("table", ["3", "0", "-1", "x", "2 "])
def test_a_partnership_hand_for_a_table_that_is_not_there_is_refused(client, four, table):
    r = _send(client, four, 1, table=table, knocker_deadwood="3", defender_deadwood="25")
    assert r.status_code == 400 and r.json()["field"] == "table"
    assert r.json()["message"].startswith("table: a partnership deal is played at table 1 or table 2")
    assert not Hand.objects.filter(match=four).exists()   # never saved as table 1's
    preview = client.post(reverse("matches:hand_preview", args=[four.pk]), {**KNOCK, "number": "1", "table": table})
    assert preview.status_code == 400 and preview.json()["field"] == "table"


def test_undo_for_a_table_that_is_not_there_undoes_nothing(client, four):
    assert _send(client, four, 1, table="1", knocker_deadwood="3", defender_deadwood="25").status_code == 200
    four.refresh_from_db()
    r = client.post(reverse("matches:hand_undo", args=[four.pk]), {"revision": four.revision, "table": "3"},
                    follow=True)
    assert "table: a partnership deal is played at table 1 or table 2" in r.content.decode()
    assert Hand.objects.filter(match=four).count() == 1


def test_a_two_player_hand_for_table_two_is_refused(scorer, make_match):
    match = make_match()
    r = _send(scorer, match, 1, table="2")
    assert r.status_code == 400 and r.json()["message"].startswith("table: this match is played at one table")
    assert not _hands(match)


# The next hand number follows the server down as well as up


def test_after_an_undo_elsewhere_the_stale_hand_is_told_the_next_number_down(scorer, make_match):
    """The issue's case: A saves hands 1 and 2, undoes 2; B, still on "hand 3", sends the real hand 2."""
    match = make_match()
    assert _send(scorer, match, 1).status_code == 200
    assert _send(scorer, match, 2, **GIN).json()["next_number"] == 3
    match.refresh_from_db()
    services.hand_undo(match_id=match.pk, expected_revision=match.revision)
    key = uuid.uuid4()
    r = _send(scorer, match, 3, key=key, **GIN)
    assert r.status_code == 409
    json = r.json()
    assert json["next_number"] == 2 and json["conflict"]["next_number"] == 2   # down, not up
    c = json["conflict"]
    assert c["reason"] == "moved" and c["recorded"] is None and c["differences"] == []
    assert "the pad holds 1 hand now" in c["why"] and "the next hand is hand 2, not hand 3" in c["why"]
    assert c["add"]["text"].startswith("Ben scores")
    _common(json, match)
    # the phone follows it: the same entry, as hand 2
    again = _send(scorer, match, 2, key=key, **GIN)
    assert again.status_code == 200 and again.json()["number"] == 2 and again.json()["next_number"] == 3
    assert _hands(match) == [(1, "knock", "a"), (2, "gin", "b")]


def test_every_saved_answer_gives_the_next_number_even_when_lower(scorer, make_match):
    match = make_match()
    k1 = uuid.uuid4()
    assert _send(scorer, match, 1, key=k1).status_code == 200
    assert _send(scorer, match, 2, **GIN).status_code == 200
    match.refresh_from_db()
    services.hand_undo(match_id=match.pk, expected_revision=match.revision)
    resent = _send(scorer, match, 1, key=k1)   # hand 1's lost answer, sent again
    assert resent.status_code == 200 and resent.json()["again"] is True and resent.json()["next_number"] == 2


def test_the_entry_page_of_a_stale_number_past_the_pad_offers_the_next_hand(scorer, make_match):
    match = make_match([{"end": "dead"}])
    r = scorer.post(reverse("matches:hand_new", args=[match.pk]),
                    {**KNOCK, "number": 3, "revision": match.revision, "action": "save"})
    assert r.status_code == 409
    page = r.content.decode()
    assert "Hand 3: the pad went back" in page and "the next hand is hand 2, not hand 3" in page
    assert "Save it as hand 2" in page and "Don't save it" in page
    assert "Recorded" not in page and not Hand.objects.filter(match=match, number=2).exists()


# The same hand twice


def test_the_same_hand_from_two_phones_is_recorded_once(scorer, make_match):
    match = make_match()
    first = _send(scorer, match, 1, revision=match.revision)
    assert first.status_code == 200 and first.json()["same"] is False
    second = _send(scorer, match, 1, revision=match.revision - 0)  # another phone: its own key, same hand
    assert second.status_code == 200, second.content
    json = second.json()
    assert (json["ok"], json["again"], json["same"], json["number"], json["next_number"]) == (True, True, True, 1, 2)
    assert json["message"] == "Hand 1 was already recorded on another phone, exactly as typed here: nothing was added."
    assert _hands(match) == [(1, "knock", "a")]
    assert HandChange.objects.filter(match=match, action="added").count() == 1
    match.refresh_from_db()
    assert match.score_a == 0 and match.game_a == 25   # counted once: 25, not 50


def test_the_same_hand_on_the_entry_page_says_so_and_offers_nothing(scorer, make_match):
    match = make_match()
    post = {**KNOCK, "number": 1, "revision": match.revision, "action": "save"}
    assert scorer.post(reverse("matches:hand_new", args=[match.pk]), post).status_code == 302
    r = scorer.post(reverse("matches:hand_new", args=[match.pk]), post, follow=True)
    page = r.content.decode()
    assert "Hand 1 was already recorded on another phone, exactly as typed here: nothing was added." in page
    assert "save it as hand 2" not in page and "two phones saved it" not in page
    assert _hands(match) == [(1, "knock", "a")]


def test_the_same_hand_at_a_partnership_table_is_recorded_once(client, four):
    hand = {"table": "1", "knocker_deadwood": "3", "defender_deadwood": "25"}
    assert _send(client, four, 1, **hand).status_code == 200
    r = _send(client, four, 1, **hand)
    assert r.status_code == 200 and r.json()["same"] is True
    assert r.json()["message"].startswith("Table 1's hand of deal 1 was already recorded")
    assert Hand.objects.filter(match=four).count() == 1


def test_two_different_hands_show_what_differs_and_keep_is_the_default(scorer, make_match):
    match = make_match()
    assert _send(scorer, match, 1).status_code == 200
    r = _send(scorer, match, 1, knocker_deadwood="7")
    assert r.status_code == 409
    c = r.json()["conflict"]
    assert (c["reason"], c["same"], c["default"]) == ("taken", False, "keep")
    assert c["differences"] == [{"field": "deadwood:Ann", "label": "Ann's deadwood", "recorded": "5", "typed": "7"}]
    assert c["recorded"]["text"].startswith("Ann knocked 5 v 30") and c["typed"].startswith("Ann knocked 7 v 30")
    assert r.json()["message"] == c["why"] and r.json()["next_number"] == 2
    r = _send(scorer, match, 1, **GIN)
    labels = [d["label"] for d in r.json()["conflict"]["differences"]]
    assert labels == ["How it ended", "Who ended it", "Ann's deadwood", "Ben's deadwood"]
    assert _hands(match) == [(1, "knock", "a")]


def test_the_conflict_page_highlights_the_difference_and_replacing_asks_first(scorer, make_match):
    match = make_match()
    assert _send(scorer, match, 1).status_code == 200
    r = scorer.post(reverse("matches:hand_new", args=[match.pk]),
                    {**GIN, "number": 1, "revision": 0, "action": "save"})
    assert r.status_code == 409
    page = r.content.decode()
    assert "<caption>What differs</caption>" in page
    assert ('<tr data-field="end"><th scope="row">How it ended</th><td><mark>knock</mark></td>'
            '<td><mark>gin</mark></td></tr>') in page
    assert 'class="btn btn-primary" id="keep-recorded"' in page
    assert page.count("btn-primary") == 1
    # "Replace" opens the correction with the typed hand: nothing changes until Save is tapped there
    match.refresh_from_db()
    check = scorer.post(reverse("matches:hand_edit", args=[match.pk, 1]),
                        {**GIN, "number": 1, "revision": match.revision, "action": "check"})
    assert check.status_code == 200 and "Ben scores" in check.content.decode()
    assert _hands(match) == [(1, "knock", "a")]


def test_saving_a_second_hand_for_one_number_takes_a_second_step_with_both_hands(scorer, make_match):
    """"It was another hand" counts both hands: the page opens it as a second step that says both
    hands' points and the game with both counted, and only its own button saves."""
    match = make_match()
    assert _send(scorer, match, 1).status_code == 200   # Ann knocked 5 v 30: Ann +25
    r = scorer.post(reverse("matches:hand_new", args=[match.pk]),
                    {**GIN, "number": 1, "revision": 0, "action": "save"})
    page = " ".join(r.content.decode().split())
    assert r.status_code == 409
    assert '<summary class="btn">It was another hand: save it as hand 2…</summary>' in page
    assert ("Both hands then count: hand 1 as recorded (Ann +25), and this one as hand 2: Ben scores 37 and 1 box "
            "(gin).") in page
    assert "<strong>Game 1: Ann 25, Ben 37.</strong>" in page
    # No button outside the second step saves it as hand 2.
    start = page.index('<details class="conflict-both"')
    outside = page[:start] + page[page.index("</details>", start):]
    assert 'value="save"' not in outside
    assert 'id="save-both-yes">Yes, both were played: save it as hand 2</button>' in page
    assert _hands(match) == [(1, "knock", "a")]


def test_a_correction_of_a_hand_undone_elsewhere_is_kept_and_offered_as_the_hand_again(scorer, make_match):
    """Phone A opens hand 2's correction; phone B undoes hand 2; A saves: not "There is no hand 2"
    with the typing lost, but the corrected hand, offered as hand 2 again."""
    match = make_match([{"end": "dead"}, {"end": "dead"}])
    edit = reverse("matches:hand_edit", args=[match.pk, 2])
    assert scorer.get(edit).status_code == 200
    seen = match.revision
    services.hand_undo(match_id=match.pk, expected_revision=seen)   # phone B
    r = scorer.post(edit, {**GIN, "number": 2, "revision": seen, "action": "save"})
    page = " ".join(r.content.decode().split())
    assert r.status_code == 409 and "There is no hand" not in page
    assert ("Hand 2 was undone or deleted on another device while this correction was typed: it is no longer on "
            "the pad. The corrected hand is kept here: save it as hand 2, or leave it.") in page
    assert "Ben went gin (Ann 12)" in page and "As hand 2: Ben scores 37" in page
    assert _hands(match) == [(1, "dead", "")]
    form = re.search(r'<form method="post" action="([^"]+)">(.*?)</form>', page[page.index("conflict-actions"):])
    fields = dict(re.findall(r'name="(\w+)" value="([^"]*)"', form.group(2)))
    assert form.group(1) == reverse("matches:hand_new", args=[match.pk]) and fields["number"] == "2"
    assert "Save it as hand 2</button>" in form.group(2)
    r = scorer.post(form.group(1), {**fields, "action": "save"})
    assert r.status_code == 302
    assert _hands(match) == [(1, "dead", ""), (2, "gin", "b")]


def test_the_phone_whose_save_won_is_told_and_a_third_phone_sees_the_others(scorer, make_match, member):
    """A's hand 1 is recorded; B's different hand 1 is refused as a conflict: kept in the history
    (once, whatever B resends), the pad tells every phone (its live version moves); C, typing the
    same as B, hears that one other phone typed the same against the recorded hand."""
    from django.test import Client

    from ginscore.matches.selectors import match_live_version

    match = make_match()
    assert _send(scorer, match, 1).status_code == 200                     # A: Ann knocked 5 v 30
    b, c = Client(), Client()
    for phone in (b, c):
        phone.force_login(member)
    version = match_live_version(match.pk)
    r = _send(b, match, 1, **GIN)
    assert r.status_code == 409 and r.json()["conflict"]["others"] == []
    assert match_live_version(match.pk) != version                       # A's next poll redraws
    _send(b, match, 1, **GIN)                                             # (B tries again: the same)
    assert HandChange.objects.filter(match=match, action="clashed").count() == 1
    page = " ".join(scorer.get(reverse("matches:detail", args=[match.pk])).content.decode().split())
    assert "<strong>Hand 1 was typed differently on another phone:</strong>" in page
    assert "<li>on the pad: Ann knocked 5 v 30</li>" in page
    assert "<li>typed on 1 other phone: Ben went gin (Ann 12)</li>" in page
    r = _send(c, match, 1, **GIN)
    assert r.json()["conflict"]["others"] == [{"text": "Ben went gin (Ann 12)", "phones": 1, "mine": True}]
    page = " ".join(scorer.get(reverse("matches:detail", args=[match.pk])).content.decode().split())
    assert "<li>typed on 2 other phones: Ben went gin (Ann 12)</li>" in page
    assert "hand 1 <strong>typed differently</strong> by" in page
    assert _hands(match) == [(1, "knock", "a")]
    # Saved as hand 2 after all: the pad says so, then nothing is left to settle.
    assert _send(b, match, 2, **GIN).status_code == 200
    page = " ".join(scorer.get(reverse("matches:detail", args=[match.pk])).content.decode().split())
    assert 'id="clashes"' not in page


def test_a_correction_already_made_by_another_phone_is_the_same_hand(scorer, make_match):
    """Both phones resolve the same conflict by correcting hand 1 to the same hand."""
    match = make_match([{"end": "dead"}])
    stale = match.revision
    services.hand_edit(match_id=match.pk, number=1, entry=HandEntry("knock", "a", 5, 30), expected_revision=stale)
    r = _send(scorer, match, 1, revision=stale, replace="1")
    assert r.status_code == 200 and r.json()["same"] is True
    assert _hands(match) == [(1, "knock", "a")]


# A resend never brings an undone hand back


def test_a_resend_of_an_undone_hands_key_leaves_it_undone(scorer, make_match):
    match = make_match([{"end": "dead"}])
    key = uuid.uuid4()
    assert _send(scorer, match, 2, key=key).status_code == 200
    match.refresh_from_db()
    services.hand_undo(match_id=match.pk, expected_revision=match.revision)   # another phone
    r = _send(scorer, match, 2, key=key)   # the answer to the first send was lost: sent again
    assert r.status_code == 409
    json = r.json()
    assert (json["undone"], json["action"], json["number"], json["next_number"]) == (True, "undone", 2, 2)
    assert json["message"] == ("Hand 2, sent from this phone, was undone on another device; it stays undone "
                               "unless it is put back with Redo on the pad. Nothing was saved.")
    assert _hands(match) == [(1, "dead", "")]
    # Redo puts it back with its key: the resend is then that hand again, not a second one
    match.refresh_from_db()
    services.hand_redo(match_id=match.pk, expected_revision=match.revision)
    again = _send(scorer, match, 2, key=key)
    assert again.status_code == 200 and again.json()["again"] is True
    assert _hands(match) == [(1, "dead", ""), (2, "knock", "a")]


def test_a_resend_of_a_deleted_hands_key_leaves_it_deleted(scorer, make_match):
    match = make_match()
    key = uuid.uuid4()
    assert _send(scorer, match, 1, key=key).status_code == 200
    assert _send(scorer, match, 2, **GIN).status_code == 200
    match.refresh_from_db()
    services.hand_delete(match_id=match.pk, number=1, expected_revision=match.revision)
    r = _send(scorer, match, 1, key=key)
    assert r.status_code == 409 and r.json()["action"] == "deleted"
    assert "was deleted on another device; it stays deleted" in r.json()["message"]
    assert _hands(match) == [(1, "gin", "b")]


def test_a_resend_of_an_undone_key_on_the_entry_form_path_is_refused_too(make_match):
    match = make_match()
    key = uuid.uuid4()
    services.hand_add(match_id=match.pk, entry=HandEntry("knock", "a", 5, 30), expected_number=1, entry_key=key)
    match.refresh_from_db()
    services.hand_undo(match_id=match.pk, expected_revision=match.revision)
    with pytest.raises(services.EntryUndone):
        services.hand_add(match_id=match.pk, entry=HandEntry("knock", "a", 5, 30), expected_number=1, entry_key=key)
    match.refresh_from_db()
    with pytest.raises(services.EntryUndone):
        services.hand_edit(match_id=match.pk, number=1, entry=HandEntry("knock", "a", 5, 30),
                           expected_revision=match.revision, entry_key=key)
    assert not _hands(match)


# The table link on a finished match


def _finished(make_match, minutes_ago):
    gin = {"end": "gin", "by": "Ann", "deadwood": {"Ben": 20}}
    match = make_match([gin, gin, gin], length=MatchLength("best_of", 1))
    assert Match.objects.get(pk=match.pk).complete
    Match.objects.filter(pk=match.pk).update(finished_at=timezone.now() - timedelta(minutes=minutes_ago))
    return match


def test_a_finished_match_opened_by_its_table_link_shows_no_fix_once_the_window_passed(client, make_match):
    match = _finished(make_match, 60)
    client.get(reverse("matches:table", args=[match.table_token]))
    page = client.get(reverse("matches:detail", args=[match.pk])).content.decode()
    assert 'aria-label="Fix hand 1"' not in page and "Undo hand" not in page
    assert "Ann went gin" in page   # the hands are all there, to read
    # and the server still refuses a correction sent anyway
    r = client.post(reverse("matches:hand_edit", args=[match.pk, 1]), {**KNOCK, "number": 1, "revision": 0},
                    follow=True)
    assert "its table link could correct it for" in r.content.decode()
    assert Hand.objects.get(match=match, number=1).end == "gin"


def test_a_finished_match_still_shows_fix_within_the_window_and_to_a_member(client, member, make_match):
    match = _finished(make_match, 1)
    client.get(reverse("matches:table", args=[match.table_token]))
    assert 'aria-label="Fix hand 1"' in client.get(reverse("matches:detail", args=[match.pk])).content.decode()
    late = _finished(make_match, 60)
    client.force_login(member)
    assert 'aria-label="Fix hand 1"' in client.get(reverse("matches:detail", args=[late.pk])).content.decode()


# What was said about the pad goes when the pad moves on


def test_the_saved_message_is_in_a_live_region_that_a_later_drawing_leaves_empty(scorer, make_match):
    match = make_match()
    saved = scorer.post(reverse("matches:hand_new", args=[match.pk]),
                        {**KNOCK, "number": 1, "revision": match.revision, "action": "save"}, follow=True)
    page = saved.content.decode()
    region = page[page.index('<div data-live="said">'):]
    assert region.index("Hand 1 saved") < region.index("</div>")
    # another phone saves hand 2: the pad this phone polls for has no message about hand 1 any more
    services.hand_add(match_id=match.pk, entry=HandEntry("gin", "b", None, 12), expected_number=2)
    poll = scorer.get(reverse("matches:detail", args=[match.pk]), HTTP_X_LIVE="1").content.decode()
    assert '<div data-live="said"></div>' in poll and "Hand 1 saved" not in poll


@pytest.mark.parametrize("number", ["-1", "0", "999999"])
def test_the_card_entry_page_refuses_a_number_no_page_can_show(scorer, make_match, number):
    match = make_match([{"end": "dead"}])
    r = scorer.post(reverse("matches:hand_cards", args=[match.pk]),
                    {"by": "a", "knocker_cards": "7H 7D 7C JS QS KS 4S 2C AD 3H",
                     "defender_cards": "10S 2H 2D KD KH KC 8C 6H 5D AC", "number": number,
                     "revision": match.revision, "action": "save"})
    assert r.status_code == 400 and f"number: hand {number} cannot be" in r.content.decode()
    assert _hands(match) == [(1, "dead", "")]


def test_a_stale_three_handed_page_is_checked_against_its_own_two_players(scorer, member, ann, ben):
    """Cat deals hand 1 (Ann v Ben); another phone saves it; this phone's page still shows hand 1
    and Ben's gin, which the next hand (Ann v Cat) could not have: the conflict, not "Tap Ann or Cat"."""
    from ginscore.engine import rules_from
    from ginscore.players.models import Player

    match = services.match_create(player_a=ann, player_b=ben, player_c=Player.objects.create(name="Cat"),
                                  rules=rules_from({"preset": "standard"}), first_dealer="c", created_by=member)
    stale = match.revision
    services.hand_add(match_id=match.pk, entry=HandEntry("knock", "a", 5, 30), expected_number=1)
    ben_gin = {"end": "gin", "by": "b", "defender_deadwood": "20", "number": 1, "revision": stale}
    r = scorer.post(reverse("matches:hand_new", args=[match.pk]), {**ben_gin, "action": "save"})
    assert r.status_code == 409, r.content.decode()[:2000]
    page = r.content.decode()
    assert "Ann knocked 5 v 30" in page and "Ben went gin (Ann 20)" in page
    labels = [d.label for d in r.context["differences"]]
    assert labels[:2] == ["How it ended", "Who ended it"]
    sent = scorer.post(reverse("matches:hand_send", args=[match.pk]), {**ben_gin, "entry_key": str(uuid.uuid4())})
    assert sent.status_code == 409 and sent.json()["conflict"]["reason"] == "taken"
    assert Hand.objects.filter(match=match).count() == 1


def test_a_partnership_tables_two_different_hands_show_the_conflict_page(client, four):
    hand = {"table": "1", "knocker_deadwood": "3", "defender_deadwood": "25"}
    assert _send(client, four, 1, **hand).status_code == 200
    four.refresh_from_db()
    r = client.post(reverse("matches:table_hand_new", args=[four.pk, 1]),
                    {**KNOCK, **hand, "knocker_deadwood": "4", "number": 1, "revision": 0, "action": "save"})
    assert r.status_code == 409
    page = r.content.decode()
    assert "Table 1, deal 1: two phones saved it" in page and 'id="keep-recorded"' in page
    assert f'action="/matches/{four.pk}/tables/1/hands/1/edit/"' in page
    assert [(d.label, d.recorded, d.typed) for d in r.context["differences"]] == [("Ann's deadwood", "3", "4")]
    assert Hand.objects.filter(match=four).count() == 1
