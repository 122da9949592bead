"""The points a phone works out offline are the engine's: the outbox's port of ``score_hand``
(static/ginscore/outbox.js), run in the browser, against the engine on the same random hands,
under every two-player preset and some changed rules, rulings included."""
import random
from dataclasses import replace

import pytest

from ginscore.engine import PRESETS, RecordError, parse_card
from ginscore.engine.hands import Hand, Rulings, score_hand
from tests.browser.steps import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ("Ann", "Ben")
SIDE = {"a": "Ann", "b": "Ben"}
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def _rules():
    two = [r for name, r in PRESETS.items() if name != "partnership"]
    changed = [replace(PRESETS["standard"], gin_off_bonus=20, knock_scores="defender_deadwood", hand_bonus=5,
                       extra_boxes_gin=1, extra_boxes_undercut=2),
               replace(PRESETS["oklahoma"], oklahoma_ace="gin_only", big_gin_bonus=None)]
    return two + changed


def _hand(rng, rules):
    """A random hand as outbox.js reads it off the form (sides, counts by role, rulings)."""
    end = rng.choice(rules.ends)
    by = "" if end in ("dead", "stock_out") else rng.choice("ab")
    upcard = rng.choice(RANKS) + rng.choice("SHDC") if rng.random() < 0.7 else ""
    ruled = rng.random() < 0.3
    return {
        "end": end, "by": by, "upcard": upcard, "k": rng.randint(0, 14) if end != "gin" else None,
        "d": rng.randint(0, 40), "bonus": rng.randint(0, 14) if rules.sequence_bonus and rng.random() < 0.5 else None,
        "noContract": rules.game == "skarney" and end == "gin" and rng.random() < 0.5,
        "missing": {s: rng.choice([0, 0, 1, 2]) if ruled else 0 for s in "ab"},
        "extra": {s: ruled and rng.random() < 0.2 for s in "ab"},
        "noBonus": {s: ruled and rng.random() < 0.3 for s in "ab"},
        "accepted": ruled and rng.random() < 0.3,
    }


def _engine(h, rules):
    """What the engine scores the same hand: [winner side or None, points], or "refused" (also the
    form's refusal of any hand without its upcard under Oklahoma, which the phone repeats)."""
    if rules.oklahoma and not h["upcard"]:
        return "refused"
    by = SIDE.get(h["by"])
    other = SIDE["b" if h["by"] == "a" else "a"] if by else None
    if h["end"] in ("dead",):
        deadwood = {}
    elif h["end"] == "stock_out":
        deadwood = {"Ann": h["k"], "Ben": h["d"]}
    elif h["end"] in ("knock", "challenge"):
        deadwood = {by: h["k"], other: h["d"]}
    else:
        deadwood = {other: h["d"]}
    rulings = Rulings(missing_cards={SIDE[s]: n for s, n in h["missing"].items() if n},
                      extra_cards=tuple(SIDE[s] for s in "ab" if h["extra"][s]),
                      no_bonus=tuple(SIDE[s] for s in "ab" if h["noBonus"][s]), knock_accepted=h["accepted"])
    hand = Hand(h["end"], by, deadwood, parse_card(h["upcard"]) if h["upcard"] else None, bonus=h["bonus"],
                no_contract=h["noContract"], rulings=rulings if rulings.to_json() else None)
    try:
        s = score_hand(hand, rules, NAMES, 1)
    except RecordError:
        return "refused"
    side = None if s.winner is None else "a" if s.winner == "Ann" else "b"
    return [side, s.points if side else 0]


def test_the_phone_scores_hands_as_the_engine_does(phone, make_match, member):
    match = make_match()
    log_in(phone, member.username, to=None)
    phone.goto(f"{phone.base}/matches/{match.pk}/")
    phone.wait_for_function("window.ginscoreOutbox !== undefined")
    rng = random.Random(15)
    cases, expected = [], []
    for rules in _rules():
        for _ in range(150):
            h = _hand(rng, rules)
            cases.append([h, rules.to_json()])
            expected.append(_engine(h, rules))
    phoned = phone.evaluate("""cases => cases.map(([h, rules]) => {
        const s = window.ginscoreOutbox.score(h, rules);
        return s.error ? "refused" : [s.winner, s.winner ? s.points : 0];
    })""", cases)
    wrong = [(c[0], c[1]["preset"], e, p) for c, e, p in zip(cases, expected, phoned) if e != p]
    assert not wrong, f"{len(wrong)} of {len(cases)} differ, e.g. {wrong[:3]}"
    assert sum(e == "refused" for e in expected) > 20   # knocks over the limit, Oklahoma without an upcard
    assert sum(e != "refused" and e[0] is not None for e in expected) > len(cases) / 2
