"""The ginscore rules engine: plain Python, no Django.

Cards, hands, games, Hollywood columns, matches, records and results (and, in
sub-modules, melds, lay-offs, pairings, brackets and standings). Everything a
page or a sheet shows is computed here from the hands.
"""
from ginscore.engine.cards import Card, format_cards, parse_card, parse_cards
from ginscore.engine.errors import CardError, RecordError, RuleError
from ginscore.engine.hands import Hand, HandScore, score_hand
from ginscore.engine.match import MatchLength, MatchScorer, score_match
from ginscore.engine.records import (
    MatchRecord, hand_to_json, record_from_json, record_to_json, result_to_json,
)
from ginscore.engine.results import (
    GameEntry, GameResult, HandResult, MatchResult, MatchSummary, PlayerLine, Settlement,
)
from ginscore.engine.rules import PRESETS, RULE_KEYS, Rules, describe_rules, rules_from

__all__ = [
    "Card", "format_cards", "parse_card", "parse_cards",
    "CardError", "RecordError", "RuleError",
    "Hand", "HandScore", "score_hand",
    "MatchLength", "MatchScorer", "score_match",
    "MatchRecord", "hand_to_json", "record_from_json", "record_to_json", "result_to_json",
    "GameEntry", "GameResult", "HandResult", "MatchResult", "MatchSummary", "PlayerLine", "Settlement",
    "PRESETS", "RULE_KEYS", "Rules", "describe_rules", "rules_from",
]
