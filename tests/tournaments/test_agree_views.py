"""Both players agree, on the pages: the pad marks the hands that do not count yet and offers
"Confirm hand N" to the other player (their account or personal link: one tap; a shared table
link: their own code and a tap on their name); only those who may score the match may answer,
the table link alone never confirms; the desk lists the hands and settles them."""
import re

import pytest
from django.test import Client
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from ginscore.matches import services as match_services
from ginscore.matches.agreement import hand_version
from ginscore.matches.models import AGREED, AWAITING, DISPUTED, Hand, HandChange, Match
from ginscore.matches.records import HandEntry
from ginscore.matches.seats import seat_code, seat_link
from ginscore.players.models import Player
from ginscore.tournaments.models import TournamentMatch

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(make_tournament):
    """A Swiss event of 4 (both players agree): round 1's two tables."""
    t = make_tournament("swiss", 4, rounds=2, agree=True)
    rows = list(TournamentMatch.objects.filter(tournament=t, play_round=1).select_related("match").order_by("table"))
    return t, rows


def _add(match, side="a", user=None, via="table_link", entry=None):
    match = Match.objects.get(pk=match.pk)
    match_services.hand_add(match_id=match.pk, entry=entry or HandEntry("knock", side, 5, 25),
                            expected_number=match.hand_count + 1, user=user, via=via)
    return Hand.objects.get(match=match, number=match.hand_count + 1)


def _pad(client, match):
    return client.get(reverse("matches:detail", args=[match.pk]))


def _open_link(client, match):
    client.get(reverse("matches:table", args=[match.table_token]))


def _post(client, name, match, n, **data):
    return client.post(reverse(f"matches:{name}", args=[match.pk, n]), data)


def test_the_pad_marks_an_awaiting_hand_and_the_shared_phone_confirms_it_with_each_players_code(client, event):
    t, (first, _) = event
    match = first.match
    hand = _add(match, "a")
    _open_link(client, match)
    page = _pad(client, match).content.decode()
    assert 'class="hand-awaiting"' in page and "? not yet confirmed" in page
    assert "Confirm hand 1</summary>" in page and 'name="code"' in page
    assert "seat-code" not in page and seat_code(match, "a") not in page and seat_code(match, "b") not in page
    a, b = match.player_a.name, match.player_b.name
    assert f'name="side" value="a">{a}</button>' in page and f'name="side" value="b">{b}</button>' in page
    r = _post(client, "hand_confirm", match, 1, side="b", version=hand_version(hand))
    assert r.status_code == 302 and r.url.endswith("#agree")
    assert "type " + b + "&#x27;s own code" in _pad(client, match).content.decode()
    _post(client, "hand_confirm", match, 1, side="b", version=hand_version(hand), code=seat_code(match, "a"))
    assert "code: that is not the right code. Type" in _pad(client, match).content.decode()
    assert Hand.objects.get(pk=hand.pk).confirmed_sides == ""
    _post(client, "hand_confirm", match, 1, side="b", version=hand_version(hand), code=seat_code(match, "b"))
    page = _pad(client, match).content.decode()
    assert "it counts once the other side confirms it too" in page and f"Confirmed so far by {b}" in page
    assert 'name="side" value="b">' not in page       # B has answered: only A is left
    hand.refresh_from_db()
    other = Client()   # one device answers for one player: A confirms on another phone
    _open_link(other, match)
    _post(other, "hand_confirm", match, 1, side="a", version=hand_version(hand), code=seat_code(match, "a"))
    hand.refresh_from_db()
    assert hand.agreement == AGREED
    assert "Hand 1 confirmed: it counts." in _pad(other, match).content.decode()
    page = _pad(client, match).content.decode()
    assert "Confirm hand 1" not in page
    assert re.search(r"hand 1 <strong>confirmed</strong> by " + re.escape(b) + r" \(own code\)", page)


def test_wrong_codes_are_limited_where_they_come_from_never_for_the_real_player(client, event, settings):
    """A guesser at 10.0.0.66 gets 8 codes for the match, then none (even the right one is not
    checked); Ben, typing his own code on another phone, still confirms, and so does Ann from
    the guesser's own address through her personal link (no code)."""
    settings.GINSCORE_PROXY_COUNT = 1
    t, (first, _) = event
    match = first.match
    hand = _add(match, "a")
    _open_link(client, match)
    guesser = {"HTTP_X_FORWARDED_FOR": "10.0.0.66"}
    for guess in range(8):
        client.post(reverse("matches:hand_confirm", args=[match.pk, 1]), {
            "side": "b", "version": hand_version(hand), "code": f"{guess:06d}"}, **guesser)
    client.post(reverse("matches:hand_confirm", args=[match.pk, 1]), {
        "side": "b", "version": hand_version(hand), "code": seat_code(match, "b")}, **guesser)
    assert "Too many wrong codes from this device" in _pad(client, match).content.decode()
    assert Hand.objects.get(pk=hand.pk).confirmed_sides == ""
    ben = Client()
    _open_link(ben, match)
    ben.post(reverse("matches:hand_confirm", args=[match.pk, 1]), {
        "side": "b", "version": hand_version(hand), "code": seat_code(match, "b")}, HTTP_X_FORWARDED_FOR="10.0.0.7")
    assert Hand.objects.get(pk=hand.pk).confirmed_sides == "b"
    ann = Client()
    ann.get(seat_link(match, "a"), **guesser)
    ann.post(reverse("matches:hand_confirm", args=[match.pk, 1]), {
        "side": "a", "version": hand_version(Hand.objects.get(pk=hand.pk))}, **guesser)
    assert Hand.objects.get(pk=hand.pk).agreement == AGREED


def test_a_seat_code_is_never_a_personal_links_token(client, event):
    t, (first, _) = event
    match = first.match
    for seat in ("a", "b"):
        r = client.get(reverse("matches:seat", args=[match.pk, seat, seat_code(match, seat)]))
        assert r.status_code == 404
    assert client.get(seat_link(match, "b")).status_code == 302


def test_a_personal_link_answers_for_its_player_in_one_tap_and_shows_their_code_only(client, event):
    t, (first, _) = event
    match = Match.objects.select_related("player_a", "player_b").get(pk=first.match_id)
    hand = _add(match, "a")
    r = client.get(seat_link(match, "b"))
    assert r.status_code == 302 and r.url == reverse("matches:detail", args=[match.pk])
    page = _pad(client, match).content.decode()
    assert f"Your code as {match.player_b.name}: <strong class=\"seat-code\">{seat_code(match, 'b')}</strong>" in page
    assert seat_code(match, "a") not in page
    assert '<input type="hidden" name="side" value="b">' in page and 'type="submit">Confirm hand 1</button>' in page
    _post(client, "hand_confirm", match, 1, side="b", version=hand_version(hand))
    assert Hand.objects.get(pk=hand.pk).confirmed_sides == "b"
    assert HandChange.objects.get(match=match, action="confirmed").via == "seat_link"
    bad = seat_link(match, "a")[:-3] + "xyz/"
    assert client.get(bad).status_code == 404
    assert client.get(reverse("matches:seat", args=[match.pk, "q", "abc"])).status_code == 404


def test_a_visitor_without_the_link_cannot_confirm(client, event, other_member):
    t, (first, _) = event
    hand = _add(first.match, "a")
    page = _pad(client, first.match).content.decode()
    assert "not yet confirmed" in page and "Confirm hand 1" not in page
    r = _post(client, "hand_confirm", first.match, 1, side="b", version=hand_version(hand))
    assert r.status_code == 302 and "login" in r.url
    client.force_login(other_member)      # a member who plays in neither seat
    r = _post(client, "hand_confirm", first.match, 1, side="b", version=hand_version(hand))
    assert r.status_code == 403
    r = _post(client, "hand_dispute", first.match, 1, side="b", version=hand_version(hand), reason="no")
    assert r.status_code == 403
    r = _post(client, "hand_settle", first.match, 1, version=hand_version(hand))
    assert r.status_code == 403
    hand.refresh_from_db()
    assert hand.agreement == AWAITING


def test_the_entrant_sees_no_confirm_button_and_the_other_player_confirms_from_their_account(
        client, event, django_user_model):
    t, (first, _) = event
    match = Match.objects.select_related("player_a", "player_b").get(pk=first.match_id)
    ua = django_user_model.objects.create_user(username="seat-a", password="x-table-talk-42")
    ub = django_user_model.objects.create_user(username="seat-b", password="x-table-talk-42")
    Player.objects.filter(pk=match.player_a_id).update(user=ua)
    Player.objects.filter(pk=match.player_b_id).update(user=ub)
    hand = _add(match, "a", user=ua, via="account")
    client.force_login(ua)
    page = _pad(client, match).content.decode()
    assert "not yet confirmed" in page and "Confirm hand 1" not in page
    assert f"entered by {match.player_a.name}" in page
    r = _post(client, "hand_confirm", match, 1, side="b", version=hand_version(hand))
    assert "You entered hand 1" in _pad(client, match).content.decode()
    client.force_login(ub)
    page = _pad(client, match).content.decode()
    assert 'type="submit">Confirm hand 1</button>' in page     # one tap: the account names the player
    assert f'Your code as {match.player_b.name}' in page and seat_code(match, "b") in page
    assert seat_code(match, "a") not in page
    r = _post(client, "hand_confirm", match, 1, side="b", version=hand_version(hand))
    assert r.status_code == 302
    assert Hand.objects.get(pk=hand.pk).agreement == AGREED


def test_a_dispute_shows_on_the_pad_and_the_desk_where_the_director_settles_it(client, event, director):
    t, (first, second) = event
    hand = _add(first.match, "a")
    _add(second.match, "b")
    _open_link(client, first.match)
    code = seat_code(first.match, "b")
    r = _post(client, "hand_dispute", first.match, 1, side="b", version=hand_version(hand), reason="", code=code)
    assert "reason: say in a few words" in _pad(client, first.match).content.decode()
    _post(client, "hand_dispute", first.match, 1, side="b", version=hand_version(hand), reason="Deadwood was 15",
          code=code)
    hand.refresh_from_db()
    assert (hand.agreement, hand.dispute_reason) == (DISPUTED, "Deadwood was 15")
    page = _pad(client, first.match).content.decode()
    assert "Disputed</strong>: “Deadwood was 15”" in page and "Confirm hand 1" not in page
    client.force_login(director)
    pad = _pad(client, first.match).content.decode()          # the director may tell each player their code
    assert all(seat_code(first.match, s) in pad for s in "ab") and seat_link(first.match, "b") in pad
    desk = client.get(reverse("tournaments:desk", args=[t.pk])).content.decode()
    section = desk[desk.index('id="agree"'):desk.index('id="check-in"')]
    assert section.count("<li ") == 2
    assert section.index("“Deadwood was 15”") < section.index("awaiting confirmation")   # disputes first
    desk_url = reverse("tournaments:desk", args=[t.pk])
    r = _post(client, "hand_settle", first.match, 1, version=hand_version(hand), next=desk_url + "#agree")
    assert r.status_code == 302 and r.url == desk_url + "#agree"
    hand.refresh_from_db()
    assert hand.agreement == AGREED
    change = HandChange.objects.filter(match=first.match).first()
    assert (change.action, change.who) == ("settled", director)
    desk = client.get(desk_url).content.decode()
    assert desk[desk.index('id="agree"'):desk.index('id="check-in"')].count("<li ") == 1


def test_the_round_page_says_a_finished_match_awaits_confirmation(client, event):
    t, (first, _) = event
    for _ in range(2):
        _add(first.match, "a", entry=HandEntry("gin", "a", None, 60))
    page = client.get(reverse("tournaments:round", args=[t.pk, 1, 1])).content.decode()
    assert "awaiting confirmation" in page


def test_the_new_tournament_form_sets_the_option(client, director):
    client.force_login(director)
    page = client.get(reverse("tournaments:new")).content.decode()
    assert 'name="agree"' in page and "Both players agree" in page


@pytest.mark.parametrize("role", ["table_link", "director"])
def test_pad_and_desk_query_counts_stay_constant_as_awaiting_hands_grow(client, make_tournament, director, role):
    counts = []
    for n in (1, 8):
        t = make_tournament("swiss", 4, rounds=2, agree=True)
        rows = list(TournamentMatch.objects.filter(tournament=t, play_round=1).select_related("match")
                    .order_by("table"))
        for m in (rows[0].match, rows[1].match):
            for i in range(n):
                _add(m, "ab"[i % 2])
        client.logout()
        if role == "director":
            client.force_login(director)
        else:
            _open_link(client, rows[0].match)
        with CaptureQueriesContext(connection) as pad:
            r = _pad(client, rows[0].match)
        assert len(r.context["awaiting"]) == n
        desk = None
        if role == "director":
            with CaptureQueriesContext(connection) as desk:
                r = client.get(reverse("tournaments:desk", args=[t.pk]))
            assert len(r.context["to_settle"]) == 2 * n
        counts.append((len(pad.captured_queries), len(desk.captured_queries) if desk else 0))
    assert counts[0] == counts[1]


def test_the_code_refusals_read_as_french_sentences(client, event):
    """No "de Ann" (d'Ann), no "en tant que Ann", no bare "code :" in front: the seat code's
    refusals and the player's own code, in French."""
    from tests.french import FR, NB

    t, (first, _) = event
    match = Match.objects.select_related("player_a", "player_b").get(pk=first.match_id)
    hand = _add(match, "a")
    _open_link(client, match)
    client.post(reverse("matches:hand_confirm", args=[match.pk, 1]),
                {"side": "b", "version": hand_version(hand), "code": "000000"}, **FR)
    page = client.get(reverse("matches:detail", args=[match.pk]), **FR).content.decode()
    b = match.player_b.name
    assert (f"Code personnel{NB}: ce n&#x27;est pas le bon code. Pour répondre, {b} tape son propre code" in page
            or f"Code personnel{NB}: ce n'est pas le bon code. Pour répondre, {b} tape son propre code" in page)
    assert "en tant que" not in page and f"de {b}" not in page
    own = Client()
    own.get(seat_link(match, "b"))
    page = own.get(reverse("matches:detail", args=[match.pk]), **FR).content.decode()
    assert f"Votre code ({b}){NB}: <strong class=\"seat-code\">{seat_code(match, 'b')}</strong>" in page
