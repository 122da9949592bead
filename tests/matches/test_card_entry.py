"""Hands entered as cards on the site: who may, bad cards, the melds found, the knocker's choice, saving."""
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from ginscore.matches.models import VIA_TABLE_LINK, Hand

pytestmark = pytest.mark.django_db

ANN = "7H 7D 7C JS QS KS 4S 2C AD 3H"  # 10 deadwood: AD 2C 3H 4S
BEN = "10S 2H 2D KD KH KC 8C 6H 5D AC"  # lays 10S off on JS QS KS: 24 left
# Ann's best melds (3-7S, KKK: 3 deadwood) let Ben lay off 8S 9S (48 left): Ann scores 45.
# Keeping 7S out of the run (3-6S: 10 deadwood) leaves Ben nothing to lay off (65): Ann scores 55.
ANN_RUN = "3S 4S 5S 6S 7S KH KD KC 2D AC"
BEN_RUN = "8S 9S 2H 2C 5H 6H 9D JD QC 4C"
ROLES = ["visitor", "other_member", "table_link", "member", "director"]


@pytest.fixture
def match(make_match):
    return make_match([])


def cards_url(match):
    return reverse("matches:hand_cards", args=[match.pk])


def post(client, match, action="save", **data):
    match.refresh_from_db()
    fields = {"by": "a", "knocker_cards": ANN, "defender_cards": BEN, "upcard": "",
              "number": match.hand_count + 1, "revision": match.revision, "action": action, **data}
    return client.post(cards_url(match), fields)


def field_errors(response, name):
    """The error messages shown next to one field."""
    html = response.content.decode()
    m = re.search(rf'<(?:div|fieldset) class="[^"]*field[^"]*" id="field-{name}">(.*?)</(?:div|fieldset)>', html, re.S)
    assert m, f"no field {name} on the page"
    return re.findall(r'<p class="error"[^>]*>([^<]*)</p>', m.group(1))


@pytest.mark.parametrize("role", ROLES)
def test_who_may_enter_cards(as_role, match, role):
    client = as_role(role)
    page = client.get(cards_url(match))
    saved = post(client, match)
    allowed = role in ("table_link", "member", "director")
    if role == "visitor":
        assert page.status_code == 302 and "/accounts/login/" in page["Location"]
    elif role == "other_member":
        assert page.status_code == 403 and saved.status_code == 403
    else:
        assert page.status_code == 200 and 'name="knocker_cards"' in page.content.decode()
    assert Hand.objects.filter(match=match).count() == (1 if allowed else 0)
    if role == "table_link":
        assert Hand.objects.get(match=match).entered_via == VIA_TABLE_LINK


def test_the_entry_form_links_to_the_cards(as_role, match):
    html = as_role("member").get(reverse("matches:detail", args=[match.pk])).content.decode()
    assert f'href="{cards_url(match)}">Enter the cards instead' in html


def test_fix_opens_the_cards_for_a_hand_entered_as_cards(as_role, make_match):
    match = make_match([{"end": "knock", "by": "Ann", "deadwood": {"Ann": 3, "Ben": 30}}])
    client = as_role("member")
    post(client, match)
    html = client.get(reverse("matches:detail", args=[match.pk])).content.decode()
    fix = {n: href for href, n in re.findall(r'<a class="btn btn-small" href="([^"]+)" aria-label="Fix hand (\d+)"', html)}
    assert fix["1"] == reverse("matches:hand_edit", args=[match.pk, 1])
    assert fix["2"] == reverse("matches:hand_cards_edit", args=[match.pk, 2])


@pytest.mark.parametrize("data, field, message", [
    ({"knocker_cards": ANN.replace("3H", "3X")}, "knocker_cards", "'3X' is not a card"),
    ({"knocker_cards": ANN.replace("3H", "7H")}, "knocker_cards", "7H is given twice"),
    ({"knocker_cards": ANN.replace(" 3H", "")}, "knocker_cards", "Give the knocker's 10 cards (11 for a big gin), not 9"),
    ({"defender_cards": BEN.replace("AC", "AD")}, "defender_cards", "AD is in both hands"),
    ({"knocker_cards": ANN.replace("4S", "5S")}, "knocker_cards", "Ann's cards leave at least 11 deadwood (AD 2C 3H 5S); "
                                                                 "the knock limit is 10"),
    ({"knocker_cards": ANN + " 9S"}, "knocker_cards", "These 11 cards are not a big gin"),
    ({"upcard": "1S"}, "upcard", '"1S" is not a card'),
])
def test_bad_cards_are_refused_next_to_the_field(as_role, match, data, field, message):
    r = post(as_role("member"), match, **data)
    assert r.status_code == 200
    errors = field_errors(r, field)
    assert any(message in e.replace("&#x27;", "'").replace("&quot;", '"') for e in errors), errors
    assert not Hand.objects.filter(match=match).exists()
    assert 'id="save-hand"' not in r.content.decode()


def test_find_melds_shows_the_melds_lay_offs_and_score_without_saving(as_role, match):
    r = post(as_role("table_link"), match, action="find")
    html = r.content.decode()
    assert "Ann scores 14 and 1 box." in html
    assert 'id="save-hand"' in html
    (arrangement, preview, play), = r.context["arrangements"]
    assert [[c.text for c in m] for m in play.knocker_melds] == [["7H", "7D", "7C"], ["JS", "QS", "KS"]]
    assert [c.text for c in play.layoffs] == ["10S"] and play.defender_deadwood == 24
    assert [c.text for c in play.knocker_deadwood_cards] == ["AD", "2C", "3H", "4S"]
    assert not Hand.objects.filter(match=match).exists()


def test_a_saved_card_hand_scores_on_the_pad(as_role, match):
    client = as_role("member")
    r = post(client, match)
    assert r.status_code == 302
    hand = Hand.objects.get(match=match)
    assert (hand.end, hand.by, hand.knocker_deadwood, hand.defender_deadwood) == ("knock", "a", 10, 24)
    assert hand.cards == {"a": ANN, "b": BEN}  # as typed
    assert hand.melds is None  # the spec's choice: no need to name the melds
    page = client.get(reverse("matches:detail", args=[match.pk]))
    pad = page.context["pad"]
    assert pad.hands[0].points == 14 and pad.hands[0].winner == "Ann"
    assert pad.result.games[0].players["Ann"].points == 14
    html = page.content.decode()
    words = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))   # the Hands row: winner, then points
    assert "Ann +14" in words and "The cards" in html and "laid off" in html
    assert "deadwood 10" in html and "deadwood 24" in html
    assert reverse("matches:hand_cards_edit", args=[match.pk, 1]) in html


def test_the_knocker_picks_another_arrangement(as_role, match):
    client = as_role("member")
    found = post(client, match, action="find", knocker_cards=ANN_RUN, defender_cards=BEN_RUN)
    choices = found.context["arrangements"]
    assert [(a.knocker_deadwood, a.defender_deadwood) for a, _, _ in choices] == [(3, 48), (6, 48), (10, 65), (10, 48)]
    assert choices[0][1].text == "Ann scores 45 and 1 box." and choices[2][1].text == "Ann scores 55 and 1 box."
    key = choices[2][0].key
    assert key == "3S 4S 5S 6S/KH KD KC"
    r = post(client, match, knocker_cards=ANN_RUN, defender_cards=BEN_RUN, arrangement=key)
    assert r.status_code == 302
    hand = Hand.objects.get(match=match)
    assert hand.melds == {"a": [["3S", "4S", "5S", "6S"], ["KH", "KD", "KC"]]}
    assert (hand.knocker_deadwood, hand.defender_deadwood) == (10, 65)
    match.refresh_from_db()
    pad = client.get(reverse("matches:detail", args=[match.pk])).context["pad"]
    assert pad.hands[0].points == 55
    # Corrected back to the best melds on the card page: the named melds go, the score follows.
    edit = reverse("matches:hand_cards_edit", args=[match.pk, 1])
    assert client.get(edit).context["form"]["arrangement"].value() == key
    r = client.post(edit, {"by": "a", "knocker_cards": ANN_RUN, "defender_cards": BEN_RUN, "number": 1,
                           "revision": match.revision, "arrangement": choices[0][0].key, "action": "save"})
    assert r.status_code == 302
    hand.refresh_from_db()
    assert hand.melds is None and hand.knocker_deadwood == 3
    assert client.get(reverse("matches:detail", args=[match.pk])).context["pad"].hands[0].points == 45


def test_melds_found_for_other_cards_are_not_saved(as_role, match):
    r = post(as_role("member"), match, knocker_cards=ANN_RUN, defender_cards=BEN_RUN, arrangement="7H 7D 7C/JS QS KS")
    assert "choose the melds again" in " ".join(field_errors(r, "arrangement"))
    assert not Hand.objects.filter(match=match).exists()


def test_gin_and_big_gin_follow_from_the_cards(as_role, match):
    client = as_role("member")
    gin = "AS 2S 3S 4S 7H 7D 7C QD JD 10D"
    assert post(client, match, knocker_cards=gin).status_code == 302  # no lay-offs against a gin
    big = "5H 6H 7H 8H 9C 9D 9S JC QC KC 10C"
    assert post(client, match, by="b", knocker_cards=big, defender_cards="AS 2S 3S 4S 7D 7C QD JD 10D 2C").status_code == 302
    hands = list(Hand.objects.filter(match=match).order_by("number"))
    assert [(h.end, h.by, h.knocker_deadwood, h.defender_deadwood) for h in hands] == [
        ("gin", "a", None, 34), ("big_gin", "b", None, 16)]


def test_a_hand_saved_on_another_phone_first_is_not_saved_twice(as_role, match):
    client = as_role("member")
    stale = {"number": 1, "revision": match.revision}
    assert post(client, match).status_code == 302
    # the very same cards from the second phone: recorded already, said so, nothing added
    r = client.post(cards_url(match), {"by": "a", "knocker_cards": ANN, "defender_cards": BEN, "action": "save", **stale},
                    follow=True)
    assert "Hand 1 was already recorded on another phone, exactly as typed here" in r.content.decode()
    assert Hand.objects.filter(match=match).count() == 1
    # other cards: the conflict page
    r = client.post(cards_url(match), {"by": "a", "knocker_cards": ANN_RUN, "defender_cards": BEN_RUN, "action": "save",
                                       **stale})
    assert r.status_code == 409 and b"Hand 1 was just recorded on another device" in r.content
    assert Hand.objects.filter(match=match).count() == 1


def test_pad_queries_do_not_grow_with_card_hands(as_role, make_match, django_assert_num_queries):
    hand = {"end": "knock", "by": "Ann", "cards": {"Ann": ANN, "Ben": BEN}}
    long = {"preset": "standard", "match_target": 1_000_000}
    small, big = make_match([hand] * 2, rules=long), make_match([hand] * 12, rules=long)
    client = as_role("visitor")
    with CaptureQueriesContext(connection) as ctx:
        assert client.get(reverse("matches:detail", args=[small.pk])).content.decode().count("laid off") == 2
    with django_assert_num_queries(len(ctx.captured_queries)):
        assert client.get(reverse("matches:detail", args=[big.pk])).content.decode().count("laid off") == 12


def test_oklahoma_the_upcard_sets_the_knock_limit(as_role, make_match):
    match = make_match([], rules="oklahoma")
    client = as_role("director")
    url = reverse("matches:hand_cards", args=[match.pk])
    base = {"by": "a", "knocker_cards": ANN_RUN, "defender_cards": BEN_RUN, "number": 1, "revision": match.revision,
            "action": "find"}
    r = client.post(url, base)
    assert field_errors(r, "upcard") == ["Give the upcard: under Oklahoma rules it sets the knock limit."]
    r = client.post(url, {**base, "upcard": "2H"})
    assert "the knock limit is 2" in field_errors(r, "knocker_cards")[0]
    r = client.post(url, {**base, "upcard": "7H"})  # limit 7: the 10-deadwood arrangements are not offered
    assert [a.knocker_deadwood for a, _, _ in r.context["arrangements"]] == [3, 6]
    assert not Hand.objects.filter(match=match).exists()
