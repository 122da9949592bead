"""The filled match sheet: every figure agrees with the engine."""
import pytest

from ginscore.engine import record_from_json, score_match
from ginscore.sheets.data import MatchSheet
from ginscore.sheets.match_sheet import build_match_sheet, hand_rows
from tests.sheets.pdf import first_page_png, ink, pages, text
from tests.sheets.samples import full_match, long_match, record, scored


def _engine(rec):
    return score_match(record_from_json(rec))


@pytest.mark.parametrize("rules", ["standard", "classic", "hollywood", "oklahoma"])
def test_games_match_score_and_settlement_agree_with_the_engine(rules, tmp_path):
    rec, result = full_match(rules, stake="0.05", players=("Ann", "Zoë"))
    pdf = build_match_sheet(MatchSheet(result, rec, title="Match #12", details=("Elm Street Club",)))
    got = text(pdf)
    engine = _engine(rec)
    assert engine.complete
    letter = dict(zip(engine.players, "AB"))
    for g in engine.games:
        for k, p in enumerate(engine.players):
            line = g.players[p]
            label = f"Game {g.n}" if k == 0 else f"{letter[g.winner]} won" + (", shutout" if g.shutout else "")
            row = (f"{label} {letter[p]} {line.points} {line.boxes} {line.box_bonus} {line.game_bonus} "
                   f"{line.shutout_bonus} {line.total}")
            assert row in got, row
        assert f"+{g.net}" in got
    m = engine.match
    s = m.settlement
    assert f"Match score: Ann {m.score['Ann']}, Zoë {m.score['Zoë']} (match to 500)" in got
    assert f"Winner: {m.winner}." in got
    assert f"Settlement: {s.payer} pays {s.payee} {s.points} points, at the stake: {s.amount}." in got
    assert "Match #12: Ann v Zoë" in got and "Elm Street Club" in got and "A Ann B Zoë Games" in got  # the key
    assert "Ann (signature) Zoë (signature) Witness or director" in got  # the signature lines
    assert f"rules {rules.capitalize()}" in got  # the rules box
    assert ink(first_page_png(pdf, tmp_path, rules)) > 0.02


def test_running_totals_are_the_engine_pad_columns():
    rec, result = full_match("hollywood", seed=11)
    engine = _engine(rec)
    head, rows = hand_rows(result, rec)
    a, b = engine.players
    by_hand = {}
    for g in engine.games:
        for e in g.entries:
            by_hand.setdefault(e.hand, {})[g.n] = e
    for row, hand in zip(rows, engine.hands):
        if hand.winner is None:
            assert row[-2:] == ["", ""]
            continue
        entries = by_hand[hand.n]
        assert row[head.index("Game")] == " | ".join(str(n) for n in sorted(entries))
        winner_col = head.index("AB"[engine.players.index(hand.winner)])
        assert row[winner_col] == " | ".join(str(entries[n].running) for n in sorted(entries))


def test_hands_read_as_played():
    rec = record([
        {"end": "knock", "by": "Ann", "deadwood": {"Ann": 8, "Ben": 32}},
        {"end": "knock", "by": "Ben", "deadwood": {"Ann": 3, "Ben": 9}},
        {"end": "gin", "by": "Ben", "deadwood": {"Ann": 41}},
        {"end": "big_gin", "by": "Ann", "deadwood": {"Ben": 19}},
        {"end": "dead"},
    ])
    got = text(build_match_sheet(MatchSheet(scored(rec), rec)))
    assert "A Ann B Ben" in got  # the key: each player named once, a letter in the rows
    assert "1 A A knocked 8 v 32 A 24 1 1 24 0" in got
    assert "2 A B knocked 9 v 3, undercut A 31 1 1 55 0" in got
    assert "3 A B gin v 41 B 66 1 1 55 66" in got
    assert "4 B A big gin v 19 A 50 1 1 105 66" in got  # game 1 over at 105
    assert "5 A dead hand" in got
    assert "The match is not over." in got


def test_oklahoma_sheet_shows_the_upcards():
    rec = record([{"end": "knock", "by": "Ann", "deadwood": {"Ann": 7, "Ben": 20}, "upcard": "7S"},
                  {"end": "knock", "by": "Ben", "deadwood": {"Ann": 30, "Ben": 2}, "upcard": "QH"}], "oklahoma")
    got = text(build_match_sheet(MatchSheet(scored(rec), rec)))
    assert "Up How it ended" in got
    assert "1 A 7\u2660 A knocked 7 v 20, \u2660 doubled A 26 1 1 26 0" in got  # a spade doubles 13
    assert "Q\u2665 B knocked 2 v 30 B 28" in got


def test_a_300_hand_match_flows_across_pages_with_the_heading_repeated():
    rec, result = long_match(300)
    got = pages(build_match_sheet(MatchSheet(result, rec, title="Marathon")))
    assert len(got) >= 6
    for n, page in enumerate(got, 1):
        assert "Marathon: Ann v Ben" in page and f"page {n} of {len(got)}" in page
    hands_head, games_head = "Hand Dealer How it ended Won by Pts Box Game A B", "Game Player Points Boxes"
    with_hands = [n for n, page in enumerate(got) if hands_head in page]
    assert len(with_hands) >= 5 and with_hands == list(range(with_hands[0], len(got)))  # to the last page
    assert games_head in got[0] and "Match score" in got[-1] and "(signature)" in got[-1]
    joined = " ".join(got)
    at = 0
    for hand in result["hands"]:  # every hand, in order
        at = joined.index(f" {hand['n']} {'AB'[result['players'].index(hand['dealer'])]} ", at)
    last = _engine(rec).games[-1]
    assert f"Game {last.n} (in play)" not in joined
    assert f"Game {last.n} A {last.players['Ann'].points}" in joined


def test_sheet_without_the_record_still_prints_every_hand():
    rec, result = full_match("standard")
    got = text(build_match_sheet(MatchSheet(result)))
    assert f"{len(result['hands'])} " in got and "Winner: Ann." in got
