"""Reads compiled once (ginscore/club/prepared.py): each gives what its queryset gives (model instances
with their related rows, values dicts, values_list tuples), is compiled once per database connection, refuses a
query whose SQL would depend on its values, and answers an impossible number as the ORM does. The
sessions read through it keep Django's expiry."""
import threading
from datetime import timedelta

import pytest
from django.contrib.sessions.models import Session
from django.db import connection, connections
from django.db.models import Count
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from ginscore.club.prepared import Prepared
from ginscore.club.sessions import SessionStore
from ginscore.matches import selectors
from ginscore.matches.models import Hand, Match
from ginscore.matches.records import HandEntry
from ginscore.matches import services
from ginscore.players.models import Player


class Counted:
    """A queryset maker that counts how often it is asked (so how often the read is compiled)."""

    def __init__(self, make):
        self.make, self.calls = make, 0

    def __call__(self, *values):
        self.calls += 1
        return self.make(*values)


def _knock(by, knocker, defender):
    other = "Ben" if by == "Ann" else "Ann"
    return {"end": "knock", "by": by, "deadwood": {by: knocker, other: defender}}


def _gin(by, defender):
    other = "Ben" if by == "Ann" else "Ann"
    return {"end": "gin", "by": by, "deadwood": {by: 0, other: defender}}


def _fields(obj):
    return {f.attname: getattr(obj, f.attname) for f in obj._meta.concrete_fields}


def test_a_prepared_read_gives_the_models_the_queryset_gives(make_match):
    match = make_match(hands=[_knock("Ann", 3, 20), _gin("Ben", 31)])
    read = Prepared(lambda pk: Match.objects.with_players().select_related("tournament_match").filter(pk=pk))
    got = read(match.pk)
    want = Match.objects.with_players().select_related("tournament_match").get(pk=match.pk)
    assert len(got) == 1 and _fields(got[0]) == _fields(want)
    with CaptureQueriesContext(connection) as queries:
        # The related rows came with it: no query to read them, and a missing one is None.
        assert (got[0].player_a.name, got[0].player_b.name) == (want.player_a.name, want.player_b.name)
        assert got[0].player_c is None and got[0].winner is None
        assert getattr(got[0], "tournament_match", None) is None
    assert len(queries.captured_queries) == 0
    assert got[0]._state.db == "default" and not got[0]._state.adding
    # Saved back like any row read by the ORM.
    got[0].team_a_name = "Aces"
    got[0].save(update_fields=["team_a_name"])
    assert Match.objects.get(pk=match.pk).team_a_name == "Aces"


def test_its_hands_come_in_order_with_their_converted_values(make_match):
    match = make_match(hands=[_knock("Ann", 3, 20), _gin("Ben", 31),
                              _knock("Ann", 9, 7)])
    got = Prepared(lambda m: Hand.objects.filter(match_id=m).order_by("number", "table"))(match.pk)
    want = list(Hand.objects.filter(match=match).order_by("number", "table"))
    assert [_fields(h) for h in got] == [_fields(h) for h in want]
    assert [h.number for h in got] == [1, 2, 3]
    assert all(h.created_at.tzinfo is not None for h in got)  # a datetime, converted as the ORM does


def test_values_list_rows_flat_values_and_values_dicts(make_match):
    match = make_match(hands=[_knock("Ann", 3, 20)])
    rows = Prepared(lambda pk: Match.objects.filter(pk=pk).values_list("revision", "player_a__name",
                                                                        "updated_at"))(match.pk)
    assert rows == list(Match.objects.filter(pk=match.pk).values_list("revision", "player_a__name", "updated_at"))
    assert rows[0][1] == "Ann"
    flat = Prepared(lambda pk: Hand.objects.filter(match_id=pk).values_list("number", flat=True))
    assert flat(match.pk) == [1]
    dicts = Prepared(lambda pk: Hand.objects.filter(match_id=pk).values("number", "match__player_b__name"))
    assert dicts(match.pk) == [{"number": 1, "match__player_b__name": "Ben"}]


def test_it_is_compiled_once_per_connection(make_match):
    match = make_match(hands=[_knock("Ann", 3, 20)])
    other = make_match(hands=[_gin("Ben", 12), _gin("Ben", 12)])
    make = Counted(lambda pk: Hand.objects.filter(match_id=pk).order_by("number"))
    read = Prepared(make)
    assert [h.number for h in read(match.pk)] == [1]
    asked = make.calls
    with CaptureQueriesContext(connection) as queries:
        assert [h.number for h in read(other.pk)] == [1, 2]
        assert [h.match_id for h in read(match.pk)] == [match.pk]
    assert make.calls == asked   # not built again
    assert len(queries.captured_queries) == 2   # but counted like any query
    assert str(other.pk) in queries.captured_queries[0]["sql"]


@pytest.mark.django_db(transaction=True)
def test_another_thread_compiles_for_its_own_connection():
    ann = Player.objects.create(name="Ann", name_key="ann")
    make = Counted(lambda pk: Player.objects.filter(pk=pk))
    read = Prepared(make)
    assert read(ann.pk)[0].name == "Ann"
    seen = {}

    def elsewhere():
        try:
            seen["name"] = read(ann.pk)[0].name
            seen["same connection"] = connections["default"] is connection
        finally:
            connections.close_all()

    thread = threading.Thread(target=elsewhere)
    thread.start()
    thread.join()
    assert seen == {"name": "Ann", "same connection": False}
    assert make.calls == 3   # the alias once, then each connection's compiling


def test_a_text_value(db):
    Player.objects.create(name="Zoë Ó-Brien", name_key="zoë ó-brien")
    read = Prepared(lambda key: Player.objects.filter(name_key=key), texts=(0,))
    assert [p.name for p in read("zoë ó-brien")] == ["Zoë Ó-Brien"]
    assert read("nobody") == []


def test_a_number_no_row_can_hold_finds_nothing_without_asking(db, make_match):
    match = make_match()
    read = Prepared(lambda pk: Match.objects.filter(pk=pk))
    assert len(read(match.pk)) == 1
    with CaptureQueriesContext(connection) as queries:
        assert read(10 ** 30) == [] and read(-(10 ** 30)) == []
    assert len(queries.captured_queries) == 0


def test_a_match_address_beyond_any_row_is_a_404(client, db):
    assert client.get(f"/matches/{10 ** 30}/").status_code == 404
    assert client.get("/matches/9223372036854775807/").status_code == 404


@pytest.mark.parametrize("make, why", [
    (lambda pk: Match.objects.all(), "exactly once"),
    (lambda pk: Match.objects.filter(pk=pk) | Match.objects.filter(player_a_id=pk), "exactly once"),
    (lambda pk: Match.objects.filter(pk=pk).values_list("revision", named=True), "not NamedValuesListIterable"),
    (lambda pk: Match.objects.filter(pk=pk).prefetch_related("hands"), "cannot prefetch"),
    (lambda pk: Match.objects.filter(pk=pk).values_list("pk").annotate(n=Count("hands")), "annotations"),
])
def test_a_read_whose_sql_would_depend_on_its_values_is_refused(db, make, why):
    with pytest.raises(ValueError, match=why):
        Prepared(make)(1)


def test_the_pads_reads_are_the_ones_the_orm_gives(make_match):
    match = make_match(hands=[_knock("Ann", 3, 20)])
    got = selectors.match_get(match.pk)
    assert _fields(got) == _fields(Match.objects.get(pk=match.pk))
    assert selectors.match_live_version(match.pk).startswith(f"m{match.pk}.{got.revision}.")
    assert selectors.match_live_version(10 ** 30) is None
    services.hand_add(match_id=match.pk, entry=HandEntry("gin", "b", 0, 25), expected_number=2)
    assert [h.number for h in selectors.match_hands(got)] == [1, 2]
    services.hand_add(match_id=match.pk, entry=HandEntry("knock", "a", 4, 30), expected_number=3)
    history = selectors.match_changes(got)
    assert [(c.change.hand_number, c.change.action) for c in history] == [(3, "added"), (2, "added")]  # newest first


def _session(expire_date):
    store = SessionStore()
    store["table"] = 7
    store.create()
    Session.objects.filter(session_key=store.session_key).update(expire_date=expire_date)
    return store.session_key


def test_a_live_session_is_read_in_one_query(db):
    key = _session(timezone.now() + timedelta(hours=1))
    with CaptureQueriesContext(connection) as queries:
        assert SessionStore(key)["table"] == 7
    assert len(queries.captured_queries) == 1


def test_an_expired_session_is_not_read(db):
    key = _session(timezone.now() - timedelta(seconds=1))
    store = SessionStore(key)
    assert store.get("table") is None
    assert store.session_key is None   # a new one is made when something is kept


def test_a_small_integer_column_takes_its_value(make_match):
    """PostgreSQL's small integers hold up to 32767: a stand-in beyond would be dropped as impossible."""
    match = make_match(hands=[_knock("Ann", 3, 20), _knock("Ben", 7, 31)])
    read = Prepared(lambda m, table, deadwood: Hand.objects.filter(match_id=m, table=table, knocker_deadwood=deadwood)
                    .values_list("number", flat=True))
    assert read(match.pk, 1, 7) == [2]
    assert read(match.pk, 2, 7) == [] and read(match.pk, 1, 40_000) == [] and read(match.pk, 1, 10 ** 30) == []


def test_a_constant_that_looks_like_a_value_is_refused(db):
    from ginscore.club import prepared

    with pytest.raises(ValueError, match="exactly once"):
        Prepared(lambda pk: Match.objects.filter(pk=pk, revision=prepared._STAND_IN))(1)


def test_a_value_of_another_kind_is_refused_not_compared(db):
    """None would be IS NULL to the ORM and "7" a text: a prepared read takes what it was made for."""
    read = Prepared(lambda pk: Match.objects.filter(pk=pk))
    for wrong in (None, "7", 7.0, True):
        with pytest.raises(TypeError, match="must be a whole number"):
            read(wrong)
    by_key = Prepared(lambda key: Player.objects.filter(name_key=key), texts=(0,))
    with pytest.raises(TypeError, match="must be a text"):
        by_key(None)
