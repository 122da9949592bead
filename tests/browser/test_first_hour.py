"""A new club's first hour, as a person does it on a phone (issue 37): an empty database, the
first-run page, members and a director added from the site, a tournament, and the table sheets
printed on A4 whose QR codes, read back with a QR reader, open the club's address."""
import io
import subprocess

import pytest
import zxingcpp
from PIL import Image
from pypdf import PdfReader

from ginscore.club import setup
from ginscore.seasons.models import Club
from tests.browser.conftest import snap
from tests.conftest import PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
CLUB = "http://192.168.1.20:8000"


@pytest.fixture
def empty_club(settings):
    """No account yet; this machine also answers to the club's network address."""
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "192.168.1.20"]
    setup.forget(keep=None, started=False)
    yield
    setup.forget(keep=Club(pk=1), started=True, forever=True)


def _log_in(page, username, password=PASSWORD):
    page.goto(page.base + "/accounts/login/")
    page.fill("[name=username]", username)
    page.fill("[name=password]", password)
    page.locator("form button[type=submit]").last.click()


def _add_member(page, name, username, role):
    page.goto(page.base + "/club/people/")
    page.get_by_role("link", name="Add a member").click()
    page.fill("[name=name]", name)
    page.fill("[name=username]", username)
    page.fill("[name=password1]", PASSWORD)
    page.fill("[name=password2]", PASSWORD)
    page.locator("#field-role label").filter(has_text=role).click()
    page.get_by_role("button", name="Add").click()
    page.locator(".msg-success").wait_for()


def _qr_texts(pdf: bytes, tmp_path) -> list[str]:
    (tmp_path / "tables.pdf").write_bytes(pdf)
    subprocess.run(["/usr/bin/pdftoppm", "-png", "-r", "150", "-f", "1", "-l", "1", "-singlefile",
                    str(tmp_path / "tables.pdf"), str(tmp_path / "tables")], check=True, timeout=60)
    return [code.text for code in zxingcpp.read_barcodes(Image.open(tmp_path / "tables.png"))]


def test_a_new_clubs_first_hour(phone, second_phone, empty_club, tmp_path):
    page = phone
    # The first visit to an empty database is the first-run page, offering this machine's addresses.
    page.goto(page.base + "/")
    assert page.url.endswith("/start/")
    assert page.locator("#machine-addresses").count() == 1 or page.locator("[name=site_url]").input_value() == ""
    page.fill("[name=name]", "Club de Gin des Deux-Rives")
    page.fill("[name=username]", "claire")
    page.fill("[name=password1]", "river-queen-77")
    page.fill("[name=password2]", "river-queen-77")
    page.fill("[name=site_url]", "http://127.0.0.1:8000")
    page.locator("#field-paper label").filter(has_text="A4").click()
    page.fill("[name=currency]", "€")
    page.select_option("[name=language]", "fr")
    snap(page, "first-hour-01-start")
    page.get_by_role("button", name="Start the club").click()
    assert "this computer only" in page.locator("#field-site_url .error").inner_text()   # a loopback is refused
    page.fill("[name=password1]", "river-queen-77")
    page.fill("[name=password2]", "river-queen-77")
    page.fill("[name=site_url]", CLUB)
    page.get_by_role("button", name="Start the club").click()
    page.locator(".msg-success").wait_for()
    assert page.url.endswith("/club/people/")

    # The club's people, from the site: two members and a director.
    _add_member(page, "Zoé Lefèvre-Marchand", "zoe", "Member")
    _add_member(page, "Ben Okafor", "ben", "Member")
    _add_member(page, "Dora Duval", "dora", "Director")
    people = page.locator("#people").inner_text()
    assert "claire" in people and "plays as Zoé Lefèvre-Marchand" in people and "director" in people, people
    snap(page, "first-hour-02-people")

    # A member is refused the people pages; the director runs tournaments but is refused too.
    _log_in(second_phone, "zoe")
    assert second_phone.goto(second_phone.base + "/club/people/").status == 403
    second_phone.context.clear_cookies()
    _log_in(second_phone, "dora")
    assert second_phone.url.rstrip("/") == second_phone.base, second_phone.url   # logged in: home
    assert second_phone.goto(second_phone.base + "/club/people/new/").status == 403
    second_phone.goto(second_phone.base + "/tournaments/new/")
    second_phone.fill("[name=name]", "Vendredi")
    second_phone.locator("#field-format label").get_by_text("Single elimination", exact=True).click()
    second_phone.locator("#field-length label").get_by_text("One game", exact=True).click()
    second_phone.get_by_role("button", name="Create").click()
    second_phone.fill("[name=names]", "Zoé Lefèvre-Marchand\nBen Okafor\nDora Duval\nLéa")
    second_phone.get_by_role("button", name="Save entries").click()
    second_phone.get_by_role("button", name="Seed and start").click()
    second_phone.locator(".msg-success").wait_for()
    second_phone.get_by_role("link", name="Semi-final", exact=True).first.click()

    # The table sheets: on the club's A4, the other size one tap away, the codes opening the club's address.
    tables = second_phone.locator("a[data-paper][href*='tables.pdf']")
    assert tables.first.get_attribute("data-paper") == "a4" and tables.nth(1).get_attribute("data-paper") == "letter"
    assert second_phone.locator("#address-unknown").count() == 0   # the club's address is known
    snap(second_phone, "first-hour-03-round")
    answer = second_phone.request.get(second_phone.base + tables.first.get_attribute("href"))
    assert answer.status == 200 and answer.headers["content-type"] == "application/pdf"
    pdf = answer.body()
    reader = PdfReader(io.BytesIO(pdf))
    assert len(reader.pages) == 2
    box = reader.pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (595, 842)   # A4
    assert "Demi-finale" in reader.pages[0].extract_text()   # the club's language on its paper
    codes = _qr_texts(pdf, tmp_path)
    assert len(codes) == 1 and codes[0].startswith(CLUB + "/matches/table/"), codes
    # The code is the table's own link: it opens the match's pad (here, from this machine).
    second_phone.goto(second_phone.base + codes[0][len(CLUB):])
    assert "/matches/" in second_phone.url
