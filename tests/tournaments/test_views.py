"""Pages: who may manage, what the pages show, constant query counts."""
import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from ginscore.tournaments.models import Entry, Tournament, TournamentMatch

from .conftest import names, row, win

pytestmark = pytest.mark.django_db


def login(client, user):
    client.force_login(user)
    return client


FORM = {"name": "Saturday Swiss", "format": "swiss", "rounds": "3", "groups": "1", "first_stage": "swiss",
        "playoff_size": "8", "preset": "standard", "length": "one_game", "seeding": "manual",
        "tiebreak_0": "wins", "tiebreak_1": "buchholz", "tiebreak_2": "net"}


def test_only_directors_and_admins_manage(client, member, director, club_admin, make_tournament):
    t = make_tournament("single", 4, start=False)
    new = reverse("tournaments:new")
    start = reverse("tournaments:start", args=[t.pk])
    assert client.get(new).status_code == 302   # visitor: log in first
    assert client.post(start).status_code == 302
    login(client, member)
    assert client.get(new).status_code == 403
    assert client.post(start).status_code == 403
    assert client.post(reverse("tournaments:entries", args=[t.pk]), {"names": "A\nB"}).status_code == 403
    t.refresh_from_db()
    assert t.status == "setup"
    for user in (director, club_admin):
        login(client, user)
        assert client.get(new).status_code == 200
    response = client.post(start)
    assert response.status_code == 302
    t.refresh_from_db()
    assert t.status == "running"


def test_director_sets_up_and_starts(client, director):
    login(client, director)
    response = client.post(reverse("tournaments:new"), {**FORM, "rule_gin_bonus": "30"})
    t = Tournament.objects.get(name="Saturday Swiss")
    assert response.status_code == 302 and response["Location"] == t.get_absolute_url()
    assert t.tiebreaks == ["wins", "buchholz", "net"] and t.rule_overrides == {"gin_bonus": 30}
    assert (t.length_kind, t.length_games, t.rounds) == ("best_of", 1, 3)
    client.post(reverse("tournaments:entries", args=[t.pk]), {"names": "Ann\nBen\nCat\nDan\nEve"})
    assert list(Entry.objects.filter(tournament=t).values_list("player__name", flat=True)) == \
        ["Ann", "Ben", "Cat", "Dan", "Eve"]
    client.post(reverse("tournaments:start", args=[t.pk]))
    page = client.get(reverse("tournaments:round", args=[t.pk, 1, 1])).content.decode()
    assert "Ann" in page and "Cat" in page and "Bye" in page and "wins by forfeit" in page
    assert 'http-equiv="refresh"' not in page and '<meta name="live-etag"' in page and "live.js" in page


def test_form_errors_name_the_field(client, director):
    login(client, director)
    response = client.post(reverse("tournaments:new"), {**FORM, "tiebreak_1": "wins", "rule_knock_limit": "99"})
    assert response.status_code == 200
    form = response.context["form"]
    assert "already chosen" in form.errors["tiebreak_1"][0]
    assert "knock_limit" in form.errors["rule_knock_limit"][0]
    assert not Tournament.objects.exists()


def test_forfeit_and_withdraw_from_the_pages(client, director, make_tournament):
    t = make_tournament("single", 4)
    login(client, director)
    r = row(t, "W1-1")
    client.post(reverse("tournaments:forfeit", args=[t.pk, r.pk, r.entry_b_id]))
    assert row(t, "W1-1").winner.player.name == "P4"
    p2 = Entry.objects.get(tournament=t, player__name="P2")
    detail = client.get(reverse("tournaments:detail", args=[t.pk])).content.decode()
    assert f'class="btn btn-danger" href="{reverse("tournaments:withdraw", args=[t.pk, p2.pk])}">Withdraw' in detail
    confirm = client.get(reverse("tournaments:withdraw", args=[t.pk, p2.pk])).content.decode()
    assert "Withdraw P2?" in confirm and "P3 is given Semi-final 2 (against P2)." in confirm
    assert row(t, "W1-2").outcome == ""   # asking changes nothing
    client.post(reverse("tournaments:withdraw", args=[t.pk, p2.pk]))
    assert row(t, "W1-2").winner.player.name == "P3"
    response = client.post(reverse("tournaments:forfeit", args=[t.pk, r.pk, r.entry_a_id]), follow=True)
    assert "already has a result" in response.content.decode()


def test_public_pages_read_only(client, make_tournament):
    t = make_tournament("double", 8)
    for name in ("detail", "bracket", "standings"):
        page = client.get(reverse(f"tournaments:{name}", args=[t.pk])).content.decode()
        assert "P8" in page
        assert "by forfeit" not in page and "withdraw" not in page
    assert "Losers&#x27; bracket" in client.get(reverse("tournaments:bracket", args=[t.pk])).content.decode()
    assert client.get(reverse("tournaments:list")).status_code == 200


def test_standings_csv(client, make_tournament):
    t = make_tournament("single", 4)
    win(row(t, "W1-1"), "P1")
    response = client.get(reverse("tournaments:standings", args=[t.pk]), {"_export": "csv"})
    lines = response.content.decode().strip().splitlines()
    assert lines == [
        "#,Player,Played,Won,Lost,Byes,Points for,Points against,Net,Buchholz,Decided by",
        "1,P1,1,1,0,0,420,0,420,0,Wins 1",   # P1 still in, as P2 and P3: set apart by the win
        "2,P2,0,0,0,0,0,0,0,0,level",          # still in: P2 and P3 share second place for now
        "2,P3,0,0,0,0,0,0,0,0,level",
        "4,P4,1,0,1,0,0,420,-420,1,Knockout",
    ]


def _queries(client, url):
    with CaptureQueriesContext(connection) as ctx:
        assert client.get(url).status_code == 200
    return len(ctx)


@pytest.mark.parametrize("format", ["single", "double", "swiss"])
def test_query_counts_do_not_grow_with_the_field(client, make_tournament, format):
    small, large = make_tournament(format, 8), make_tournament(format, 64)
    for t in (small, large):   # some results in, so every kind of row shows
        first = TournamentMatch.objects.filter(tournament=t, outcome="", match__isnull=False).first()
        win(row(t, first.key), names(row(t, first.key))[0])
    pages = ["standings", "detail"] + (["bracket"] if format != "swiss" else [])
    for page in pages:
        counts = [_queries(client, reverse(f"tournaments:{page}", args=[t.pk])) for t in (small, large)]
        assert counts[0] == counts[1], f"{page}: {counts}"
    counts = [_queries(client, reverse("tournaments:round", args=[t.pk, 1, 1])) for t in (small, large)]
    assert counts[0] == counts[1]


def test_settings_change_only_in_setup(client, director, make_tournament):
    t = make_tournament("single", 4, start=False, tiebreaks=["net", "wins"], rule_overrides={"gin_bonus": 20})
    login(client, director)
    form = client.get(reverse("tournaments:edit", args=[t.pk])).context["form"]
    assert form.initial["tiebreak_0"] == "net" and form.initial["rule_gin_bonus"] == "20"
    assert form.initial["length"] == "one_game"
    client.post(reverse("tournaments:edit", args=[t.pk]), {**FORM, "name": "Renamed", "format": "double"})
    t.refresh_from_db()
    assert (t.name, t.format, t.rule_overrides) == ("Renamed", "double", {})
    client.post(reverse("tournaments:start", args=[t.pk]))
    response = client.post(reverse("tournaments:edit", args=[t.pk]), {**FORM, "format": "single"}, follow=True)
    assert "fixed once the tournament has started" in response.content.decode()
    t.refresh_from_db()
    assert t.format == "double"


def test_a_tournament_matchs_pad_links_back_to_its_round(client, make_tournament, make_match):
    t = make_tournament("swiss", 6, rounds=3)
    place = t.tmatches.exclude(match=None).select_related("match").order_by("table").first()
    page = client.get(reverse("matches:detail", args=[place.match_id])).content.decode()
    assert reverse("tournaments:round", args=[t.pk, 1, 1]) in page
    assert f"{t.name}</a>" in page and f"table {place.table}" in page
    ordinary = make_match()
    assert "tournament-place" not in client.get(reverse("matches:detail", args=[ordinary.pk])).content.decode()


def test_a_knockout_names_its_rounds_and_shows_the_game_in_play(client, make_tournament):
    from ginscore.matches import services as match_services
    from ginscore.matches.records import HandEntry

    t = make_tournament("single", 8, third_place=True)
    qf = row(t, "W1-2")   # P4 v P5
    match_services.hand_add(match_id=qf.match_id, entry=HandEntry("knock", "b", 3, 20), expected_number=1)
    page = client.get(reverse("tournaments:round", args=[t.pk, 1, 1])).content.decode()
    assert "<h2>Quarter-final</h2>" in page and "Quarter-final 2" in page and 'aria-current="page">Quarter-final' in page
    assert f'data-game-score="{qf.match_id}">Game 1: 0–17<' in page   # P5 knocked: 20 - 3 = 17
    bracket = client.get(reverse("tournaments:bracket", args=[t.pk])).content.decode()
    for name in ("Quarter-final", "Semi-final", "Final", "Third-place match"):
        assert f"<h3>{name}</h3>" in bracket
    assert "Semi-final 2" in bracket and f'data-game-score="{qf.match_id}">Game 1: 0–17<' in bracket
    d = make_tournament("double", 8)
    bracket = client.get(reverse("tournaments:bracket", args=[d.pk])).content.decode()
    for name in ("Winners&#x27; quarter-final", "Winners&#x27; final", "Losers&#x27; round 1", "Losers&#x27; final",
                 "Grand final", "Grand final replay"):
        assert f"<h3>{name}</h3>" in bracket
    swiss = make_tournament("swiss", 6)
    assert "<h2>Round 1</h2>" in client.get(reverse("tournaments:round", args=[swiss.pk, 1, 1])).content.decode()


def test_one_date_format_and_one_pager(client, make_tournament):
    from datetime import datetime, timezone as tz

    from ginscore.club.dates import when

    assert when(datetime(2026, 11, 21, 19, 40, tzinfo=tz.utc)) == "Sat 21 Nov 2026, 19:40"
    for i in range(30):
        Tournament.objects.create(name=f"Night {i}")
    Tournament.objects.update(created_at=datetime(2026, 11, 21, 19, 40, tzinfo=tz.utc))
    page = client.get(reverse("tournaments:list") + "?page=2").content.decode()
    assert "Sat 21 Nov 2026" in page and "2026-11-21" not in page
    assert page.count('aria-current="page"') == 1 and '<a aria-current="page" href="?page=2">2</a>' in page
    assert 'class="pagination' not in page and "page-link" not in page   # no box in a box


def test_the_form_marks_each_formats_options_and_ignores_the_others(client, director):
    login(client, director)
    page = client.get(reverse("tournaments:new")).content.decode()
    assert 'id="field-rounds" data-formats="swiss two_stage:swiss"' in page
    assert 'id="field-playoff_size" data-formats="two_stage"' in page
    assert 'id="field-name">' in page and "formats.js" in page   # the common fields are for every format
    # A single elimination with a bad Swiss round count and no groups (hidden boxes): created, on defaults.
    response = client.post(reverse("tournaments:new"), {**FORM, "name": "Cup", "format": "single", "rounds": "0",
                                                         "groups": "", "third_place": "on", "playoff_size": "x"})
    t = Tournament.objects.get(name="Cup")
    assert response.status_code == 302
    assert (t.format, t.rounds, t.groups, t.third_place, t.playoff_size) == ("single", None, 1, True, 8)
    # The chosen format's own options are still checked, and the error is on the box shown.
    response = client.post(reverse("tournaments:new"), {**FORM, "name": "Swiss", "rounds": "0"})
    assert response.status_code == 200 and "rounds" in response.context["form"].errors
    # Two stages with round-robin groups: the groups count, the Swiss rounds do not.
    client.post(reverse("tournaments:new"), {**FORM, "name": "Two", "format": "two_stage", "first_stage": "roundrobin",
                                             "groups": "2", "rounds": "0", "double_round": "on", "playoff_size": "4"})
    t = Tournament.objects.get(name="Two")
    assert (t.first_stage, t.groups, t.double_round, t.rounds, t.playoff_size) == ("roundrobin", 2, True, None, 4)
