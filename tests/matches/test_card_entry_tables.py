"""Card entry for every table hand: a three-handed hand (the two who play it, not the dealer) and a
partnership table's hand (that table's two, its own page), with the director's rulings (a player
ruled short of cards holds fewer)."""
import pytest
from django.urls import reverse

from ginscore.engine import rules_from
from ginscore.matches import services
from ginscore.matches.card_forms import CardHandForm
from ginscore.matches.models import Hand
from ginscore.matches.records import HandEntry, hand_pair
from ginscore.players.models import Player

pytestmark = pytest.mark.django_db

# The spec's card example: Ann's 7H 7D 7C and JS QS KS leave 4S 2C AD 3H (10); Ben lays off 10S on
# the spades and keeps KD KH KC: 2H 2D 8C 6H 5D AC count 24.
KNOCKER = "7H 7D 7C JS QS KS 4S 2C AD 3H"
DEFENDER = "10S 2H 2D KD KH KC 8C 6H 5D AC"


def players(*names):
    return [Player.objects.create(name=n) for n in names]


@pytest.fixture
def three(db):
    a, b, c = players("Ann", "Ben", "Cat")
    match = services.match_create(player_a=a, player_b=b, player_c=c, rules=rules_from({"preset": "standard"}),
                                  first_dealer="c")
    services.hand_add(match_id=match.pk, entry=HandEntry("knock", "a", 4, 20), expected_number=1)  # Ann v Ben
    match.refresh_from_db()
    return match  # hand 2: Ben lost and deals; Ann and Cat play it


@pytest.fixture
def partnership(db):
    a, b, c, d = players("Ann", "Ben", "Cat", "Dan")
    return services.match_create(player_a=a, player_b=b, player_c=c, player_d=d,
                                 rules=rules_from({"preset": "partnership"}), team_a_name="North",
                                 team_b_name="South")


def test_a_three_handed_hand_entered_as_cards_by_the_two_who_played_it(admin_client, three):
    url = reverse("matches:hand_cards", args=[three.pk])
    page = admin_client.get(url)
    assert page.context["form"].fields["by"].choices == [("a", "Ann"), ("c", "Cat")]
    data = {"number": 2, "revision": three.revision, "by": "c", "knocker_cards": KNOCKER,
            "defender_cards": DEFENDER, "action": "find"}
    found = admin_client.post(url, data)
    assert found.context["preview"].text == "Cat scores 14 and 1 box."
    saved = admin_client.post(url, {**data, "action": "save"})
    assert saved.status_code == 302
    hand = Hand.objects.get(match=three, number=2)
    assert (hand.end, hand.by, hand.knocker_deadwood, hand.defender_deadwood) == ("knock", "c", 10, 24)
    assert hand.cards == {"c": KNOCKER, "a": DEFENDER}
    three.refresh_from_db()
    assert (three.game_a, three.game_b, three.game_c) == (16, 0, 14)
    # the correction page takes the same two, with the stored cards
    edit = admin_client.get(reverse("matches:hand_cards_edit", args=[three.pk, 2]))
    form = edit.context["form"]
    assert form.fields["by"].choices == [("a", "Ann"), ("c", "Cat")]
    assert form.initial["knocker_cards"] == KNOCKER and form.initial["defender_cards"] == DEFENDER


def test_the_dealer_cannot_knock_on_the_card_page(admin_client, three):
    url = reverse("matches:hand_cards", args=[three.pk])
    r = admin_client.post(url, {"number": 2, "revision": three.revision, "by": "b", "knocker_cards": KNOCKER,
                                "defender_cards": DEFENDER, "action": "save"})
    assert r.status_code == 200 and "by" in r.context["form"].errors
    assert not Hand.objects.filter(match=three, number=2).exists()


def test_a_partnership_tables_hand_entered_as_cards_from_its_own_page(admin_client, partnership):
    m = partnership
    url = reverse("matches:table_hand_cards", args=[m.pk, 2])
    page = admin_client.get(url)
    assert page.context["form"].fields["by"].choices == [("c", "Cat"), ("d", "Dan")]  # deal 1, table 2
    assert "Hand 1 at table 2: the cards" in page.content.decode()
    data = {"number": 1, "revision": m.revision, "by": "d", "knocker_cards": KNOCKER, "defender_cards": DEFENDER,
            "action": "save"}
    r = admin_client.post(url, data)
    assert r.status_code == 302
    hand = Hand.objects.get(match=m, number=1)
    assert (hand.table, hand.by, hand.cards) == (2, "d", {"d": KNOCKER, "c": DEFENDER})
    # table 1's deadwood form links to its own card page; the deal waits for table 1
    form_page = admin_client.get(reverse("matches:table_pad", args=[m.pk, 1])).content.decode()
    assert reverse("matches:table_hand_cards", args=[m.pk, 1]) in form_page
    m.refresh_from_db()
    assert m.hand_count == 0
    # the card correction keeps its table
    edit = admin_client.get(reverse("matches:table_hand_cards_edit", args=[m.pk, 2, 1]))
    assert edit.context["form"].initial["knocker_cards"] == KNOCKER
    r = admin_client.post(reverse("matches:table_hand_cards_edit", args=[m.pk, 2, 1]),
                          {**data, "revision": m.revision, "by": "c"})
    assert r.status_code == 302
    assert Hand.objects.get(match=m, number=1, table=2).cards == {"c": KNOCKER, "d": DEFENDER}


def test_a_card_hand_with_a_player_short_of_a_card(admin_client, three):
    url = reverse("matches:hand_cards", args=[three.pk])
    short = "10S 2H 2D KD KH KC 8C 6H 5D"  # Ann found short of one card (no AC)
    data = {"number": 2, "revision": three.revision, "by": "c", "knocker_cards": KNOCKER, "defender_cards": short,
            "action": "find"}
    r = admin_client.post(url, data)
    assert r.context["form"].errors["defender_cards"] == ["Give the defender's 10 cards, not 9."]
    r = admin_client.post(url, {**data, "ruling_missing_a": 1})
    assert r.context["preview"].text == ("Cat scores 23 and 1 box. Ruling: Ann was short of 1 card (+10 to the "
                                         "count, no bonus).")  # Ann's 23 after laying off, +10, less Cat's 10
    r = admin_client.post(url, {**data, "defender_cards": DEFENDER, "ruling_missing_a": 1})
    assert r.context["form"].errors["defender_cards"] == [
        "Give the defender's 9 cards (Ann was ruled 1 short), not 10."]
    assert admin_client.post(url, {**data, "ruling_missing_a": 1, "action": "save"}).status_code == 302
    hand = Hand.objects.get(match=three, number=2)
    assert hand.rulings == {"missing_cards": {"a": 1}}
    edit = admin_client.get(reverse("matches:hand_cards_edit", args=[three.pk, 2])).content.decode()
    assert '<details class="rulings" open>' in edit and 'name="ruling_missing_a" value="1"' in edit


def test_the_card_form_takes_the_hands_pair(three):
    pair = hand_pair(three, [HandEntry.of(h) for h in three.hands.all()], 2)
    form = CardHandForm({"number": 2, "revision": 1, "by": "a", "knocker_cards": KNOCKER,
                         "defender_cards": DEFENDER}, match=three, pair=pair)
    assert form.is_valid(), form.errors
    entry = form.entry()
    assert (entry.by, set(entry.cards)) == ("a", {"a", "c"}) and entry.knocker_deadwood == 10
