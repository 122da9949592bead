"""The rating list and a player's chart in a real browser, on a 390x844 phone and a 1280x800
desk: nothing sticks out sideways, the chart fills its card, the inactive players open from
their toggle, and a member hides their rating with one tap."""
import random
from datetime import timedelta

import pytest
from django.utils import timezone

from ginscore.matches.models import Match
from ginscore.matches.records_io import records_import
from ginscore.players.models import Player
from ginscore.ratings.models import ratings_moved
from tests.browser.conftest import new_phone
from tests.browser.test_phone_fit import OFFENDERS
from tests.conftest import PASSWORD
from tests.engine.helpers import gin, knock, record

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LONG = "Maria-José Núñez de la Peña-Hernández y Castellón-Vasconcelos"[:60]
NAMES = ["Ann", "Ben", "Zoë Ødegård", LONG, "Dan", "Eve", "Kai"]


def a_year_of_matches(rng: random.Random):
    """80 matches over a year between seven players (one of them not seen for eight months)."""
    data = []
    for _ in range(80):
        a, b = rng.sample(NAMES[:-1], 2)
        data.append(record([gin(a, rng.randint(60, 98), b), gin(a, rng.randint(60, 98), b)] if rng.random() < .6
                           else [gin(b, 98, a), gin(b, 98, a)], players=(a, b)))
    data.append(record([gin("Kai", 98, "Ann"), gin("Kai", 98, "Ann")], players=("Kai", "Ann")))
    data.append(record([knock("Ann", 3, 30, "Ben")], players=("Ann", "Ben")))   # in play: not rated
    records_import(data=data, again=True)
    now = timezone.now()
    finished = list(Match.objects.finished().order_by("finished_at", "id"))
    for i, m in enumerate(finished):   # spread over the year, in the same order
        when = now - timedelta(days=365) + timedelta(days=365 * i / len(finished))
        if m.player_a.name == "Kai":
            when = now - timedelta(days=240)
        Match.objects.filter(pk=m.pk).update(finished_at=when)
    ratings_moved()


def fits(page, within: str = "body") -> dict:
    """The page's scroll width, and what sticks out sideways among the elements of ``within``."""
    return page.evaluate(OFFENDERS.replace("'body *'", repr(f"{within} *")))


@pytest.mark.parametrize("size", [(390, 844), (1280, 800)])
def test_the_list_and_a_chart_fit_phone_and_desk(live_server, phone, size, tmp_path, member):
    a_year_of_matches(random.Random(25))
    width, height = size
    page = phone if width == 390 else new_phone(phone.context.browser, phone.base)
    page.set_viewport_size({"width": width, "height": height})
    page.goto(live_server.url + "/ratings/")
    assert page.locator("h1").inner_text() == "Club ratings"
    ranked = page.locator("table.ratings").first.locator("tbody tr")
    assert ranked.count() >= 4
    first = ranked.first.locator("td").all_inner_texts()
    assert first[0] == "1" and float(first[2]) > 1500
    assert fits(page) == {"scroll": width, "out": []}
    toggle = page.locator("details.inactive summary")
    assert "Show 1 player with no rated match in the last 6 months" in toggle.inner_text()
    assert not page.get_by_role("link", name="Kai").is_visible()
    toggle.click()
    assert page.get_by_role("link", name="Kai").is_visible()
    assert fits(page) == {"scroll": width, "out": []}
    page.screenshot(path=str(tmp_path / f"list-{width}.png"), full_page=True)
    page.get_by_role("link", name="How the rating works").click()
    assert "Ann +3.35" in page.locator(".example").inner_text()
    assert fits(page) == {"scroll": width, "out": []}
    page.go_back()

    page.get_by_role("link", name=LONG).first.click()
    chart = page.locator("svg.rating-chart")
    chart.wait_for()
    box = chart.bounding_box()
    assert box["width"] > min(width, 900) * 0.6 and box["x"] >= 0 and box["x"] + box["width"] <= width
    assert page.locator("svg.rating-chart polyline").count() == 1
    # The axis labels as drawn on the screen (their size times the drawing's scale): at least 12 px on
    # a 390-wide phone.
    sizes = page.evaluate("() => { const svg = document.querySelector('svg.rating-chart');"
                          " const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;"
                          " return [...svg.querySelectorAll('text.axis')]"
                          ".map(t => parseFloat(getComputedStyle(t).fontSize) * scale); }")
    assert sizes and min(sizes) >= 12, sizes
    assert page.locator("table.rating-history tbody tr").count() >= 5
    # (the page's other tables scroll in their own frames on a desk: the rating's card does not)
    assert fits(page, "#rating") == {"scroll": width, "out": []}
    page.locator("#rating").screenshot(path=str(tmp_path / f"player-{width}.png"))
    if width != 390:
        page.context.close()


def test_a_member_hides_their_rating_with_one_tap(live_server, phone, member):
    a_year_of_matches(random.Random(7))
    Player.objects.filter(name="Ann").update(user=member)
    ann = Player.objects.get(name="Ann")
    phone.goto(live_server.url + "/accounts/login/")
    phone.fill("input[name=username]", member.username)
    phone.fill("input[name=password]", PASSWORD)
    phone.locator("main button[type=submit]").click()
    phone.goto(f"{live_server.url}/players/{ann.pk}/")
    phone.get_by_role("button", name="Hide my rating from others").tap()
    assert "Your rating is now hidden from others" in phone.locator(".messages").inner_text()
    assert phone.locator("svg.rating-chart").count() == 1   # Ann still sees her own
    other = new_phone(phone.context.browser, phone.base)
    other.goto(live_server.url + "/ratings/")
    assert "Ann" in other.locator("#hidden + .hidden-names").inner_text()
    assert other.locator("table.ratings").get_by_role("link", name="Ann", exact=True).count() == 0
    other.goto(f"{live_server.url}/players/{ann.pk}/")
    assert "Ann keeps their rating to themselves" in other.locator("#rating").inner_text()
    other.context.close()
