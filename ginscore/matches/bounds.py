"""What the database can hold, checked before anything is written.

A record, a form or a table link brings values; each is checked here against
the column it goes to, so no write fails half-way in the database (PostgreSQL)
or stores what can no longer be read back (SQLite keeps a decimal of any size,
then every page that reads it fails). The limits come from the model fields
themselves, so a column that changes moves its check with it.

- the stake: ``Match.stake`` holds at most 99,999,999.9999 (12 digits, 4 after
  the point), zero or more;
- names: ``ginscore.players.names.name_clean`` (at most ``NAME_MAX``, 100 characters, no NUL);
- hands: at most ``MAX_HANDS`` in one match (a record, or the pad);
- totals: every score, count and point cache fits an ``IntegerField`` on every
  database (-2,147,483,648 to 2,147,483,647).
"""
from __future__ import annotations

from decimal import Decimal

from django.db.backends.base.operations import BaseDatabaseOperations
from django.utils.formats import number_format
from django.utils.translation import gettext as _

from ginscore.engine import MatchRecord, RecordError
from ginscore.matches.models import Match
from ginscore.players.names import NameRefused, name_clean

# A long club night is 60 hands; a match to 500 rarely needs 40. 2,000 hands is a match
# to 500 played with tiny stakes for weeks: far more than a table produces, small enough
# to score and show at once.
MAX_HANDS = 2000

INTEGER_MIN, INTEGER_MAX = BaseDatabaseOperations.integer_field_ranges["IntegerField"]


def _stake_limits() -> tuple[Decimal, int]:
    field = Match._meta.get_field("stake")
    places = field.decimal_places
    return Decimal(10) ** (field.max_digits - places) - Decimal(1).scaleb(-places), places


STAKE_MAX, STAKE_PLACES = _stake_limits()


def grouped(number) -> str:
    """A number a person reads, grouped in their language ("1,500"; French "1 500")."""
    return number_format(number, force_grouping=True)


def stake_problem(stake: Decimal | None, *, sentence: bool = False) -> str | None:
    """Why ``Match.stake`` cannot hold ``stake``, or None (no stake is fine): "must be zero or
    more, not -1"; with ``sentence``, a form's whole sentence ("The stake must be zero or more, not -1.")."""
    if stake is None:
        return None
    values = {"most": grouped(STAKE_MAX), "places": STAKE_PLACES, "stake": stake}
    if not stake.is_finite():
        text = (_("The stake must be a number from 0 to %(most)s, not %(stake)s.") if sentence else
                _("must be a number from 0 to %(most)s, not %(stake)s"))
    elif stake < 0:
        text = _("The stake must be zero or more, not %(stake)s.") if sentence else _("must be zero or more, not %(stake)s")
    elif stake > STAKE_MAX or stake.normalize().as_tuple().exponent < -STAKE_PLACES:
        text = (_("The stake can be at most %(most)s with %(places)s decimal places, not %(stake)s.") if sentence else
                _("at most %(most)s with %(places)s decimal places, not %(stake)s"))
    else:
        return None
    return text % values


def hands_problem(count: int) -> str | None:
    if count > MAX_HANDS:
        return (_("%(count)s hands; a match holds at most %(most)s hands (far more than any club match; split the "
                  "record)") % {"count": grouped(count), "most": grouped(MAX_HANDS)})
    return None


def record_check(record: MatchRecord) -> list[str]:
    """The record's players as the club stores them; ``RecordError`` names the first field
    the database could not hold (stake, players, hands)."""
    problem = stake_problem(record.stake)
    if problem:
        raise RecordError(_("stake: %(problem)s") % {"problem": problem})
    names = []
    for i, name in enumerate(record.players, 1):
        try:
            names.append(name_clean(name))
        except NameRefused as e:
            raise RecordError(_("players: player %(i)s: %(problem)s") % {"i": i, "problem": e}) from None
    problem = hands_problem(len(record.hands))
    if problem:
        raise RecordError(_("hands: %(problem)s") % {"problem": problem})
    return names


def totals_problem(values: dict[str, int]) -> str | None:
    """Why an ``IntegerField`` cannot hold one of these totals (name: value), or None."""
    for name, value in values.items():
        if not INTEGER_MIN <= value <= INTEGER_MAX:
            return (_("%(name)s would be %(value)s, more than the score pad can hold (%(most)s)")
                    % {"name": name, "value": grouped(value), "most": grouped(INTEGER_MAX)})
    return None
