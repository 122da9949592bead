"""A withdrawn player comes back while nothing rests on the withdrawal; once something does,
the refusal names it."""
import pytest
from django.urls import reverse

from ginscore.matches import services as match_services
from ginscore.matches.models import Match
from ginscore.matches.records import HandEntry
from ginscore.tournaments import services
from ginscore.tournaments.models import Entry, TournamentMatch

from .conftest import names, row, win

pytestmark = pytest.mark.django_db


def entry(t, name):
    return Entry.objects.select_related("player").get(tournament=t, player__name=name)


def test_a_knockout_player_comes_back_before_the_next_match_starts(make_tournament):
    t = make_tournament("single", 4)   # semi-finals P1 v P4, P2 v P3
    services.entry_withdraw(entry=entry(t, "P4"))
    assert row(t, "W1-1").outcome == "withdrawal" and names(row(t, "W2-1")) == ["P1", None]
    assert services.reinstatement_check(entry=entry(t, "P4")) == (
        None, ["Semi-final 1 against P1 is open again (P1's win by withdrawal is taken back)."])
    services.entry_reinstate(entry=entry(t, "P4"))
    semi = row(t, "W1-1")
    assert not entry(t, "P4").withdrawn
    assert semi.outcome == "" and semi.winner is None and names(semi) == ["P1", "P4"]
    assert (semi.match.player_a.name, semi.match.player_b.name) == ("P1", "P4") and semi.match.hand_count == 0
    assert semi.table is not None
    assert names(row(t, "W2-1")) == [None, None]
    # ... and plays it: the bracket goes on as usual.
    win(semi, "P4")
    assert names(row(t, "W2-1")) == ["P4", None]


def test_the_refusal_names_the_match_that_rests_on_the_withdrawal(make_tournament):
    t = make_tournament("single", 4)
    services.entry_withdraw(entry=entry(t, "P4"))
    win(row(t, "W1-2"), "P2")
    final = row(t, "W2-1")
    assert names(final) == ["P1", "P2"]
    assert services.reinstatement_check(entry=entry(t, "P4"))[0] is None   # the final has not started
    match_services.hand_add(match_id=final.match_id, entry=HandEntry("knock", "a", 5, 30), expected_number=1)
    refusal = f"Final (P1 v P2, match #{final.match_id}) has started"
    assert services.reinstatement_check(entry=entry(t, "P4"))[0] == refusal
    with pytest.raises(services.TournamentRefused, match=r"P4 cannot come back: Final \(P1 v P2, match #\d+\) "
                                                          r"has started\."):
        services.entry_reinstate(entry=entry(t, "P4"))
    assert entry(t, "P4").withdrawn and row(t, "W1-1").outcome == "withdrawal"
    assert Match.objects.get(pk=final.match_id).hand_count == 1   # nothing was touched
    win(row(t, "W2-1"), "P2")
    assert services.reinstatement_check(entry=entry(t, "P4"))[0] == (
        "the tournament is over and its final standings were worked out without them")


def test_double_elimination_takes_back_the_losers_round_the_withdrawal_reached(make_tournament):
    t = make_tournament("double", 4)
    services.entry_withdraw(entry=entry(t, "P4"))
    win(row(t, "W1-2"), "P2")
    assert row(t, "L1-1").outcome == "withdrawal" and row(t, "L1-1").winner.player.name == "P3"
    refusal, effects = services.reinstatement_check(entry=entry(t, "P4"))
    assert refusal is None
    assert effects == ["Winners' semi-final 1 against P1 is open again (P1's win by withdrawal is taken back).",
                       "P3's win by withdrawal in Losers' round 1 is taken back."]
    services.entry_reinstate(entry=entry(t, "P4"))
    assert names(row(t, "W1-1")) == ["P1", "P4"] and row(t, "W1-1").match is not None
    losers = row(t, "L1-1")
    assert losers.outcome == "" and sorted(filter(None, names(losers))) == ["P3"] and losers.match is None
    win(row(t, "W1-1"), "P1")
    losers = row(t, "L1-1")
    assert sorted(names(losers)) == ["P3", "P4"] and losers.outcome == "" and losers.match is not None


def test_a_swiss_player_comes_back_until_the_next_round_is_paired_without_them(make_tournament):
    t = make_tournament("swiss", 6, rounds=3)
    services.entry_withdraw(entry=entry(t, "P6"))
    assert row(t, "R1-3").outcome == "withdrawal"
    refusal, effects = services.reinstatement_check(entry=entry(t, "P6"))
    assert refusal is None
    assert effects == ["Round 1 against P3 is open again (P3's win by withdrawal is taken back).",
                       "P6 is paired again from round 2."]
    services.entry_reinstate(entry=entry(t, "P6"))
    r = row(t, "R1-3")
    assert r.outcome == "" and r.winner is None and r.match is not None and names(r) == ["P3", "P6"]
    # Withdrawn again; round 1 ends and round 2 is paired without P6: no way back now.
    services.entry_withdraw(entry=entry(t, "P6"))
    win(row(t, "R1-1"), "P1")
    win(row(t, "R1-2"), "P2")
    assert TournamentMatch.objects.filter(tournament=t, play_round=2).exists()
    with pytest.raises(services.TournamentRefused, match=r"P6 cannot come back: round 2 was paired without them\."):
        services.entry_reinstate(entry=entry(t, "P6"))
    assert entry(t, "P6").withdrawn


def test_a_round_robin_player_gets_every_match_back(make_tournament):
    t = make_tournament("roundrobin", 4)
    services.entry_withdraw(entry=entry(t, "P2"))
    given = TournamentMatch.objects.filter(tournament=t, outcome="withdrawal")
    assert given.count() == 3 and not given.filter(match__isnull=False).exists()
    refusal, effects = services.reinstatement_check(entry=entry(t, "P2"))
    assert refusal is None and len(effects) == 3
    services.entry_reinstate(entry=entry(t, "P2"))
    theirs = TournamentMatch.objects.filter(tournament=t, entry_a__player__name="P2") | \
        TournamentMatch.objects.filter(tournament=t, entry_b__player__name="P2")
    assert theirs.count() == 3 and all(r.outcome == "" and r.match is not None for r in theirs)


def test_a_player_who_has_not_withdrawn_is_not_reinstated(make_tournament):
    t = make_tournament("single", 4)
    with pytest.raises(services.TournamentRefused, match="P1 cannot come back: P1 has not withdrawn"):
        services.entry_reinstate(entry=entry(t, "P1"))


def test_the_director_confirms_a_reinstatement(client, director, make_tournament):
    t = make_tournament("single", 4)
    p4 = entry(t, "P4")
    services.entry_withdraw(entry=p4)
    client.force_login(director)
    detail = client.get(reverse("tournaments:detail", args=[t.pk])).content.decode()
    url = reverse("tournaments:reinstate", args=[t.pk, p4.pk])
    assert f'href="{url}">Reinstate…' in detail
    page = client.get(url).content.decode()
    assert "Reinstate P4?" in page and "Semi-final 1 against P1 is open again" in page
    assert entry(t, "P4").withdrawn   # asking changes nothing
    response = client.post(url)
    assert response.status_code == 302
    assert not entry(t, "P4").withdrawn and row(t, "W1-1").outcome == ""
    follow = client.get(response["Location"]).content.decode()
    assert "P4 is back in the tournament." in follow


def test_the_confirmation_page_says_what_stops_a_reinstatement(client, director, make_tournament):
    t = make_tournament("swiss", 4, rounds=3)
    p4 = entry(t, "P4")
    services.entry_withdraw(entry=p4)
    for key in ("R1-1", "R1-2"):
        r = row(t, key)
        if r.outcome == "":
            win(r, names(r)[0])
    assert TournamentMatch.objects.filter(tournament=t, play_round=2).exists()
    client.force_login(director)
    page = client.get(reverse("tournaments:reinstate", args=[t.pk, p4.pk])).content.decode()
    assert "P4 cannot come back: round 2 was paired without them." in page
    assert 'type="submit">Reinstate' not in page
    client.post(reverse("tournaments:reinstate", args=[t.pk, p4.pk]))
    assert entry(t, "P4").withdrawn


def test_only_a_director_reinstates(client, member, make_tournament):
    t = make_tournament("single", 4)
    p4 = entry(t, "P4")
    services.entry_withdraw(entry=p4)
    url = reverse("tournaments:reinstate", args=[t.pk, p4.pk])
    assert client.get(url).status_code == 302   # to the log-in page
    client.force_login(member)
    assert client.get(url).status_code == 403 and client.post(url).status_code == 403
    assert entry(t, "P4").withdrawn
