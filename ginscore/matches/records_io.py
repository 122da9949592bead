"""Import and export of match records (the spec's ``ginscore/1`` JSON).

Import is all-or-nothing: every record of a file is read and scored, and the
matches are written inside one ``transaction.atomic``; one bad record saves
nothing, and the error names the record (in an array) and the hand:
``record 2: hand 7: Ann knocked with 12 deadwood; the knock limit is 10``.

Export writes each stored match with ``ginscore.matches.records.match_to_json``
(the one bridge between the models and the engine) at a fixed number of
queries: the matches with their players, then all their hands at once.
"""
from __future__ import annotations

import json
from typing import Any, Iterable

from django.db import transaction

from ginscore.engine import CardError, MatchRecord, RecordError, RuleError, record_from_json, score_match
from ginscore.engine.records import parse_json_text
from ginscore.matches.bounds import record_check
from ginscore.matches.models import Hand, Match
from ginscore.matches.records import match_to_json
from ginscore.matches.services import match_import
from ginscore.players.names import name_key

# Far more than a club records in years; refuses a runaway upload before it is parsed.
MAX_UPLOAD_BYTES = 20 * 1024 * 1024
# A busy club plays a few thousand matches a year; 1,000 records is a season's backup in
# a few files, and small enough to check and store in one short transaction.
MAX_RECORDS = 1000


class ImportRefused(ValueError):
    """The records cannot be imported; the message names the record and the hand."""


def records_parse_text(text: str | bytes, *, source: str = "the upload") -> Any:
    """The JSON in ``text`` (bytes must be UTF-8); ``ImportRefused`` says why not."""
    try:
        return parse_json_text(text, source)
    except RecordError as e:
        raise ImportRefused(str(e)) from None


def _records_in(data: Any) -> list[tuple[str, Any]]:
    """(prefix for messages, record data): "record N: " inside an array, "" for a lone record."""
    if isinstance(data, list):
        if not data:
            raise ImportRefused("the array holds no records")
        if len(data) > MAX_RECORDS:
            raise ImportRefused(f"the array holds {len(data):,} records; one import takes at most "
                                f"{MAX_RECORDS:,} (a season of a busy club): split the file")
        return [(f"record {i}: ", item) for i, item in enumerate(data, 1)]
    return [("", data)]


def _players_check(record: MatchRecord) -> None:
    """What the club's players need beyond the spec: names the database can hold (and every
    other value: ``ginscore.matches.bounds``), different players."""
    names = record_check(record)
    keys = [name_key(n) for n in names]
    for i, key in enumerate(keys):
        if key in keys[:i]:
            j = keys.index(key)
            raise RecordError(f'players: "{record.players[j]}" and "{record.players[i]}" are the same player')


def record_rated(item: Any) -> bool:
    """A record's ``"rated"`` (ginscore's own field, club-ratings.md): false for a friendly."""
    rated = item.get("rated", True) if isinstance(item, dict) else True
    if not isinstance(rated, bool):
        raise RecordError(f"rated: must be true or false, not {rated!r}")
    return rated


def records_read(data: Any) -> list[MatchRecord]:
    """The parsed JSON (one record or an array) as engine records, each one scored.

    Raises ``ImportRefused`` naming the first bad record and hand.
    """
    records = []
    for prefix, item in _records_in(data):
        try:
            record_rated(item)
            record = record_from_json(item)
            _players_check(record)
            score_match(record)
        except (RecordError, CardError, RuleError) as e:
            raise ImportRefused(f"{prefix}{e}") from None
        records.append(record)
    return records


class AlreadyThere(ImportRefused):
    """Records already stored (the same players, rules, length and hands): ``found`` lists
    (prefix, the stored match) for each; nothing was imported."""

    def __init__(self, found: list[tuple[str, Match]]):
        self.found = found
        where = "; ".join(f"{prefix}already here as match {match}" for prefix, match in found)
        super().__init__(where)


def same_match(match: Match, *, other_than: Iterable[int] = ()) -> Match | None:
    """A stored match (not ``match``, nor ``other_than``) with the same record as ``match``:
    the same players in the same seats, rules, length, first dealer, stake and hands."""
    candidates = Match.objects.filter(
        player_a_id=match.player_a_id, player_b_id=match.player_b_id, player_c_id=match.player_c_id,
        player_d_id=match.player_d_id, preset=match.preset, hand_count=match.hand_count,
    ).exclude(pk__in=[match.pk, *other_than]).order_by("pk")
    rows = list(candidates.select_related("player_a", "player_b", "player_c", "player_d"))
    if not rows:
        return None
    [mine] = records_export(matches=Match.objects.filter(pk=match.pk))
    return next((m for m, record in zip(rows, records_export(matches=candidates)) if record == mine), None)


def records_import(*, data: Any, created_by=None, again: bool = False) -> list[Match]:
    """Stores every record in ``data`` (one record or an array), or none of them.

    Players are found by name (any case) or created. A record that is already stored is refused
    (``AlreadyThere``, naming the stored match) unless ``again`` says to import it anyway.
    """
    records = records_read(data)
    with transaction.atomic():
        matches, found = [], []
        for (prefix, item), record in zip(_records_in(data), records):
            try:
                match = match_import(record=record, created_by=created_by, rated=record_rated(item))
            except (RecordError, CardError, RuleError, ValueError) as e:
                raise ImportRefused(f"{prefix}{e}") from None
            if not again and (old := same_match(match, other_than=[m.pk for m in matches])):
                found.append((prefix, old))
            matches.append(match)
        if found:
            raise AlreadyThere(found)   # and the transaction takes every new match back
    return matches


def records_export(*, matches: Iterable[Match] | None = None) -> list[dict]:
    """The records of ``matches`` (a queryset; default all, oldest first) as a JSON-ready list."""
    qs = Match.objects.order_by("created_at", "id") if matches is None else matches
    rows = list(qs.select_related("player_a", "player_b", "player_c", "player_d"))
    hands: dict[int, list[Hand]] = {m.pk: [] for m in rows}
    for hand in Hand.objects.filter(match__in=qs.values("pk")).order_by("match_id", "number", "table"):
        hands[hand.match_id].append(hand)
    return [match_to_json(m, hands[m.pk]) for m in rows]


def records_export_finished() -> list[dict]:
    """The finished matches in the order they finished, each one the club rating leaves out
    marked ``"rated": false``: what ``manage.py ratings`` reads to give the site's ratings."""
    finished = Match.objects.finished().order_by("finished_at", "id")
    ids = list(finished.values_list("pk", flat=True))
    rated = set(Match.objects.rated().values_list("pk", flat=True))
    records = records_export(matches=Match.objects.filter(pk__in=ids).order_by("finished_at", "id"))
    for pk, record in zip(ids, records):
        if pk not in rated:
            record["rated"] = False
    return records


def records_dumps(records: list[dict]) -> str:
    return json.dumps(records, indent=2, ensure_ascii=False) + "\n"
