"""A season over real tournaments: places from the final standings, factors, best N, the minimum,
a correction moving the table, the preset frozen at the first start; the pages, CSV and PDF."""
import csv
import io
from datetime import date, timedelta
from decimal import Decimal as D

import pytest
from django.urls import reverse
from django.utils import timezone

from ginscore.matches import services as match_services
from ginscore.matches.records import HandEntry
from ginscore.seasons import selectors, services
from ginscore.seasons.models import Season
from ginscore.sheets.season import build_season_sheet
from ginscore.tournaments.models import TournamentMatch
from tests.seasons.conftest import new_event, play, start
from tests.sheets.pdf import layout_problems, text, words

FOUR = ["Zoë Ångström", "Ann-Marie Lefèvre", "Bob", "Cai"]


def today():
    return timezone.localdate()


def season(**options):
    rules = {"name": "Winter league", "starts": today() - timedelta(days=30), "ends": today() + timedelta(days=30),
             "chosen": False, "preset": "linear", "best": None, "minimum": 0}
    rules.update(options)
    return services.season_save(**rules)


@pytest.fixture
def nights(db):
    """A: a knockout of 4 (no third-place match): Zoë 1st, Ann-Marie 2nd, Bob and Cai 3rd=.
    B: a knockout of 4, counting double: Bob 1st, Cai 2nd, Zoë and Ann-Marie 3rd=.
    C: a knockout of 2 (Dee and Zoë): Dee 1st."""
    a = play(start(new_event("Night A", "single", FOUR)), FOUR)
    b = play(start(new_event("Night B", "single", ["Bob", "Zoë Ångström", "Cai", "Ann-Marie Lefèvre"])),
             ["Bob", "Cai", "Zoë Ångström", "Ann-Marie Lefèvre"])
    c = play(start(new_event("Night C", "single", ["Dee", "Zoë Ångström"])), ["Dee", "Zoë Ångström"])
    return a, b, c


def table(s):
    view = selectors.season_view(s)
    return ([(r.rank, view.names[r.player], str(r.total)) for r in view.table.ranked],
            [(view.names[r.player], str(r.total)) for r in view.table.unranked])


def test_linear_with_a_factor_best_two_and_a_minimum(nights):
    a, b, c = nights
    s = season(best=2, minimum=2)
    services.season_events_set(season=s, events={b.pk: "2"})
    # Linear p - f + 1; 3rd= share (2 + 1) / 2 = 1.5.  A: Zoë 4, Ann-Marie 3, Bob 1.5, Cai 1.5.
    # B x2: Bob 8, Cai 6, Zoë 3, Ann-Marie 3.  C (2 players): Dee 2, Zoë 1.
    # Best two: Zoë 4 + 3 (C's 1 not counted) = 7; Bob 8 + 1.5; Cai 6 + 1.5; Ann-Marie 3 + 3; Dee: one event.
    assert table(s) == ([(1, "Bob", "9.50"), (2, "Cai", "7.50"), (3, "Zoë Ångström", "7.00"),
                         (4, "Ann-Marie Lefèvre", "6.00")], [("Dee", "2.00")])
    view = selectors.season_view(s)
    zoe = next(r for r in view.table.ranked if view.names[r.player] == "Zoë Ångström")
    assert zoe.counted == {a.pk, b.pk} and zoe.points[c.pk] == D("1.00")


def test_the_club_race_and_a_correction(nights, director):
    a, b, c = nights
    s = season(preset="club")
    # Club race: 1 attending + 1 a match won + p, p/2, p/4 for the top three (3rd= share p/4 + 0).
    # A (p=4): Zoë 1+2+4 = 7, Ann-Marie 1+1+2 = 4, Bob 1+0+0.5, Cai 1.5.  B: Bob 7, Cai 4, Zoë 1.5, Ann-Marie 1.5.
    # C (p=2): Dee 1+1+2 = 4, Zoë 1+0+1 = 2.
    assert table(s)[0] == [(1, "Zoë Ångström", "10.50"), (2, "Bob", "8.50"), (3, "Ann-Marie Lefèvre", "5.50"),
                           (3, "Cai", "5.50"), (5, "Dee", "4.00")]
    # C corrected: Zoë won it after all. Zoë 7 + 1.5 + 4 = 12.5; Dee 2.
    match = TournamentMatch.objects.select_related("match").get(tournament=c, section="winners").match
    zoe_side = "a" if match.player_a.name == "Zoë Ångström" else "b"
    for hand in match.hands.order_by("number"):
        match.refresh_from_db()
        match_services.hand_edit(match_id=match.pk, number=hand.number, entry=HandEntry("gin", zoe_side, None, 60),
                                 expected_revision=match.revision, user=director)
    ranked = table(s)[0]
    assert ranked[0] == (1, "Zoë Ångström", "12.50") and ranked[-1] == (5, "Dee", "2.00")


def test_percent_and_fixed_presets(nights):
    # Percent: A 100, 75, (50 + 25) / 2 = 37.5; B the same for its places; C 100, 50.
    # Zoë 100 + 37.5 + 50 = 187.5; Bob 37.5 + 100 = 137.5; Cai 37.5 + 75 = 112.5; Ann-Marie 75 + 37.5; Dee 100.
    assert table(season(preset="percent"))[0] == [
        (1, "Zoë Ångström", "187.50"), (2, "Bob", "137.50"), (3, "Ann-Marie Lefèvre", "112.50"),
        (3, "Cai", "112.50"), (5, "Dee", "100.00")]
    # Fixed: 25, 18, (15 + 12) / 2 = 13.5; C: 25, 18. Zoë 25 + 13.5 + 18 = 56.5.
    assert table(season(preset="fixed"))[0][0] == (1, "Zoë Ångström", "56.50")


def test_chosen_events_only(nights):
    a, b, c = nights
    s = season(chosen=True)
    services.season_events_set(season=s, events={c.pk: "1"})
    assert table(s) == ([(1, "Dee", "2.00"), (2, "Zoë Ångström", "1.00")], [])


def test_the_preset_is_frozen_once_the_first_event_starts(nights):
    s = season()
    with pytest.raises(services.MoneyRefused, match="preset: frozen"):
        services.season_save(season=s, name="Winter league", starts=s.starts, ends=s.ends, chosen=False,
                             preset="club", best=None, minimum=0)
    empty = season(starts=date(2001, 1, 1), ends=date(2001, 2, 1))
    assert services.season_save(season=empty, name="Renamed", starts=empty.starts, ends=empty.ends, chosen=False,
                                preset="club", best=3, minimum=1).preset == "club"


@pytest.mark.parametrize("options,message", [
    ({"name": " "}, "name: give the season a name"), ({"name": "x" * 61}, "name: at most 60"),
    ({"ends": date(2000, 1, 1)}, "ends: the season ends before it starts"),
    ({"best": 0}, "best: from 1 to 999"), ({"preset": "elo"}, "preset: must be one of"),
])
def test_bad_seasons_are_refused(db, options, message):
    with pytest.raises(services.MoneyRefused, match=message):
        season(**options)
    assert not Season.objects.exists()


def test_bad_factors_are_refused_and_nothing_is_half_saved(nights):
    a, b, c = nights
    s = season()
    services.season_events_set(season=s, events={b.pk: "2"})
    for bad in ("0", "11", "x", "1.234", "NaN"):
        with pytest.raises(services.MoneyRefused, match="factor"):
            services.season_events_set(season=s, events={a.pk: "3", b.pk: bad})
    assert dict(s.season_events.values_list("tournament_id", "factor")) == {b.pk: D("2.00")}


def test_the_season_pages_csv_and_pdf(client, nights, director):
    a, b, c = nights
    s = season(best=2, minimum=2)
    services.season_events_set(season=s, events={b.pk: "2"})
    assert s.name in client.get(reverse("seasons:list")).content.decode()
    page = client.get(reverse("seasons:detail", args=[s.pk])).content.decode()
    ranked = page.split('id="season-table"', 1)[1].split("</table>", 1)[0]
    assert ranked.index("Bob") < ranked.index("Cai") < ranked.index("Zoë Ångström") < ranked.index("Ann-Marie")
    assert '<span class="not-counted muted">1</span>' in ranked    # Zoë's third event, not among her best two
    assert "×2" in ranked and "Dee" in page.split('id="season-unranked"', 1)[1]
    rows = list(csv.reader(io.StringIO(client.get(reverse("seasons:csv", args=[s.pk])).content.decode())))
    assert rows[0] == ["rank", "player", "total", "events", "Night A", "Night B", "Night C"]
    assert rows[3] == ["3", "Zoë Ångström", "7.00", "3", "4.00", "3.00", "1.00 (not counted)"]
    assert rows[-1] == ["", "Dee", "2.00", "1", "", "", "2.00"]
    for paper in ("letter", "a4"):
        pdf = client.get(reverse("seasons:pdf", args=[s.pk]), {"paper": paper}).getvalue()
        assert layout_problems(pdf) == []
        words_on = text(pdf)
        assert "Zoë Ångström" in words_on and "Ann-Marie Lefèvre" in words_on and "(1)" in words_on
        assert "2. Night B (×2)" in words_on


def test_the_season_pdf_of_many_events_and_long_names(db):
    long_name = "Maximiliane Montgomery-Worthington-Fairweather de la Roche"
    names = [long_name, "Bo", "Al", "Cy"]
    for k in range(20):
        play(start(new_event(f"Night {k + 1}", "single", names)), names[k % 4:] + names[:k % 4])
    s = season()
    pdf = build_season_sheet(s, selectors.season_rows(selectors.season_view(s)))
    assert layout_problems(pdf) == []
    _, found = words(pdf)
    printed = "".join(w.text for w in found)
    assert printed.count("".join(long_name.split())) >= 2    # every part of the table names her whole
    assert "20.Night20" in printed and "1.Night1," in printed    # the legend of the numbered events


def test_only_directors_set_seasons_up(client, db, member):
    assert client.get(reverse("seasons:new")).status_code == 302
    client.force_login(member)
    assert client.get(reverse("seasons:new")).status_code == 403
    assert client.post(reverse("seasons:new"), {"name": "x", "starts": "2026-01-01", "ends": "2026-02-01",
                                                "preset": "linear", "minimum": "0"}).status_code == 403
    assert not Season.objects.exists()


def test_a_director_creates_a_season_in_a_few_steps(client, nights, director):
    a, b, c = nights
    client.force_login(director)
    r = client.post(reverse("seasons:new"), {"name": "Spring", "starts": str(today() - timedelta(days=1)),
                                             "ends": str(today() + timedelta(days=60)), "preset": "fixed",
                                             "minimum": "1", "chosen": "on"})
    s = Season.objects.get(name="Spring")
    assert r.status_code == 302 and s.chosen
    edit = reverse("seasons:edit", args=[s.pk])
    assert "Night A" in client.get(edit).content.decode()
    client.post(edit, {"part": "events", f"event_{a.pk}": "1", f"factor_{a.pk}": "1.5", f"factor_{b.pk}": "2"})
    assert dict(s.season_events.values_list("tournament_id", "factor")) == {a.pk: D("1.50")}
    bad = client.post(edit, {"part": "events", f"event_{a.pk}": "1", f"factor_{a.pk}": "many"})
    assert "is not a number" in bad.content.decode()
    assert dict(s.season_events.values_list("tournament_id", "factor")) == {a.pk: D("1.50")}
    bad = client.post(reverse("seasons:new"), {"name": "Back", "starts": "2026-05-01", "ends": "2026-04-01",
                                               "preset": "linear", "minimum": "0"})
    assert "The season ends before it starts." in bad.content.decode()


def test_the_board_shows_the_season_and_it_moves_with_a_result(client, nights):
    a, b, c = nights
    s = season(best=2, minimum=2)
    services.season_events_set(season=s, events={b.pk: "2"})   # Bob 9.5 ahead of Zoë 7, as above
    tonight = start(new_event("Night D", "single", ["Dee", "Bob"]))
    board = reverse("tournaments:board", args=[tonight.pk])
    page = client.get(board).content.decode()
    slide = page.split('data-board-page="season"', 1)[1].split("</section>", 1)[0]
    assert "Winter league" in slide and slide.index("Bob") < slide.index("Zoë Ångström")
    assert '<td class="num">–</td><td class="bs-name">Dee</td>' in slide   # one night: not ranked yet
    play(tonight, ["Dee", "Bob"])   # Dee wins night D: her second night, now ranked (2 + 2 = 4)
    slide = client.get(board).content.decode().split('data-board-page="season"', 1)[1]
    assert '<td class="bs-name">Dee</td><td class="num">4</td><td class="num">2</td>' in slide
    # A tournament in no season has no season page on its board.
    services.season_delete(season=s)
    assert 'data-board-page="season"' not in client.get(board).content.decode()
