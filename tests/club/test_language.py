"""The page's language: a member's choice, the footer's, the browser's, the club's; and the pages
kept for visitors, one copy a language."""
import re
from datetime import datetime, timezone as tz

import pytest
from django.conf import settings
from django.test import Client, override_settings
from django.utils import translation

from ginscore import environment
from ginscore.club.dates import when
from ginscore.club.models import Preferences

FRENCH_NAV = "Joueurs"
ENGLISH_NAV = ">Players<"


def lang_of(response) -> str:
    return re.search(r'<html lang="([^"]+)"', response.content.decode()).group(1)


@pytest.mark.django_db
def test_a_visitor_gets_their_browsers_language_when_it_is_offered():
    page = Client().get("/", HTTP_ACCEPT_LANGUAGE="fr-FR,fr;q=0.9,en;q=0.5")
    assert lang_of(page) == "fr" and page["Content-Language"] == "fr"
    html = page.content.decode()
    assert FRENCH_NAV in html and "Se connecter" in html and ENGLISH_NAV not in html
    assert "Accept-Language" in page["Vary"]


@pytest.mark.django_db
def test_a_language_not_offered_falls_back_to_the_clubs():
    assert lang_of(Client().get("/", HTTP_ACCEPT_LANGUAGE="de-DE,de;q=0.9")) == "en"
    with override_settings(LANGUAGE_CODE="fr"):
        page = Client().get("/", HTTP_ACCEPT_LANGUAGE="de-DE,de;q=0.9")
        assert lang_of(page) == "fr" and FRENCH_NAV in page.content.decode()
        assert lang_of(Client().get("/")) == "fr"   # no Accept-Language at all


def test_the_clubs_language_is_checked_at_start():
    assert environment.language(None, ["en", "fr"]) == "en"
    assert environment.language(" FR ", ["en", "fr"]) == "fr"
    with pytest.raises(ValueError, match="GINSCORE_LANGUAGE='klingon': the club's language must be one of en, fr"):
        environment.language("klingon", ["en", "fr"])


def test_a_new_language_is_only_a_new_catalogue(tmp_path):
    for code in ("fr", "es"):
        (tmp_path / code / "LC_MESSAGES").mkdir(parents=True)
        (tmp_path / code / "LC_MESSAGES" / "django.po").write_text("")
    assert environment.catalogue_languages(tmp_path) == [("es", "Español"), ("fr", "Français")]
    assert dict(settings.LANGUAGES) == {"en": "English", "fr": "Français"}


@pytest.mark.django_db
def test_the_footer_switch_keeps_a_visitors_choice_in_a_cookie():
    browser = Client(HTTP_ACCEPT_LANGUAGE="en")
    page = browser.get("/players/")
    # The switch is a link (no form token on a page drawn for visitors), each language in its own name.
    assert re.search(r'<a href="/language/\?language=fr&amp;next=/players/" lang="fr"[^>]*>Français</a>', page.content.decode())
    assert "csrfmiddlewaretoken" not in page.content.decode()
    switched = browser.get("/language/", {"language": "fr", "next": "/players/"})
    assert switched.status_code == 302 and switched["Location"] == "/players/"
    assert switched.cookies[settings.LANGUAGE_COOKIE_NAME].value == "fr"
    assert lang_of(browser.get("/players/")) == "fr"
    back = browser.get("/language/", {"language": "en", "next": "/players/"})
    assert back.cookies[settings.LANGUAGE_COOKIE_NAME].value == "en"
    assert lang_of(browser.get("/players/")) == "en"


@pytest.mark.django_db
@pytest.mark.parametrize("next_url", ["https://evil.example/", "//evil.example/x", "", "javascript:alert(1)"])
def test_the_switch_goes_back_only_to_this_site(next_url):
    answer = Client().get("/language/", {"language": "fr", "next": next_url})
    assert answer.status_code == 302 and answer["Location"] == "/"


@pytest.mark.django_db
@pytest.mark.parametrize("given", ["", "xx", "fr-FR-x" * 40, "\x00"])
def test_a_language_the_site_does_not_speak_is_refused_naming_the_field(given):
    answer = Client().get("/language/", {"language": given, "next": "/"})
    assert answer.status_code == 400
    text = answer.content.decode()
    assert text.startswith("language: ") and "is not a language of this site (en, fr)." in text
    assert settings.LANGUAGE_COOKIE_NAME not in answer.cookies


@pytest.mark.django_db
def test_a_members_choice_follows_them_to_every_device(client, member):
    client.force_login(member)
    page = client.get("/accounts/settings/")
    assert page.status_code == 200 and 'name="language"' in page.content.decode()
    saved = client.post("/accounts/settings/", {"language": "fr"}, follow=True)
    assert lang_of(saved) == "fr" and "Réglages enregistrés." in saved.content.decode()
    assert Preferences.objects.get(user=member).language == "fr"
    # Another phone, its browser in English and a cookie saying English: the member's choice wins.
    phone = Client(HTTP_ACCEPT_LANGUAGE="en")
    phone.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    phone.force_login(member)
    assert lang_of(phone.get("/players/")) == "fr"
    # Back to "my browser's language": the browser decides again.
    client.post("/accounts/settings/", {"language": ""})
    assert Preferences.objects.get(user=member).language == ""
    assert lang_of(phone.get("/players/")) == "en"


@pytest.mark.django_db
def test_a_settings_value_the_site_does_not_speak_is_refused(client, member):
    client.force_login(member)
    page = client.post("/accounts/settings/", {"language": "de"})
    assert page.status_code == 200 and 'class="error"' in page.content.decode()
    assert not Preferences.objects.filter(user=member, language="de").exists()


@pytest.mark.django_db
def test_a_members_footer_choice_is_kept_on_their_account_not_on_the_shared_tablet(member):
    tablet = Client(HTTP_ACCEPT_LANGUAGE="en")
    tablet.force_login(member)
    page = tablet.get("/players/").content.decode()
    assert 'name="language" value="fr"' in page   # a form: it changes the account
    switched = tablet.post("/language/", {"language": "fr", "next": "/players/"})
    assert switched.status_code == 302 and settings.LANGUAGE_COOKIE_NAME not in switched.cookies
    assert Preferences.objects.get(user=member).language == "fr"
    assert lang_of(tablet.get("/players/")) == "fr"
    tablet.post("/accounts/logout/")
    # The next person at the tablet gets the tablet's language, not the member's.
    assert lang_of(tablet.get("/players/")) == "en"


@pytest.mark.django_db
def test_the_switch_needs_the_form_token_to_change_an_account(member):
    forged = Client(enforce_csrf_checks=True)
    forged.force_login(member)
    assert forged.post("/language/", {"language": "fr", "next": "/"}).status_code == 403
    assert not Preferences.objects.filter(user=member, language="fr").exists()


@pytest.mark.django_db
def test_a_page_kept_for_visitors_is_kept_once_a_language(make_match):
    match = make_match([{"end": "knock", "by": "Ann", "deadwood": {"Ann": 5, "Ben": 30}}])
    url = f"/matches/{match.pk}/"
    for _ in range(2):   # drawn, then served from what was kept
        french = Client().get(url, HTTP_ACCEPT_LANGUAGE="fr")
        english = Client().get(url, HTTP_ACCEPT_LANGUAGE="en")
        assert lang_of(french) == "fr" and FRENCH_NAV in french.content.decode()
        assert lang_of(english) == "en" and ENGLISH_NAV in english.content.decode()
        assert french["ETag"] != english["ETag"]
    # A French phone polling with the English page's version is sent the French page, not a 304.
    poll = Client().get(url, HTTP_ACCEPT_LANGUAGE="fr", HTTP_IF_NONE_MATCH=english["ETag"])
    assert poll.status_code == 200 and lang_of(poll) == "fr"


def test_dates_are_written_in_the_readers_language():
    moment = datetime(2026, 11, 26, 19, 40, tzinfo=tz.utc)
    with override_settings(TIME_ZONE="UTC"), translation.override("en"):
        assert when(moment) == "Thu 26 Nov 2026, 19:40"
    with override_settings(TIME_ZONE="UTC"), translation.override("fr"):
        assert when(moment) == "jeu 26 novembre 2026, 19:40"
        assert when(moment.date()) == "jeu 26 novembre 2026"


@pytest.mark.django_db
def test_the_error_pages_speak_the_visitors_language():
    missing = Client().get("/no-such-page/", HTTP_ACCEPT_LANGUAGE="fr")
    assert missing.status_code == 404 and "Page introuvable" in missing.content.decode()
    assert lang_of(missing) == "fr"


def test_the_engine_reads_through_the_sites_translation_again_after_a_catalogue_of_its_own():
    from ginscore.engine import i18n
    from ginscore.engine.rules import PRESET_NAMES

    with i18n.catalogue("fr"), translation.override("en"):
        assert str(PRESET_NAMES["classic"]) == "Classique"   # its own catalogue, whatever the page's language
    with translation.override("fr"):
        assert str(PRESET_NAMES["classic"]) == "Classique"   # the site's translation, installed at start
    with translation.override("en"):
        assert str(PRESET_NAMES["classic"]) == "Classic"
