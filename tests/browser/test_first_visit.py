"""A newcomer's first visit on a phone (390x844): the home page and the log-in page name the demo
accounts while the demo club is loaded, the notice fits the screen, a name read from it logs in,
and no request of the visit (the icon included) is answered 404."""
import pytest

from ginscore.club.demo import PASSWORD
from ginscore.club.management.commands.seed_demo import seed_accounts

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_newcomer_reads_the_demo_accounts_and_logs_in_with_one(phone, shot):
    seed_accounts()
    missing = []
    phone.on("response", lambda r: missing.append(r.url) if r.status == 404 else None)
    phone.goto(phone.base + "/")
    notice = phone.locator(".demo-accounts")
    assert notice.is_visible()
    text = notice.inner_text()
    assert all(name in text for name in ("admin", "director", "ann", "ben")) and PASSWORD in text
    box = notice.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390   # on the screen, not past its edge
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    icon = phone.evaluate("""async () => {
        const link = document.querySelector('link[rel=icon][type="image/svg+xml"]');
        const r = await fetch(link.href); return [r.status, r.headers.get('content-type')]; }""")
    assert icon[0] == 200 and icon[1].startswith("image/svg")
    shot("first-visit-home")

    phone.get_by_role("link", name="Log in").first.click()
    phone.wait_for_url("**/accounts/login/**")
    director = [w for w in phone.locator(".demo-accounts code").all_inner_texts() if w == "director"]
    assert director == ["director"]
    shot("first-visit-login")
    phone.fill("[name=username]", director[0])
    phone.fill("[name=password]", phone.locator(".demo-accounts code").last.inner_text())
    phone.locator("form button[type=submit]").last.click()
    phone.wait_for_url(phone.base + "/")
    assert phone.get_by_role("button", name="Log out").is_visible()
    assert not phone.locator(".demo-accounts").count()   # someone logged in is not told again
    phone.goto(phone.base + "/favicon.ico")
    assert not missing, missing
