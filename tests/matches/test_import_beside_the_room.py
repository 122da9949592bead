"""A member imports the largest file the site takes while a table keeps scoring: the table's
hand saves go in between the import's short writes. (Before, one import held SQLite's only
write lock for its whole file: 78 s for 1,000 records, and the room's saves failed with
"database is locked".)"""
import threading
import time

import pytest
from django.db import connection

from ginscore.matches import records_io, services
from ginscore.matches.models import Hand, Match
from ginscore.matches.records import HandEntry

pytestmark = pytest.mark.django_db(transaction=True)

# How long the table's phone waits for the write lock before its save fails: half the site's
# own 20 s, and an eighth of what one import used to hold it for (78 s). A batch holds it 0.2 s
# and a match at most; the margin is for a machine busy with other work.
PHONE_WAITS_MS = 10_000


def biggest_import() -> list[dict]:
    """As many records and hands as one import through the site takes: 500 records of 24 hands."""
    per = records_io.MAX_IMPORT_HANDS // records_io.MAX_RECORDS
    return [{"players": ["Ann", "Ben"], "stake": f"{n}.5", "hands": [{"end": "dead"}] * per}
            for n in range(records_io.MAX_RECORDS)]


def test_the_room_keeps_saving_hands_while_the_largest_import_is_written(make_match):
    match = make_match([{"end": "dead"}])
    records = biggest_import()
    assert sum(len(r["hands"]) for r in records) == records_io.MAX_IMPORT_HANDS
    saves, done = [], threading.Event()

    def table_phone():
        try:
            if connection.vendor == "sqlite":
                with connection.cursor() as cursor:
                    cursor.execute(f"PRAGMA busy_timeout = {PHONE_WAITS_MS}")
            number = 2
            while not done.is_set():
                try:
                    services.hand_add(match_id=match.pk, entry=HandEntry("dead"), expected_number=number)
                    saves.append(number)
                    number += 1
                except Exception as e:  # noqa: BLE001 - reported to the test
                    saves.append(e)
                    return
                time.sleep(0.05)
        finally:
            connection.close()

    batches = []
    phone = threading.Thread(target=table_phone)
    phone.start()
    try:
        imported = records_io.records_import(data=records, progress=lambda done, total: batches.append(done))
    finally:
        done.set()
        phone.join(30)
    failures = [s for s in saves if isinstance(s, Exception)]
    assert not failures, failures
    assert len(imported) == records_io.MAX_RECORDS
    # Written a batch of at most BATCH_HANDS hands at a time, the phone's saves in between.
    per = records_io.MAX_IMPORT_HANDS // records_io.MAX_RECORDS
    sizes = [(b - a) * per for a, b in zip([0, *batches], batches)]
    assert sum(sizes) == records_io.MAX_IMPORT_HANDS and len(sizes) >= 12, sizes
    assert max(sizes) <= records_io.BATCH_HANDS, sizes
    assert len(saves) >= 2
    assert list(Hand.objects.filter(match=match).values_list("number", flat=True)) == list(range(1, len(saves) + 2))
    assert Match.objects.count() == records_io.MAX_RECORDS + 1


def test_a_refused_batch_takes_back_the_batches_written_before_it(make_match, monkeypatch):
    """All or nothing across batches: the last record's write fails, so nothing of the file stays."""
    monkeypatch.setattr(records_io, "BATCH_HANDS", 5)
    [first] = records_io.records_import(data={"players": ["Ann", "Ben"], "hands": [{"end": "dead"}] * 3})
    data = [{"players": ["Ann", "Ben"], "stake": f"{n}", "hands": [{"end": "dead"}] * 3} for n in range(1, 8)]
    real = records_io.match_import

    def failing(*, record, **options):
        if record.stake == 7:
            raise ValueError("the database refused it")
        return real(record=record, **options)

    monkeypatch.setattr(records_io, "match_import", failing)
    with pytest.raises(records_io.ImportRefused, match=r"^record 7: the database refused it$"):
        records_io.records_import(data=data)
    assert list(Match.objects.values_list("pk", flat=True)) == [first.pk]
    assert Hand.objects.count() == 3


def test_a_record_already_stored_is_not_added_again_and_the_rest_is(make_match, monkeypatch):
    monkeypatch.setattr(records_io, "BATCH_HANDS", 5)
    [first] = records_io.records_import(data={"players": ["Ann", "Ben"], "hands": [{"end": "dead"}] * 3})
    data = [{"players": ["Ann", "Ben"], "stake": f"{n}", "hands": [{"end": "dead"}] * 3} for n in range(1, 7)]
    data.append({"players": ["Ann", "Ben"], "hands": [{"end": "dead"}] * 3})
    added = records_io.records_import(data=data)
    assert len(added) == 6 and [(p, m.pk) for p, m in added.already] == [("record 7: ", first.pk)]
    assert Match.objects.count() == 7 and Hand.objects.count() == 21


def test_a_batch_ends_when_its_time_is_up(make_match, monkeypatch):
    """A batch writes for ``BATCH_SECONDS`` at most (then the match in hand is its last), however
    few hands: with no time at all, each match is its own transaction, and the file is still all
    there, in order."""
    monkeypatch.setattr(records_io, "BATCH_SECONDS", 0)
    monkeypatch.setattr(records_io, "BATCH_PAUSE", 0)
    batches = []
    data = [{"players": ["Ann", "Ben"], "stake": f"{n}", "hands": [{"end": "dead"}] * 3} for n in range(1, 5)]
    added = records_io.records_import(data=data, progress=lambda done, total: batches.append((done, total)))
    assert batches == [(1, 4), (2, 4), (3, 4), (4, 4)]
    assert [int(m.stake) for m in added] == [1, 2, 3, 4] and Hand.objects.count() == 12
