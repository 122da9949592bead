"""What a player does on the table-side pages, as steps the browser tests share."""
import time

from playwright.sync_api import TimeoutError as PlaywrightTimeout


def log_in(page, username="ann", to="/"):
    """The page's phone logged in as ``username``, on the club's home page (where the log-in form
    leads; ``to=None``: on no page yet, the test opens its own): a session made here, its cookie
    given to the phone. The form itself costs two pages
    more (the form, its post): it is filled in where it is the point (test_first_hour.py, the
    French crawl's log-in pages)."""
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.test import Client

    client = Client()
    client.force_login(get_user_model().objects.get(username=username))
    session = client.session
    cookie = {"name": settings.SESSION_COOKIE_NAME, "value": session.session_key, "url": page.base,
              "httpOnly": settings.SESSION_COOKIE_HTTPONLY, "secure": settings.SESSION_COOKIE_SECURE,
              "sameSite": settings.SESSION_COOKIE_SAMESITE or "None"}
    if not session.get_expire_at_browser_close():   # it ends when the site's own cookie would
        cookie["expires"] = time.time() + session.get_expiry_age()
    page.context.add_cookies([cookie])
    if to is not None:
        page.goto(page.base + to)


def start_match(page, preset=None, length=None, stake=None):
    """From any page: New match, Ann v Ben, the preset and length as labelled on the form."""
    page.get_by_role("link", name="New match").click()
    page.wait_for_url("**/matches/new/", wait_until="load")   # the form's script there before a tap
    page.fill("[name=player_a]", "Ann")
    page.fill("[name=player_b]", "Ben")
    if preset:
        page.locator("#field-preset label").get_by_text(preset, exact=True).click()
    if length:
        page.locator("#field-length label").get_by_text(length).click()
    if stake:
        page.fill("[name=stake]", stake)


SUIT_SIGN = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def tap_upcard(page, card):
    """Taps the upcard's rank then its suit ("7H", "10S") on the entry form's tap rows."""
    form = page.locator("form.hand-form")
    change = form.locator("#field-upcard [data-upcard-change]")
    if change.is_visible():   # an upcard already tapped: its rows are folded to the card
        change.tap()
    form.locator("#field-upcard .ranks label").get_by_text(card[:-1], exact=True).tap()
    form.locator("#field-upcard .suits label").get_by_text(SUIT_SIGN[card[-1].upper()], exact=True).tap()
    change.wait_for()   # the rows fold to the card before the next tap aims


def record_hand(page, end, by=None, knocker=None, defender=None, expect=None, upcard=None, counts=None):
    """Types the hand (``type_hand``), waits for the preview to say ``expect``, saves and waits for
    the pad (the save is sent by outbox.js, then the pad opens with its message)."""
    with page.expect_navigation():
        enter_hand(page, end, by, knocker, defender, expect, upcard, counts)
    page.locator(".msg-success").wait_for()


def enter_hand(page, end, by=None, knocker=None, defender=None, expect=None, upcard=None, counts=None):
    """``record_hand`` up to the tap on Save (an offline phone gets no answer from the site)."""
    type_hand(page, end, by, knocker, defender, upcard=upcard, counts=counts)
    if expect:  # the live preview, from the engine (or worked out on the phone offline), before saving
        wait_for_preview(page, expect)
    page.locator("form.hand-form #save-hand").click()


# What the entry form held and said, for a preview that did not come (seen once under load, on a
# partnership's second table as the other table's correction came live: the cause not shown).
FORM_STATE = """() => {
  const f = document.querySelector('form.hand-form'), region = f && f.closest('[data-live]');
  return f && {said: (document.getElementById('hand-preview') || {}).textContent,
               fields: [...new FormData(f)].filter(([k]) => !k.startsWith('csrf')),
               sending: f.dataset.sending || '', touched: !!(region && region.dataset.liveTouched),
               stale: !!document.querySelector('.live-stale'), padRan: !!window.ginscorePadRan,
               live: document.documentElement.dataset.live || '', online: navigator.onLine,
               forms: document.querySelectorAll('form.hand-form').length}; }"""


def wait_for_preview(page, expect):
    """Waits for the hand's preview to say ``expect``; else fails saying what the form held."""
    try:
        page.locator("#hand-preview .preview-text").filter(has_text=expect).wait_for()
    except PlaywrightTimeout:
        raise AssertionError(f"the preview never said {expect!r}; the form: {page.evaluate(FORM_STATE)}") from None


def type_hand(page, end, by=None, knocker=None, defender=None, upcard=None, counts=None):
    """Taps the ending and who and types the deadwood (or, in Skarney and Colonel, each player's
    ``counts`` as {"a": n, "b": m}) on the entry form, without saving."""
    form = page.locator("form.hand-form")
    if upcard:
        tap_upcard(page, upcard)
    form.locator("#field-end label").get_by_text(end, exact=True).click()
    if by:
        form.locator("#field-by label").get_by_text(by, exact=True).click()
    if knocker is not None:
        form.locator("[name=knocker_deadwood]").fill(str(knocker))
    if defender is not None:
        form.locator("[name=defender_deadwood]").fill(str(defender))
    for side, count in (counts or {}).items():
        form.locator(f"[name=count_{side}]").fill(str(count))


def type_hand_by_value(page, end, by=None, knocker=None, defender=None):
    """``type_hand`` in any language: taps the ending and who by their values ("knock", "a"; the
    labels are the server's words) and types the deadwood."""
    form = page.locator("form.hand-form")
    form.locator(f"label:has(input[name=end][value={end}])").click()
    if by:
        form.locator(f"label:has(input[name=by][value={by}])").click()
    if knocker is not None:
        form.locator("[name=knocker_deadwood]").fill(str(knocker))
    if defender is not None:
        form.locator("[name=defender_deadwood]").fill(str(defender))


def score(page):
    """The match score shown on the pad, [player A, player B]."""
    return [int(page.locator(f"[data-score={s}]").inner_text()) for s in "ab"]


def totals(page, n):
    """Game n's totals row, [player A, player B]."""
    return [int(x) for x in page.locator(f"#game-{n} .total td").all_inner_texts()]


def game_score(page):
    """The game in play's running points in the pad head, [player A, player B] (one column)."""
    return [int(page.locator(f".score-head [data-game={s}]").inner_text()) for s in "ab"]


def to_go(page):
    """How far each player is from the game target, as the head says it, [A, B]."""
    return [int(page.locator(f".score-head [data-to-go={s}]").inner_text().split()[0]) for s in "ab"]


def next_deal(page):
    """ "Hand 5 · Ben deals" from the head."""
    return " ".join(page.locator(".score-head .next").inner_text().split())
