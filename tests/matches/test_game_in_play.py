"""The game in play on ``Match`` (for lists): filled by every write from the engine, backfilled
by the migration, shown on home's "in play" list and the match list."""
import importlib

import pytest
from django.apps import apps
from django.urls import reverse

from ginscore.engine import MatchLength
from ginscore.matches import services
from ginscore.matches.models import Match
from ginscore.matches.records import HandEntry

pytestmark = pytest.mark.django_db


def knock(by, k, d):
    return {"end": "knock", "by": by, "deadwood": {by: k, ("Ben" if by == "Ann" else "Ann"): d}}


def gin(by, d):
    return {"end": "gin", "by": by, "deadwood": {("Ben" if by == "Ann" else "Ann"): d}}


def test_every_write_keeps_the_game_in_play(make_match):
    match = make_match([knock("Ann", 5, 30), knock("Ben", 2, 40)])
    assert (match.game_number, match.game_a, match.game_b) == (1, 25, 38)
    assert match.game_columns == [[1, 25, 38]]
    assert match.game_score_text == "25–38 (game 1)"
    services.hand_add(match_id=match.pk, entry=HandEntry("gin", "a", None, 80), expected_number=3)
    match.refresh_from_db()  # Ann 25 + 80 + 25 = 130: game 1 is hers; game 2 opens at 0-0
    assert (match.game_number, match.game_a, match.game_b) == (2, 0, 0)
    assert match.game_score_text == "0–0 (game 2)"
    services.hand_undo(match_id=match.pk, expected_revision=match.revision)
    match.refresh_from_db()
    assert (match.game_number, match.game_a, match.game_b) == (1, 25, 38)


def test_hollywood_keeps_every_open_column(make_match):
    # Ann wins 20 (column 1); Ben wins 30 (column 1 only: he had no hand there before);
    # Ann wins 10 (columns 1 and 2: she had a hand in column 1).
    match = make_match([knock("Ann", 5, 25), knock("Ben", 0, 5), knock("Ann", 2, 12)], rules="hollywood")
    assert match.game_columns == [[1, 30, 30], [2, 10, 0], [3, 0, 0]]
    assert (match.game_number, match.game_a, match.game_b) == (1, 30, 30)
    assert match.game_score_text == "G1 30–30 · G2 10–0 · G3 0–0"


def test_a_finished_match_has_no_game_in_play(make_match):
    match = make_match([gin("Ben", 60)] * 2, length=MatchLength("best_of", 1))
    assert match.complete
    assert (match.game_number, match.game_columns, match.game_score_text) == (None, [], "")


def test_the_migration_backfills_stored_matches(make_match):
    match = make_match([knock("Ann", 5, 30), knock("Ben", 2, 40)])
    Match.objects.filter(pk=match.pk).update(game_number=None, game_a=0, game_b=0, game_columns=[])
    migration = importlib.import_module("ginscore.matches.migrations.0002_game_in_play")
    migration.backfill(apps, None)
    match.refresh_from_db()
    assert (match.game_number, match.game_a, match.game_b, match.game_columns) == (1, 25, 38, [[1, 25, 38]])


def test_home_and_the_match_list_show_the_game_in_play(client, make_match):
    make_match([knock("Ann", 5, 30), knock("Ben", 2, 40)])
    html = client.get(reverse("club:home")).content.decode()
    assert "25–38 (game 1)" in html and "match 0–0" in html
    html = client.get(reverse("matches:list")).content.decode()
    assert "25–38 (game 1)" in html


def test_the_match_list_costs_the_same_queries_with_the_game_in_play(client, make_match, django_assert_max_num_queries):
    for _ in range(3):
        make_match([knock("Ann", 5, 30)])
    with django_assert_max_num_queries(8) as few:
        client.get(reverse("matches:list"))
    for _ in range(10):
        make_match([knock("Ann", 5, 30)], rules="hollywood")
    with django_assert_max_num_queries(len(few.captured_queries)):
        client.get(reverse("matches:list"))
