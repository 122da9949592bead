"""A rehearsal with the club's real names (simulate_tournament --names), and its sheets printed:
groups with their own tables, byes that add up, the real names everywhere, nothing overlapping."""
import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.test import override_settings
from django.urls import reverse

from ginscore.sheets import selectors
from ginscore.sheets.match_sheet import build_match_sheet
from ginscore.sheets.tournament import build_round_sheet, build_standings, build_table_sheets
from ginscore.tournaments import selectors as tsel
from ginscore.tournaments.models import Tournament
from ginscore.tournaments.simulate import simulate
from tests.sheets.pdf import layout_problems, text

pytestmark = pytest.mark.django_db

CLUB = ["Zoë Ødegård", "Margaret Thompson", "Christopher Williams", "Anne-Sophie Ångström-Lindqvist",
        "Maximiliana Ødegård-Fitzgerald de la Cruz-Villanueva Smithso", "Bo", "Player 10", "Player 2", "Łukasz Żółw"]


def rehearse(tmp_path, *args) -> dict:
    entries = tmp_path / "entries.txt"
    entries.write_text("\n".join(CLUB) + "\n\n", encoding="utf-8")
    out = StringIO()
    call_command("simulate_tournament", "--names", str(entries), *args, "--seed", "4", "--json", "--in-this-database",
                 stdout=out)
    return json.loads(out.getvalue())


def test_a_swiss_night_with_the_real_entry_list_prints_clean_sheets(tmp_path):
    data = rehearse(tmp_path, "--format", "swiss", "--rounds", "3")
    t = Tournament.objects.get(pk=data["tournament"])
    seated = {name for rnd in data["rounds"] for p in rnd for name in p["players"]}
    assert seated == set(CLUB)  # "Zoë Ødegård" plays (it once crashed on SQLite)
    for row in tsel.tournament_standings(t):
        assert row["played"] == row["wins"] + row["losses"]  # a bye is a round played and won
    standings = selectors.standings_data(pk=t.pk)
    assert "after round 3" in standings.subtitle
    pdfs = [build_standings(standings), build_round_sheet(selectors.round_sheet_data(pk=t.pk, number=2)),
            build_table_sheets(selectors.table_sheets_data(pk=t.pk, number=3, link=lambda p: "https://club.example" + p))]
    for pdf in pdfs:
        assert layout_problems(pdf) == []
    got = text(pdfs[1])
    assert "Bye this round (scores a win):" in got and " v bye" not in got
    match_id = tsel.round_rows(t, 1, 1)[0].match_id
    sheet = build_match_sheet(selectors.match_sheet_data(pk=match_id))
    assert layout_problems(sheet) == []
    assert f"{t.name} · Round 1" in text(sheet) and "table 1" in text(sheet)


def test_a_round_robin_in_groups_gives_each_group_its_table():
    t = simulate(format="roundrobin", players=len(CLUB), seed=3, names=CLUB, groups=2)
    standings = selectors.standings_data(pk=t.pk)
    assert [s.title for s in standings.tables] == ["Group 1", "Group 2"]
    for part in standings.tables:
        assert [row[0] for row in part.rows][0] == "1"  # ranked within the group
        assert part.notes and part.notes[0].startswith("Group winner: ")
    assert not any(n.startswith("Champion") for n in standings.notes)
    pdf = build_standings(standings)
    assert layout_problems(pdf) == []
    got = text(pdf)
    assert "Group 1" in got and "Group 2" in got and "Head-to-head" in got


def test_the_names_file_must_be_readable_and_agree_with_players(tmp_path):
    with pytest.raises(CommandError, match="--names: cannot read"):
        call_command("simulate_tournament", "--format", "swiss", "--names", str(tmp_path / "none.txt"))
    entries = tmp_path / "two.txt"
    entries.write_text("Ann\nann\n", encoding="utf-8")
    with pytest.raises(CommandError, match="listed twice"):
        call_command("simulate_tournament", "--format", "swiss", "--names", str(entries))
    with pytest.raises(CommandError, match="--players: 5, but --names lists 2 players"):
        call_command("simulate_tournament", "--format", "swiss", "--names", str(entries), "--players", "5")


@override_settings(GINSCORE_SITE_URL="https://gin.club.example")
def test_table_sheets_from_the_site_carry_the_configured_address(client, django_user_model):
    from django.contrib.auth.models import Group

    from ginscore.club.roles import DIRECTOR_GROUP
    t = simulate(format="swiss", players=4, rounds=1, seed=1)
    user = django_user_model.objects.create_user("dee", password="x")
    user.groups.add(Group.objects.get_or_create(name=DIRECTOR_GROUP)[0])
    client.force_login(user)
    got = text(b"".join(client.get(reverse("sheets:tables", args=[t.pk, 1, 1])).streaming_content))
    assert "Or open https://gin.club.example/matches/table/" in got and "testserver" not in got
    page = client.get(reverse("sheets:index")).content.decode()
    assert "https://gin.club.example" in page


def test_a_pad_printed_from_a_match_or_a_tournament_carries_its_rules(client):
    t = simulate(format="swiss", players=4, rounds=1, seed=2)
    row = tsel.round_rows(t, 1, 1)[0]
    got = text(b"".join(client.get(reverse("sheets:pad") + f"?match={row.match_id}").streaming_content))
    assert row.entry_a.player.name in got and "Match (one game):" in got and "Game 2" not in got
    got = text(b"".join(client.get(reverse("sheets:pad") + f"?tournament={t.pk}").streaming_content))
    assert "Match (one game):" in got and "Standard rules" in got
    assert client.get(reverse("sheets:pad") + "?match=999999").status_code == 404
