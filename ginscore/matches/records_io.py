"""Import and export of match records (the spec's ``ginscore/1`` JSON).

Import is all-or-nothing: every record of a file is read and scored before
anything is written, then the matches are written; one bad record saves
nothing, and the error names the record (in an array) and the hand:
``record 2: hand 7: Ann knocked with 12 deadwood; the knock limit is 10``.

The room keeps scoring while records are imported. SQLite lets one writer at a
time, so a write must stay short: the records are written a transaction of at most
``BATCH_HANDS`` hands or ``BATCH_SECONDS`` (whichever comes first), the room's hand
saves and the requests that start jobs going in between, and a batch that fails
takes back the batches before it. Through the site, one
import takes at most ``MAX_RECORDS`` records and ``MAX_IMPORT_HANDS`` hands (a busy
club's month); ``manage.py import_matches`` takes a file of any size.

Export writes each stored match with ``ginscore.matches.records.match_to_json``
(the one bridge between the models and the engine) at a fixed number of
queries a batch of matches: the matches with their players, then their hands.
``records_stream`` gives a whole club's records as JSON text in pieces, a batch at a
time, so a download of every record never holds them all in memory.
"""
from __future__ import annotations

import json
import time
from typing import Any, Callable, Iterable, Iterator

from django.db import connection, transaction
from django.db.models import Exists, OuterRef
from django.utils.translation import gettext as _

from ginscore.engine import CardError, MatchRecord, RecordError, RuleError, record_from_json, score_match
from ginscore.engine.records import parse_json_text
from ginscore.matches.bounds import grouped, record_check
from ginscore.matches.models import Hand, Match
from ginscore.matches.records import match_to_json
from ginscore.matches.services import match_import
from ginscore.club.roles import is_director
from ginscore.players.models import Player
from ginscore.players.names import name_key

# What one import through the site takes. A club night of 64 tables is about 64 matches and
# 1,600 hands; a busy club's month is a few hundred matches and about 10,000 hands. Bigger
# backups go through ``manage.py import_matches`` (any size, in short batches).
MAX_UPLOAD_BYTES = 4 * 1024 * 1024
MAX_RECORDS = 500
MAX_IMPORT_HANDS = 12_000
# The hands written in one transaction at most, and how long it writes at most (seconds; the match
# being written when the time is up is the batch's last): a request waiting for SQLite's one writer
# (a hand saved, another import started) waits for one batch at most. 1,000 hands alone took
# 0.5 s on a quiet machine and 1.3-2.7 s on a busy one.
BATCH_HANDS = 1_000
BATCH_SECONDS = 0.2
# Between two batches on SQLite, the import waits this long (seconds): a hand save waiting for the
# write lock polls it every 100 ms at most, and would otherwise miss the instant it is free.
BATCH_PAUSE = 0.1
# A download of records reads the matches this many at a time.
EXPORT_BATCH = 200


class ImportRefused(ValueError):
    """The records cannot be imported; the message names the record and the hand."""


def records_parse_text(text: str | bytes, *, source: str = "") -> Any:
    """The JSON in ``text`` (bytes must be UTF-8); ``ImportRefused`` says why not."""
    try:
        return parse_json_text(text, source or _("the upload"))
    except RecordError as e:
        raise ImportRefused(str(e)) from None


def _records_in(data: Any, *, capped: bool = True) -> list[tuple[str, Any]]:
    """(prefix for messages, record data): "record N: " inside an array, "" for a lone record.
    ``capped``: at most ``MAX_RECORDS`` (an import through the site)."""
    if isinstance(data, list):
        if not data:
            raise ImportRefused(_("the array holds no records"))
        if capped and len(data) > MAX_RECORDS:
            raise ImportRefused(_("the array holds %(count)s records; one import through the site takes at most "
                                  "%(most)s: split the file, or import it with manage.py import_matches")
                                % {"count": grouped(len(data)), "most": grouped(MAX_RECORDS)})
        return [(_("record %(i)s: ") % {"i": i}, item) for i, item in enumerate(data, 1)]
    return [("", data)]


def records_count_check(data: Any) -> None:
    """``ImportRefused`` if ``data`` (parsed JSON) is an empty array or holds more records than one
    import through the site takes (``MAX_RECORDS``): said at once, before the import is a job."""
    _records_in(data, capped=True)


def _players_check(record: MatchRecord) -> None:
    """What the club's players need beyond the spec: names the database can hold (and every
    other value: ``ginscore.matches.bounds``), different players."""
    names = record_check(record)
    keys = [name_key(n) for n in names]
    for i, key in enumerate(keys):
        if key in keys[:i]:
            j = keys.index(key)
            raise RecordError(_('players: "%(first)s" and "%(second)s" are the same player')
                              % {"first": record.players[j], "second": record.players[i]})


def record_rated(item: Any) -> bool:
    """A record's ``"rated"`` (ginscore's own field, club-ratings.md): false for a friendly."""
    rated = item.get("rated", True) if isinstance(item, dict) else True
    if not isinstance(rated, bool):
        raise RecordError(_("rated: must be true or false, not %(value)r") % {"value": rated})
    return rated


def records_read(data: Any, *, capped: bool = True) -> list[MatchRecord]:
    """The parsed JSON (one record or an array) as engine records, each one scored.

    Raises ``ImportRefused`` naming the first bad record and hand, or, when ``capped`` (an import
    through the site), a file of more than ``MAX_RECORDS`` records or ``MAX_IMPORT_HANDS`` hands.
    """
    records, hands = [], 0
    for prefix, item in _records_in(data, capped=capped):
        try:
            record_rated(item)
            record = record_from_json(item)
            _players_check(record)
            score_match(record)
        except (RecordError, CardError, RuleError) as e:
            raise ImportRefused(f"{prefix}{e}") from None
        hands += len(record.hands)
        if capped and hands > MAX_IMPORT_HANDS:
            raise ImportRefused(prefix + _("the file holds more than %(most)s hands; one import through the site "
                                           "takes at most that many: split the file, or import it with manage.py "
                                           "import_matches") % {"most": grouped(MAX_IMPORT_HANDS)})
        records.append(record)
    return records


class AlreadyThere(ImportRefused):
    """Records already stored (the same players, rules, length and hands): ``found`` lists
    (prefix, the stored match) for each; nothing was imported."""

    def __init__(self, found: list[tuple[str, Match]]):
        self.found = found
        where = _("; ").join(prefix + _("already here as match %(match)s") % {"match": match} for prefix, match in found)
        super().__init__(where)


# What two copies of one record share before their hands are compared: the seats, the rules, the
# stake and first dealer, and the totals the hands gave (so a club's other matches between the
# same players are not read back to be compared hand by hand).
_TWIN_FIELDS = ("player_a_id", "player_b_id", "player_c_id", "player_d_id", "preset", "hand_count", "stake",
                "first_dealer", "score_a", "score_b", "score_c", "games_a", "games_b", "games_c")


def _twin_key(match: Match) -> tuple:
    return tuple(getattr(match, name) for name in _TWIN_FIELDS)


def _fingerprint(record: dict) -> str:
    """The record without its ``"rated"``: a match is the same match, friendly or not."""
    return json.dumps({k: v for k, v in record.items() if k != "rated"}, sort_keys=True)


def stored_twins(matches: list[Match], *, other_than: Iterable[int] = ()) -> dict[int, Match]:
    """For each of ``matches`` that is already stored, by its pk: the first stored match (not one of
    ``matches`` nor ``other_than``) with the same record: the same players in the same seats, rules,
    length, first dealer, stake and hands. A fixed number of queries, however many matches."""
    if not matches:
        return {}
    skip = {m.pk for m in matches} | set(other_than)
    keys = {_twin_key(m) for m in matches}
    near = (Match.objects.filter(player_a_id__in={k[0] for k in keys}, player_b_id__in={k[1] for k in keys},
                                 hand_count__in={k[5] for k in keys})
            .exclude(pk__in=[m.pk for m in matches]).order_by("pk")
            .values_list("pk", *_TWIN_FIELDS))
    ids = [row[0] for row in near if row[0] not in skip and tuple(row[1:]) in keys]
    if not ids:
        return {}
    stored = records_export(matches=Match.objects.filter(pk__in=ids).order_by("pk"))
    first: dict[str, list[int]] = {}
    for pk, record in zip(ids, stored):
        first.setdefault(_fingerprint(record), []).append(pk)
    mine = records_export(matches=Match.objects.filter(pk__in=[m.pk for m in matches]).order_by("pk"))
    # Each stored match is the twin of one new match at most: a file holding one record twice,
    # stored once, still has one copy to add.
    found = {}
    for m, record in zip(sorted(matches, key=lambda m: m.pk), mine):
        twins = first.get(_fingerprint(record))
        found[m.pk] = twins.pop(0) if twins else None
    olds = Match.objects.select_related("player_a", "player_b", "player_c", "player_d").in_bulk(
        [pk for pk in found.values() if pk is not None])
    return {pk: olds[old] for pk, old in found.items() if old is not None}


def same_match(match: Match, *, other_than: Iterable[int] = ()) -> Match | None:
    """A stored match (not ``match``, nor ``other_than``) with the same record as ``match``."""
    return stored_twins([match], other_than=other_than).get(match.pk)


def _store(items: list[tuple[str, MatchRecord, bool]], *, created_by, again: bool, may_rate: bool,
           other_than: Iterable[int] = (), until: float | None = None,
           ) -> tuple[list[Match], list[tuple[str, Match]], int]:
    """Writes ``items`` (prefix, record, rated) in one transaction, or none of them, stopping after
    the match written when ``time.monotonic()`` passes ``until``: (the new matches, (prefix, stored
    match) for each record already stored, not written again unless ``again`` says to, how many of
    ``items`` it took). ``may_rate``: the importer may make matches rated (``_rated_as``)."""
    with transaction.atomic():
        matches = []
        for prefix, record, rated in items:
            try:
                matches.append(match_import(record=record, created_by=created_by,
                                            **_rated_as(record, rated, created_by, may_rate)))
            except (RecordError, CardError, RuleError, ValueError) as e:
                raise ImportRefused(f"{prefix}{e}") from None
            if until is not None and time.monotonic() > until:
                break
        if again:
            return matches, [], len(matches)
        twins = stored_twins(matches, other_than=other_than)
        found = [(prefix, twins[m.pk]) for (prefix, *_), m in zip(items, matches) if m.pk in twins]
        if twins:   # the copies just written go again: the stored ones stay
            Match.objects.filter(pk__in=list(twins)).delete()
    return [m for m in matches if m.pk not in twins], found, len(matches)


def _rated_as(record: MatchRecord, rated: bool, created_by, may_rate: bool) -> dict:
    """How an imported record counts for the club rating. A director's import (or the server's
    own, ``manage.py import_matches``) as the record says; a member's is a friendly, and one the
    member played in that the record says is rated waits for the other player's word
    (``rating_asked``: ``ginscore.ratings.services.match_rating_agree``)."""
    if may_rate or not rated:
        return {"rated": rated}
    own = created_by is not None and Player.objects.filter(
        user=created_by, name_key__in=[name_key(n) for n in record.players]).exists()
    return {"rated": False, "rating_asked": own and len(record.players) == 2}


def _batches(items: list[tuple[str, MatchRecord, bool]], hands: int) -> Iterator[list[tuple[str, MatchRecord, bool]]]:
    """``items`` (prefix, record, rated) in runs of at most ``hands`` hands (a longer record alone)."""
    batch, count = [], 0
    for item in items:
        if batch and count + len(item[1].hands) > hands:
            yield batch
            batch, count = [], 0
        batch.append(item)
        count += len(item[1].hands)
    if batch:
        yield batch


class Imported(list):
    """The matches an import added; ``already``: (prefix, stored match) for each record of the
    file that was already stored and was not added again (a file imported again after an
    interrupted import: the rest is added, nothing twice)."""

    def __init__(self, matches, already):
        super().__init__(matches)
        self.already = already


def records_import(*, data: Any, created_by=None, again: bool = False, capped: bool = True,
                   progress: Callable[[int, int], None] | None = None) -> Imported:
    """Stores every record in ``data`` (one record or an array) that is not stored yet, or none.

    Every record is read and scored first (``ImportRefused`` names the first bad one); then they are
    written a transaction of at most ``BATCH_HANDS`` hands or ``BATCH_SECONDS``, so the room's hand
    saves go in between (SQLite has one writer at a time). A batch that fails (a database error) takes back the batches written
    before it; an import killed outright leaves whole batches, and the same file imported again
    adds the rest. ``capped`` (an import through the site): at most ``MAX_RECORDS`` records and
    ``MAX_IMPORT_HANDS`` hands; ``manage.py import_matches`` takes any size.
    ``progress(done, total)`` is called after each batch.

    Players are found by name (any case) or created. A record that is already stored is not added
    again (``Imported.already`` names the stored match; ``AlreadyThere`` when no record is new)
    unless ``again`` says to import it anyway. Ratings: see ``_rated_as`` (a member's import
    arrives as friendlies).
    """
    records = records_read(data, capped=capped)
    items = [(prefix, record, record_rated(item))
             for (prefix, item), record in zip(_records_in(data, capped=capped), records)]
    may_rate = created_by is None or is_director(created_by)
    stored: list[Match] = []
    already: list[tuple[str, Match]] = []
    try:
        rest = items
        while rest:
            if rest is not items and connection.vendor == "sqlite":
                time.sleep(BATCH_PAUSE)
            added, found, taken = _store(next(_batches(rest, BATCH_HANDS)), created_by=created_by, again=again,
                                         may_rate=may_rate, until=time.monotonic() + BATCH_SECONDS,
                                         other_than=[m.pk for m in stored] + [m.pk for _, m in already])
            rest = rest[taken:]
            stored += added
            already += found
            if progress:
                progress(len(stored) + len(already), len(items))
    except BaseException:
        for start in range(0, len(stored), EXPORT_BATCH):
            with transaction.atomic():
                Match.objects.filter(pk__in=[m.pk for m in stored[start:start + EXPORT_BATCH]]).delete()
        raise
    if already and not stored:
        raise AlreadyThere(already)
    return Imported(stored, already)


def records_export(*, matches: Iterable[Match] | None = None) -> list[dict]:
    """The records of ``matches`` (a queryset; default all, oldest first) as a JSON-ready list."""
    qs = Match.objects.order_by("created_at", "id") if matches is None else matches
    return _records_of(list(qs.select_related("player_a", "player_b", "player_c", "player_d")), qs.values("pk"))


def _records_of(rows: list[Match], pks) -> list[dict]:
    """The records of ``rows`` (matches read with their players); ``pks``: their ids (a list, or a query)."""
    hands: dict[int, list[Hand]] = {m.pk: [] for m in rows}
    for hand in Hand.objects.filter(match__in=pks).order_by("match_id", "number", "table"):
        hands[hand.match_id].append(hand)
    records = [match_to_json(m, hands[m.pk]) for m in rows]
    for m, record in zip(rows, records):
        if getattr(m, "counts", True) is False:   # annotated: the club rating leaves it out
            record["rated"] = False
    return records


def records_export_finished() -> list[dict]:
    """The finished matches in the order they finished, each one the club rating leaves out
    marked ``"rated": false``: what ``manage.py ratings`` reads to give the site's ratings."""
    rated = Match.objects.rated().filter(pk=OuterRef("pk"))
    return records_export(matches=Match.objects.finished().annotate(counts=Exists(rated))
                          .order_by("finished_at", "id"))


def records_dumps(records: list[dict]) -> str:
    return json.dumps(records, indent=2, ensure_ascii=False) + "\n"


def records_stream(*, matches) -> Iterator[str]:
    """The text ``records_dumps`` gives for the records of ``matches`` (a queryset), in pieces:
    ``EXPORT_BATCH`` matches read and written at a time, so memory stays the same however many."""
    ids = list(matches.values_list("pk", flat=True))
    opening = "[\n  "
    for start in range(0, len(ids), EXPORT_BATCH):
        chunk = ids[start:start + EXPORT_BATCH]
        found = Match.objects.select_related("player_a", "player_b", "player_c", "player_d").in_bulk(chunk)
        for record in _records_of([found[pk] for pk in chunk if pk in found], chunk):
            yield opening + json.dumps(record, indent=2, ensure_ascii=False).replace("\n", "\n  ")
            opening = ",\n  "
    yield "[]\n" if opening == "[\n  " else "\n]\n"
