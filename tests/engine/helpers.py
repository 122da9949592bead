"""Small builders for engine tests: records as the spec writes them."""
from ginscore.engine import record_from_json, result_to_json, score_match


def knock(by, k, d, other=None, **extra):
    other = other or ("Ben" if by == "Ann" else "Ann")
    return {"end": "knock", "by": by, "deadwood": {by: k, other: d}, **extra}


def gin(by, d, other=None, end="gin", **extra):
    other = other or ("Ben" if by == "Ann" else "Ann")
    return {"end": end, "by": by, "deadwood": {other: d}, **extra}


def dead(**extra):
    return {"end": "dead", **extra}


def record(hands, rules="standard", players=("Ann", "Ben"), **extra):
    return {"format": "ginscore/1", "rules": rules, "players": list(players), "hands": hands, **extra}


def score(hands, rules="standard", players=("Ann", "Ben"), **extra):
    """The engine's MatchResult for these hands."""
    return score_match(record_from_json(record(hands, rules, players, **extra)))


def score_json(hands, rules="standard", players=("Ann", "Ben"), **extra):
    return result_to_json(score(hands, rules, players, **extra))
