"""The club's ratings: always what ``manage.py ratings`` gives for the club's matches exported in
finishing order, through imports, corrections, friendlies and matches in play."""
import json
from io import StringIO

import pytest
from django.core.management import call_command
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ginscore.engine import MatchLength
from ginscore.matches import services
from ginscore.matches.models import Match
from ginscore.matches.records import HandEntry
from ginscore.matches.records_io import records_import
from ginscore.ratings import selectors
from ginscore.ratings.models import RatingsVersion, ratings_moved
from ginscore.ratings.records import ratings_of_records
from ginscore.ratings.services import match_rated_set, player_rating_hide
from tests.engine.helpers import gin, knock, record

pytestmark = pytest.mark.django_db


def two(winner, loser, **extra):
    return record([gin(winner, 98, loser), gin(winner, 98, loser)], players=(winner, loser), **extra)


THREE = record([knock("Ann", 4, 20, "Ben"), gin("Cat", 30, "Ann"), knock("Cat", 2, 40, "Ben"),
                knock("Cat", 5, 15, "Ann")], players=("Ann", "Ben", "Cat"), first_dealer="Cat")
FOUR = record([{"tables": [gin("Ann", 98, "Ben"), gin("Cat", 98, "Dan")]},
               {"tables": [gin("Ann", 98, "Dan"), gin("Cat", 98, "Ben")]}],
              rules="partnership", players=("Ann", "Ben", "Cat", "Dan"),
              teams=[{"players": ["Ann", "Cat"]}, {"players": ["Ben", "Dan"]}])
BEST_OF_3 = record([gin("Dan", 98, "Zoë"), gin("Dan", 98, "Zoë")], players=("Zoë", "Dan"),
                   length={"kind": "best_of", "games": 3})


def club_as_the_command_sees_it() -> dict:
    out = StringIO()
    call_command("export_matches", "--finished", stdout=out)
    return ratings_of_records(json.loads(out.getvalue()))


def assert_site_agrees():
    """Every player's rating, experience and matches, and every match's changes, as printed."""
    expected = club_as_the_command_sees_it()
    club = selectors.club_ratings()
    site_players = sorted(
        ({"name": club.names[pk], "rating": round(s.rating, 2) + 0.0, "experience": float(s.experience),
          "rated_matches": s.matches, "provisional": s.provisional} for pk, s in club.ratings.players.items()),
        key=lambda p: (-p["rating"], p["name"]))
    # Two players whose ratings round alike may be printed in either order (the command orders by
    # the exact rating): compared in one order, the printed figures must be the same.
    printed_players = sorted(({**p, "experience": float(p["experience"])} for p in expected["players"]),
                             key=lambda p: (-p["rating"], p["name"]))
    assert site_players == printed_players
    finished = list(Match.objects.finished().order_by("finished_at", "id").with_players())
    assert len(finished) == len(expected["matches"])
    for match, printed in zip(finished, expected["matches"]):
        change = club.changes.get(match.pk)
        if not printed["rated"]:
            assert change is None
            continue
        assert {club.names[pk]: round(c, 2) + 0.0 for pk, c in change.items()} == printed["changes"]
    return expected


@pytest.fixture
def club(db, director, ann, ben):
    records_import(data=[two("Ann", "Ben"), THREE, FOUR, two("Ben", "Cat"), {**two("Cat", "Ann"), "rated": False},
                        BEST_OF_3, record([knock("Ann", 8, 32, "Dan")], players=("Ann", "Dan")), two("Dan", "Ann")])
    return director


def test_the_site_equals_manage_py_ratings_for_every_kind(club):
    printed = assert_site_agrees()
    assert [m["n"] for m in printed["matches"]] == [5, 5, 4, 5, None, 2, 5]
    friendly = Match.objects.get(rated=False)
    assert friendly.complete and selectors.club_ratings().changes.get(friendly.pk) is None


def test_import_rates_in_file_order(club):
    finished = list(Match.objects.finished().order_by("finished_at", "id"))
    assert [m.pk for m in finished] == sorted(m.pk for m in finished)


def test_a_correction_to_a_finished_match_replays_every_later_rating(club, director):
    club_before = selectors.club_ratings()
    first = Match.objects.finished().order_by("finished_at", "id").first()   # Ann beat Ben
    last = Match.objects.finished().order_by("finished_at", "id").last()     # Dan beat Ann
    before = club_before.changes[last.pk]
    services.hand_edit(match_id=first.pk, number=1, entry=HandEntry("knock", "a", 2, 30),
                       expected_revision=first.revision, user=director)
    services.hand_edit(match_id=first.pk, number=2, entry=HandEntry("gin", "b", None, 98),
                       expected_revision=first.revision + 1, user=director)
    first.refresh_from_db()
    assert first.complete is False   # Ben is 123 to Ann's 28: the match goes on, unrated
    after = selectors.club_ratings()
    assert after.changes.get(first.pk) is None
    assert after.changes[last.pk] != before   # Ann came to the last match with another rating
    assert_site_agrees()


def test_marking_a_finished_match_unrated_replays_and_only_a_director_may(club, director, member, ann):
    target = Match.objects.finished().order_by("finished_at", "id").first()
    with pytest.raises(ValueError, match="only a director"):
        match_rated_set(match_id=target.pk, rated=False, user=member)   # Ann played in it, but it started
    match_rated_set(match_id=target.pk, rated=False, user=director)
    assert selectors.club_ratings().changes.get(target.pk) is None
    printed = assert_site_agrees()
    assert printed["matches"][0] == {"rated": False, "n": None, "changes": {}}


def test_a_friendly_before_its_first_hand(ann, ben, member, other_member):
    from ginscore.engine import rules_from

    match = services.match_create(player_a=ann, player_b=ben, rules=rules_from("standard"), created_by=member)
    from django.core.exceptions import PermissionDenied
    with pytest.raises(PermissionDenied):
        match_rated_set(match_id=match.pk, rated=False, user=other_member)
    assert match_rated_set(match_id=match.pk, rated=False, user=member).rated is False
    assert Match.objects.get(pk=match.pk).rated is False


def test_a_hand_in_play_moves_no_rating_and_a_finishing_one_does(club, director):
    in_play = Match.objects.in_play().get()
    stamp = selectors.ratings_stamp()
    services.hand_add(match_id=in_play.pk, entry=HandEntry("knock", "a", 2, 40), expected_number=2, user=director)
    assert selectors.ratings_stamp() == stamp
    services.hand_add(match_id=in_play.pk, entry=HandEntry("gin", "a", None, 98), expected_number=3, user=director)
    services.hand_add(match_id=in_play.pk, entry=HandEntry("gin", "a", None, 98), expected_number=4, user=director)
    in_play.refresh_from_db()
    assert in_play.complete and selectors.ratings_stamp() != stamp
    assert in_play.pk in selectors.club_ratings().changes
    assert_site_agrees()


def test_hiding_a_rating(club, ann, member, other_member):
    player_rating_hide(player=ann, hidden=True)
    club_now = selectors.club_ratings()
    rows = {r.name: r for r in selectors.rating_list(club_now, other_member)}
    assert rows["Ann"].rating is None and rows["Ann"].rank is None and rows["Ben"].rating is not None
    mine = {r.name: r for r in selectors.rating_list(club_now, member)}
    assert mine["Ann"].rating == pytest.approx(club_now.of(ann.pk).rating)


def test_the_version_row_is_one(club):
    assert RatingsVersion.objects.count() == 1


def test_a_friendly_keeps_rated_false_through_export_and_import(club):
    from ginscore.matches.records_io import ImportRefused, records_export

    friendly = Match.objects.get(rated=False)
    [exported] = records_export(matches=Match.objects.filter(pk=friendly.pk))
    assert exported["rated"] is False
    [again] = records_import(data=exported, again=True)
    assert again.rated is False
    with pytest.raises(ImportRefused, match="rated: must be true or false"):
        records_import(data={**exported, "rated": "no"}, again=True)


def test_tournament_matches_are_rated_and_a_place_decided_without_play_is_not(db, director):
    from ginscore.tournaments import services as tournament_services
    from ginscore.tournaments.models import TournamentMatch
    from tests.tournaments.conftest import win

    t = tournament_services.tournament_create(name="Cup", format="single", length=MatchLength("best_of", 1))
    tournament_services.entries_set(tournament=t, names=["P1", "P2", "P3", "P4", "P5"])   # three byes
    tournament_services.tournament_start(tournament=t)
    rows = list(TournamentMatch.objects.filter(tournament=t, match__isnull=False))
    assert rows and all(r.outcome == "" for r in rows)
    played = [win(r, r.match.player_a.name) for r in rows]
    club = selectors.club_ratings()
    assert all(m.pk in club.changes for m in played)
    assert all(len(club.changes[m.pk]) == 2 for m in played)
    assert not any(c for c in club.changes.values() if len(c) != 2)   # a bye is no match at all
    # A place whose match finished but that the director marks decided otherwise is not rated.
    TournamentMatch.objects.filter(match=played[0]).update(outcome="forfeit")
    ratings_moved()
    assert played[0].pk not in selectors.club_ratings().changes
    printed = assert_site_agrees()
    assert {"rated": False, "n": None, "changes": {}} in printed["matches"]


NAMES = ("Ann", "Ben", "Cat", "Dan", "Zoë")


@st.composite
def club_histories(draw):
    """Random matches of every kind between five players (some friendlies, some still in play)
    and a few corrections to finished ones."""
    records = []
    for _ in range(draw(st.integers(1, 7))):
        kind = draw(st.sampled_from(["two", "two", "three", "four"]))
        players = draw(st.permutations(NAMES))[:{"two": 2, "three": 3, "four": 4}[kind]]
        finished = draw(st.booleans()) or draw(st.booleans())
        if kind == "two":
            w, loser = players if draw(st.booleans()) else players[::-1]
            length = draw(st.sampled_from(["target", "set", {"kind": "best_of", "games": 3}]))
            hands = [gin(w, 98, loser)] * (1 if length == "set" else 2) if finished else [knock(w, 2, 30, loser)]
            rec = record(hands, players=players, length=length)
        elif kind == "three":
            hands = [knock("Ann", 4, 20, "Ben"), gin("Cat", 30, "Ann"), knock("Cat", 2, 40, "Ben"),
                     knock("Cat", 5, 15, "Ann")]
            rec = json.loads(json.dumps(record(hands if finished else hands[:2], players=("Ann", "Ben", "Cat"),
                                               first_dealer="Cat")).replace('"Ann"', '"X1"').replace(
                '"Ben"', '"X2"').replace('"Cat"', '"X3"'))
            for i, p in enumerate(players, 1):
                rec = json.loads(json.dumps(rec).replace(f'"X{i}"', json.dumps(p)))
        else:
            a, b, c, d = players
            odd = {"tables": [gin(a, 98, b), gin(c, 98, d)]}
            even = {"tables": [gin(a, 98, d), gin(c, 98, b)]}
            rec = record([odd, even] if finished else [odd], rules="partnership", players=players,
                         teams=[{"players": [a, c]}, {"players": [b, d]}])
        if draw(st.integers(0, 4)) == 0:
            rec["rated"] = False
        records.append(rec)
    corrections = draw(st.lists(st.integers(0, 20), max_size=2))
    return records, corrections


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(history=club_histories())
def test_any_club_history_rates_as_the_command_does(db, director, history):
    """Whatever the club played, imported and corrected, the site's ratings are the command's."""
    from django.db import transaction

    records, corrections = history

    class Rollback(Exception):
        pass

    try:
        with transaction.atomic():
            records_import(data=records, again=True)
            for pick in corrections:   # a two-player finished match's first hand corrected: the winner may change
                finished = list(Match.objects.finished().filter(player_c__isnull=True).order_by("finished_at", "id"))
                if finished:
                    m = finished[pick % len(finished)]
                    services.hand_edit(match_id=m.pk, number=1, entry=HandEntry("gin", "b", None, 98),
                                       expected_revision=m.revision, user=director)
            assert_site_agrees()
            raise Rollback
    except Rollback:
        pass


def _fresh(match):
    match.refresh_from_db()
    return match


def _undo_then_redo(match, director):
    services.hand_undo(match_id=match.pk, expected_revision=match.revision, user=director)
    services.hand_redo(match_id=match.pk, expected_revision=_fresh(match).revision, user=director)


def _edit_to_itself(match, director):
    last = match.hand_count
    hand = match.hands.get(number=last)
    entry = HandEntry(hand.end, hand.by, hand.knocker_deadwood, hand.defender_deadwood)
    services.hand_edit(match_id=match.pk, number=last, entry=entry, expected_revision=match.revision, user=director)


def _delete_then_enter_again(match, director):
    last = match.hand_count
    hand = match.hands.get(number=last)
    entry = HandEntry(hand.end, hand.by, hand.knocker_deadwood, hand.defender_deadwood)
    services.hand_delete(match_id=match.pk, number=last, expected_revision=match.revision, user=director)
    services.hand_add(match_id=match.pk, entry=entry, expected_number=last, user=director)


@pytest.mark.parametrize("correct", [_undo_then_redo, _edit_to_itself, _delete_then_enter_again],
                         ids=["undo then redo", "edit", "delete then enter again"])
def test_every_correction_path_keeps_when_the_match_finished_and_so_every_rating(club, director, correct):
    """Undoing and redoing the last hand of an old match (or editing it, or taking it back and
    typing it again) leaves the match where it finished in the rating's order: its changes and
    every later one are what they were, and the site still equals manage.py ratings."""
    before = selectors.club_ratings()
    old = Match.objects.finished().order_by("finished_at", "id").first()   # Ann beat Ben, first of all
    finished_at = old.finished_at
    correct(old, director)
    old = _fresh(old)
    assert old.complete and old.finished_at == finished_at
    after = selectors.club_ratings()
    assert after.changes == before.changes
    assert {pk: round(s.rating, 6) for pk, s in after.ratings.players.items()} == \
           {pk: round(s.rating, 6) for pk, s in before.ratings.players.items()}
    assert_site_agrees()
