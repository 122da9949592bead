"""ginscore: a score pad and tournament desk for Gin Rummy clubs.

The rules engine lives in ``ginscore.engine`` and imports nothing from Django;
this package's ``__init__`` must stay import-free so the engine can be used alone.
"""
