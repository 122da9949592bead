"""The rating list's order: a rating hidden from the reader places nothing (its row comes last, by
name, in the page and the CSV); equal ratings (as shown, two decimals) share a rank: 7, 7, then 9."""
from datetime import datetime, timezone as tz
from fractions import Fraction

from ginscore.engine.ratings import PlayerRating, Ratings
from ginscore.ratings.selectors import ClubRatings, Point, rating_list

NOW = datetime(2026, 11, 28, 12, tzinfo=tz.utc)


def club(players: dict[str, float], hidden=()) -> ClubRatings:
    ratings = Ratings()
    history, names = {}, {}
    for pk, (name, rating) in enumerate(players.items(), 1):
        ratings.players[pk] = PlayerRating(rating, Fraction(400), 80)
        history[pk] = [Point(1, NOW, rating, 0.0, True, ())]
        names[pk] = name
    return ClubRatings(ratings, history, {}, names, {pk for pk, n in names.items() if n in hidden})


def test_a_hidden_rating_is_not_placed_by_its_rating():
    rows = rating_list(club({"Ann": 1600.0, "Uma": 1700.0, "Ben": 1550.0, "Abe": 1400.0}, hidden={"Uma", "Abe"}),
                       None, NOW)
    assert [(r.name, r.rank) for r in rows] == [("Ann", 1), ("Ben", 2), ("Abe", None), ("Uma", None)]
    # Uma herself sees her number, in its place.
    from types import SimpleNamespace
    uma = SimpleNamespace(is_authenticated=True, player=SimpleNamespace(pk=2))
    rows = rating_list(club({"Ann": 1600.0, "Uma": 1700.0, "Ben": 1550.0, "Abe": 1400.0}, hidden={"Uma", "Abe"}),
                       uma, NOW)
    assert [(r.name, r.rank) for r in rows] == [("Uma", 1), ("Ann", 2), ("Ben", 3), ("Abe", None)]


def test_equal_ratings_share_a_rank():
    rows = rating_list(club({"Cy": 1510.0, "Bo": 1500.001, "Al": 1499.999, "Di": 1490.0}), None, NOW)
    # Bo and Al both show 1,500.00: they share 2nd, listed by name; Di is 4th.
    assert [(r.name, r.rank) for r in rows] == [("Cy", 1), ("Al", 2), ("Bo", 2), ("Di", 4)]


def test_the_csv_lists_a_hidden_rating_last(client, db, ann):
    """Ann, top of the list, hides her rating: her CSV row is the last one, blank, not above rank 1."""
    import csv
    import io

    from django.urls import reverse

    from ginscore.matches.records_io import records_import
    from ginscore.ratings import services
    from tests.ratings.test_pages import two

    records_import(data=[two("Ann", "Ben")] * 8 + [two("Ben", "Ann")] * 4 + [two("Cat", "Ben")], again=True)
    services.player_rating_hide(player=ann, hidden=True)
    rows = list(csv.DictReader(io.StringIO(client.get(reverse("ratings:list") + "?_export=csv").content.decode())))
    assert [r["name"] for r in rows] == ["Cat", "Ben", "Ann"]   # Cat (provisional) above Ben, unranked
    assert (rows[1]["rank"], rows[-1]["rank"], rows[-1]["rating"]) == ("1", "", "")
