"""The pad head on a phone: the game in play after every hand, the match score labelled beside
it, who deals, how far each player is from the target; the finished game's summary until the
next hand; Hollywood's open columns and where each player's next win goes."""
import pytest

from tests.browser.steps import game_score, log_in, next_deal, record_hand, score, start_match, to_go

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_head_follows_every_hand_of_a_game_and_says_when_it_ends(phone, shot, ann):
    page = phone
    log_in(page)
    start_match(page)  # standard, to 500
    page.get_by_role("button", name="Start the match").click()
    page.locator(".hand-form").wait_for()
    assert game_score(page) == [0, 0] and to_go(page) == [100, 100] and score(page) == [0, 0]
    assert next_deal(page) == "Hand 1 · Ann deals"
    assert "Game 1 · to 100 · match to 500" in page.locator(".score-head .head-label").inner_text()

    steps = [  # (hand, game points after it, who deals next)
        (("knock", "Ann", 8, 32), [24, 0], "Hand 2 · Ann deals"),  # the winner deals (standard)
        (("gin", "Ben", None, 41), [24, 66], "Hand 3 · Ben deals"),
        (("dead hand",), [24, 66], "Hand 4 · Ben deals"),  # the same dealer deals again
        (("knock", "Ann", 5, 4), [24, 92], "Hand 5 · Ben deals"),  # Ben undercuts: 26
        (("gin", "Ann", None, 20), [69, 92], "Hand 6 · Ann deals"),
    ]
    for hand, points, deal in steps:
        record_hand(page, *hand)
        assert game_score(page) == points
        assert to_go(page) == [100 - points[0], 100 - points[1]]
        assert score(page) == [0, 0]  # the match score moves only when a game ends
        assert next_deal(page) == deal
        assert page.locator(".score-head .game-over").count() == 0
    shot("30-head-in-play")

    # Ben's knock takes him to 120: game 1 is his. 120 + 3 boxes x 25 + 100 = 295; Ann 69 + 2 x 25 = 119.
    record_hand(page, "knock", "Ben", 2, 30)
    message = page.locator(".msg-success").inner_text()
    assert "Hand 6 saved. Ben scores 28 and 1 box." in message
    assert ("Game 1 won by Ben: points 69–120, boxes 2–3 (bonus 50–75), game bonus 100, totals 119–295; "
            "net Ben +176. Match now Ann 0, Ben 176.") in message
    over = page.locator(".score-head .game-over")
    assert "Game 1 won by Ben" in over.inner_text()
    rows = over.locator("tbody tr")
    assert rows.nth(0).locator("td").all_inner_texts() == ["69", "2: +50", "0", "119"]
    assert rows.nth(1).locator("td").all_inner_texts() == ["120", "3: +75", "+100", "295"]
    assert "Net: Ben +176 · match now 0–176" in " ".join(over.locator(".game-over-net").inner_text().split())
    assert game_score(page) == [0, 0] and score(page) == [0, 176]
    assert "Game 2 · to 100" in page.locator(".score-head .head-label").inner_text()
    assert "324 to go" in page.locator(".score-head .match-side").nth(1).inner_text()
    assert next_deal(page) == "Hand 7 · Ben deals"
    shot("31-head-game-over")

    record_hand(page, "knock", "Ann", 3, 20)  # the next hand: the summary gives way to game 2
    assert page.locator(".score-head .game-over").count() == 0
    assert game_score(page) == [17, 0] and score(page) == [0, 176]
    assert "Game 1 won by Ben" not in page.locator(".msg-success").inner_text()


def test_hollywood_head_shows_the_open_columns_and_where_the_next_win_goes(phone, shot, ann):
    page = phone
    log_in(page)
    start_match(page, "Hollywood")
    page.get_by_role("button", name="Start the match").click()
    page.locator(".hand-form").wait_for()
    record_hand(page, "gin", "Ann", defender=20)  # Ann 45 in game 1
    record_hand(page, "knock", "Ben", 2, 32)  # Ben 30 in game 1 only (his first win)

    def column(side):
        return [int(x) for x in page.locator(f".head-columns [data-game={side}]").all_inner_texts()]

    assert column("a") == [45, 0, 0] and column("b") == [30, 0, 0]
    cue = " ".join(page.locator(".next-win-cue").inner_text().split())
    assert cue == "Next win into: Ann G1 G2 · Ben G1 G2"
    record_hand(page, "knock", "Ann", 1, 11)  # 10 into games 1 and 2
    assert column("a") == [55, 10, 0] and column("b") == [30, 0, 0]
    cue = " ".join(page.locator(".next-win-cue").inner_text().split())
    assert cue == "Next win into: Ann G1 G2 G3 · Ben G1 G2"
    # The pad says it too, in each open game's column, without a hover.
    assert "next win: Ann · Ben" in page.locator("#game-2 .next-win").inner_text()
    assert page.locator("#game-3 .next-win").inner_text() == "next win: Ann"
    shot("32-hollywood-head")
