"""The table pages: reads and writes for every role, forms, corrections, the table link."""
import pytest
from django.urls import reverse

from ginscore.matches.models import VIA_TABLE_LINK, Hand, Match
from ginscore.players.models import Player

pytestmark = pytest.mark.django_db

KNOCK = {"end": "knock", "by": "Ann", "deadwood": {"Ann": 8, "Ben": 32}}
GIN_BEN = {"end": "gin", "by": "Ben", "deadwood": {"Ann": 41}}
ROLES = ["visitor", "table_link", "other_member", "member", "director", "club_admin"]
SCORERS = {"table_link", "member", "director", "club_admin"}
MANAGERS = {"member", "director", "club_admin"}


@pytest.fixture
def match(make_match):
    return make_match([KNOCK, GIN_BEN])


def url(name, match, *args):
    return reverse(f"matches:{name}", args=[match.pk, *args])


def fresh(match):
    match.refresh_from_db()
    return match


def hand_post(match, **data):
    return {"number": match.hand_count + 1, "revision": match.revision, "action": "save", **data}


@pytest.mark.parametrize("role", ROLES)
def test_everyone_reads_the_pad_only_scorers_see_the_entry_form(as_role, match, role):
    r = as_role(role).get(url("detail", match))
    assert r.status_code == 200
    html = r.content.decode()
    assert "Ann v Ben" in html.replace("<span class=\"muted\">v</span>", "v") or "Ann" in html
    assert ('class="form hand-form"' in html) is (role in SCORERS)
    assert ("Table link (score from any phone" in html) is (role in MANAGERS)
    assert (match.table_token in html) is (role in MANAGERS)


@pytest.mark.parametrize("role", ROLES)
def test_recording_a_hand_by_role(as_role, match, role):
    c = as_role(role)
    r = c.post(url("hand_new", match), hand_post(match, end="gin", by="a", defender_deadwood=10))
    saved = Hand.objects.filter(match=match).count() == 3
    assert saved is (role in SCORERS)
    if role == "visitor":
        assert r.status_code == 302 and "/accounts/login/" in r["Location"]
    elif role == "other_member":
        assert r.status_code == 403
    else:
        assert r.status_code == 302 and r["Location"] == url("detail", match)
        hand = Hand.objects.get(match=match, number=3)
        assert hand.entered_via == (VIA_TABLE_LINK if role == "table_link" else "account")
        assert (hand.entered_by is None) is (role == "table_link")


@pytest.mark.parametrize("role", ROLES)
def test_corrections_by_role(as_role, match, role):
    c = as_role(role)
    rev = match.revision
    c.post(url("hand_edit", match, 1), {"number": 1, "revision": rev, "action": "save", "end": "knock", "by": "a",
                                         "knocker_deadwood": 8, "defender_deadwood": 22})
    edited = Hand.objects.get(match=match, number=1).defender_deadwood == 22
    assert edited is (role in SCORERS)
    c.post(url("hand_delete", match, 2), {"revision": fresh(match).revision})
    c.post(url("hand_undo", match), {"revision": fresh(match).revision})
    left = Hand.objects.filter(match=match).count()
    assert left == (0 if role in SCORERS else 2)


@pytest.mark.parametrize("role", ROLES)
def test_table_link_qr_and_renew_by_role(as_role, match, role):
    c = as_role(role)
    r = c.get(url("table_link_qr", match))
    if role in MANAGERS:
        assert r.status_code == 200 and r["Content-Type"] == "image/svg+xml" and b"<svg" in r.content
    else:
        assert r.status_code in (302, 403)
    old = match.table_token
    c.post(url("table_link_renew", match))
    assert (fresh(match).table_token != old) is (role in MANAGERS)


def test_renewing_the_table_link_locks_the_old_holder_out(client, match, member):
    client.get(reverse("matches:table", args=[match.table_token]))
    r = client.post(url("hand_new", match), hand_post(match, end="dead"))
    assert r.status_code == 302 and fresh(match).hand_count == 3
    old = match.table_token
    from ginscore.matches import services

    services.table_link_renew(match=match)
    r = client.post(url("hand_new", match), hand_post(fresh(match), end="dead"))
    assert r.status_code == 403 and b"The table link was renewed" in r.content and fresh(match).hand_count == 3
    r = client.get(reverse("matches:table", args=[old]))
    assert r.status_code == 404 and b"no longer works" in r.content


def test_table_link_is_for_its_match_only(client, make_match, match):
    other = make_match([])
    client.get(reverse("matches:table", args=[match.table_token]))
    r = client.post(url("hand_new", other), hand_post(other, end="dead"))
    assert r.status_code == 302 and "/accounts/login/" in r["Location"]
    assert fresh(other).hand_count == 0


@pytest.mark.parametrize("role,status", [("visitor", 302), ("other_member", 200), ("director", 200)])
def test_new_match_page_by_role(as_role, role, status):
    r = as_role(role).get(reverse("matches:new"))
    assert r.status_code == status


def test_new_match_creates_players_and_freezes_rules(client, member, ann):
    client.force_login(member)
    r = client.post(reverse("matches:new"), {
        "player_a": "ann", "player_b": "  Zoe  ", "preset": "oklahoma", "length": "best_of", "games": "3",
        "first_dealer": "b", "stake": "0.10", "rule_gin_bonus": "30", "rule_big_gin_bonus": "off",
    })
    match = Match.objects.get()
    assert r.status_code == 302 and r["Location"] == url("detail", match)
    assert (match.player_a, match.player_b.name) == (ann, "Zoe")
    assert match.rule_overrides == {"gin_bonus": 30, "big_gin_bonus": None}
    assert match.rules["oklahoma"] is True and match.rules["gin_bonus"] == 30
    assert (match.length_kind, match.length_games, match.first_dealer) == ("best_of", 3, "b")
    assert match.created_by == member and str(match.stake) == "0.1000"


@pytest.mark.parametrize("data,field,message", [
    ({"player_b": "Ann"}, "player_b", "The two players must be different."),
    ({"length": "best_of", "games": ""}, "games", "Give K, the number of games"),
    ({"rule_knock_limit": "120"}, "rule_knock_limit", "knock_limit: must be a whole number from 0 to 98"),
    ({"rule_dealer": "nobody"}, "rule_dealer", "dealer: must be one of"),
    ({"stake": "-1"}, "stake", "greater than or equal to 0"),
    ({"player_a": ""}, "player_a", "This field is required."),
])
def test_new_match_bad_input_is_named_next_to_the_field(client, member, data, field, message):
    client.force_login(member)
    post = {"player_a": "Ann", "player_b": "Ben", "preset": "standard", "length": "target", "first_dealer": "a",
            **data}
    r = client.post(reverse("matches:new"), post)
    assert r.status_code == 200
    assert message in " ".join(r.context["form"].errors[field])
    assert f'id="field-{field}"' in r.content.decode()
    assert not Match.objects.exists() and Player.objects.count() <= 1


@pytest.mark.parametrize("data,field,message", [
    ({"end": "knock", "by": "a", "knocker_deadwood": 12, "defender_deadwood": 30}, "knocker_deadwood",
     "The knocker's deadwood is at most 10 under these rules, not 12."),
    ({"end": "knock", "by": "a", "defender_deadwood": 30}, "knocker_deadwood", "Give the knocker's deadwood"),
    ({"end": "gin", "defender_deadwood": 30}, "by", "Say who knocked or went gin"),
    ({"end": "gin", "by": "b"}, "defender_deadwood", "Give the defender's deadwood"),
    ({"end": "gin", "by": "b", "defender_deadwood": 99}, "defender_deadwood", "Deadwood is from 0 to 98."),
    ({"end": "dead", "upcard": "11S"}, "upcard", '"11S" is not a card'),
    ({}, "end", "Tap how the hand ended"),
])
def test_hand_bad_input_is_named_next_to_the_field(client, member, match, data, field, message):
    client.force_login(member)
    r = client.post(url("hand_new", match), hand_post(match, **data))
    assert r.status_code == 200
    assert message in " ".join(r.context["form"].errors[field])
    assert fresh(match).hand_count == 2 and Hand.objects.count() == 2


def test_oklahoma_needs_the_upcard_and_it_sets_the_knock_limit(client, member, make_match):
    match = make_match([], rules="oklahoma")
    client.force_login(member)
    r = client.post(url("hand_new", match), hand_post(match, end="knock", by="a", knocker_deadwood=5,
                                                      defender_deadwood=20))
    assert "Tap the upcard" in str(r.context["form"].errors["upcard"])
    r = client.post(url("hand_new", match), hand_post(match, end="knock", by="a", knocker_deadwood=5,
                                                      defender_deadwood=20, upcard="4h"))
    assert "is at most 4 when the upcard is 4H" in str(r.context["form"].errors["knocker_deadwood"])
    r = client.post(url("hand_new", match), hand_post(match, end="knock", by="a", knocker_deadwood=5,
                                                      defender_deadwood=20, upcard="6s"))
    assert r.status_code == 302
    hand = Hand.objects.get(match=match)
    assert hand.upcard == "6S"
    # a spade doubles: (20 - 5) x 2
    assert "Ann scores 30 and 1 box" in client.get(r["Location"]).content.decode()


def test_preview_step_shows_the_score_and_saves_nothing(client, member, match):
    client.force_login(member)
    r = client.post(url("hand_new", match), {**hand_post(match, end="knock", by="b", knocker_deadwood=3,
                                                         defender_deadwood=2), "action": "preview"})
    html = r.content.decode()
    assert "Ann scores 26 and 1 box (undercut)." in html
    assert "Game 1: Ann 50, Ben 66." in html
    assert 'id="save-hand"' in html and "data-show-with-js" not in html
    assert fresh(match).hand_count == 2


def test_preview_endpoint_json(client, member, match):
    client.force_login(member)
    r = client.post(url("hand_preview", match), hand_post(match, end="big_gin", by="a", defender_deadwood=10))
    assert r.json() == {"ok": True, "text": "Ann scores 41 and 1 box (big gin).",
                        "after": "Game 1: Ann 65, Ben 66.", "next_dealer": "Ann"}
    r = client.post(url("hand_preview", match), hand_post(match, end="knock", by="a", defender_deadwood=10))
    assert r.json()["ok"] is False and "knocker_deadwood" in r.json()["errors"]
    client.logout()
    assert client.post(url("hand_preview", match), hand_post(match, end="dead")).status_code == 403


def test_a_stale_hand_number_is_told_and_sees_both_hands(client, member, match):
    client.force_login(member)
    assert client.post(url("hand_new", match), hand_post(match, end="dead")).status_code == 302
    r = client.post(url("hand_new", match), hand_post(match, end="gin", by="b", defender_deadwood=12))
    assert r.status_code == 409 and "Hand 3 was just recorded on another device" in r.content.decode()
    assert fresh(match).hand_count == 3


def test_a_correction_that_breaks_the_record_is_refused(client, member, make_match):
    gin = {"end": "gin", "by": "Ann", "deadwood": {"Ben": 20}}
    from ginscore.engine import MatchLength

    match = make_match([gin, gin, {"end": "dead"}, {"end": "dead"}], length=MatchLength("best_of", 1))
    client.force_login(member)
    r = client.post(url("hand_edit", match, 3), {"number": 3, "revision": match.revision, "action": "save",
                                                 "end": "gin", "by": "a", "defender_deadwood": 30})
    assert r.status_code == 200
    assert "Hand 4: the match already ended after hand 3." in r.content.decode()
    assert Hand.objects.get(match=match, number=3).end == "dead" and not fresh(match).complete


def test_edit_page_prefills_the_hand_and_history_shows_the_change(client, director, match):
    client.force_login(director)
    r = client.get(url("hand_edit", match, 2))
    form = r.context["form"]
    assert (form["end"].value(), form["by"].value(), form["defender_deadwood"].value()) == ("gin", "b", 41)
    client.post(url("hand_edit", match, 2), {"number": 2, "revision": match.revision, "action": "save",
                                             "end": "gin", "by": "b", "defender_deadwood": 14})
    html = client.get(url("detail", match)).content.decode()
    assert "hand 2 <strong>edited</strong> by dora" in html
    assert "Ben went gin (Ann 41)" in html and "Ben went gin (Ann 14)" in html


def test_delete_confirm_page_then_later_hands_move_up(client, member, match):
    client.force_login(member)
    r = client.get(url("hand_delete", match, 1))
    assert "Ann knocked 8 v 32" in r.content.decode()
    client.post(url("hand_delete", match, 1), {"revision": match.revision})
    assert list(Hand.objects.filter(match=match).values_list("number", "end")) == [(1, "gin")]


def test_finished_match_shows_settlement_and_no_entry(client, member, make_match):
    gin = {"end": "gin", "by": "Ben", "deadwood": {"Ann": 20}}
    from ginscore.engine import MatchLength

    match = make_match([gin] * 3, length=MatchLength("best_of", 1), stake="0.25")
    client.force_login(member)
    html = client.get(url("detail", match)).content.decode()
    # 135 + 3 x 25 + 100 + shutout 100 = 410
    assert "Ann pays Ben 410 points" in html and "102.50" in html
    assert "hand-form" not in html
    r = client.get(url("hand_new", match), follow=True)
    assert "The match is over" in r.content.decode()


def test_hollywood_pad_shows_three_columns(client, make_match):
    hands = [{"end": "knock", "by": "Ann", "deadwood": {"Ann": 5, "Ben": 25}}] * 3
    match = make_match(hands, rules="hollywood")
    r = client.get(url("detail", match))
    pad = r.context["pad"]
    assert [len(s) for s in pad.sets] == [3]
    assert [[row.a.running for row in col.rows] for col in pad.sets[0]] == [[20, 40, 60], [20, 40], [20]]
    html = r.content.decode()
    assert 'id="game-1"' in html and 'id="game-3"' in html


@pytest.mark.parametrize("role", ROLES)
def test_who_deals_hand_1_is_set_at_the_table_by_scorers_only(as_role, match, role):
    from ginscore.matches import services

    for _ in range(2):
        services.hand_undo(match_id=match.pk, expected_revision=fresh(match).revision)
    c = as_role(role)
    page = c.get(url("detail", match)).content.decode()
    assert ("Ben deals first" in page) is (role in SCORERS)
    r = c.post(url("first_dealer", match), {"side": "b", "revision": fresh(match).revision})
    assert (fresh(match).first_dealer == "b") is (role in SCORERS)
    if role in SCORERS:
        page = c.get(r["Location"]).content.decode()
        assert "Ben deals hand 1." in page and "<strong>Ben</strong> deals" in page
        assert "Ann deals first" in page


def test_the_first_deal_is_settled_once_hand_1_is_recorded(client, member, match):
    client.force_login(member)
    page = client.get(url("detail", match)).content.decode()
    assert "deals first" not in page
    r = client.post(url("first_dealer", match), {"side": "b", "revision": match.revision}, follow=True)
    assert "Hand 1 is already recorded: the first deal is settled." in r.content.decode()
    assert fresh(match).first_dealer == "a"


def test_the_hand_form_asks_for_the_upcard_only_where_the_rules_use_it(client, director, make_match):
    """Standard rules: no upcard field (nor "Upcard (optional)"); a posted upcard is still recorded
    (a record may always give one) and a hand carrying one shows it when corrected. Oklahoma asks
    for it first; a spade upcard's doubling asks for it under the hand."""
    client.force_login(director)
    standard = make_match([])
    page = client.get(reverse("matches:detail", args=[standard.pk])).content.decode()
    assert 'id="field-upcard"' not in page and "Upcard (optional)" not in page and "upcard-more" not in page
    response = client.post(url("hand_new", standard), hand_post(standard, end="knock", by="a", knocker_deadwood=5,
                                                                defender_deadwood=20, upcard="7S"))
    assert response.status_code == 302, response.content.decode()[:2000]
    assert Hand.objects.get(match=standard, number=1).upcard == "7S"   # recorded, and it changes nothing:
    assert Match.objects.get(pk=standard.pk).game_a == 15              # 20 - 5, no doubling
    edit = client.get(reverse("matches:hand_edit", args=[standard.pk, 1])).content.decode()
    assert 'id="field-upcard"' in edit and "Upcard (changes nothing under these rules)" in edit
    oklahoma = make_match([], rules="oklahoma")
    page = client.get(reverse("matches:detail", args=[oklahoma.pk])).content.decode()
    assert 'id="field-upcard"' in page and page.index('id="field-upcard"') < page.index('id="field-end"')
    doubling = make_match([], rules={"preset": "standard", "spade_double": True})
    page = client.get(reverse("matches:detail", args=[doubling.pk])).content.decode()
    assert "Upcard (a spade doubles the hand)" in page and 'id="field-upcard"' in page
