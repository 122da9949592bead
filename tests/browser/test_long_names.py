"""Names of 60 characters (accents, hyphens) on the two-player score pad of a 390x844 phone:
the Hands table fits the screen with no sideways scroll, the Hand column keeps room to be read,
and the winner's full name is still there for a screen reader and on a long press."""
import pytest
from django.urls import reverse

from ginscore.engine import rules_from
from ginscore.matches import services
from ginscore.matches.records import HandEntry
from ginscore.players.models import Player
from tests.browser.steps import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LONG_A = "Maria-José Núñez de la Peña-Hernández y Castellón-Vasconcelos"[:60]
LONG_B = "Jean-Baptiste Östergård-Ibáñez de Villeneuve-Saint-Étienne-Lå"[:60]

# The Hands table and its columns as the phone lays them out.
HANDS = """() => {
  const table = document.querySelector('table.hands'), wrap = table.closest('.table-wrap');
  const rows = [...table.querySelectorAll('tbody tr')].map(tr => {
    const [n, hand, score] = tr.querySelectorAll('td');
    const name = score.querySelector('.winner-name');
    return {n: +n.textContent.trim(), hand: Math.round(hand.getBoundingClientRect().width),
            score: Math.round(score.getBoundingClientRect().width),
            scoreText: score.textContent.replace(/\\s+/g, ' ').trim(),
            nameTitle: name ? name.title : null,
            nameClipped: name ? name.scrollWidth > name.clientWidth : null};
  });
  return {page: document.documentElement.scrollWidth, screen: document.documentElement.clientWidth,
          table: Math.round(table.getBoundingClientRect().right), wrap: Math.round(wrap.getBoundingClientRect().right),
          wrapScroll: wrap.scrollWidth - wrap.clientWidth, rows};
}"""


def test_sixty_character_names_on_the_two_player_hands_table(phone, shot, member):
    assert len(LONG_A) == len(LONG_B) == 60
    a = Player.objects.create(name=LONG_A, user=member)
    b = Player.objects.create(name=LONG_B)
    match = services.match_create(player_a=a, player_b=b, rules=rules_from("standard"), created_by=member)
    hands = [HandEntry("knock", "a", 5, 30), HandEntry("gin", "b", None, 41), HandEntry("dead"),
             HandEntry("knock", "a", 9, 4)]   # B undercuts
    for n, entry in enumerate(hands, start=1):
        services.hand_add(match_id=match.pk, entry=entry, expected_number=n)

    page = phone
    log_in(page, to=None)
    page.goto(page.base + reverse("matches:detail", args=[match.pk]) + "#hands")
    page.locator("table.hands tbody tr").nth(len(hands) - 1).wait_for()
    shot("long-names-hands")
    fit = page.evaluate(HANDS)

    assert fit["page"] <= 390 and fit["screen"] == 390, fit
    assert fit["table"] <= fit["wrap"] <= 390 and fit["wrapScroll"] == 0, fit   # no sideways scroll in the table
    winners = {1: LONG_A, 2: LONG_B, 4: LONG_B}
    rows = {row["n"]: row for row in fit["rows"]}
    assert sorted(rows) == [1, 2, 3, 4], fit["rows"]
    for n, row in rows.items():
        assert row["hand"] >= 150, (n, row)           # the hand's text keeps a readable column
        assert row["score"] <= 130, (n, row)
        if n in winners:   # the whole name is in the cell's text (read aloud) and on a long press
            assert winners[n] in row["scoreText"] and row["nameTitle"] == winners[n], (n, row)
            assert row["nameClipped"], (n, row)
        else:
            assert row["scoreText"] == "–", (n, row)
    # Hand 4: B's undercut, 25 + 5 = 30 points to B
    assert rows[4]["scoreText"].endswith("+30") and rows[1]["scoreText"].endswith("+25"), rows
