"""The plain data of each sheet, read from the database (a fixed number of queries each).

The builders never see a model: these functions turn stored matches (and
tournaments) into the dataclasses of ``ginscore.sheets.data``.
"""
from __future__ import annotations

from django.utils import timezone

from ginscore.engine import result_to_json
from ginscore.matches import selectors as match_selectors
from ginscore.matches.records import match_to_json
from ginscore.sheets.data import MatchSheet


def _day(when) -> str:
    return timezone.localtime(when).strftime("%d %b %Y, %H:%M") if when else ""


def match_sheet_data(*, pk: int, paper: str = "letter") -> MatchSheet:
    """The filled match sheet of stored match ``pk`` (404 when there is none)."""
    match = match_selectors.match_get(pk)
    hands = match_selectors.match_hands(match)
    result = match_selectors.match_result(match, hands)
    details = [f"Started {_day(match.created_at)}"]
    if match.finished_at:
        details[0] += f" \u00b7 finished {_day(match.finished_at)}"
    details.append(f"Match {result.length.describe(result.rules)} \u00b7 first dealer {result.first_dealer}"
                   + (f" \u00b7 stake {match.stake.normalize()} a point" if match.stake is not None else ""))
    return MatchSheet(result=result_to_json(result), record=match_to_json(match, hands),
                      title=f"Match #{match.pk}", details=tuple(details), paper=paper)
