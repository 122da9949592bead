"""Fosdick's games on the site: the presets on the new-match form, the entry form offering
only the endings each game has, Sequence Gin's bonus as a number or from the cards, the
pad in the game's words, and records in and out."""
import re

import pytest
from django.urls import reverse

from ginscore.engine import record_from_json, result_to_json, score_match
from ginscore.engine.rules import PRESET_NAMES, PRESET_SUMMARIES
from ginscore.matches.models import Hand, Match
from ginscore.matches.records import match_to_json

pytestmark = pytest.mark.django_db


def url(name, match, *args):
    return reverse(f"matches:{name}", args=[match.pk, *args])


def hand_post(match, **data):
    match.refresh_from_db()
    return {"number": match.hand_count + 1, "revision": match.revision, "action": "save", **data}


def points(match) -> list[int]:
    """Each stored hand's points, scored again from the exported record."""
    match.refresh_from_db()
    return [h["points"] for h in result_to_json(score_match(record_from_json(match_to_json(match))))["hands"]]


def offered_ends(html: str) -> list[str]:
    return re.findall(r'name="end" value="([a-z_]+)"', html)


def test_new_match_form_lists_every_preset_with_how_the_game_goes(client, member):
    client.force_login(member)
    html = client.get(reverse("matches:new")).content.decode()
    for name in ("fosdick", "sequence", "skarney", "colonel"):
        assert f'value="{name}"' in html
        assert PRESET_NAMES[name].replace("'", "&#x27;") in html
        assert PRESET_SUMMARIES[name].replace("'", "&#x27;") in html


def test_a_new_colonel_match_freezes_its_rules(client, member, ann):
    client.force_login(member)
    r = client.post(reverse("matches:new"), {"player_a": "Ann", "player_b": "Zoé", "preset": "colonel",
                                             "length": "target", "first_dealer": "a"})
    match = Match.objects.get()
    assert r.status_code == 302
    assert match.preset == "colonel" and match.rules["game"] == "colonel" and match.rules["gin_bonus"] == 0


@pytest.mark.parametrize("preset,ends", [
    ("standard", ["knock", "gin", "big_gin", "dead"]),
    ("sequence", ["knock", "gin", "big_gin", "dead"]),
    ("skarney", ["gin", "stock_out", "dead"]),
    ("colonel", ["out", "stock_out", "challenge", "dead"]),
])
def test_the_entry_form_offers_only_the_games_endings(client, member, make_match, preset, ends):
    match = make_match([], rules=preset)
    client.force_login(member)
    html = client.get(url("detail", match)).content.decode()
    assert offered_ends(html) == ends
    assert ('name="bonus"' in html) is (preset == "sequence")
    assert ('name="no_contract"' in html) is (preset == "skarney")
    counted = preset in ("skarney", "colonel")
    assert ('name="count_a"' in html) is counted and ('name="knocker_deadwood"' in html) is not counted
    assert ("Enter the cards instead" in html) is not counted
    if preset == "colonel":
        assert "went out" in html and "stock ran out" in html and "challenge" in html
        assert "Who went out, or challenged?" in html and "Ann&#x27;s count" in html


def test_a_colonel_challenge_saved_from_the_form(client, member, make_match):
    match = make_match([], rules="colonel")
    client.force_login(member)
    preview = client.post(url("hand_new", match), {**hand_post(match, end="challenge", by="a", count_a=12,
                                                                   count_b=30), "action": "preview"})
    assert "Ann scores 30 (challenge)." in preview.content.decode()
    r = client.post(url("hand_new", match), hand_post(match, end="challenge", by="a", count_a=12, count_b=30))
    assert r.status_code == 302
    match.refresh_from_db()
    assert match.score_a == 0 and match.hand_count == 1
    hand = Hand.objects.get(match=match)
    assert (hand.end, hand.by, hand.knocker_deadwood, hand.defender_deadwood) == ("challenge", "a", 12, 30)
    pad = client.get(url("detail", match)).content.decode()
    assert "Ann challenged: Ann 12 v Ben 30" in pad
    # no box, game or shutout rows in a game whose bonuses are nothing
    assert "<th>box</th>" not in pad


def test_a_stock_out_names_no_one_and_level_counts_score_nothing(client, member, make_match):
    match = make_match([], rules="skarney")
    client.force_login(member)
    r = client.post(url("hand_new", match), hand_post(match, end="stock_out", by="a", count_a=20, count_b=20))
    assert r.status_code == 302
    hand = Hand.objects.get(match=match)
    assert (hand.end, hand.by) == ("stock_out", "")
    match.refresh_from_db()
    assert (match.score_a, match.score_b, match.hand_count) == (0, 0, 1)
    record = match_to_json(match)
    assert record["hands"] == [{"end": "stock_out", "deadwood": {"Ann": 20, "Ben": 20}}]
    assert "Stock ran out (Ann 20, Ben 20)" in client.get(url("detail", match)).content.decode()


def test_a_skarney_gin_with_no_contract(client, member, make_match):
    match = make_match([], rules="skarney")
    client.force_login(member)
    preview = client.post(url("hand_new", match), {**hand_post(match, end="gin", by="a", count_b=30,
                                                                   no_contract="on"), "action": "preview"})
    assert "Ann scores 70 (gin, no contract)." in preview.content.decode()
    client.post(url("hand_new", match), hand_post(match, end="gin", by="a", count_b=30, no_contract="on"))
    hand = Hand.objects.get(match=match)
    assert hand.no_contract and hand.defender_deadwood == 30
    assert match_to_json(match)["hands"] == [{"end": "gin", "by": "Ann", "deadwood": {"Ben": 30},
                                              "no_contract": True}]


@pytest.mark.parametrize("preset,data,field,message", [
    ("colonel", {"end": "challenge", "by": "a", "count_a": 12}, "count_b", "Give Ben's count"),
    ("colonel", {"end": "out", "count_b": 12}, "by", "Say who went out, or challenged."),
    ("colonel", {"end": "out", "by": "a", "count_b": 1000}, "count_b", "less than or equal to 999"),
    ("colonel", {"end": "knock", "by": "a", "count_b": 12}, "end",
     "Tap how the hand ended: went out, stock ran out, challenge, dead hand."),
    ("skarney", {"end": "stock_out", "count_a": 3}, "count_b", "Give Ben's count"),
    ("skarney", {"end": "gin", "by": "b"}, "count_a", "Give Ann's count"),
    ("sequence", {"end": "knock", "by": "a", "knocker_deadwood": 3, "defender_deadwood": 30, "upcard": "5H",
                  "bonus": 15}, "bonus", "less than or equal to 14"),
])
def test_bad_entries_are_named_next_to_the_field(client, member, make_match, preset, data, field, message):
    match = make_match([], rules=preset)
    client.force_login(member)
    r = client.post(url("hand_new", match), hand_post(match, **data))
    assert r.status_code == 200
    assert message in " ".join(r.context["form"].errors[field])
    assert not Hand.objects.filter(match=match).exists()


def test_sequence_bonus_entered_as_a_number(client, member, make_match):
    match = make_match([], rules="sequence")
    client.force_login(member)
    r = client.post(url("hand_new", match), hand_post(match, end="knock", by="a", knocker_deadwood=3,
                                                      defender_deadwood=40, upcard="4S", bonus=9))
    assert r.status_code == 302
    assert points(match) == [49]
    assert Hand.objects.get(match=match).bonus == 9
    assert "bonus 9" in client.get(url("detail", match)).content.decode()


def test_sequence_bonus_found_from_the_cards(client, member, make_match):
    match = make_match([], rules="sequence")
    client.force_login(member)
    post = {"number": 1, "revision": match.revision, "by": "a", "upcard": "4S",
            "knocker_cards": "8S 9S 10S JS QS KS 2H 3H 4H 3D", "defender_cards": "5C 5D 5S 4D 2C AD 3C 6H 7D 2S"}
    r = client.post(url("hand_cards", match), {**post, "action": "preview"})
    assert "Ann scores 49 (bonus 9)." in r.content.decode()
    r = client.post(url("hand_cards", match), {**post, "action": "save"})
    assert r.status_code == 302
    assert points(match) == [49]
    result = result_to_json(score_match(record_from_json(match_to_json(match))))
    assert result["hands"][0]["bonus"] == {"Ann": 9, "Ben": 0}


def test_counted_games_have_no_card_page(client, member, make_match):
    match = make_match([], rules="colonel")
    client.force_login(member)
    r = client.get(url("hand_cards", match))
    assert r.status_code == 302 and r["Location"] == url("hand_new", match)


def test_records_of_fosdicks_games_import_and_export(client, member, make_match):
    hands = [{"end": "out", "by": "Ben", "deadwood": {"Ann": 27}},
             {"end": "stock_out", "deadwood": {"Ann": 12, "Ben": 30}},
             {"end": "challenge", "by": "Ann", "deadwood": {"Ann": 9, "Ben": 9}},
             {"end": "challenge", "by": "Ben", "cards": {"Ann": "AS KS 2C", "Ben": "3D 4D"}}]
    match = make_match(hands, rules="colonel")
    assert match_to_json(match)["hands"] == hands
    assert (match.score_a, match.score_b, match.hand_count) == (0, 0, 4)
    result = result_to_json(score_match(record_from_json(match_to_json(match))))
    assert [h["points"] for h in result["hands"]] == [27, 18, 0, 22]
