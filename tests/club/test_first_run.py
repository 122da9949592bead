"""The first-run page (issue 37, item 3): an empty database asks once for the club's name, its first
admin, the phones' address, paper, currency and language, and keeps them; the environment's
settings win and the page says so; the club settings page changes them later (money too)."""
import re

import pytest
from django.contrib.auth.models import User
from django.test import override_settings

from ginscore.club import setup
from ginscore.club.roles import is_club_admin
from ginscore.seasons.models import Club

PASSWORD = "river-queen-77"


@pytest.fixture
def empty(db):
    """A database with no account: the club has not started."""
    setup.forget(keep=None, started=False)
    yield
    setup.forget(keep=Club(pk=1), started=True, forever=True)


@pytest.fixture(autouse=True)
def _the_clubs_network(settings):
    """This machine answers to the addresses the tests give (as it does to its own)."""
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "192.168.1.20", "10.1.2.3", "10.0.0.9", "scores.myclub.org"]


def _start(client, **extra):
    data = {"name": "Club de Gin de Saint-Étienne-du-Rouvray", "username": "claire", "password1": PASSWORD,
            "password2": PASSWORD, "site_url": "http://192.168.1.20:8000/", "paper": "a4", "currency": "€",
            "language": "fr", **extra}
    return client.post("/start/", data)


def test_every_page_of_an_empty_database_is_the_first_run_page(client, empty):
    for path in ("/", "/matches/", "/tournaments/", "/accounts/login/"):
        page = client.get(path)
        assert page.status_code == 302 and page["Location"] == "/start/", path
    form = client.get("/start/").content.decode()
    for field in ("name", "username", "password1", "site_url", "paper", "currency", "language"):
        assert f'name="{field}"' in form
    assert client.get("/static/ginscore/site.css").status_code == 200


def test_the_first_run_keeps_the_clubs_choices_and_logs_the_first_admin_in(client, empty):
    page = _start(client)
    assert page.status_code == 302 and page["Location"] == "/club/people/"
    club = Club.objects.get(pk=1)
    assert (club.name, club.site_url, club.paper, club.currency, club.language) == (
        "Club de Gin de Saint-Étienne-du-Rouvray", "http://192.168.1.20:8000", "a4", "€", "fr")
    claire = User.objects.get()
    assert claire.username == "claire" and claire.is_superuser and is_club_admin(claire)
    people = client.get("/club/people/")
    assert people.status_code == 200 and "claire" in people.content.decode()
    assert setup.site_url() == "http://192.168.1.20:8000" and setup.paper() == "a4" and setup.language() == "fr"
    # A visitor whose browser says nothing gets the club's language.
    client.logout()
    assert '<html lang="fr">' in client.get("/").content.decode()
    # Once started, the page is gone (a second first run would make a second admin).
    assert client.get("/start/").status_code == 404
    assert _start(client, username="mallory").status_code == 404
    assert User.objects.count() == 1


def test_a_first_run_refused_saves_nothing(client, empty):
    loop = _start(client, site_url="http://127.0.0.1:8000")
    assert loop.status_code == 200 and "this computer only" in loop.content.decode()
    weak = _start(client, password1="claire", password2="claire")
    assert weak.status_code == 200 and "too short" in weak.content.decode()
    long_name = _start(client, name="N" * 101)
    assert long_name.status_code == 200 and "at most 100 characters" in long_name.content.decode()
    assert not User.objects.exists() and not Club.objects.filter(set_up=True).exists()


@override_settings(GINSCORE_SITE_URL="https://scores.myclub.org")
def test_the_environment_wins_and_the_page_says_so(client, empty):
    form = client.get("/start/").content.decode()
    assert "Set in the environment (GINSCORE_SITE_URL)" in form and "https://scores.myclub.org" in form
    assert _start(client, site_url="http://10.0.0.9:8000").status_code == 302
    assert Club.objects.get().site_url == "" and setup.site_url() == "https://scores.myclub.org"


@pytest.mark.django_db
def test_the_club_settings_page_changes_paper_address_and_money(client, club_admin):
    client.force_login(club_admin)
    page = client.get("/club/")
    assert page.status_code == 200 and 'name="money"' in page.content.decode()
    saved = client.post("/club/", {"name": "Les Ginistes", "site_url": "http://10.1.2.3:8000", "paper": "a4",
                                   "language": "en", "currency": "€", "money": "on", "unit": "0.50"})
    assert saved.status_code == 302
    club = Club.objects.get(pk=1)
    assert club.money and str(club.unit) == "0.50" and club.paper == "a4" and club.name == "Les Ginistes"
    assert setup.paper() == "a4" and setup.site_url() == "http://10.1.2.3:8000"
    bad = client.post("/club/", {"name": "X", "site_url": "localhost:8000", "paper": "a5", "language": "en",
                                 "unit": "1"})
    assert bad.status_code == 200 and Club.objects.get(pk=1).name == "Les Ginistes"


@pytest.mark.django_db
def test_the_first_run_page_in_french(client, empty):
    page = client.get("/start/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Un nouveau club" in page and "Le nom du club" in page and "Lancer le club" in page
    welcome = client.post("/start/", {"name": "Club de Gin de Saint-Étienne-du-Rouvray", "username": "claire",
                                      "password1": PASSWORD, "password2": PASSWORD, "paper": "a4",
                                      "site_url": "http://192.168.1.20:8000/", "currency": "€", "language": "fr"},
                          HTTP_ACCEPT_LANGUAGE="fr", follow=True)
    said = " ".join(str(m) for m in welcome.context["messages"])
    # never "Bienvenue à Club de Gin…" (a club's name is not a town's)
    assert said == "Club de Gin de Saint-Étienne-du-Rouvray est lancé : ajoutez maintenant les membres du club."


@pytest.mark.parametrize("browser, paper, language", [
    ("fr-FR,fr;q=0.9,en;q=0.5", "a4", "fr"),   # a French organiser: A4 and French, as they would choose
    ("en-GB,en;q=0.8", "a4", "en"),
    ("de-DE,de;q=0.9", "a4", "en"),            # a language the site does not speak: English, on A4
    ("fr-CA,fr;q=0.9", "letter", "fr"),
    ("en-US,en;q=0.9", "letter", "en"),
    ("", "letter", "en"),
])
def test_the_first_run_page_starts_from_the_organisers_browser(client, empty, browser, paper, language):
    form = client.get("/start/", HTTP_ACCEPT_LANGUAGE=browser).content.decode()
    assert _checked(form, "paper") == paper
    assert _selected(form, "language") == language


def _checked(form: str, name: str) -> str:
    for tag in re.findall(r"<input[^>]*>", form):
        if f'name="{name}"' in tag and " checked" in tag:
            return re.search(r'value="([^"]*)"', tag).group(1)
    return ""


def _selected(form: str, name: str) -> str:
    select = re.search(rf'<select name="{name}".*?</select>', form, re.S).group(0)
    return re.search(r'<option value="([^"]*)"[^>]*selected', select).group(1)
