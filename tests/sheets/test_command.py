"""python manage.py sheet ...: the same sheets from the command line."""
import pytest
from django.core.management import CommandError, call_command

from tests.sheets.pdf import pages, text
from tests.sheets.samples import legal_hands


def test_pad_to_a_file(tmp_path):
    out = tmp_path / "pad.pdf"
    call_command("sheet", "pad", "--style", "hollywood", "--paper", "a4", "--players", "Ann", "Ben",
                 "--pages", "2", "-o", str(out))
    got = pages(out.read_bytes())
    assert len(got) == 2 and "Hollywood" in got[0] and "Set 1 Ann Ben" in got[0]


def test_pad_without_the_rules(tmp_path):
    out = tmp_path / "pad.pdf"
    call_command("sheet", "pad", "--no-rules", "--per-page", "2", "-o", str(out))
    assert "gin +25" not in text(out.read_bytes())


@pytest.mark.django_db
def test_match_to_a_file(tmp_path, make_match):
    match = make_match(legal_hands(12, seed=4))
    out = tmp_path / "m.pdf"
    call_command("sheet", "match", str(match.pk), "-o", str(out))
    match.refresh_from_db()
    assert f"Match score: Ann {match.score_a}, Ben {match.score_b}" in text(out.read_bytes())


@pytest.mark.django_db
def test_missing_match_and_unwritable_file_are_named(tmp_path, make_match):
    with pytest.raises(CommandError, match="match: there is no match number 424242"):
        call_command("sheet", "match", "424242", "-o", str(tmp_path / "m.pdf"))
    with pytest.raises(CommandError, match="output: cannot write"):
        call_command("sheet", "pad", "-o", str(tmp_path / "no" / "such" / "dir.pdf"))
