"""Hands sent from a phone's outbox: each entry carries a key the phone made, so a hand sent
again (the answer was lost in a network drop) is the hand already saved, never a second one."""
import threading
import uuid

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from ginscore.matches import services
from ginscore.matches.models import Hand, HandChange
from ginscore.matches.records import HandEntry

pytestmark = pytest.mark.django_db


def _post(client, match, key, number, revision=None, **fields):
    data = {"end": "knock", "by": "a", "knocker_deadwood": "5", "defender_deadwood": "30",
            "number": str(number), "revision": str(match.revision if revision is None else revision),
            "entry_key": str(key), **fields}
    return client.post(reverse("matches:hand_send", args=[match.pk]), data)


def _hands(match):
    return list(Hand.objects.filter(match=match).order_by("number").values_list(
        "number", "end", "by", "knocker_deadwood", "defender_deadwood"))


# The service


def test_the_same_key_twice_saves_one_hand(make_match):
    match = make_match([{"end": "dead"}])
    key = uuid.uuid4()
    entry = HandEntry("knock", "a", 5, 30)
    first = services.hand_add(match_id=match.pk, entry=entry, expected_number=2, entry_key=key)
    again = services.hand_add(match_id=match.pk, entry=entry, expected_number=2, entry_key=key)
    assert (first.resent, again.resent) == (False, True)
    assert again.pk == first.pk and again.number == 2
    assert _hands(match) == [(1, "dead", "", None, None), (2, "knock", "a", 5, 30)]
    assert HandChange.objects.filter(match=match, action="added").count() == 1
    match.refresh_from_db()
    assert (match.hand_count, match.game_a) == (2, 25)


def test_a_resend_after_later_hands_is_still_the_first_hand(make_match):
    """The answer to hand 2 was lost; hand 3 went on meanwhile; hand 2 comes again with its old number."""
    match = make_match()
    k1, k2 = uuid.uuid4(), uuid.uuid4()
    services.hand_add(match_id=match.pk, entry=HandEntry("knock", "a", 5, 30), expected_number=1, entry_key=k1)
    services.hand_add(match_id=match.pk, entry=HandEntry("gin", "b", None, 12), expected_number=2, entry_key=k2)
    again = services.hand_add(match_id=match.pk, entry=HandEntry("knock", "a", 5, 30), expected_number=1,
                              entry_key=k1)
    assert again.resent and again.number == 1
    assert len(_hands(match)) == 2


def test_a_key_reused_with_other_content_is_refused(make_match):
    match = make_match()
    key = uuid.uuid4()
    services.hand_add(match_id=match.pk, entry=HandEntry("knock", "a", 5, 30), expected_number=1, entry_key=key)
    with pytest.raises(services.EntryKeyReused, match="saved before as hand 1"):
        services.hand_add(match_id=match.pk, entry=HandEntry("knock", "a", 5, 31), expected_number=2,
                          entry_key=key)
    assert _hands(match) == [(1, "knock", "a", 5, 30)]


def test_the_same_key_in_two_matches_is_two_hands(make_match, ann, ben):
    from ginscore.players.models import Player

    one = make_match()
    two = make_match(player_a=Player.objects.create(name="Cat"), player_b=ben)
    key = uuid.uuid4()
    for match in (one, two):
        services.hand_add(match_id=match.pk, entry=HandEntry("dead"), expected_number=1, entry_key=key)
    assert Hand.objects.filter(entry_key=key).count() == 2


def test_a_hand_without_key_is_saved_as_before(make_match):
    match = make_match()
    hand = services.hand_add(match_id=match.pk, entry=HandEntry("dead"), expected_number=1)
    services.hand_add(match_id=match.pk, entry=HandEntry("dead"), expected_number=2)
    assert hand.entry_key is None and not hand.resent
    assert len(_hands(match)) == 2


def test_correcting_with_a_key_takes_the_recorded_hands_place_once(make_match):
    match = make_match([{"end": "gin", "by": "Ben", "deadwood": {"Ann": 10}}])
    key = uuid.uuid4()
    entry = HandEntry("knock", "a", 5, 30)
    hand = services.hand_edit(match_id=match.pk, number=1, entry=entry, expected_revision=match.revision,
                              entry_key=key)
    again = services.hand_add(match_id=match.pk, entry=entry, expected_number=1, entry_key=key)
    assert (hand.resent, again.resent, again.pk) == (False, True, hand.pk)
    assert _hands(match) == [(1, "knock", "a", 5, 30)]


# The view (JSON)


@pytest.fixture
def scorer(client, member, make_match):
    client.force_login(member)
    return client


def test_send_saves_then_answers_a_resend_with_the_same_hand(scorer, make_match):
    match = make_match()
    key = uuid.uuid4()
    first = _post(scorer, match, key, 1)
    assert first.status_code == 200, first.content
    assert first.json() == {"ok": True, "number": 1, "again": False, "same": False, "next_number": 2,
                            "revision": match.revision + 1, "complete": False, "url": f"/matches/{match.pk}/",
                            "message": "Hand 1 saved."}
    again = _post(scorer, match, key, 1, revision=match.revision)
    assert again.status_code == 200
    assert again.json()["again"] is True and again.json()["number"] == 1
    assert _hands(match) == [(1, "knock", "a", 5, 30)]


def test_send_three_in_order(scorer, make_match):
    match = make_match()
    keys = [uuid.uuid4() for _ in range(3)]
    for n, (key, by) in enumerate(zip(keys, "aba"), 1):
        r = _post(scorer, match, key, n, by=by)
        assert r.status_code == 200 and r.json()["number"] == n
    # the whole outbox again (every answer was lost): still three
    for n, (key, by) in enumerate(zip(keys, "aba"), 1):
        assert _post(scorer, match, key, n, by=by).json()["again"] is True
    assert [h[2] for h in _hands(match)] == ["a", "b", "a"]


def test_send_with_a_reused_key_is_a_clear_refusal(scorer, make_match):
    match = make_match()
    key = uuid.uuid4()
    _post(scorer, match, key, 1)
    r = _post(scorer, match, key, 2, defender_deadwood="31")
    assert r.status_code == 422
    assert r.json()["field"] == "entry_key"
    assert "saved before as hand 1" in r.json()["message"] and "nothing was saved" in r.json()["message"]
    assert len(_hands(match)) == 1


@pytest.mark.parametrize("key", ["", "not-a-key", "1" * 200])
def test_send_without_a_usable_key_is_refused(scorer, make_match, key):
    match = make_match()
    r = _post(scorer, match, key, 1)
    assert r.status_code == 400
    assert r.json()["message"].startswith("entry_key:")
    assert _hands(match) == []


def test_send_a_hand_the_form_refuses(scorer, make_match):
    match = make_match()
    r = _post(scorer, match, uuid.uuid4(), 1, knocker_deadwood="11")
    assert r.status_code == 422
    assert "at most 10" in r.json()["errors"]["knocker_deadwood"][0]["message"]
    assert _hands(match) == []


def test_send_when_another_phone_saved_that_hand_is_a_conflict(scorer, make_match):
    match = make_match()
    services.hand_add(match_id=match.pk, entry=HandEntry("gin", "b", None, 12), expected_number=1)
    r = _post(scorer, match, uuid.uuid4(), 1, revision=match.revision)
    assert r.status_code == 409
    c = r.json()["conflict"]
    assert c["number"] == 1 and c["next_number"] == 2
    assert c["recorded"] == {"text": "Ben went gin (Ann 12)", "winner": "Ben", "points": 37}
    assert c["typed"] == "Ann knocked 5 v 30"
    assert c["add"]["text"].startswith("Ann scores 25") and c["replace"]["text"].startswith("Ann scores 25")
    assert _hands(match) == [(1, "gin", "b", None, 12)]


def test_a_conflict_resolved_by_correcting_the_recorded_hand(scorer, make_match):
    match = make_match()
    services.hand_add(match_id=match.pk, entry=HandEntry("gin", "b", None, 12), expected_number=1)
    match.refresh_from_db()
    key = uuid.uuid4()
    r = _post(scorer, match, key, 1, revision=match.revision, replace="1")
    assert r.status_code == 200 and r.json()["number"] == 1
    assert _hands(match) == [(1, "knock", "a", 5, 30)]
    assert _post(scorer, match, key, 1, revision=match.revision, replace="1").json()["again"] is True
    assert _hands(match) == [(1, "knock", "a", 5, 30)]


def test_a_direct_send_leaves_the_pads_message(scorer, make_match):
    match = make_match()
    _post(scorer, match, uuid.uuid4(), 1, direct="1")
    page = scorer.get(reverse("matches:detail", args=[match.pk]))
    assert "Hand 1 saved. Ann scores 25 and 1 box." in page.content.decode()


def test_a_visitor_may_not_send(client, make_match):
    match = make_match()
    r = _post(client, match, uuid.uuid4(), 1)
    assert r.status_code == 403 and r.json()["renewed"] is False
    assert _hands(match) == []


def test_a_table_link_sends(client, make_match):
    match = make_match()
    client.get(reverse("matches:table", args=[match.table_token]))
    assert _post(client, match, uuid.uuid4(), 1).status_code == 200
    assert Hand.objects.get(match=match).entered_via == "table_link"


@pytest.mark.django_db(transaction=True)
def test_two_sends_of_one_entry_at_once_save_it_once(make_match, member):
    """The phone retried while its first send was still on its way: one hand, two answers of it."""
    match = make_match([{"end": "dead"}])
    key = uuid.uuid4()
    phones = [Client(), Client()]
    for p in phones:
        p.force_login(member)
    barrier = threading.Barrier(2)
    answers = [None, None]

    def send(i):
        try:
            barrier.wait()
            answers[i] = _post(phones[i], match, key, 2)
        finally:
            connection.close()

    threads = [threading.Thread(target=send, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert [a.status_code for a in answers] == [200, 200], [a.content for a in answers]
    assert sorted(a.json()["again"] for a in answers) == [False, True]
    assert _hands(match) == [(1, "dead", "", None, None), (2, "knock", "a", 5, 30)]


def test_a_live_poll_leaves_the_saved_message_for_the_pad(scorer, make_match):
    """The pad's live poll may be answered between the save and the pad opening: the message waits."""
    match = make_match()
    _post(scorer, match, uuid.uuid4(), 1, direct="1")
    pad = reverse("matches:detail", args=[match.pk])
    poll = scorer.get(pad, HTTP_X_LIVE="1", HTTP_IF_NONE_MATCH='"stale"')
    assert poll.status_code == 200
    page = scorer.get(pad).content.decode()
    assert "Hand 1 saved. Ann scores 25 and 1 box." in page
    assert "Hand 1 saved." not in scorer.get(pad).content.decode()   # shown once


@pytest.mark.parametrize("page", ["matches:detail", "matches:hand_new"])
def test_the_workers_kept_copy_leaves_the_saved_message_for_the_pad(scorer, make_match, page):
    """The service worker asks for the pad and the entry page to keep them (X-Ginscore-Kept): one
    drawn between the save and the pad opening leaves the message for the pad."""
    match = make_match()
    _post(scorer, match, uuid.uuid4(), 1, direct="1")
    kept = scorer.get(reverse(page, args=[match.pk]), HTTP_X_GINSCORE_KEPT="1")
    assert kept.status_code == 200
    pad = reverse("matches:detail", args=[match.pk])
    assert "Hand 1 saved. Ann scores 25 and 1 box." in scorer.get(pad).content.decode()
    assert "Hand 1 saved." not in scorer.get(pad).content.decode()   # shown once


def test_a_page_opened_takes_the_saved_message(scorer, make_match):
    """Without the header, the entry page a person opens shows the message and uses it up."""
    match = make_match()
    _post(scorer, match, uuid.uuid4(), 1, direct="1")
    assert "Hand 1 saved." in scorer.get(reverse("matches:hand_new", args=[match.pk])).content.decode()
    assert "Hand 1 saved." not in scorer.get(reverse("matches:detail", args=[match.pk])).content.decode()


def test_the_service_worker_is_served_from_the_root(client):
    r = client.get("/sw.js")
    assert r.status_code == 200 and r["Content-Type"].startswith("text/javascript")
    assert r["Cache-Control"] == "no-cache" and r["Service-Worker-Allowed"] == "/"
    body = r.content.decode()
    assert '"/static/ginscore/outbox.js"' in body and '"/static/ginscore/pad.css"' in body
    assert "__VERSION__" not in body and 'var VERSION = "ginscore-' in body
    assert client.head("/sw.js").status_code == 200
    assert client.post("/sw.js").status_code == 405


def test_the_service_worker_keeps_every_languages_catalogue_with_the_scripts(client):
    """An offline pad speaks its language: each language's JavaScript catalogue is precached, with
    i18n.js (its English stand-ins) and the words of the worker's own page."""
    import json
    import re

    body = client.get("/sw.js").content.decode()
    precache = json.loads(re.search(r"var PRECACHE = (\[.*?\]);", body).group(1))
    catalogues = json.loads(re.search(r"var CATALOGUES = (\{.*?\});", body).group(1))
    assert set(catalogues) == {"en", "fr"}
    assert re.fullmatch(r"/static/ginscore/jsi18n/fr/djangojs(\.\w+)?\.js", catalogues["fr"])
    assert set(catalogues.values()) <= set(precache)
    assert "/static/ginscore/i18n.js" in precache and '"/static/ginscore/sw_words.js"' in body
    french = client.get(catalogues["fr"])
    assert french.status_code == 200
    assert "Envois en attente" in b"".join(french.streaming_content).decode()


def test_the_pad_carries_the_outbox_for_a_two_player_match(scorer, make_match):
    import json

    match = make_match([{"end": "knock", "by": "Ann", "deadwood": {"Ann": 5, "Ben": 30}}])
    page = scorer.get(reverse("matches:detail", args=[match.pk])).content.decode()
    assert "data-outbox" in page and 'id="outbox"' in page
    data = json.loads(page.split('<script id="outbox-data" type="application/json">')[1].split("</script>")[0])
    assert data["next_number"] == 2 and data["names"] == ["Ann", "Ben"] and data["rules"]["gin_bonus"] == 25
    assert data["game"] == {"n": 1, "points": [25, 0], "target": 100}
    assert data["send"] == reverse("matches:hand_send", args=[match.pk]) and data["worker"] == "/sw.js"


# Three players and partnerships


def _outbox_data(page: str) -> dict:
    import json

    return json.loads(page.split('<script id="outbox-data" type="application/json">')[1].split("</script>")[0])


@pytest.fixture
def three(member, ann, ben):
    """Ann, Ben and Cat, scored by the member; Cat deals hand 1 (Ann v Ben)."""
    from ginscore.engine import rules_from
    from ginscore.players.models import Player

    return services.match_create(player_a=ann, player_b=ben, player_c=Player.objects.get_or_create(name="Cat")[0],
                                 rules=rules_from({"preset": "standard"}), first_dealer="c", created_by=member)


@pytest.fixture
def four(client, ann, ben):
    """North (Ann & Cat) v South (Ben & Dan); the client holds the table link."""
    from ginscore.engine import rules_from
    from ginscore.players.models import Player

    match = services.match_create(player_a=ann, player_b=ben, player_c=Player.objects.get_or_create(name="Cat")[0],
                                  player_d=Player.objects.create(name="Dan"), team_a_name="North",
                                  team_b_name="South", rules=rules_from({"preset": "partnership"}))
    client.get(reverse("matches:table", args=[match.table_token]))
    return match


def test_send_three_handed_hands_names_the_two_who_play_each(scorer, three):
    r = _post(scorer, three, uuid.uuid4(), 1, by="a", knocker_deadwood="4", defender_deadwood="20")
    assert r.status_code == 200 and r.json()["next_number"] == 2, r.content
    # hand 2 is Ann v Cat (Ben lost and deals): Ben cannot have knocked, and nothing is saved
    three.refresh_from_db()
    refused = _post(scorer, three, uuid.uuid4(), 2, by="b")
    assert refused.status_code == 422
    assert refused.json()["errors"]["by"][0]["message"] == "Tap Ann or Cat: they played this hand."
    key = uuid.uuid4()
    saved = _post(scorer, three, key, 2, end="gin", by="c", knocker_deadwood="", defender_deadwood="30")
    again = _post(scorer, three, key, 2, end="gin", by="c", knocker_deadwood="", defender_deadwood="30")
    assert saved.status_code == again.status_code == 200 and again.json()["again"] is True
    assert _hands(three) == [(1, "knock", "a", 4, 20), (2, "gin", "c", None, 30)]
    three.refresh_from_db()
    assert (three.game_a, three.game_b, three.game_c) == (16, 0, 55)


def test_a_three_handed_conflict_offers_what_the_typed_hand_would_score(scorer, three):
    services.hand_add(match_id=three.pk, entry=HandEntry("knock", "b", 2, 12), expected_number=1)  # Ben +10
    r = _post(scorer, three, uuid.uuid4(), 1, by="a", knocker_deadwood="4", defender_deadwood="20")
    assert r.status_code == 409
    c = r.json()["conflict"]
    assert c["recorded"] == {"text": "Ben knocked 2 v 12", "winner": "Ben", "points": 10}
    assert c["replace"]["text"].startswith("Ann scores 16")
    # Ann lost hand 1 as recorded, so she deals hand 2 and sits out: her knock cannot be hand 2
    assert "error" in c["add"] and "Ann dealt this hand and sat it out" in c["add"]["error"]


def test_send_a_partnership_tables_deals(client, four):
    one = _post(client, four, uuid.uuid4(), 1, table="1", knocker_deadwood="3", defender_deadwood="25")
    assert one.status_code == 200, one.content
    assert one.json() | {"revision": 0} == {"ok": True, "number": 1, "again": False, "same": False, "next_number": 2,
                                           "revision": 0, "complete": False, "url": f"/matches/{four.pk}/tables/1/",
                                           "message": "Table 1's hand of deal 1 saved."}
    # table 1's deal 2 (Ann v Dan) must wait for table 2's deal 1: the phone is told to wait
    four.refresh_from_db()
    ahead = _post(client, four, uuid.uuid4(), 2, table="1", end="gin", by="d", knocker_deadwood="",
                  defender_deadwood="10")
    assert ahead.status_code == 409
    wait = "Table 1 has entered deal 1; deal 2 starts when table 2's hand of deal 1 is in."
    assert ahead.json() | {"revision": 0} == {"ok": False, "wait": wait, "message": wait, "next_number": 2,
                                              "revision": 0, "complete": False}
    # table 2's deal 1 is Cat v Dan: its own players, its own count
    four.refresh_from_db()
    wrong = _post(client, four, uuid.uuid4(), 1, table="2", by="a")
    assert wrong.status_code == 422 and "Tap Cat or Dan" in wrong.json()["errors"]["by"][0]["message"]
    two = _post(client, four, uuid.uuid4(), 1, table="2", end="gin", by="d", knocker_deadwood="",
                defender_deadwood="12")
    assert two.status_code == 200 and two.json()["next_number"] == 2
    assert two.json()["url"] == f"/matches/{four.pk}/tables/2/"
    four.refresh_from_db()
    again = _post(client, four, uuid.uuid4(), 2, table="1", end="gin", by="d", knocker_deadwood="",
                  defender_deadwood="10")
    assert again.status_code == 200 and again.json()["next_number"] == 3
    assert list(Hand.objects.filter(match=four).values_list("number", "table", "by")) == [
        (1, 1, "a"), (1, 2, "d"), (2, 1, "d")]
    four.refresh_from_db()
    assert (four.game_a, four.game_b, four.hand_count) == (0, 15, 1)


def test_a_partnership_tables_conflict_is_about_its_own_deal(client, four):
    services.hand_add(match_id=four.pk, entry=HandEntry("dead"), expected_number=1, table=2)
    services.hand_add(match_id=four.pk, entry=HandEntry("knock", "b", 2, 12), expected_number=1, table=1)
    four.refresh_from_db()
    r = _post(client, four, uuid.uuid4(), 1, table="1", knocker_deadwood="3", defender_deadwood="25")
    assert r.status_code == 409
    c = r.json()["conflict"]
    assert c["number"] == 1 and c["next_number"] == 2
    assert c["recorded"]["text"] == "Ben knocked 2 v 12"
    assert c["replace"]["text"].startswith("Ann scores 22") and c["add"]["text"].startswith("Ann scores 22")


def test_the_pads_of_three_and_four_carry_the_outbox_and_a_form_for_every_two(scorer, client, three, four):
    page = scorer.get(reverse("matches:detail", args=[three.pk])).content.decode()
    data = _outbox_data(page)
    assert (data["kind"], data["dealer"], data["next_number"]) == ("three", "c", 1)
    assert data["seats"] == {"a": "Ann", "b": "Ben", "c": "Cat"} and data["game"]["points"] == [0, 0, 0]
    assert 'data-outbox data-pair="ab"' in page
    assert [p.split('"')[0] for p in page.split('<template class="outbox-pair" data-pair="')[1:]] == ["ab", "ac", "bc"]
    entry = scorer.get(reverse("matches:hand_new", args=[three.pk])).content.decode()
    assert 'id="outbox-data"' in entry and entry.count('<template class="outbox-pair"') == 3
    client.logout()
    client.get(reverse("matches:table", args=[four.table_token]))
    table = client.get(reverse("matches:table_pad", args=[four.pk, 2])).content.decode()
    data = _outbox_data(table)
    assert (data["kind"], data["table"], data["deal_pairs"], data["game"]) == ("partnership", 2, ["cd", "cb"], None)
    assert data["pad"] == f"/matches/{four.pk}/tables/2/" and data["entry"] == f"/matches/{four.pk}/tables/2/hands/new/"
    assert [p.split('"')[0] for p in table.split('<template class="outbox-pair" data-pair="')[1:]] == ["cd", "cb"]
    # the match's own pad has no entry form for a partnership, so no outbox
    assert 'id="outbox-data"' not in client.get(reverse("matches:detail", args=[four.pk])).content.decode()
