"""Tournament paperwork from stored tournaments: bracket, round sheet, table sheets, standings."""
from io import BytesIO, StringIO

import pytest
from pypdf import PdfReader
from django.contrib.auth.models import Group, User
from django.core.management import CommandError, call_command
from django.db import connection
from django.test import override_settings
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from ginscore.club.roles import DIRECTOR_GROUP
from ginscore.engine import MatchLength
from ginscore.sheets.common import MARGIN
from ginscore.sheets.tournament import QR_SIZE, qr_modules
from ginscore.tournaments import selectors as tsel
from ginscore.tournaments import services
from ginscore.tournaments.simulate import simulate
from tests.sheets.pdf import first_page_png, ink, pages, qr_mismatches, text

pytestmark = pytest.mark.django_db


def _pdf(response) -> bytes:
    assert response.status_code == 200, response.status_code
    assert response["Content-Type"] == "application/pdf"
    return b"".join(response.streaming_content)


def started(format="single", n=8, **options):
    t = services.tournament_create(name=f"Club {format}", format=format, length=MatchLength("best_of", 1), **options)
    services.entries_set(tournament=t, names=[f"P{i}" for i in range(1, n + 1)])
    services.tournament_start(tournament=t)
    t.refresh_from_db()
    return t


@pytest.fixture
def director(client):
    user = User.objects.create_user("dee", password="pw")
    user.groups.add(Group.objects.get_or_create(name=DIRECTOR_GROUP)[0])
    client.force_login(user)
    return user


def test_visitor_prints_the_bracket_of_a_finished_double_elimination(client, tmp_path):
    t = simulate(format="double", players=12, seed=3)
    pdf = _pdf(client.get(reverse("sheets:bracket", args=[t.pk])))
    got = pages(pdf)
    assert any("Winners' bracket" in p for p in got) and any("Losers' bracket" in p for p in got)
    joined = " ".join(got)
    for i in range(1, 13):
        assert f"Player {i}" in joined
    assert "Grand final" in joined and t.champion.name in got[0]
    assert ink(first_page_png(pdf, tmp_path)) > 0.01


def test_bracket_of_a_round_robin_is_a_clear_404(client):
    t = started("roundrobin", 4)
    assert client.get(reverse("sheets:bracket", args=[t.pk])).status_code == 404


def test_round_sheet_and_standings_for_visitors(client):
    t = simulate(format="swiss", players=9, rounds=3, seed=5)
    got = text(_pdf(client.get(reverse("sheets:round", args=[t.pk, 1, 2]))))
    rows = tsel.round_rows(t, 1, 2)
    assert "Round 2: pairings" in got
    for row in rows:
        if row.bye:
            assert f"Bye this round (scores a win): {row.entries[0].player.name}" in got
        else:
            assert f"{row.table} {row.entry_a.player.name} v {row.entry_b.player.name} {row.winner.player.name}" in got
    standings = text(_pdf(client.get(reverse("sheets:standings", args=[t.pk]))))
    table = tsel.tournament_standings(t)
    first = table[0]
    assert f"1 {first['player']} {first['played']} {first['wins']} {first['losses']}" in standings
    assert "Ties are broken by: Match wins" in standings
    assert client.get(reverse("sheets:round", args=[t.pk, 1, 9])).status_code == 404


def test_table_sheets_are_for_directors_and_carry_each_table_link(client, director, tmp_path):
    t = started("single", 8)
    url = reverse("sheets:tables", args=[t.pk, 1, 1])
    with CaptureQueriesContext(connection) as ctx:
        pdf = _pdf(client.get(url))
    queries = len(ctx.captured_queries)
    got = pages(pdf)
    rows = [r for r in tsel.round_rows(t, 1, 1) if r.match]
    assert len(got) == len(rows) == 4
    for row, page in zip(rows, got):
        assert f"Quarter-final · Table {row.table}" in page  # a knockout's round in knockout words
        assert f"Quarter-final {row.number} · match #{row.match_id}" in page
        assert f"{row.entry_a.player.name} v {row.entry_b.player.name}" in page
        assert "match: one game" in page and "Standard rules" in page
    image = first_page_png(pdf, tmp_path, dpi=300)
    link = "http://testserver" + reverse("matches:table", args=[rows[0].match.table_token])
    assert qr_mismatches(image, qr_modules(link), left=612 - MARGIN - QR_SIZE, top=MARGIN, size=QR_SIZE,
                         dpi=300) == 0  # the first table's own link
    client.logout()
    assert client.get(url).status_code == 302  # visitors go to log in
    eight = started("single", 16)
    client.force_login(director)
    with CaptureQueriesContext(connection) as ctx:
        assert len(pages(_pdf(client.get(reverse("sheets:tables", args=[eight.pk, 1, 1]))))) == 8
    assert len(ctx.captured_queries) == queries  # constant, whatever the field


def test_a_big_rounds_table_sheets_are_made_by_a_job_only_the_director_sees(client, director, django_user_model,
                                                                            django_capture_on_commit_callbacks):
    """More tables than a request should wait for: the answer is the job's page, which opens the PDF."""
    from ginscore.jobs.models import Job

    big = started("single", 32)
    client.force_login(director)
    with django_capture_on_commit_callbacks(execute=True):
        started_page = client.get(reverse("sheets:tables", args=[big.pk, 1, 1]), {"paper": "a4"})
    job = Job.objects.get()
    assert started_page.status_code == 302 and started_page["Location"] == job.get_absolute_url()
    assert (job.status, job.started_by, job.message) == (Job.DONE, director, "16 table sheets, one page a table.")
    page = client.get(job.get_absolute_url()).content.decode()
    assert f"Table sheets of {big.name}, round 1" in page and f'href="/jobs/{job.pk}/file/"' in page
    pdf = b"".join(client.get(f"/jobs/{job.pk}/file/").streaming_content)
    got = pages(pdf)
    rows = [r for r in tsel.round_rows(big, 1, 1) if r.match]
    assert len(got) == len(rows) == 16
    assert all(f"{row.entry_a.player.name} v {row.entry_b.player.name}" in page for row, page in zip(rows, got))
    assert "http://testserver" + reverse("matches:table", args=[rows[0].match.table_token]) in got[0]
    box = PdfReader(BytesIO(pdf)).pages[0].mediabox
    assert (round(box.width), round(box.height)) == (595, 842)   # A4, as asked
    other = django_user_model.objects.create_user("dora", password="x")
    other.groups.add(Group.objects.get_or_create(name=DIRECTOR_GROUP)[0])
    client.force_login(other)   # another director: the job is not theirs
    assert client.get(job.get_absolute_url()).status_code == 404
    assert client.get(f"/jobs/{job.pk}/file/").status_code == 404


def test_members_may_not_print_table_sheets(client):
    t = started("single", 4)
    client.force_login(User.objects.create_user("mo", password="pw"))
    assert client.get(reverse("sheets:tables", args=[t.pk, 1, 1])).status_code == 403


def test_command_prints_the_tournament_sheets(tmp_path):
    t = started("single", 8)
    for kind in ("bracket", "standings"):
        call_command("sheet", kind, str(t.pk), "-o", str(tmp_path / f"{kind}.pdf"))
    assert "P1" in text((tmp_path / "bracket.pdf").read_bytes())
    call_command("sheet", "tables", str(t.pk), "--round", "1", "--site", "https://club.example/", "-o",
                 str(tmp_path / "tables.pdf"))
    assert len(pages((tmp_path / "tables.pdf").read_bytes())) == 4
    call_command("sheet", "round", str(t.pk), "--round", "1", "-o", str(tmp_path / "round.pdf"))
    assert "Quarter-final: pairings" in text((tmp_path / "round.pdf").read_bytes())
    with override_settings(GINSCORE_SITE_URL=""), pytest.raises(CommandError, match="site: the table sheets' QR"):
        call_command("sheet", "tables", str(t.pk), "--round", "1", "-o", str(tmp_path / "x.pdf"))
    assert not (tmp_path / "x.pdf").exists()  # refused: no QR codes for an address no phone can open
    err = StringIO()
    with override_settings(GINSCORE_SITE_URL="http://localhost:8000"):
        call_command("sheet", "tables", str(t.pk), "--round", "1", "-o", str(tmp_path / "local.pdf"), stderr=err)
    assert "WARNING: the QR codes point at http://localhost:8000" in err.getvalue()
    with override_settings(GINSCORE_SITE_URL="https://club.example"):
        call_command("sheet", "tables", str(t.pk), "--round", "1", "-o", str(tmp_path / "site.pdf"))
    assert "Or open https://club.example/matches/table/" in text((tmp_path / "site.pdf").read_bytes())
    with pytest.raises(CommandError, match="round: Club single has no round 7"):
        call_command("sheet", "tables", str(t.pk), "--round", "7", "--site", "https://club.example", "-o",
                     str(tmp_path / "x.pdf"))
    with pytest.raises(CommandError, match="tournament: there is no tournament number 999"):
        call_command("sheet", "bracket", "999", "-o", str(tmp_path / "x.pdf"))


def test_each_page_links_its_sheet(client, director, make_match):
    t = started("single", 4)
    match = make_match()

    def page(name, *args):
        return client.get(reverse(name, args=args)).content.decode()

    assert reverse("sheets:match", args=[match.pk]) in page("matches:detail", match.pk)
    assert reverse("sheets:bracket", args=[t.pk]) in page("tournaments:bracket", t.pk)
    assert reverse("sheets:standings", args=[t.pk]) in page("tournaments:standings", t.pk)
    pairings, tables = reverse("sheets:round", args=[t.pk, 1, 1]), reverse("sheets:tables", args=[t.pk, 1, 1])
    got = page("tournaments:round", t.pk, 1, 1)
    assert pairings in got and tables in got
    client.logout()
    got = page("tournaments:round", t.pk, 1, 1)
    assert pairings in got and tables not in got
    assert reverse("sheets:index") in got  # the sheets page, from the top bar


def test_a_two_stage_knockout_prints_its_own_seeds_and_field(client):
    from tests.sheets.pdf import sized_text
    t = simulate(format="two_stage", players=12, rounds=3, playoff_size=8, seed=5)
    pdf = _pdf(client.get(reverse("sheets:bracket", args=[t.pk])))
    got = text(pdf)
    assert "knockout of 8 (from 12 players)" in got
    first = tsel.tournament_bracket(t)[0]["rounds"][0]
    entry_seeds = {r.entry_a.player.name: r.entry_a.seed for r in first} | \
        {r.entry_b.player.name: r.entry_b.seed for r in first}
    lines = [t for _, t, _ in sized_text(pdf) if t[:1].isdigit() and "  Player" in t]
    seeds = {line.split("  ", 1)[1]: int(line.split("  ", 1)[0]) for line in lines}
    assert sorted(seeds[name] for name in entry_seeds) == list(range(1, 9))  # the knockout's 1..8
    assert all(s <= 8 for s in seeds.values())
    assert any(seeds[name] != seed for name, seed in entry_seeds.items())  # not the entry list's seeds
    assert got.count("Champion") == 1 and t.champion.name in got


@pytest.mark.parametrize("format", ["single", "double"])
def test_winners_of_finished_matches_are_written_in(client, format):
    from tests.sheets.pdf import bold_text
    t = simulate(format=format, players=8, seed=11)
    pdf = _pdf(client.get(reverse("sheets:bracket", args=[t.pk])))
    bold = " ".join(" ".join(line.split()) for _, line in bold_text(pdf))  # a wrapped name's lines, joined
    got = text(pdf)
    checked = 0
    for section in tsel.tournament_bracket(t):
        for rows in section["rounds"]:
            for row in rows:
                if row.winner is None:
                    continue
                loser = row.entry_b if row.winner_id == row.entry_a_id else row.entry_a
                assert row.winner.player.name in bold  # the winner's line is set bold
                if loser is not None:
                    assert f"{row.winner.player.name} {max(row.points_a, row.points_b)}" in got.replace("  ", " ")
                checked += 1
    assert checked >= 7
    from tests.sheets.pdf import sized_text
    sized = sized_text(pdf)
    champion = max(size for _, line, size in sized if line in t.champion.name)  # on the champion's line
    assert champion >= 16 and champion > max(size for _, line, size in sized if line.startswith(("1  ", "2  ")))


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_when_both_players_agree_each_table_sheet_has_a_slip_a_player_to_cut_apart(client, director, paper):
    """Each player's own code and personal link, on a slip of their own after the table's sheet (the
    table link alone never confirms a hand): names of 60 characters printed whole."""
    from ginscore.matches.seats import seat_passes
    from tests.sheets.pdf import layout_problems

    long = "Wolfgang Amadeus Schönberger-Lichtenstein von Hohenzollern-S"[:60]
    t = services.tournament_create(name="Agreed night", format="single", length=MatchLength("best_of", 1),
                                   agree=True)
    services.entries_set(tournament=t, names=[long, "Ann", "Bartholomew O'Brien-Featherstonehaugh", "Cai"])
    services.tournament_start(tournament=t)
    pdf = _pdf(client.get(reverse("sheets:tables", args=[t.pk, 1, 1]), {"paper": paper}))
    got = pages(pdf)
    rows = [r for r in tsel.round_rows(t, 1, 1) if r.match]
    assert len(got) == 2 * len(rows)   # each table's sheet, then its slips
    for row, slips in zip(rows, got[1::2]):
        assert "Cut along the dashed lines and give each player their own slip" in slips
        for p in seat_passes(row.match):
            assert f"{p.name} Your own code: {p.code[:3]} {p.code[3:]}" in " ".join(slips.split()), slips
    assert not layout_problems(pdf)
    plain = started("single", 4)   # not agreed: no slips, no codes
    assert len(pages(_pdf(client.get(reverse("sheets:tables", args=[plain.pk, 1, 1]))))) == 2
