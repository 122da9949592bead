"""Errors the engine raises. Their messages are written for players, marked for the engine's
catalogue (``ginscore.engine.i18n``): ``str(error)`` reads them in the reader's language."""

from ginscore.engine.i18n import Text
from ginscore.engine.i18n import gettext_lazy as _


class _Refusal(ValueError):
    """An engine error: its message (``args[0]``, a marked text), and when it is about one field or
    key, ``field`` and ``problem`` apart ("unit", "must be more than 0"), for a form to put the
    reason beside its field in any language (None when it is not about one field)."""

    def __init__(self, message, field: str | None = None, problem=None):
        super().__init__(message)
        self.field = field
        self.problem = problem


class RuleError(_Refusal):
    """A rule name or value that does not exist ("knock_limit: must be a whole number from 0 to 10")."""


class CardError(ValueError):
    """Card text that is not a card, a card given twice, the wrong number of cards."""


class RecordError(ValueError):
    """A match record that cannot be scored; the message names the field or hand and the reason."""


class MoneyError(_Refusal):
    """An amount, split, unit or tie a prize pool cannot use; the message names the field and the reason."""


def money_refused(field: str, problem) -> MoneyError:
    """``field: problem`` ("unit: must be more than 0"), the field kept apart on the error."""
    return MoneyError(_("%(field)s: %(problem)s") % {"field": field, "problem": problem}, field, problem)


def at_hand(n: int, problem) -> Text:
    """A hand's refusal: "hand 4: Skarney Gin has no knocking" (``problem`` a marked text or a value)."""
    return _("hand %(number)s: %(problem)s") % {"number": n, "problem": problem}


def reason(error: Exception):
    """What an engine error says (its marked text, still to be read), to put inside another message."""
    return error.args[0] if len(error.args) == 1 else str(error)
