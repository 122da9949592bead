"""The round page and the standings keep what they have drawn, under exactly what it was drawn
from: a hand saved at one table draws that table's line again and nothing else, the standings
table is drawn again only when a result changes, and nothing shown is ever stale (a score, a
result, a rename, the director's buttons)."""
import pytest
from django.core.cache import cache
from django.test.signals import template_rendered
from django.urls import reverse

from ginscore.club import live
from ginscore.matches import services as match_services
from ginscore.matches.records import HandEntry
from ginscore.players.models import Player
from ginscore.tournaments.models import TournamentMatch

from .conftest import win

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _empty_cache():
    cache.clear()


class Drawn:
    """Counts the templates drawn while a page is served."""

    def __init__(self):
        self.names = []

    def __call__(self, sender, template, context, **kwargs):
        self.names.append(template.name)

    def count(self, name):
        return self.names.count(name)


def serve(client, url):
    drawn = Drawn()
    template_rendered.connect(drawn)
    try:
        response = client.get(url)
    finally:
        template_rendered.disconnect(drawn)
    assert response.status_code == 200
    return response.content.decode(), drawn


def open_rows(t):
    return list(TournamentMatch.objects.filter(tournament=t, stage=1, play_round=1, match__isnull=False)
                .select_related("match__player_a", "match__player_b").order_by("table"))


def line(page, row):
    """The round page's line of ``row`` (its <li>)."""
    return page.split(f'id="tm-{row.pk}"', 1)[1].split("</li>", 1)[0]


def test_a_hand_draws_only_its_tables_line_again_and_shows_at_once(client, make_tournament):
    t = make_tournament("swiss", 16)
    url = reverse("tournaments:round", args=[t.pk, 1, 1])
    first, drawn = serve(client, url)
    assert drawn.count("tournaments/_round_row.html") == 8
    live.forget_drawn()   # the whole page is kept too (below): draw it again from its lines
    again, drawn = serve(client, url)
    assert drawn.count("tournaments/_round_row.html") == 0 and again == first

    rows = open_rows(t)
    match_services.hand_add(match_id=rows[2].match_id, entry=HandEntry("knock", "a", 5, 30), expected_number=1)
    page, drawn = serve(client, url)
    assert drawn.count("tournaments/_round_row.html") == 1
    assert "playing" in line(page, rows[2]) and "not started" in line(first, rows[2])
    assert "Game 1: 25–0" in line(page, rows[2]) or "Game 1: 0–25" in line(page, rows[2])
    for other in rows[:2] + rows[3:]:
        assert line(page, other) == line(first, other)


def test_a_result_and_a_rename_are_shown_on_the_round_page_and_standings(client, make_tournament):
    t = make_tournament("swiss", 8)
    round_url, standings_url = (reverse("tournaments:round", args=[t.pk, 1, 1]),
                                reverse("tournaments:standings", args=[t.pk]))
    serve(client, round_url)
    before, drawn = serve(client, standings_url)
    assert drawn.count("django_tables2/ginscore.html") == 1
    _, drawn = serve(client, standings_url)
    assert drawn.count("django_tables2/ginscore.html") == 0   # nothing decided since: drawn once

    row = open_rows(t)[0]
    winner = row.match.player_a.name
    match_services.hand_add(match_id=row.match_id, entry=HandEntry("knock", "a", 5, 30), expected_number=1)
    _, drawn = serve(client, standings_url)
    assert drawn.count("django_tables2/ginscore.html") == 0   # a hand in play changes no standing
    win(row, winner)
    page, _ = serve(client, round_url)
    assert f"{winner} won" in line(page, row)
    standings, drawn = serve(client, standings_url)
    assert drawn.count("django_tables2/ginscore.html") == 1 and standings != before
    first_line = standings.split("<tbody", 1)[1].split("</tr>", 1)[0]
    assert winner in first_line

    player = Player.objects.get(name=winner)
    player.name = "Zoë Ölçer-Åberg"
    player.save()   # as the admin renames a player
    page, _ = serve(client, round_url)
    assert "Zoë Ölçer-Åberg won" in line(page, row)
    assert "Zoë Ölçer-Åberg" in serve(client, standings_url)[0]


def test_the_director_always_gets_the_forfeit_buttons_of_their_own_session(client, director, make_tournament):
    t = make_tournament("swiss", 8)
    url = reverse("tournaments:round", args=[t.pk, 1, 1])
    visitor, _ = serve(client, url)
    assert "wins by forfeit" not in visitor
    client.force_login(director)
    page, drawn = serve(client, url)
    assert page.count("wins by forfeit") == 8 and drawn.count("tournaments/_round_row.html") == 4
    assert 'name="csrfmiddlewaretoken"' in line(page, open_rows(t)[0])
    client.logout()
    assert "wins by forfeit" not in serve(client, url)[0]


def test_visitors_share_each_version_of_a_tournament_page_and_nobody_gets_anothers(client, director,
                                                                                    make_tournament):
    from django.test import Client

    t = make_tournament("swiss", 8)
    pages = [reverse("tournaments:round", args=[t.pk, 1, 1]), reverse("tournaments:standings", args=[t.pk]),
             reverse("tournaments:board", args=[t.pk])]
    for url in pages:
        first, drawn = serve(client, url)
        assert drawn.names and "csrfmiddlewaretoken" not in first
        second, drawn = serve(Client(), url)   # another visitor: the same page, not drawn again
        assert second == first and drawn.names == []

    row = open_rows(t)[0]
    match_services.hand_add(match_id=row.match_id, entry=HandEntry("knock", "a", 5, 30), expected_number=1)
    page, drawn = serve(Client(), pages[0])   # a new version: drawn afresh, the hand shown
    assert drawn.names and "playing" in line(page, row)

    client.force_login(director)   # an account always gets its own page
    own, drawn = serve(client, pages[0])
    assert drawn.names and "wins by forfeit" in own and "csrfmiddlewaretoken" in own
    assert "wins by forfeit" not in serve(Client(), pages[0])[0]

    visitor = Client()
    visitor.cookies["messages"] = "anything"   # a message waiting to be shown: drawn for this visitor
    assert serve(visitor, pages[0])[1].names
    csv = Client().get(pages[1] + "?_export=csv")
    assert csv["Content-Type"].startswith("text/csv") and "attachment" in csv["Content-Disposition"]


def test_a_kept_page_carries_the_time_it_is_served_for_the_round_clock(client, make_tournament):
    """The round clock corrects the phone's clock by the server's time written in the page
    (``data-now``): a page kept for visitors is sent with the time it is sent, not the time it
    was drawn (minutes earlier on a quiet round), so the clock never shows time that is gone."""
    import re
    from datetime import datetime

    from django.test import Client

    from ginscore.tournaments import services

    t = make_tournament("swiss", 8)
    services.round_clock_start(tournament=t, minutes=30)
    url = reverse("tournaments:round", args=[t.pk, 1, 1])
    first, drawn = serve(client, url)
    second, drawn_again = serve(Client(), url)
    assert drawn.names and drawn_again.names == []   # the second visitor got the kept page

    def now(page):
        return datetime.fromisoformat(re.search(r'data-now="([^"]+)"', page).group(1))

    assert now(second) > now(first)
    assert re.sub(r'data-now="[^"]+"', "", second) == re.sub(r'data-now="[^"]+"', "", first)


def test_after_a_result_the_standings_draw_again_only_the_rows_it_changed(client, make_tournament, monkeypatch):
    """Each standings row (but its rank) is kept under everything it shows: a result draws again the
    rows whose figures it moved, and the page is the one a process that kept nothing draws."""
    from ginscore.club.templatetags import club

    club.ROW_CELLS.pieces.clear()
    t = make_tournament("swiss", 16)
    url = reverse("tournaments:standings", args=[t.pk])
    rows_drawn = []
    cells = club._cells

    def counted(context, columns, row):
        if len(columns) > 1:  # a row but its rank
            rows_drawn.append(row.record["player"])
        return cells(context, columns, row)

    monkeypatch.setattr(club, "_cells", counted)
    serve(client, url)
    assert len(rows_drawn) == 16   # nothing kept yet: every row

    rows_drawn.clear()
    row = open_rows(t)[0]
    win(row, row.match.player_a.name)
    page, _ = serve(client, url)
    # The two players of the result, and the players whose tiebreaks it moved (their opponents'
    # figures): never every row.
    assert {row.match.player_a.name, row.match.player_b.name} <= set(rows_drawn)
    assert 2 <= len(rows_drawn) < 16
    ranks = [int(r.split("</td>", 1)[0].rsplit(">", 1)[1]) for r in page.split("<tbody", 1)[1].split("<tr")[1:]]
    assert ranks[0] == 1 and ranks[1] == 2 and ranks == sorted(ranks)   # the ranks moved for every row below

    club.ROW_CELLS.pieces.clear()
    live.forget_drawn()
    cache.clear()
    assert serve(client, url)[0] == page   # drawn from nothing: the same page


def test_another_process_serves_the_standings_this_one_drew_and_a_restart_draws_afresh(
        client, make_tournament, monkeypatch, django_assert_num_queries):
    from django.core.cache import caches

    t = make_tournament("swiss", 8)
    url = reverse("tournaments:standings", args=[t.pk])
    first, drawn = serve(client, url)
    assert drawn.count("django_tables2/ginscore.html") == 1
    with live._drawn_lock:
        live._drawn.clear()   # another process of the same server: nothing of its own kept
    with django_assert_num_queries(1):   # the version; the page comes from the pages cache
        page, drawn = serve(client, url)
    assert drawn.names == [] and page.split("data-now")[0] == first.split("data-now")[0]

    live._drawn.clear()
    monkeypatch.setattr(live, "STARTED", "restarted")   # a new version of the site started
    page, drawn = serve(client, url)
    assert drawn.count("tournaments/standings.html") == 1

    def unreadable(*args, **kwargs):
        raise PermissionError("data folder read-only")

    live._drawn.clear()
    monkeypatch.setattr(live, "STARTED", "again")
    monkeypatch.setattr(caches["pages"], "get", unreadable)
    monkeypatch.setattr(caches["pages"], "set", unreadable)
    page, drawn = serve(client, url)   # drawn, served, nothing fails
    assert drawn.count("tournaments/standings.html") == 1 and "Standings" in page


def test_the_rounds_tabs_kept_for_the_event_follow_the_next_round_paired(client, make_tournament):
    """The tabs and the rounds' names are kept under the event's results_revision: hands in play
    reuse them, a round paired shows its tab at once."""
    t = make_tournament("swiss", 4, rounds=2)
    url = reverse("tournaments:round", args=[t.pk, 1, 1])
    round_two = reverse("tournaments:round", args=[t.pk, 1, 2])
    assert round_two not in serve(client, url)[0]
    rows = open_rows(t)
    match_services.hand_add(match_id=rows[0].match_id, entry=HandEntry("knock", "a", 5, 30), expected_number=1)
    assert round_two not in serve(client, url)[0]
    for row in rows:
        win(row, row.match.player_a.name)   # round 1 over: round 2 is paired
    page, _ = serve(client, url)
    assert f'href="{round_two}"' in page
