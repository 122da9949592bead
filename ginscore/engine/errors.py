"""Errors the engine raises. Their messages are written for players."""


class RuleError(ValueError):
    """A rule name or value that does not exist ("knock_limit: must be a whole number from 0 to 10")."""


class CardError(ValueError):
    """Card text that is not a card, a card given twice, the wrong number of cards."""


class RecordError(ValueError):
    """A match record that cannot be scored; the message names the field or hand and the reason."""


class MoneyError(ValueError):
    """An amount, split, unit or tie a prize pool cannot use; the message names the field and the reason."""
