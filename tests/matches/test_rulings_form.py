"""The director's rulings on the hand form (seed 000): the spec's examples entered on the page, the
preview, the messages, the pad's mark, the correction page and the history."""
import re

import pytest
from django.urls import reverse

from ginscore.engine import rules_from
from ginscore.matches import services
from ginscore.matches.forms import HandForm
from ginscore.matches.models import Hand, HandChange
from ginscore.matches.records import HandEntry, hand_pair
from ginscore.matches.rulings import SEED_EXTRA, SEED_KNOCK_ACCEPTED, SEED_MISSING, SEED_NO_BONUS
from ginscore.players.models import Player

pytestmark = pytest.mark.django_db


@pytest.fixture
def match(make_match):
    return make_match([])


def url(name, match, *args):
    return reverse(f"matches:{name}", args=[match.pk, *args])


def post(match, **data):
    match.refresh_from_db()
    return {"number": match.hand_count + 1, "revision": match.revision, "action": "save", **data}


# The spec's examples (standard values), as the table enters them.
EXAMPLES = [
    ({"end": "knock", "by": "a", "knocker_deadwood": 6, "defender_deadwood": 30, "ruling_missing_b": 1},
     {"missing_cards": {"b": 1}}, ("Ann", 34), "Ann scores 34 and 1 box. Ruling: Ben was short of 1 card "
                                              "(+10 to the count, no bonus)."),
    ({"end": "gin", "by": "a", "defender_deadwood": 20, "ruling_missing_a": 1},
     {"missing_cards": {"a": 1}}, ("Ann", 10), "Ann scores 10 and 1 box (gin short of cards: a knock of 10). Ruling: Ann was short of 1 card "
                                              "(+10 to the count, no bonus)."),
    ({"end": "knock", "by": "a", "knocker_deadwood": 8, "defender_deadwood": 5, "ruling_no_bonus_b": "on"},
     {"no_bonus": ["b"]}, ("Ben", 3), "Ben scores 3 and 1 box (undercut). Ruling: Ben earns no gin or "
                                      "undercut bonus."),
    ({"end": "knock", "by": "a", "knocker_deadwood": 12, "defender_deadwood": 30, "ruling_knock_accepted": "on"},
     {"knock_accepted": True}, ("Ann", 18), "Ann scores 18 and 1 box. Ruling: the defender accepted a knock "
                                           "over the limit."),
    ({"end": "knock", "by": "a", "knocker_deadwood": 4, "defender_deadwood": 20, "ruling_extra_a": "on"},
     {"extra_cards": ["a"]}, (None, 0), "No one scores: Ann held too many cards and cannot win the hand; the "
                                        "same dealer deals again. Ruling: Ann held too many cards (cannot win "
                                        "the hand)."),
]


@pytest.mark.parametrize("data,stored,won,text", EXAMPLES)
def test_each_ruling_previewed_then_saved_from_the_hand_form(client, member, match, data, stored, won, text):
    client.force_login(member)
    preview = client.post(url("hand_preview", match), post(match, **data)).json()
    assert preview == {"ok": True, "text": text, "after": preview["after"], "next_dealer": preview["next_dealer"]}
    r = client.post(url("hand_new", match), post(match, **data))
    assert r.status_code == 302
    hand = Hand.objects.get(match=match, number=1)
    assert hand.rulings == stored
    match.refresh_from_db()
    winner, points = won
    assert (match.game_a, match.game_b) == ((points, 0) if winner == "Ann" else (0, points))
    assert match.hand_count == 1


def test_no_ruling_stores_none(client, member, match):
    client.force_login(member)
    client.post(url("hand_new", match), post(match, end="knock", by="a", knocker_deadwood=6, defender_deadwood=30,
                                             ruling_missing_b=""))
    assert Hand.objects.get(match=match).rulings is None


def test_a_knock_over_the_limit_is_refused_unless_the_defender_accepted_it(client, member, match):
    client.force_login(member)
    data = {"end": "knock", "by": "a", "knocker_deadwood": 12, "defender_deadwood": 30}
    r = client.post(url("hand_new", match), post(match, **data))
    assert r.context["form"].errors["knocker_deadwood"] == [
        "The knocker's deadwood is at most 10 under these rules, not 12."]
    assert not Hand.objects.exists()


@pytest.mark.parametrize("data,field,message", [
    ({"end": "knock", "by": "a", "knocker_deadwood": 6, "defender_deadwood": 30, "ruling_missing_b": 11},
     "ruling_missing_b", "A player can be short of 1 to 10 cards (empty: none missing)."),
    ({"end": "knock", "by": "a", "knocker_deadwood": 6, "defender_deadwood": 30, "ruling_missing_b": 0},
     "ruling_missing_b", "A player can be short of 1 to 10 cards (empty: none missing)."),
    ({"end": "knock", "by": "a", "knocker_deadwood": 6, "defender_deadwood": 30, "ruling_missing_a": "two"},
     "ruling_missing_a", "A player can be short of 1 to 10 cards (empty: none missing)."),
    ({"end": "knock", "by": "a", "knocker_deadwood": 6, "defender_deadwood": 30, "ruling_missing_a": 2,
      "ruling_extra_a": "on"},
     "ruling_extra_a", "Ann cannot be both short of cards and holding too many: give one of the two."),
    ({"end": "gin", "by": "a", "defender_deadwood": 30, "ruling_knock_accepted": "on"},
     "ruling_knock_accepted", "Only a knock can be accepted over the limit: this hand ended in a gin."),
])
def test_ruling_mistakes_are_named_next_to_their_field_and_the_rulings_unfold(client, member, match, data, field,
                                                                              message):
    client.force_login(member)
    r = client.post(url("hand_new", match), post(match, **data))
    assert r.status_code == 200
    assert r.context["form"].errors[field] == [message]
    html = r.content.decode()
    assert '<details class="rulings" open>' in html
    assert f'id="field-{field}"' in html
    assert not Hand.objects.exists()
    preview = client.post(url("hand_preview", match), post(match, **data)).json()
    assert preview["ok"] is False and preview["errors"][field][0]["message"] == message


def test_the_rulings_are_folded_away_with_the_seeds_sentences(client, member, match):
    client.force_login(member)
    html = client.get(url("detail", match)).content.decode()
    assert '<details class="rulings">' in html  # closed
    for seed in (SEED_MISSING, SEED_EXTRA, SEED_NO_BONUS, SEED_KNOCK_ACCEPTED):
        assert seed.replace("’", "&#x27;").replace("'", "&#x27;") in html or seed in html
    for name in ("ruling_missing_a", "ruling_missing_b", "ruling_extra_a", "ruling_extra_b", "ruling_no_bonus_a",
                 "ruling_no_bonus_b", "ruling_knock_accepted"):
        assert f'name="{name}"' in html


def test_a_game_without_knocks_has_no_knock_to_accept(client, member, make_match):
    match = make_match([], rules="colonel")
    client.force_login(member)
    html = client.get(url("detail", match)).content.decode()
    assert 'name="ruling_missing_a"' in html and 'name="ruling_knock_accepted"' not in html
    r = client.post(url("hand_new", match), post(match, end="out", by="a", count_b=30, ruling_missing_b=1))
    assert r.status_code == 302
    assert Hand.objects.get(match=match).rulings == {"missing_cards": {"b": 1}}
    match.refresh_from_db()
    assert match.game_a == 40  # Ben's count 30 + 10 for the missing card


def test_the_pad_marks_a_ruled_hand_and_says_the_ruling_in_words(client, member, match):
    client.force_login(member)
    client.post(url("hand_new", match), post(match, end="knock", by="a", knocker_deadwood=6, defender_deadwood=30,
                                             ruling_missing_b=1))
    client.post(url("hand_new", match), post(match, end="knock", by="a", knocker_deadwood=4, defender_deadwood=20,
                                             ruling_extra_a="on"))
    client.post(url("hand_new", match), post(match, end="knock", by="b", knocker_deadwood=3, defender_deadwood=13))
    html = client.get(url("detail", match)).content.decode()
    # the mark beside hand 1's points in the game's column, a link to the ruling in words under the pad
    assert re.search(r'<span class="pts">\+34</span><a class="mark" data-mark="R" href="#ruling-1"', html)
    assert '<li id="ruling-1"><span class="mark" data-mark="R">R</span> hand 1: Ruling: Ben was short of 1 card ' \
           '(+10 to the count, no bonus)</li>' in html
    # hand 2 has no winner (no cell on the pad) and is said under the pad and in the hand list
    assert "hand 2: Ruling: Ann held too many cards (cannot win the hand)" in html
    hands = html[html.index('id="hands"'):]
    assert "Ruling: Ann held too many cards (cannot win the hand)" in hands
    assert hands.count('data-mark="R"') == 2  # hand 3 carries none
    assert "R a director's ruling" in html


def test_the_correction_page_keeps_the_rulings(client, member, match):
    client.force_login(member)
    client.post(url("hand_new", match), post(match, end="knock", by="a", knocker_deadwood=6, defender_deadwood=30,
                                             ruling_missing_b=2, ruling_no_bonus_a="on"))
    r = client.get(url("hand_edit", match, 1))
    html = r.content.decode()
    assert '<details class="rulings" open>' in html
    assert re.search(r'name="ruling_missing_b" value="2"', html)
    assert re.search(r'<input type="checkbox" name="ruling_no_bonus_a"[^>]* checked', html)
    assert "Ann scores 44 and 1 box" in html  # the stored hand's preview: 30 + 20 - 6
    form = r.context["form"]
    data = {k: v for k, v in form.initial.items() if v not in (None, False)}
    data = {**data, "knocker_deadwood": 5, "action": "save", "ruling_no_bonus_a": "on"}
    r = client.post(url("hand_edit", match, 1), data)
    assert r.status_code == 302
    hand = Hand.objects.get(match=match, number=1)
    assert hand.rulings == {"missing_cards": {"b": 2}, "no_bonus": ["a"]} and hand.knocker_deadwood == 5
    # taking a ruling off is a correction too
    r = client.post(url("hand_edit", match, 1), {**data, "ruling_missing_b": "", "ruling_no_bonus_a": "",
                                                 "revision": data["revision"] + 1})
    assert r.status_code == 302
    assert Hand.objects.get(match=match, number=1).rulings is None


def test_the_history_says_the_rulings(client, member, match):
    client.force_login(member)
    client.post(url("hand_new", match), post(match, end="knock", by="a", knocker_deadwood=12, defender_deadwood=30,
                                             ruling_knock_accepted="on"))
    assert HandChange.objects.get().after["knock_accepted"] is True
    html = client.get(url("detail", match)).content.decode()
    history = html[html.index("History of changes"):]
    assert "Ann knocked 12 v 30. Ruling: the defender accepted a knock over the limit" in history


def test_only_the_hands_two_players_can_be_named_three_handed(db):
    a, b, c = (Player.objects.create(name=n) for n in ("Ann", "Ben", "Cat"))
    match = services.match_create(player_a=a, player_b=b, player_c=c, rules=rules_from({"preset": "standard"}),
                                  first_dealer="c")
    services.hand_add(match_id=match.pk, entry=HandEntry("knock", "a", 4, 20), expected_number=1)
    # hand 2: Ben lost and deals; Ann and Cat play it
    pair = hand_pair(match, [HandEntry.of(h) for h in match.hands.all()], 2)
    assert pair.seats == ("a", "c")
    form = HandForm({"number": 2, "revision": 1, "end": "knock", "by": "a", "knocker_deadwood": 6,
                     "defender_deadwood": 30, "ruling_missing_c": 1, "ruling_missing_b": 3}, match=match, pair=pair)
    assert "ruling_missing_b" not in form.fields  # Ben sits out: he cannot be named
    assert [f["fields"][0].label for f in form.ruling_groups()] == ["Ann", "Ann", "Ann",
                                                                    "The defender accepted the knock as legal"]
    assert form.is_valid(), form.errors
    assert form.rulings() == {"missing_cards": {"c": 1}}
    # and the services refuse a ruling that names the dealer, whatever sends it
    with pytest.raises(services.HandRefused, match="Ben dealt this hand and sat it out"):
        services.hand_add(match_id=match.pk, expected_number=2,
                          entry=HandEntry("knock", "a", 6, 30, rulings={"missing_cards": {"b": 1}}))


def test_a_ruling_on_a_three_handed_hand_names_only_its_two_players(client, director):
    a, b, c = (Player.objects.create(name=n) for n in ("Ann", "Ben", "Cat"))
    match = services.match_create(player_a=a, player_b=b, player_c=c, rules=rules_from({"preset": "standard"}),
                                  first_dealer="c")
    client.force_login(director)
    page = client.get(url("detail", match)).content.decode()
    html = re.sub(r"<template .*?</template>", "", page, flags=re.S)  # the form shown (not the outbox's others)
    assert 'name="ruling_missing_a"' in html and 'name="ruling_missing_b"' in html
    assert 'name="ruling_missing_c"' not in html  # Cat deals hand 1 and sits it out
    assert 'name="ruling_missing_c"' in page  # (in the form the outbox keeps for Ann v Cat and Ben v Cat)
    r = client.post(url("hand_new", match), post(match, end="knock", by="a", knocker_deadwood=6, defender_deadwood=30,
                                                 ruling_missing_b=1, ruling_missing_c=2))
    assert r.status_code == 302
    assert Hand.objects.get(match=match).rulings == {"missing_cards": {"b": 1}}  # the dealer's field is ignored
    match.refresh_from_db()
    assert (match.game_a, match.game_b, match.game_c) == (34, 0, 0)
    html = client.get(url("detail", match)).content.decode()
    assert 'href="#ruling-1"' in html and "hand 1: Ruling: Ben was short of 1 card" in html


def test_a_ruling_at_a_partnership_table(client, director):
    a, b, c, d = (Player.objects.create(name=n) for n in ("Ann", "Ben", "Cat", "Dan"))
    match = services.match_create(player_a=a, player_b=b, player_c=c, player_d=d,
                                  rules=rules_from({"preset": "partnership"}), team_a_name="North",
                                  team_b_name="South")
    client.force_login(director)
    table2 = reverse("matches:table_hand_new", args=[match.pk, 2])
    html = client.get(reverse("matches:table_pad", args=[match.pk, 2])).content.decode()
    assert 'name="ruling_extra_c"' in html and 'name="ruling_extra_d"' in html  # Cat v Dan at table 2
    assert 'name="ruling_extra_a"' not in html
    data = {"number": 1, "revision": match.revision, "action": "save", "end": "knock", "by": "c",
            "knocker_deadwood": 12, "defender_deadwood": 30, "ruling_knock_accepted": "on"}
    assert client.post(table2, data).status_code == 302
    assert Hand.objects.get(match=match, table=2).rulings == {"knock_accepted": True}
    match.refresh_from_db()
    table1 = reverse("matches:table_hand_new", args=[match.pk, 1])
    assert client.post(table1, {**data, "revision": match.revision, "by": "a", "knocker_deadwood": 3,
                                "defender_deadwood": 13, "ruling_knock_accepted": ""}).status_code == 302
    match.refresh_from_db()
    assert (match.game_a, match.game_b) == (18 + 10, 0)  # Cat 18 (accepted knock) + Ann 10
    html = client.get(url("detail", match)).content.decode()
    assert "hand 1: table 2: Ruling: the defender accepted a knock over the limit" in html
    deals = html[html.index('id="hands"'):]
    assert deals.count('data-mark="R"') == 1


def test_the_folded_rulings_follow_the_names_and_a_stored_ruling(client, member, match):
    """The folded rulings of a new hand are the same on every pad of the match; a renamed player
    shows at once, and a correction shows its hand's own ruling set."""
    client.force_login(member)

    def pad():
        return client.get(url("detail", match)).content.decode()

    first = pad()
    assert 'name="ruling_missing_a"' in first
    second = pad()
    rulings = re.compile(r'<details class="rulings".*?</details>', re.S)
    assert rulings.search(second).group(0) == rulings.search(first).group(0)

    Player.objects.filter(pk=match.player_a_id).update(name="Annabel")
    assert '<label for="id_ruling_missing_a">Annabel</label>' in rulings.search(pad()).group(0)

    client.post(url("hand_new", match), post(match, end="knock", by="a", knocker_deadwood=5,
                                             defender_deadwood=30, ruling_missing_b=2))
    fix = client.get(url("hand_edit", match, 1)).content.decode()
    assert re.search(r'name="ruling_missing_b"[^>]*value="2"|value="2"[^>]*name="ruling_missing_b"', fix)
    assert "<details class=\"rulings\" open>" in fix
