"""Finished results cannot be rewritten: the table link's correction window, and
director-only corrections of tournament results the event relies on."""
from datetime import timedelta

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse
from django.utils import timezone

from ginscore.engine import MatchLength
from ginscore.matches import services
from ginscore.matches.models import VIA_TABLE_LINK, HandChange, Match
from ginscore.matches.records import HandEntry
from ginscore.tournaments import services as tournament_services
from ginscore.tournaments.models import Tournament, TournamentMatch

pytestmark = pytest.mark.django_db

GIN = {"end": "gin", "by": "Ann", "deadwood": {"Ben": 60}}  # one game: two gins end it


def one_game(make_match):
    match = make_match([GIN, GIN], length=MatchLength("best_of", 1))
    assert match.complete and match.finished_at is not None
    return match


def finished_ago(match, minutes):
    Match.objects.filter(pk=match.pk).update(finished_at=timezone.now() - timedelta(minutes=minutes))
    match.refresh_from_db()
    return match


def edit_post(match, number=2):
    return {"number": number, "revision": match.revision, "action": "save", "end": "gin", "by": "a",
            "defender_deadwood": "70"}


def table_link(client, match):
    client.get(reverse("matches:table", args=[match.table_token]))
    return client


def messages_of(response):
    return [str(m) for m in get_messages(response.wsgi_request)]


def test_a_table_link_corrects_a_finished_match_within_the_window(client, make_match):
    match = finished_ago(one_game(make_match), 14)
    r = table_link(client, match).post(reverse("matches:hand_edit", args=[match.pk, 2]), edit_post(match))
    assert r.status_code == 302
    assert match.hands.get(number=2).defender_deadwood == 70
    change = HandChange.objects.get(action="edited")
    assert change.via == VIA_TABLE_LINK and change.who_text == "table link"


def test_after_the_window_the_table_link_stops_writing(client, make_match):
    match = finished_ago(one_game(make_match), 16)
    client = table_link(client, match)
    page = client.get(reverse("matches:hand_edit", args=[match.pk, 2]))
    assert page.status_code == 302 and page["Location"] == reverse("matches:detail", args=[match.pk])
    [message] = messages_of(page)
    assert "its table link could correct it for 15 minutes after the end" in message
    assert "Ask a director" in message
    revision = match.revision
    for name, args, data in [("hand_edit", [2], edit_post(match)), ("hand_delete", [2], {"revision": revision}),
                             ("hand_undo", [], {"revision": revision})]:
        r = client.post(reverse(f"matches:{name}", args=[match.pk, *args]), data)
        assert r.status_code == 302 and "15 minutes" in messages_of(r)[-1], name
    match.refresh_from_db()
    assert match.revision == revision and match.hand_count == 2
    assert list(match.hands.values_list("defender_deadwood", flat=True)) == [60, 60]
    assert not HandChange.objects.exclude(action="added").exists()
    with pytest.raises(services.HandRefused, match="15 minutes"):  # the service refuses on its own too
        services.hand_undo(match_id=match.pk, expected_revision=revision, via=VIA_TABLE_LINK)


def test_the_players_and_a_director_still_correct_after_the_window(client, make_match, member, director):
    match = finished_ago(one_game(make_match), 60 * 24)
    for user, deadwood in ((member, "70"), (director, "75")):
        client.force_login(user)
        match.refresh_from_db()
        r = client.post(reverse("matches:hand_edit", args=[match.pk, 2]),
                        {**edit_post(match), "defender_deadwood": deadwood})
        assert r.status_code == 302
    assert match.hands.get(number=2).defender_deadwood == 75
    assert [c.who_text for c in HandChange.objects.filter(action="edited").order_by("id")] == ["ann", "dora"]


def test_the_window_is_a_setting(settings, make_match):
    match = finished_ago(one_game(make_match), 2)
    settings.GINSCORE_CORRECTION_MINUTES = 1
    with pytest.raises(services.HandRefused, match="for 1 minute after the end"):
        services.hand_edit(match_id=match.pk, number=2, entry=HandEntry("gin", "a", None, 70),
                           expected_revision=match.revision, via=VIA_TABLE_LINK)
    settings.GINSCORE_CORRECTION_MINUTES = 5
    services.hand_edit(match_id=match.pk, number=2, entry=HandEntry("gin", "a", None, 70),
                       expected_revision=match.revision, via=VIA_TABLE_LINK)
    assert match.hands.get(number=2).defender_deadwood == 70


# Tournaments


def tournament(format, names, **options):
    t = tournament_services.tournament_create(name=format, format=format, length=MatchLength("best_of", 1),
                                              **options)
    tournament_services.entries_set(tournament=t, names=names)
    tournament_services.tournament_start(tournament=t)
    return t


def row(t, key):
    return TournamentMatch.objects.select_related("match__player_a", "match__player_b").get(tournament=t, key=key)


def win(match, name, hands=2):
    match = Match.objects.select_related("player_a", "player_b").get(pk=match.pk)
    side = "a" if match.player_a.name == name else "b"
    for _ in range(hands):
        services.hand_add(match_id=match.pk, entry=HandEntry("gin", side, None, 60),
                          expected_number=match.hand_count + 1)
        match.refresh_from_db()
    return match


def test_the_final_of_a_finished_knockout_is_a_directors_to_correct(client, director, django_user_model):
    t = tournament("single", ["Ann", "Ben"])
    final = win(row(t, "W1-1").match, "Ann")
    t.refresh_from_db()
    assert t.status == "finished" and t.champion.name == "Ann"
    # Within the table link's window, and still: the champion rests on this result.
    client = table_link(client, final)
    r = client.post(reverse("matches:hand_undo", args=[final.pk]), {"revision": final.revision})
    assert r.status_code == 302
    assert messages_of(r)[-1] == (
        "Only a director can correct this match now: the tournament is over and its final standings rest on this "
        "result. Ask the director; the history will say who corrected it.")
    ann = django_user_model.objects.create_user("annie")
    final.player_a.user = ann
    final.player_a.save()
    with pytest.raises(services.HandRefused, match="Only a director"):
        services.hand_undo(match_id=final.pk, expected_revision=final.revision, user=ann)
    t.refresh_from_db()
    assert t.champion.name == "Ann" and final.hands.count() == 2

    client.force_login(director)
    for n in (2, 1):
        final.refresh_from_db()
        client.post(reverse("matches:hand_delete", args=[final.pk, n]), {"revision": final.revision})
    win(final, "Ben")
    t.refresh_from_db()
    assert t.status == "finished" and t.champion.name == "Ben"
    assert {(c.action, c.who_text) for c in HandChange.objects.filter(match=final, action="deleted")} == \
        {("deleted", "dora")}


def test_a_bracket_result_is_final_for_the_table_once_the_next_match_starts(make_match):
    t = tournament("single", ["P1", "P2", "P3", "P4"])
    first = win(row(t, "W1-1").match, "P1")
    # The next match is set but not started: the table may still correct (P4 won after all).
    services.hand_delete(match_id=first.pk, number=2, expected_revision=first.revision, via=VIA_TABLE_LINK)
    first.refresh_from_db()
    assert row(t, "W1-1").outcome == ""
    first = win(first, "P1", hands=1)
    win(row(t, "W1-2").match, "P2", hands=1)   # one hand into W1-2 ...
    win(row(t, "W1-2").match, "P2", hands=1)   # ... and it is over: W2-1 is set
    final = row(t, "W2-1").match
    win(final, "P1", hands=1)                  # the final has started
    first.refresh_from_db()
    with pytest.raises(services.HandRefused) as e:
        services.hand_edit(match_id=first.pk, number=1, entry=HandEntry("gin", "a", None, 70),
                           expected_revision=first.revision, via=VIA_TABLE_LINK)
    assert str(e.value).startswith("Only a director can correct this match now: the winners round 2 it leads to "
                                   "has started.")


def test_a_swiss_result_is_final_for_the_players_once_the_next_round_is_paired(director):
    t = tournament("swiss", ["P1", "P2", "P3", "P4"], rounds=2)
    r1 = [r.match for r in TournamentMatch.objects.filter(tournament=t, play_round=1).select_related("match")]
    first = win(r1[0], r1[0].player_a.name)
    services.hand_edit(match_id=first.pk, number=2, entry=HandEntry("gin", "a", None, 70),
                       expected_revision=first.revision, via=VIA_TABLE_LINK)   # round 2 not paired yet
    win(r1[1], r1[1].player_a.name)
    assert TournamentMatch.objects.filter(tournament=t, play_round=2).exists()
    first.refresh_from_db()
    with pytest.raises(services.HandRefused, match="round 2 was paired from this result"):
        services.hand_edit(match_id=first.pk, number=2, entry=HandEntry("gin", "a", None, 80),
                           expected_revision=first.revision, via=VIA_TABLE_LINK)
    services.hand_edit(match_id=first.pk, number=2, entry=HandEntry("gin", "a", None, 80),
                       expected_revision=first.revision, user=director)   # same winner: the director may
    assert first.hands.get(number=2).defender_deadwood == 80
    assert HandChange.objects.filter(match=first, action="edited").latest("id").who == director
    assert Tournament.objects.get().status == "running"
