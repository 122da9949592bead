"""A club that tried the demo first (scripts/run.sh) then follows the README's "Your own club"
(GINSCORE_DEMO=0 scripts/run.sh) used to land on the demo's log-in page with no word of why: the
demo's database was still there. run.sh now says so, and how to start on an empty one."""
import io
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db import connection
from django.utils import translation

from ginscore.club.demo import PASSWORD
from ginscore.players.models import Player

pytestmark = pytest.mark.django_db
RUN_SH = Path(__file__).resolve().parents[2] / "scripts" / "run.sh"


def say():
    out = io.StringIO()
    call_command("seed_demo", "--say-if-loaded", stdout=out)
    return out.getvalue()


def test_a_database_holding_the_demo_says_how_to_start_empty():
    users = get_user_model().objects
    assert say() == ""   # an empty database: nothing to say, nothing added
    users.create_user(username="organiser", password="Rami-gin-2026!")
    assert say() == ""   # a club of its own
    for name in ("admin", "director", "ann", "ben"):
        users.create_user(username=name, password=PASSWORD)
    with translation.override("en"):
        said = say()
    assert "This database holds the demo club (its accounts admin, director, ann, ben still open" in said
    if connection.vendor == "sqlite":
        assert "move the demo's database aside (mv " in said and " demo.sqlite3)" in said
    else:
        assert "point DATABASE_URL at an empty database" in said
    assert "first-run page" in said
    with translation.override("fr"):
        assert "Cette base de données contient le club de démonstration" in say()
    assert users.count() == 5 and not Player.objects.exists()   # it adds nothing
    # once the club changed the demo passwords, the database is the club's own
    for user in users.filter(username__in=("admin", "director", "ann", "ben")):
        user.set_password("Another-pass-2026")
        user.save()
    assert say() == ""


def test_run_sh_asks_it_when_started_without_the_demo():
    run = RUN_SH.read_text()
    start = run.index('if [ "${GINSCORE_DEMO:-1}" = 1 ]; then\n  $PY manage.py seed_demo --if-empty')
    assert "else\n  $PY manage.py seed_demo --say-if-loaded" in run[start:start + 200]


def test_run_sh_never_calls_a_started_clubs_database_new():
    """Restarted every club night without the demo, run.sh used to print "A new database opens on
    the first-run page" over the club's own records."""
    run = RUN_SH.read_text()
    assert "A new database opens" not in run
    assert "A database with no account yet opens on the first-run page" in run
