"""The rating of match records (what ``manage.py ratings`` prints): each record read and
scored as ``score`` does, its players named as the club names them (``name_clean``; two
spellings with one ``name_key`` are one player), then rated in order by the engine."""
from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from ginscore.engine import CardError, RecordError, RuleError, record_from_json, score_match
from ginscore.engine.ratings import rated_match, ratings_json
from ginscore.matches.records_io import record_rated
from ginscore.players.names import NameRefused, name_clean, name_key


class RatingsRefused(ValueError):
    """Records that cannot be rated: ``problems`` has one line per bad record ("record 2: ...")."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__("; ".join(problems))


def _keys(players: tuple[str, ...], names: dict) -> dict[str, str]:
    """The record's names -> the players' keys (``names`` learns the name each key is printed as)."""
    keys = {}
    for p in players:
        try:
            clean = name_clean(p)
        except NameRefused as e:
            raise RecordError(_('players: "%(name)s" %(reason)s') % {"name": p, "reason": e}) from None
        key = name_key(clean)
        twin = next((q for q, k in keys.items() if k == key), None)
        if twin is not None:
            raise RecordError(_('players: "%(first)s" and "%(second)s" are the same player')
                              % {"first": twin, "second": p})
        keys[p] = key
        names.setdefault(key, clean)
    return keys


def ratings_of_records(data: Any) -> dict:
    """The spec's ``ginscore-ratings/1`` document for ``data`` (an array of records, in the order
    the matches finished; a lone record is an array of one). ``RatingsRefused`` lists every bad
    record."""
    items = data if isinstance(data, list) else [data]
    names: dict[str, str] = {}
    matches, problems = [], []
    for i, item in enumerate(items, 1):
        try:
            rated = record_rated(item)
            record = record_from_json(item)
            keys = _keys(record.players, names)
            match = rated_match(score_match(record), keys.__getitem__)
        except (RecordError, CardError, RuleError) as e:
            problems.append(_("record %(number)s: %(problem)s") % {"number": i, "problem": e})
            continue
        matches.append(match if rated else None)
    if problems:
        raise RatingsRefused(problems)
    return ratings_json(matches, names)
