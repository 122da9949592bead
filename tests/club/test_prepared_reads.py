"""Every prepared read of the site (``ginscore/club/prepared.py``) gives what the ORM gives.

``Prepared`` reaches into Django's query machinery (the compiler, ``klass_info``, the related
populators). This test plays a small club night through the site's own services and pages,
records every prepared read made with its values, and runs each again both ways: compiled, and
as the plain queryset. It runs on SQLite and, in ``scripts/test-postgres.sh``, on PostgreSQL, so
a Django upgrade that changes what ``Prepared`` relies on fails the suite. A prepared read the
night does not reach fails it too (add it to the night below).
"""
import importlib
import pkgutil

import pytest
from django.db.models import Model
from django.test import Client, override_settings
from django.urls import reverse

import ginscore
from ginscore.club.prepared import Prepared
from ginscore.engine import MatchLength
from ginscore.matches import services as match_services
from ginscore.matches.records import HandEntry
from ginscore.tournaments import selectors as tournament_selectors
from ginscore.tournaments import services as tournament_services
from ginscore.tournaments.models import TournamentMatch

pytestmark = pytest.mark.django_db


def _import_every_module():
    """Every module of the site imported, so every prepared read is made."""
    for info in pkgutil.walk_packages(ginscore.__path__, "ginscore."):
        if ".migrations" not in info.name and not info.name.endswith(("wsgi", "settings")):
            importlib.import_module(info.name)


def _fields(obj: Model) -> dict:
    return {f.attname: getattr(obj, f.attname) for f in obj._meta.concrete_fields}


def _related(obj: Model, path: tuple = ()) -> dict:
    """The related rows read with ``obj`` (``select_related``), each with its own, by name (a row
    met again on the way, a reverse one-to-one pointing back, as its type and key)."""
    out = {}
    for name, other in obj._state.fields_cache.items():
        if other is None or any(other is seen for seen in path):
            out[name] = None if other is None else ("back", type(other), other.pk)
        else:
            out[name] = (type(other), _fields(other), _related(other, (*path, obj)))
    return out


def _same(rows) -> list:
    """Rows as comparable values: a model instance as its type, its fields and its related rows."""
    return [(type(r), _fields(r), _related(r)) if isinstance(r, Model) else r for r in rows]


class Recorded:
    """Every call made to a prepared read while the night plays: (read, values)."""

    def __init__(self, monkeypatch):
        self.calls: list[tuple[Prepared, tuple]] = []
        call = Prepared.__call__

        def recorded(read, *values):
            self.calls.append((read, values))
            return call(read, *values)

        monkeypatch.setattr(Prepared, "__call__", recorded)


def _play_a_night(member):
    """A Swiss event of 16 (eight tables), a table phone scoring, a member correcting, visitors
    watching the pads, the round page and the standings."""
    t = tournament_services.tournament_create(name="Night", format="swiss", length=MatchLength("best_of", 1))
    tournament_services.entries_set(tournament=t, names=[f"Zoë Ødegård-{i}" for i in range(1, 17)])
    tournament_services.tournament_start(tournament=t)
    rows = list(TournamentMatch.objects.filter(tournament=t).select_related("match").order_by("table"))
    phone, visitor = Client(), Client()
    for n, row in enumerate(rows):
        match = row.match
        phone.get(reverse("matches:table", args=[match.table_token]))   # the table link's session
        match_services.hand_add(match_id=match.pk, entry=HandEntry("knock", "a", 5, 20 + n), expected_number=1)
        if n < 3:   # three tables finish their game (two big gins)
            for number in (2, 3):
                match_services.hand_add(match_id=match.pk, entry=HandEntry("gin", "b", None, 40),
                                        expected_number=number)
        assert phone.get(reverse("matches:detail", args=[match.pk])).status_code == 200
    last = rows[-1].match   # the table phone saves its second hand through the page
    last.refresh_from_db()
    saved = phone.post(reverse("matches:hand_new", args=[last.pk]), {
        "number": 2, "revision": last.revision, "action": "save", "end": "knock", "by": "b",
        "knocker_deadwood": 3, "defender_deadwood": 25})
    assert saved.status_code == 302 and last.hands.count() == 2
    first = rows[0].match
    first.refresh_from_db()
    match_services.hand_edit(match_id=first.pk, number=1, entry=HandEntry("knock", "a", 4, 30),
                             expected_revision=first.revision, user=member)
    for url in (reverse("matches:detail", args=[first.pk]), reverse("matches:pads_versions", args=[first.pk // 16]),
                reverse("tournaments:detail", args=[t.pk]),
                reverse("tournaments:standings", args=[t.pk]), reverse("tournaments:round", args=[t.pk, 1, 1])):
        assert visitor.get(url).status_code == 200
    ids = [row.pk for row in rows]
    assert len(tournament_selectors.round_line_values(t, 1, 1)) == 8   # every line of the round
    for n in range(1, tournament_selectors.LINES_PREPARED + 1):   # a round page's changed lines, 1 to 8
        assert len(tournament_selectors.round_line_values(t, 1, 1, ids=ids[:n])) == n
    return t


def test_every_prepared_read_gives_what_the_orm_gives(monkeypatch, member):
    _import_every_module()
    recorded = Recorded(monkeypatch)
    _play_a_night(member)
    reached = {id(read) for read, _ in recorded.calls}
    missed = [f"{read.make.__code__.co_filename}:{read.make.__code__.co_firstlineno}" for read in Prepared.every
              if id(read) not in reached and read.make.__module__.startswith("ginscore.")]
    assert not missed, f"prepared reads the night does not reach: {missed}"
    assert len(reached) >= 20   # the session, the match's, the hands', the event's, the 8 line reads...
    answered = set()
    for read, values in dict.fromkeys(recorded.calls, None):
        compiled = read(*values)
        plain = list(read.make(*values))
        assert _same(compiled) == _same(plain), (read.make, values)
        if plain:
            answered.add(id(read))
        for other in ([10 ** 6] if values and type(values[0]) is int else []):
            assert read(other, *values[1:]) == list(read.make(other, *values[1:])) == []   # no such row
    assert answered == reached   # every read gave rows at least once: not only empty compared to empty


@override_settings(GINSCORE_PREPARED=False)
def test_with_prepared_reads_off_every_read_is_the_plain_queryset(monkeypatch, member):
    """``GINSCORE_PREPARED=0``: nothing is compiled, and the night plays the same."""
    _import_every_module()
    for read in Prepared.every:
        monkeypatch.setattr(read, "_compile", lambda *a, **k: pytest.fail("compiled with prepared reads off"))
    t = _play_a_night(member)
    assert tournament_selectors.tournament_get(t.pk).name == "Night"
