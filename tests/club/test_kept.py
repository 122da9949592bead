"""Parts of pages drawn once for what they show (``{% kept %}``, ginscore/club/kept.py): drawn again
when anything they show changes, never kept for a value that is not plain data; a score pad's
hands after a correction show the corrected hand at once."""
from dataclasses import dataclass

import pytest
from django.template import Context, Template
from django.urls import reverse

from ginscore.club.templatetags import club
from ginscore.matches import services
from ginscore.matches.records import HandEntry


@dataclass(frozen=True)
class Line:
    n: int
    text: str


class Draws:
    """Shown inside a kept part (which it is not part of, on purpose): its number says which drawing
    the HTML came from."""

    def __init__(self):
        self.n = 0

    def __str__(self):
        self.n += 1
        return str(self.n)


PAGE = Template("{% load club %}{% for h in hands %}{% kept h %}[{{ h.n }} {{ h.text }} #{{ draws }}]"
                "{% endkept %}{% endfor %}")


@pytest.fixture(autouse=True)
def _nothing_kept():
    club.BLOCKS.pieces.clear()
    yield
    club.BLOCKS.pieces.clear()


def test_a_part_is_drawn_once_for_what_it_shows_and_again_when_that_changes():
    draws = Draws()
    hands = [Line(1, "Ann knocked 8 v 32"), Line(2, "Ben went gin (Ann 41)")]
    first = PAGE.render(Context({"hands": hands, "draws": draws}))
    assert first == "[1 Ann knocked 8 v 32 #1][2 Ben went gin (Ann 41) #2]"
    again = PAGE.render(Context({"hands": hands + [Line(3, "Dead hand")], "draws": draws}))
    assert again == "[1 Ann knocked 8 v 32 #1][2 Ben went gin (Ann 41) #2][3 Dead hand #3]"
    corrected = PAGE.render(Context({"hands": [hands[0], Line(2, "Ben knocked 3 v 20")], "draws": draws}))
    assert corrected == "[1 Ann knocked 8 v 32 #1][2 Ben knocked 3 v 20 #4]"


def test_a_part_showing_a_value_that_is_not_plain_data_is_drawn_every_time():
    class Row:   # not a dataclass: what it holds cannot be told from outside
        n, text = 1, "Ann knocked 8 v 32"

    draws = Draws()
    for expected in ("#1", "#2"):
        assert PAGE.render(Context({"hands": [Row()], "draws": draws})).endswith(f"{expected}]")


def test_the_same_values_in_two_parts_are_two_pieces():
    page = Template("{% load club %}{% kept 1 %}one{% endkept %}\n{% kept 1 %}two{% endkept %}")
    assert page.render(Context()) == "one\ntwo"


def test_a_corrected_hand_shows_on_the_pad_its_hands_and_its_history(client, make_match, member):
    match = make_match([{"end": "knock", "by": "Ann", "deadwood": {"Ann": 5, "Ben": 30}},
                        {"end": "knock", "by": "Ben", "deadwood": {"Ann": 20, "Ben": 2}},
                        {"end": "knock", "by": "Ann", "deadwood": {"Ann": 1, "Ben": 11}}])
    client.force_login(member)
    url = reverse("matches:detail", args=[match.pk])
    before = client.get(url).content.decode()
    assert "Ben knocked 2 v 20" in before and '<span class="box">18</span>' in before   # Ben: 20 - 2
    match.refresh_from_db()
    services.hand_edit(match_id=match.pk, number=2, entry=HandEntry("gin", "b", None, 40),
                       expected_revision=match.revision, user=member)
    after = client.get(url).content.decode()
    hands = after.split('id="hands"', 1)[1]
    assert "Ben knocked 2 v 20" not in hands.split("History of changes")[0]
    assert "Ben went gin (Ann 40)" in hands
    pad = after.split('id="game-1"', 1)[1].split("</table>", 1)[0]
    assert '<span class="box">18</span>' not in pad and '<span class="box">65</span>' in pad   # 40 + 25 for gin
    assert '<span class="box">35</span>' in pad   # Ann's hand 3: 25 + 10, as before
    assert hands.count("edited") >= 1


def test_after_a_new_hand_the_scorers_pad_draws_that_hand_alone(client, make_match, member, monkeypatch):
    """The hand list, the pad and the history each draw one row: the new hand's (a hand's line holds
    its players as a named tuple, its entry as a dataclass: all plain data)."""
    match = make_match([{"end": "knock", "by": "Ann", "deadwood": {"Ann": 5, "Ben": 30}},
                        {"end": "knock", "by": "Ben", "deadwood": {"Ann": 20, "Ben": 2}}])
    client.force_login(member)
    url = reverse("matches:detail", args=[match.pk])
    client.get(url)
    drawn = []
    render = club.BLOCKS.render

    def counted(where, context, draw):
        return render(where, context, lambda: drawn.append(where.split(":")[2]) or draw())

    monkeypatch.setattr(club.BLOCKS, "render", counted)
    match.refresh_from_db()
    services.hand_add(match_id=match.pk, entry=HandEntry("gin", "a", None, 33), expected_number=3, user=member)
    page = client.get(url).content.decode()
    assert sorted(drawn) == ["kept c.change.created_at c.change.hand_number c.change.table c.change.action "
                             "c.change.note c.change.before c.change.after c.who c.before c.after pad.kind",
                             "kept h fix match.pk pad.kind", "kept row"]
    assert "Ann went gin (Ben 33)" in page and "Ben knocked 2 v 20" in page


def test_the_menus_addresses_are_djangos_under_any_prefix(client, db):
    """``{% site_url %}`` (the menus on every page) looks each address up once, as ``{% url %}`` would
    give it, for the prefix the site is served under."""
    from django.urls import reverse, set_script_prefix

    from ginscore.club.templatetags.club import site_url

    names = ["club:home", "matches:list", "players:list", "tournaments:list", "sheets:index", "login", "logout",
             "password_change"]
    assert [site_url(n) for n in names] == [reverse(n) for n in names]
    page = client.get(reverse("matches:list")).content.decode()
    for name in ["club:home", "matches:list", "players:list", "tournaments:list", "sheets:index", "login"]:
        assert f'href="{reverse(name)}' in page
    try:
        set_script_prefix("/club/")
        assert site_url("matches:list") == reverse("matches:list") == "/club/matches/"
    finally:
        set_script_prefix("/")
    assert site_url("matches:list") == reverse("matches:list") == "/matches/"
