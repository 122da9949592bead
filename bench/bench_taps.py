"""Benchmark: taps and scrolls to enter a hand on a 390x844 phone, under every preset.

Starts its own site (a throw-away SQLite database, ``manage.py runserver`` on 127.0.0.1, port
8310 unless BENCH_TAPS_PORT says otherwise), opens Debian's chromium through Playwright as a
phone with touch, and enters each kind of hand on the score pad the way a player does: tap
the upcard (when the rules use it), how the hand ended, who ended it, type the deadwood, Save.

A tap on something outside the screen (or under the sticky foot) counts as a scroll first.
Typing a number is counted as its digits, not as taps; a field the page moves to by itself
costs no tap. Skarney and Colonel hands are entered with each player's count of the cards
held. Prints one line per hand (with whether the preview and Save were on screen once the
hand was typed), each preset's totals and a summary; asserts nothing, times nothing.

    .venv/bin/python bench/bench_taps.py               # every preset
    .venv/bin/python bench/bench_taps.py oklahoma      # some presets
"""
import os
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
PORT = int(os.environ.get("BENCH_TAPS_PORT", "8310"))
DB = Path(tempfile.mkdtemp()) / "taps.sqlite3"
ENV = {**os.environ, "DATABASE_URL": f"sqlite:///{DB}", "DJANGO_SETTINGS_MODULE": "ginscore.settings",
       "GINSCORE_DEBUG": "1"}
os.environ.update({k: ENV[k] for k in ("DATABASE_URL", "DJANGO_SETTINGS_MODULE")})
CHROMIUM = "/usr/bin/chromium"
PASSWORD = "bench-taps-42"
SUIT_SIGN = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}

# The hands, as a player enters them: (label, end, by, knocker's deadwood, defender's, upcard),
# or in Skarney and Colonel (label, end, by, {side: count of the cards held}).
HANDS = [
    ("knock", "knock", "Ann", 5, 30, "9H"),
    ("undercut", "knock", "Ben", 6, 4, "9D"),
    ("gin", "gin", "Ann", None, 20, "KC"),
    ("big gin", "big gin", "Ben", None, 15, "8H"),
    ("dead hand", "dead hand", None, None, None, "QD"),
]
COUNTS_HANDS = {
    "skarney": [("gin", "gin", "Ann", {"b": 30}), ("stock out", "stock ran out", None, {"a": 12, "b": 20}),
                ("dead hand", "dead hand", None, {})],
    "colonel": [("went out", "went out", "Ben", {"a": 27}), ("challenge", "challenge", "Ann", {"a": 12, "b": 30}),
                ("stock out", "stock ran out", None, {"a": 12, "b": 20}), ("dead hand", "dead hand", None, {})],
}


def setup_site():
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from ginscore.engine import PRESETS, rules_from
    from ginscore.matches import services
    from ginscore.players.models import Player

    call_command("migrate", verbosity=0)
    user = get_user_model().objects.create_user("ann", password=PASSWORD)
    ann = Player.objects.create(name="Ann", user=user)
    ben = Player.objects.create(name="Ben")
    matches = {}
    for preset in PRESETS:
        rules = rules_from(preset)
        matches[preset] = services.match_create(player_a=ann, player_b=ben, rules=rules, created_by=user).pk
    return matches


class Counter:
    """Taps, digits and scrolls on one page, as a player's thumb would make them."""

    def __init__(self, page):
        self.page = page
        self.taps = self.digits = self.scrolls = 0

    def on_screen(self, locator) -> bool:
        return locator.evaluate("""el => {
            const r = el.getBoundingClientRect();
            const x = r.left + r.width / 2, y = r.top + r.height / 2;
            if (y < 0 || y > innerHeight || x < 0 || x > innerWidth) return false;
            const hit = document.elementFromPoint(x, y);
            return !!hit && (el.contains(hit) || hit.contains(el) || (el.labels && [...el.labels].some(l => l.contains(hit))));
        }""")

    def tap(self, locator):
        if not self.on_screen(locator):
            self.scrolls += 1
            if os.environ.get("BENCH_TAPS_VERBOSE"):
                print("    scrolled to", locator, locator.bounding_box(), self.page.evaluate("scrollY"))
            locator.scroll_into_view_if_needed()
        locator.tap()
        self.taps += 1

    def type_into(self, locator, text):
        focused = locator.evaluate("el => document.activeElement === el")
        if not focused:
            self.tap(locator)
        self.page.keyboard.type(text)
        self.digits += len(text)


def enter(page, base, match_id, hand, upcard_used, first):
    """One hand on the pad as it stands: the first from a fresh pad, the others on the pad the
    last Save came back to (with its saved message, as at the table)."""
    if len(hand) == 4:   # Skarney, Colonel: each player's count
        (label, end, by, counts), knocker, defender, upcard = hand, None, None, None
    else:
        (label, end, by, knocker, defender, upcard), counts = hand, {}
    if first:
        page.goto(f"{base}/matches/{match_id}/")
    page.locator("form.hand-form").wait_for()
    c = Counter(page)
    form = page.locator("form.hand-form")
    if upcard_used:
        c.tap(form.locator("#field-upcard .ranks label").get_by_text(upcard[:-1], exact=True))
        c.tap(form.locator("#field-upcard .suits label").get_by_text(SUIT_SIGN[upcard[-1]], exact=True))
    c.tap(form.locator("#field-end label").get_by_text(end, exact=True))
    if by:
        c.tap(form.locator("#field-by label").get_by_text(by, exact=True))
    if knocker is not None:
        c.type_into(form.locator("[name=knocker_deadwood]"), str(knocker))
    if defender is not None:
        c.type_into(form.locator("[name=defender_deadwood]"), str(defender))
    for side, count in counts.items():
        c.type_into(form.locator(f"[name=count_{side}]"), str(count))
    page.locator("#hand-preview .preview-text").wait_for()
    c.preview_seen = c.on_screen(page.locator("#hand-preview")) and c.on_screen(page.locator("#save-hand"))
    if os.environ.get("BENCH_TAPS_SHOTS"):  # what the screen shows before Save (not the full page)
        folder = Path(os.environ["BENCH_TAPS_SHOTS"])
        folder.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(folder / f"{match_id}-{label.replace(' ', '-')}.png"))
    c.tap(page.locator("#save-hand"))
    page.locator(".msg-success").wait_for()
    return c


def main():
    signal.alarm(600)  # the whole run is bounded
    matches = setup_site()
    from playwright.sync_api import sync_playwright

    from ginscore.engine import PRESETS

    server = subprocess.Popen([sys.executable, "manage.py", "runserver", f"127.0.0.1:{PORT}", "--noreload"],
                              cwd=ROOT, env=ENV, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{PORT}"
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(base + "/", timeout=1)
                break
            except OSError:
                time.sleep(0.2)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--headless", "--no-sandbox"])
            context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                                          device_scale_factor=1)
            page = context.new_page()
            page.set_default_timeout(15_000)
            page.goto(base + "/accounts/login/")
            page.fill("[name=username]", "ann")
            page.fill("[name=password]", PASSWORD)
            page.locator("form button[type=submit]").last.click()
            page.wait_for_load_state()
            print(f"{'preset':<12} {'hand':<10} {'taps':>4} {'digits':>6} {'scrolls':>7}  "
                  "preview+Save on screen  (390x844, touch)")
            worst, per_preset = {}, {}
            chosen = sys.argv[1:] or list(PRESETS)
            for preset in chosen:
                rules = PRESETS[preset]
                uses_upcard = rules.oklahoma
                totals = per_preset.setdefault(preset, [0, 0, 0, 0, 0])   # hands, taps, digits, scrolls, unseen
                for i, hand in enumerate(COUNTS_HANDS.get(preset, HANDS)):
                    try:
                        c = enter(page, base, matches[preset], hand, uses_upcard, first=i == 0)
                    except Exception as e:  # noqa: BLE001 - report and go on with the next hand
                        print(f"{preset:<12} {hand[0]:<10} not measured: {type(e).__name__}: {str(e)[:80]}")
                        continue
                    upcard = " (2 of them the upcard)" if uses_upcard else ""
                    seen = "yes" if c.preview_seen else "NO"
                    print(f"{preset:<12} {hand[0]:<10} {c.taps:>4} {c.digits:>6} {c.scrolls:>7}  {seen:<22}{upcard}")
                    key = hand[0]
                    worst[key] = max(worst.get(key, (0, 0)), (c.taps - (2 if uses_upcard else 0), c.scrolls))
                    for j, v in enumerate((1, c.taps, c.digits, c.scrolls, 0 if c.preview_seen else 1)):
                        totals[j] += v
            print("each preset, over its hands: hands, taps, digits, scrolls, hands whose preview or Save was off screen")
            for preset, (hands, taps, digits, scrolls, unseen) in per_preset.items():
                print(f"  {preset:<12} {hands} hands, {taps} taps, {digits} digits, {scrolls} scrolls, {unseen} off screen")
            print("most taps (upcard taps left out) and scrolls per kind of hand over the presets:")
            for key, (taps, scrolls) in worst.items():
                print(f"  {key:<10} {taps} taps, {scrolls} scrolls")
            browser.close()
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()


if __name__ == "__main__":
    main()
