"""A rehearsal never touches the club's records or ratings (issue 37, item 4): by default it plays in
a scratch database, says so, and can print its sheets on the club's paper."""
import io
from io import StringIO

import pytest
from django.core.management import call_command
from pypdf import PdfReader

from ginscore.club import setup
from ginscore.matches.models import Match
from ginscore.players.models import Player
from ginscore.seasons.models import Club
from ginscore.tournaments.models import Tournament

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_rehearsal_with_the_real_names_leaves_the_club_as_it_was(tmp_path, ann, make_match):
    make_match(hands=[{"end": "gin", "by": "Ann", "deadwood": {"Ben": 12}}])
    club = Club.get()
    club.paper, club.site_url = "a4", "http://192.168.1.20:8000"
    club.save()
    setup.forget(keep=club, forever=True)
    before = (Player.objects.count(), Match.objects.count(), Tournament.objects.count())
    entries = tmp_path / "entries.txt"
    entries.write_text("Ann\nBen\nZoé Lefèvre-Marchand\nLéa\n", encoding="utf-8")
    out = StringIO()
    call_command("simulate_tournament", "--format", "swiss", "--names", str(entries), "--rounds", "2", "--seed", "5",
                 "--sheets", str(tmp_path / "sheets"), stdout=out)
    said = out.getvalue()
    assert "scratch database" in said and "the club's players, matches and ratings are as they were" in said
    assert (Player.objects.count(), Match.objects.count(), Tournament.objects.count()) == before
    assert not Player.objects.filter(name="Léa").exists()
    made = sorted(p.name for p in (tmp_path / "sheets").iterdir())
    assert made == ["round-1.pdf", "round-2.pdf", "standings.pdf", "tables-1.pdf", "tables-2.pdf"]
    tables = PdfReader(io.BytesIO((tmp_path / "sheets" / "tables-1.pdf").read_bytes()))
    box = tables.pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (595, 842)   # the club's A4
    assert "http://192.168.1.20:8000/matches/table/" in tables.pages[0].extract_text()
    assert "Zoé Lefèvre-Marchand" in " ".join(p.extract_text() for p in tables.pages)
