"""Every page of the demo club fits a 390x844 phone, as visitor, member and director:
no sideways scroll, no element beyond the screen's edges (only a bracket scrolls, inside
its own frame), and the main tap targets are at least 44 px."""
import io

import pytest
from django.core.management import call_command
from django.urls import reverse

from ginscore.engine import MatchLength
from ginscore.matches.models import Match
from ginscore.players.models import Player
from ginscore.tournaments import selectors, services
from ginscore.tournaments.models import Tournament
from ginscore.tournaments.simulate import play_match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DEMO_PASSWORD = "ginscore-demo"
LONG = "Maria-José Núñez de la Peña-Hernández y Castellón-Vasconcelos"[:60]
WIDTH = 390

# What sticks out: any element wider than the screen or beyond its edges, except inside
# a bracket's own scroll frame (and what a scroll frame clips away).
OFFENDERS = """() => {
  const W = document.documentElement.clientWidth, out = [];
  for (const el of document.querySelectorAll('body *')) {
    if (el.closest('.bracket')) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    if (r.right > W + 0.5 || r.left < -0.5) {
      out.push(el.tagName.toLowerCase() + (el.className ? '.' + String(el.className).replace(/ /g, '.') : '')
               + ' ' + Math.round(r.left) + '..' + Math.round(r.right));
    }
  }
  return {scroll: document.documentElement.scrollWidth, out: out.slice(0, 6)};
}"""

# The main tap targets: [selector, smallest width, smallest height] of each visible one.
TARGETS = """(selectors) => {
  const out = [];
  for (const sel of selectors) {
    for (const found of document.querySelectorAll(sel)) {
      // a check box or radio inside its label is tapped anywhere on the label: the label is the target
      const el = (found.type === 'checkbox' || found.type === 'radio') && found.closest('label') || found;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      out.push([sel, Math.round(r.width), Math.round(r.height), el.textContent.trim().slice(0, 30)]);
    }
  }
  return out;
}"""
MAIN_TARGETS = [".nav a", ".nav button", ".t-tabs a", ".r-card", "a.b-link", ".pager a", "main .btn",
                ".r-director summary", "a.match-row", ".choices label"]
# The score pad is used at the table with a thumb: every button, link button, summary and field on it.
PAD_TARGETS = MAIN_TARGETS + ["main button", "main summary", "main input:not([type=hidden]):not(.choices input)",
                              "main select"]

# A table row with a row link is one target (the link covers the row): the row is tall enough.
ROW_LINKS = """() => [...document.querySelectorAll('table.table tbody tr')].filter(tr => tr.querySelector('a.row-link'))
  .map(tr => [Math.round(tr.getBoundingClientRect().height), tr.querySelector('a.row-link').href])"""


def _seeded_site():
    call_command("seed_demo", stdout=io.StringIO())
    # A knockout under way, with a 60-character name: quarter-finals half played.
    t = services.tournament_create(name="Winter cup", format="single", length=MatchLength("best_of", 1),
                                   third_place=True)
    names = [LONG, "Ann", "Ben", "Cleo", "Dev", "Eve", "Finn", "Gus"]
    services.entries_set(tournament=t, names=names)
    services.tournament_start(tournament=t)
    import random

    rng = random.Random(3)
    for match_id in selectors.open_match_ids(t)[:2]:
        play_match(match_id, rng)
    return t


def _log_in(page, username):
    page.goto(page.base + "/accounts/login/")
    page.fill("[name=username]", username)
    page.fill("[name=password]", DEMO_PASSWORD)
    page.locator("main form button[type=submit]").click()
    page.wait_for_url(lambda url: "/accounts/login/" not in url)


def _pages(cup: Tournament, role: str) -> list[str]:
    knockout = Tournament.objects.get(name="Autumn knockout")
    swiss = Tournament.objects.get(name="Tuesday Swiss")
    in_play = Match.objects.filter(complete=False).order_by("pk").first()
    finished = Match.objects.filter(complete=True).order_by("pk").first()
    long_player = Player.objects.get(name=LONG)
    pages = [reverse("club:home"), reverse("matches:list"), reverse("matches:list") + "?page=2",
             reverse("matches:detail", args=[in_play.pk]), reverse("matches:detail", args=[finished.pk]),
             reverse("players:list"), reverse("players:detail", args=[Player.objects.get(name="Ann").pk]),
             reverse("players:detail", args=[long_player.pk]), reverse("tournaments:list"),
             reverse("sheets:index")]
    for t in (knockout, swiss, cup):
        pages += [reverse("tournaments:detail", args=[t.pk]), reverse("tournaments:standings", args=[t.pk])]
        pages += [reverse("tournaments:round", args=[t.pk, stage, n]) for stage, n in selectors.tournament_rounds(t)]
        if t.has_bracket:
            pages.append(reverse("tournaments:bracket", args=[t.pk]))
        if t.status != "setup":
            pages.append(reverse("tournaments:board", args=[t.pk]))
        if role == "director":
            pages.append(reverse("tournaments:desk", args=[t.pk]))
    if role == "visitor":
        pages.append(reverse("login"))
    else:
        pages += [reverse("matches:import"), reverse("matches:new"), reverse("password_change")]
    if role == "director":
        gus = cup.entries.get(player__name="Gus")
        pages += [reverse("tournaments:new"), reverse("tournaments:withdraw", args=[cup.pk, gus.pk])]
    return pages


def test_every_page_fits_a_phone(phone, shot):
    page = phone
    cup = _seeded_site()
    assert Match.objects.count() > 25   # a second page of matches
    seen = 0
    problems = []
    for role in ("visitor", "member", "director"):
        if role == "member":
            _log_in(page, "ann")
        elif role == "director":
            page.context.clear_cookies()
            _log_in(page, "director")
        for path in _pages(cup, role):
            response = page.goto(page.base + path)
            assert response.status == 200, (role, path, response.status)
            fit = page.evaluate(OFFENDERS)
            if fit["scroll"] > WIDTH or fit["out"]:
                problems.append((role, path, fit))
            pad = path.startswith("/matches/") and path[9:10].isdigit()   # the score pad: the table's page
            for sel, w, h, text in page.evaluate(TARGETS, PAD_TARGETS if pad else MAIN_TARGETS):
                if w < 44 or h < 44:
                    problems.append((role, path, f"{sel} '{text}' is {w}x{h}"))
            for height, href in page.evaluate(ROW_LINKS):
                if height < 44:
                    problems.append((role, path, f"row of {href} is {height} px high"))
            seen += 1
    assert not problems, "\n".join(map(str, problems))
    assert seen > 50


def test_a_round_and_the_bracket_on_a_phone(phone, shot):
    """A knockout under way: rounds are named, the whole card opens the match, and the
    bracket's frame starts at the round being played."""
    page = phone
    cup = _seeded_site()
    page.goto(page.base + reverse("tournaments:detail", args=[cup.pk]))
    tabs = page.locator(".t-tabs a").all_inner_texts()
    assert tabs[:5] == ["Overview", "Quarter-final", "Semi-final", "Bracket", "Standings"]   # semi-final 1 is ready
    page.get_by_role("link", name="Quarter-final").click()
    assert page.locator("h2").first.inner_text() == "Quarter-final"
    cards = page.locator(".r-card")
    assert cards.count() == 4
    assert "Quarter-final 1" in cards.first.inner_text() and LONG in cards.first.inner_text()
    # the two numbers are the match score, labelled over their column
    units = cards.locator(".r-unit")
    assert units.all_inner_texts() == ["match"] * 4
    for i in range(4):
        unit, score = units.nth(i).bounding_box(), cards.nth(i).locator(".r-score").first.bounding_box()
        assert unit["y"] + unit["height"] <= score["y"] + 1 and unit["x"] + unit["width"] >= score["x"] + score["width"] - 1
    shot("c2-round-phone")
    box = cards.nth(3).bounding_box()
    assert box["height"] >= 44 and box["width"] > 300
    # Tap the card's empty middle, not a link text: the pad opens.
    cards.nth(3).tap(position={"x": box["width"] / 2, "y": box["height"] - 6})
    page.wait_for_url("**/matches/*/")
    page.goto(page.base + reverse("tournaments:bracket", args=[cup.pk]))
    frame = page.locator(".bracket").first
    assert frame.evaluate("f => f.scrollWidth > f.clientWidth")   # the bracket is wider than the phone...
    heads = frame.locator(".b-round h3").all_inner_texts()
    assert heads == ["Quarter-final", "Semi-final", "Final"]
    current = frame.locator("[data-current]")
    assert current.locator("h3").inner_text() == "Quarter-final"
    shot("c2-bracket-phone")
    page.goto(page.base + reverse("tournaments:standings", args=[cup.pk]))
    headers = [h for h in page.locator("table.standings th").all_inner_texts() if h]
    visible = page.locator("table.standings th:visible").all_inner_texts()
    assert "Points against" in headers and visible == ["#", "Player", "Won", "Lost", "Net", "Decided by"]
    shot("c2-standings-phone")
    row = page.locator("table.standings tbody tr").nth(1)
    box = row.bounding_box()
    row.tap(position={"x": box["width"] - 10, "y": box["height"] / 2})   # on "Decided by", not on the name
    page.wait_for_url("**/players/*/")
    # The quarter-finals end: the bracket's frame opens at the semi-finals.
    rng = __import__("random").Random(4)
    for match_id in selectors.open_match_ids(cup):
        if Match.objects.get(pk=match_id).tournament_match.round == 1:
            play_match(match_id, rng)
    page.goto(page.base + reverse("tournaments:bracket", args=[cup.pk]))
    frame = page.locator(".bracket").first
    assert frame.locator("[data-current] h3").inner_text() == "Semi-final"
    # The frame is scrolled by the page's own script; under load layout can settle a moment later.
    page.wait_for_function("() => document.querySelector('.bracket').scrollLeft > 100", timeout=5_000)
    semi = frame.locator("[data-current]").bounding_box()
    assert 0 <= semi["x"] and semi["x"] + semi["width"] <= 390
