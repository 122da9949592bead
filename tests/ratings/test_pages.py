"""The rating pages: the list (ranked, provisional with "?", inactive behind a toggle, hidden
without a number, CSV), a player's rating, chart and changes, a match's changes, the formula
page, and the writes (hide my rating; friendly before the first hand)."""
import csv
import io
import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from ginscore.matches.models import Match
from ginscore.matches.records_io import records_import
from ginscore.players.models import Player
from ginscore.ratings import selectors
from ginscore.ratings.models import ratings_moved
from tests.engine.helpers import gin, record

pytestmark = pytest.mark.django_db


def two(winner, loser, **extra):
    return record([gin(winner, 98, loser), gin(winner, 98, loser)], players=(winner, loser), **extra)


@pytest.fixture
def season(ann, ben):
    """Ann and Ben play 12 matches to 500 (experience 60 and more: established); Cat played one, long ago;
    Dan one, this week (provisional)."""
    records_import(data=[two("Ann", "Ben")] * 8 + [two("Ben", "Ann")] * 4 + [two("Cat", "Ben"), two("Dan", "Ann")],
                   again=True)
    cat_match = Match.objects.get(player_a__name="Cat")
    Match.objects.filter(pk=cat_match.pk).update(finished_at=timezone.now() - timedelta(days=400))
    ratings_moved()
    return Player.objects.get(name="Cat"), Player.objects.get(name="Dan")


def text(response) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode()))


def test_the_list_ranks_established_active_players(client, season, ann):
    page = client.get(reverse("ratings:list"))
    assert page.status_code == 200
    club = selectors.club_ratings()
    ann_rating = club.of(ann.pk).rating
    body = text(page)
    assert f"1 Ann {ann_rating:.2f} 65 13" in body   # rank, name, rating, experience, matches
    assert re.search(r"Dan 15\d\d\.\d\d\? 5 1", body)   # provisional, apart, with "?"
    inactive = page.content.decode().split('id="inactive"')[1]
    assert "Cat" in inactive and "Show 1 player with no rated match in the last 6 months" in body
    assert "How the rating works" in body


def test_the_list_as_csv(client, season, ann):
    page = client.get(reverse("ratings:list") + "?_export=csv")
    assert page["Content-Type"].startswith("text/csv")
    rows = list(csv.DictReader(io.StringIO(page.content.decode())))
    by_name = {r["name"]: r for r in rows}
    assert by_name["Ann"]["rank"] == "1" and by_name["Dan"]["provisional"] == "yes"
    assert by_name["Cat"]["active"] == "no" and by_name["Cat"]["rank"] == ""
    assert float(by_name["Ann"]["rating"]) == round(selectors.club_ratings().of(ann.pk).rating, 2)


def test_a_member_hides_their_rating(client, season, ann, member):
    client.force_login(member)
    page = client.post(reverse("ratings:hide"), {"hidden": "1"}, follow=True)
    assert "Your rating is now hidden from others" in text(page)
    client.logout()
    body = text(client.get(reverse("ratings:list")))
    assert "Keeping their rating to themselves Ann" in body
    assert not re.search(r"Ann \d{4}\.\d\d", body)
    assert "Ann keeps their rating to themselves" in text(client.get(reverse("players:detail", args=[ann.pk])))
    csv_text = client.get(reverse("ratings:list") + "?_export=csv").content.decode()
    assert re.search(r"^,Ann,,65,13,", csv_text, re.M)


def test_a_hidden_rating_needs_an_account_that_plays(client, other_member):
    client.force_login(other_member)
    assert client.post(reverse("ratings:hide"), {"hidden": "1"}).status_code == 403
    client.logout()
    assert client.post(reverse("ratings:hide"), {"hidden": "1"}).status_code == 302


def test_a_players_page_shows_rating_chart_changes_best_win_and_streak(client, season, ann):
    page = client.get(reverse("players:detail", args=[ann.pk]))
    html = page.content.decode()
    club = selectors.club_ratings()
    assert f"{club.of(ann.pk).rating:.2f}" in html
    assert '<svg class="rating-chart"' in html and "<polyline" in html
    mine = selectors.player_ratings(club, ann.pk)
    assert mine.longest_streak == 8
    assert mine.best_win.point.change == max(p.change for p in mine.points if p.won)
    table = html.split('class="table rating-history"')[1].split("</table>")[0]
    assert table.count("<tr>") == 1 + 10   # the head and the last 10 rated matches
    assert "Dan" in table   # the last match: Dan beat Ann


def test_a_finished_match_page_says_what_it_did_to_each_rating(client, season):
    match = Match.objects.filter(player_a__name="Dan").get()
    change = selectors.club_ratings().changes[match.pk]
    body = text(client.get(reverse("matches:detail", args=[match.pk])))
    dan, ann = match.player_a, match.player_b
    assert f"Dan +{change[dan.pk]:.2f}" in body and f"Ann −{-change[ann.pk]:.2f}" in body


def test_the_formula_page_has_the_worked_example(client):
    body = text(client.get(reverse("ratings:how")))
    assert "Ann +3.35" in body and "Ann −5.60" in body and "gains +10.00" in body


def test_a_new_friendly_from_the_form_and_back_before_the_first_hand(client, member, ann):
    client.force_login(member)
    client.post(reverse("matches:new"), {"players": "2", "player_a": "Ann", "player_b": "Ben", "preset": "standard",
                                         "length": "target", "first_dealer": "a", "friendly": "on"})
    match = Match.objects.get()
    assert match.rated is False
    client.post(reverse("ratings:match_rated", args=[match.pk]), {"rated": "1"})
    match.refresh_from_db()
    assert match.rated is True


def test_the_list_is_kept_while_only_hands_in_play_change(client, season, director):
    from ginscore.engine import rules_from
    from ginscore.matches import services
    from ginscore.matches.records import HandEntry

    first = client.get(reverse("ratings:list"))
    etag = first["ETag"]
    assert client.get(reverse("ratings:list"), HTTP_IF_NONE_MATCH=etag).status_code == 304
    ann, ben = Player.objects.get(name="Ann"), Player.objects.get(name="Ben")
    match = services.match_create(player_a=ann, player_b=ben, rules=rules_from("standard"), created_by=director)
    services.hand_add(match_id=match.pk, entry=HandEntry("gin", "a", None, 98), expected_number=1, user=director)
    assert client.get(reverse("ratings:list"), HTTP_IF_NONE_MATCH=etag).status_code == 304   # in play: no change
    services.hand_add(match_id=match.pk, entry=HandEntry("gin", "a", None, 98), expected_number=2, user=director)
    again = client.get(reverse("ratings:list"), HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 200 and again["ETag"] != etag   # finished: the ratings moved


def test_a_finished_match_page_moves_with_a_correction_before_it(client, season, director):
    from ginscore.matches import services
    from ginscore.matches.records import HandEntry

    last = Match.objects.filter(player_a__name="Dan").get()
    url = reverse("matches:detail", args=[last.pk])
    etag = client.get(url)["ETag"]
    first = Match.objects.finished().order_by("finished_at", "id").first()
    services.hand_edit(match_id=first.pk, number=2, entry=HandEntry("gin", "a", None, 60),
                       expected_revision=first.revision, user=director)
    page = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert page.status_code == 200
    change = selectors.club_ratings().changes[last.pk]
    assert f"Dan +{change[last.player_a_id]:.2f}" in text(page)
