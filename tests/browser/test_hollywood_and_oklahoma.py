"""A Hollywood set and an Oklahoma game scored on a phone, with the settlement, and a fix."""
import pytest
from django.urls import reverse
from playwright.sync_api import expect

from ginscore.engine import rules_from
from ginscore.matches import services

from tests.browser.steps import log_in, record_hand, score, start_match, tap_upcard, totals, type_hand

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def log_in_and_start(page, preset, length, stake=None):
    log_in(page)
    start_match(page, preset, length, stake)
    page.get_by_role("button", name="Start the match").click()
    page.locator(".hand-form").wait_for()


def test_a_hollywood_set(phone, shot, ann):
    page = phone
    log_in_and_start(page, "Hollywood", "One set", stake="0.01")
    record_hand(page, "gin", "Ann", defender=50, expect="Ann scores 75")      # game 1
    record_hand(page, "knock", "Ben", 2, 32, expect="Ben scores 30")         # game 1
    record_hand(page, "gin", "Ann", defender=50, expect="Ann scores 75")      # games 1 (ends, 150) and 2
    record_hand(page, "gin", "Ann", defender=50, expect="Ann scores 75")      # games 2 (ends, 150) and 3
    record_hand(page, "gin", "Ben", defender=75, expect="Ben scores 100")     # game 3 only: Ben ends it
    shot("20-hollywood-set")
    # Game 1: Ann 150 + 2 boxes + 100 = 300, Ben 30 + 1 box = 55.
    assert totals(page, 1) == [300, 55]
    # Game 2: Ann 150 + 2 boxes + 100 + shutout 100 = 400; Ben shut out.
    assert totals(page, 2) == [400, 0]
    # Game 3: Ann 75 + 1 box = 100; Ben 100 + 1 box + 100 = 225.
    assert totals(page, 3) == [100, 225]
    assert score(page) == [245 + 400, 125]
    settlement = page.locator(".settlement").inner_text()
    assert "Ben pays Ann 520 points" in settlement and "5.20" in settlement
    assert page.locator(".hand-form").count() == 0


def test_an_oklahoma_game_with_the_upcard_and_a_fix(phone, shot, ann):
    page = phone
    log_in_and_start(page, "Oklahoma", "One game")
    form = page.locator("form.hand-form")
    record_hand(page, "knock", "Ann", 5, 40, expect="Ann scores 35", upcard="7H")

    # A 5 upcard: Ben may knock with 5 at most; 8 is refused and nothing is saved.
    form.locator("#field-end label").get_by_text("knock", exact=True).click()
    form.locator("#field-by label").get_by_text("Ben", exact=True).click()
    form.locator("[name=knocker_deadwood]").fill("8")
    form.locator("[name=defender_deadwood]").fill("30")
    tap_upcard(page, "5D")
    assert page.locator("[data-knock-limit]").inner_text() == "at most 5"  # beside the knocker's deadwood
    form.locator("#save-hand").click()
    page.locator("#field-knocker_deadwood .error").filter(has_text="at most 5 when the upcard is 5D").wait_for()
    shot("21-oklahoma-refused")
    assert "Save hand 2" in page.locator("#save-hand").inner_text()  # hand 2 is still to be recorded

    record_hand(page, "knock", "Ben", 4, 30, expect="Ben scores 26", upcard="5D")
    # spades double: (30 + 25) x 2
    record_hand(page, "gin", "Ann", defender=30, expect="Ann scores 110", upcard="9S")
    record_hand(page, "knock", "Ann", 1, 11, expect="Ann scores 10", upcard="AC")  # an ace: knock with 1
    shot("22-oklahoma-over")
    # Ann 155 + 3 boxes + 100 = 330; Ben 26 + 1 box = 51: Ann +279.
    assert totals(page, 1) == [330, 51]
    assert score(page) == [279, 0]
    assert "Ben pays Ann 279 points" in page.locator(".settlement").inner_text()

    # The spade was a heart: hand 3 is worth 55, Ann has 110 (< 150) and the game goes on.
    page.get_by_role("link", name="Fix hand 3").click()
    assert "Correcting hand 3" in page.locator(".score-head .correcting").inner_text()
    page.locator("#hand-preview .preview-text").filter(has_text="Ann scores 110").wait_for()  # at once
    tap_upcard(page, "9H")
    page.locator("#hand-preview .preview-text").filter(has_text="Ann scores 55").wait_for()
    page.locator("#save-hand").click()
    page.locator(".msg-success").wait_for()
    shot("23-oklahoma-fixed")
    assert score(page) == [0, 0]
    assert page.locator(".settlement").count() == 0
    assert page.locator(".hand-form").count() == 1


def test_the_upcard_folds_to_the_card_once_tapped_and_change_opens_it(phone, shot, ann):
    """Tapped, the upcard's three rows of taps fold to the card (one row: the hand's boxes stay on
    the screen); Change clears it and opens the rows again, and the knock limit follows."""
    page = phone
    log_in_and_start(page, "Oklahoma", "One game")
    form = page.locator("form.hand-form")
    field = form.locator("#field-upcard")
    ranks, change = field.locator(".ranks label"), field.locator("[data-upcard-change]")
    limit = page.locator("[data-knock-limit]")
    assert limit.inner_text() == "limit: the upcard" and not change.is_visible()
    open_height = field.bounding_box()["height"]
    field.locator(".ranks label").get_by_text("9", exact=True).tap()
    assert ranks.filter(has_text="K").is_visible()  # a rank alone does not fold the rows
    field.locator(".suits label").get_by_text("♦", exact=True).tap()
    change.wait_for()
    assert [label.inner_text() for label in field.locator("label").all() if label.is_visible()] == ["9", "♦"]
    assert field.bounding_box()["height"] < open_height / 2 and limit.inner_text() == "at most 9"
    shot("24-oklahoma-upcard-folded", full_page=False)

    change.tap()
    expect(ranks.filter(has_text="K")).to_be_visible()
    assert not change.is_visible() and limit.inner_text() == "limit: the upcard"
    assert field.locator("input:checked").count() == 0   # cleared: the next two taps choose again
    record_hand(page, "knock", "Ann", 10, 40, expect="Ann scores 30", upcard="KH")   # a king: knock with 10
    assert "Ann scores 30" in page.locator(".msg-success").inner_text()
    assert "upcard KH" in page.locator("#hand-1").inner_text()


def test_an_upcard_half_tapped_asks_no_preview_and_moves_no_button(phone, ann, ben, member):
    """Under Oklahoma the hand is typed, then the upcard's rank: no preview is asked until its suit
    is tapped too, so no "tap the suit too" comes with an answer and goes with the next one, moving
    the buttons below while the player's finger is on its way to them (a tap on "gin" once became a
    click on the player below it). The whole card is previewed, with nothing moved by its answer."""
    page = phone
    log_in(page, member.username, to=None)
    match = services.match_create(player_a=ann, player_b=ben, rules=rules_from("oklahoma"), created_by=member)
    previews = []
    page.on("request", lambda r: previews.append(r.url) if r.url.endswith("/preview/") else None)
    page.goto(page.base + reverse("matches:detail", args=[match.pk]))
    form = page.locator("form.hand-form")
    form.locator("#field-end label").get_by_text("knock", exact=True).tap()
    form.locator("#field-by label").get_by_text("Ann", exact=True).tap()
    form.locator("[name=knocker_deadwood]").fill("5")
    form.locator("[name=defender_deadwood]").fill("30")
    page.wait_for_timeout(600)   # a preview would have been asked 0.15 s after the typing
    assert previews == [] and form.locator(".js-error").count() == 0   # no upcard yet: nothing to preview
    gin = form.locator("#field-end label").get_by_text("gin", exact=True)
    before = gin.bounding_box()
    form.locator("#field-upcard .ranks label").get_by_text("9", exact=True).tap()
    page.wait_for_timeout(600)
    assert previews == [], previews   # half a card: no preview, no error
    assert form.locator(".js-error").count() == 0
    assert gin.bounding_box() == before
    form.locator("#field-upcard .suits label").get_by_text("♦", exact=True).tap()
    page.locator("#hand-preview .preview-text").filter(has_text="Ann scores 25").wait_for()
    assert len(previews) == 1 and form.locator(".js-error").count() == 0


def test_a_preview_answered_while_a_finger_is_down_is_asked_again_after_the_tap(phone, ann, ben, member):
    """A preview's answer may put an error in or take one out above the buttons: one on its way when
    a finger touches the form is left unshown (it could move the button between the touch and the
    click), and the preview is asked again once the tap is done."""
    page = phone
    log_in(page, member.username, to=None)
    match = services.match_create(player_a=ann, player_b=ben, rules=rules_from("standard"), created_by=member)
    held = []
    page.route("**/hands/preview/", lambda route: held.append(route))   # each answer held until let go

    def asked(n):
        for _ in range(100):
            if len(held) >= n:
                return
            page.wait_for_timeout(50)
        raise AssertionError(f"{len(held)} previews asked, not {n}")

    page.goto(page.base + reverse("matches:detail", args=[match.pk]))
    form = page.locator("form.hand-form")
    type_hand(page, "knock", "Ann", knocker=5, defender=30)
    asked(1)
    form.locator("#field-by label").get_by_text("Ann", exact=True).tap()   # chosen already: no change
    held[0].continue_()   # its answer comes once the finger has touched the form
    page.wait_for_timeout(200)
    assert page.locator("#hand-preview .preview-text").count() == 0   # not shown
    asked(2)   # asked again after the tap
    held[1].continue_()
    page.locator("#hand-preview .preview-text").filter(has_text="Ann scores 25").wait_for()


def test_a_preview_still_to_come_when_a_finger_touches_save_waits_for_the_tap(phone, ann, ben, member):
    """Offline, the phone works the hand out itself, 150 ms after the last figure typed, and puts its
    line above Save. A finger on Save within that moment (type the deadwood, tap Save) would have the
    button moved from under it between the touch and the click: the preview waits for the tap."""
    page = phone
    log_in(page, member.username, to=None)
    match = services.match_create(player_a=ann, player_b=ben, rules=rules_from("standard"), created_by=member)
    page.goto(page.base + reverse("matches:detail", args=[match.pk]))
    page.locator("form.hand-form[data-outbox]").wait_for()
    page.context.set_offline(True)
    type_hand(page, "gin", "Ben")
    page.wait_for_timeout(200)   # (the choices' own preview: nothing to show without the deadwood)
    # The deadwood typed and Save touched at once; what the preview shows 220 ms later, read by a timer
    # of the page's own (timers run in the order they are due, however late the page is).
    shown = page.evaluate("""() => new Promise(done => {
      const form = document.querySelector("form.hand-form");
      const deadwood = form.querySelector("[name=defender_deadwood]");
      deadwood.value = "20";
      deadwood.dispatchEvent(new Event("input", {bubbles: true}));
      form.querySelector("#save-hand").dispatchEvent(new PointerEvent("pointerdown", {bubbles: true}));
      setTimeout(() => done(document.querySelector("#hand-preview").textContent.trim()), 220);
    })""")
    assert shown == ""   # not while the finger is down
    page.locator("#hand-preview .preview-text").filter(has_text="Ben scores 45").wait_for()   # after it
    page.context.set_offline(False)
