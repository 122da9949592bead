"""How the pages look for a person (docs/accessibility.md): larger text and four-colour cards, a
member's choice kept on their account (every device they log in on), a visitor's on the device
(display.js, localStorage: tests/browser/test_reflow.py); and each printed sheet's HTML twin."""
import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from ginscore.club.models import Preferences


def html_tag(response) -> str:
    return re.search(r"<html[^>]*>", response.content.decode()).group(0)


@pytest.mark.django_db
def test_a_members_larger_text_and_four_colour_cards_follow_them_to_every_device(member):
    phone, laptop = Client(), Client()
    phone.force_login(member)
    laptop.force_login(member)
    assert 'class="' not in html_tag(laptop.get("/"))
    answer = phone.post(reverse("club:settings"), {"language": "", "large_text": "on", "four_colour": "on"})
    assert answer.status_code == 302
    chosen = Preferences.objects.get(user=member)
    assert (chosen.large_text, chosen.four_colour, chosen.language) == (True, True, "")
    tag = html_tag(laptop.get("/"))   # the other device: the account's choice
    assert 'class="large-text four-colour"' in tag and "data-display-own" in tag
    # the settings page shows the choice; unticking one keeps the other
    page = laptop.get(reverse("club:settings")).content.decode()
    assert re.search(r'name="large_text"[^>]*checked', page) and re.search(r'name="four_colour"[^>]*checked', page)
    laptop.post(reverse("club:settings"), {"language": "", "four_colour": "on"})
    assert 'class="four-colour"' in html_tag(phone.get("/"))


@pytest.mark.django_db
def test_the_choice_costs_no_query_more_a_page(member):
    """The language middleware reads the member's language and look in one query, as before."""
    client = Client()
    client.force_login(member)
    client.get("/")
    with CaptureQueriesContext(connection) as plain:
        client.get("/")
    Preferences.objects.update_or_create(user=member, defaults={"large_text": True})
    with CaptureQueriesContext(connection) as chosen:
        client.get("/")
    assert len(chosen) == len(plain)
    assert sum("club_preferences" in q["sql"] for q in chosen.captured_queries) == 1


@pytest.mark.django_db
def test_a_visitor_gets_the_devices_buttons_and_a_page_the_same_for_every_visitor():
    page = Client().get("/")
    tag, html = html_tag(page), page.content.decode()
    assert 'class="' not in tag and "data-display-own" not in tag   # display.js reads this device's choice
    assert 'data-display="large-text"' in html and 'data-display="four-colour"' in html
    assert 'id="said-aloud"' in html and 'aria-live="polite"' in html
    assert html.index('class="skip-link"') < html.index('class="topbar"')


@pytest.mark.django_db
def test_a_member_who_chose_nothing_sees_the_link_to_their_settings(member):
    client = Client()
    client.force_login(member)
    html = client.get("/").content.decode()
    assert 'data-display="large-text"' not in html
    assert f'href="{reverse("club:settings")}">Larger text, four-colour cards</a>' in html
