"""The club's time zone is its laptop's: a French club that sets sign-up to close at 19:30 means
19:30 in Paris, not in UTC (which the site used to take for every club). GINSCORE_TIME_ZONE names
another zone for a server kept elsewhere."""
import os
import subprocess
import sys
from datetime import timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from django.contrib.auth import get_user_model
from django.test import Client, override_settings
from django.urls import reverse
from django.utils import timezone

from ginscore.engine import MatchLength
from ginscore.environment import machine_time_zone
from ginscore.players.models import Player
from ginscore.tournaments import services
from ginscore.tournaments.models import SignUp, Tournament

ROOT = Path(__file__).resolve().parents[2]


def test_the_machines_zone_is_read_from_tz_then_debians_file_then_localtime(tmp_path):
    none, missing = tmp_path / "timezone", tmp_path / "localtime"
    assert machine_time_zone("Europe/Paris", none, missing) == "Europe/Paris"
    assert machine_time_zone(":America/Montreal", none, missing) == "America/Montreal"
    (tmp_path / "timezone").write_text("Europe/Brussels\n")
    assert machine_time_zone("", none, missing) == "Europe/Brussels"
    assert machine_time_zone("not/a-zone", none, missing) == "Europe/Brussels"
    zoneinfo = tmp_path / "usr" / "share" / "zoneinfo" / "Europe"
    zoneinfo.mkdir(parents=True)
    (zoneinfo / "Zurich").write_bytes(b"")
    (tmp_path / "localtime").symlink_to(zoneinfo / "Zurich")
    assert machine_time_zone("", tmp_path / "no-file", missing) == "Europe/Zurich"
    assert machine_time_zone("", tmp_path / "no-file", tmp_path / "no-link") == "UTC"


@pytest.mark.parametrize("env, zone", [({"TZ": "Europe/Paris"}, "Europe/Paris"),
                                       ({"TZ": "Europe/Paris", "GINSCORE_TIME_ZONE": "America/Montreal"},
                                        "America/Montreal")])
def test_the_site_keeps_the_computers_time_unless_told_another(env, zone):
    clean = {k: v for k, v in os.environ.items() if k not in ("TZ", "GINSCORE_TIME_ZONE")}
    out = subprocess.run([sys.executable, "-c", "import django; django.setup(); from django.conf import settings; "
                          "print(settings.TIME_ZONE)"], cwd=ROOT, capture_output=True, text=True, timeout=60,
                         env={**clean, "DJANGO_SETTINGS_MODULE": "ginscore.settings", **env})
    assert out.stdout.strip() == zone, out.stderr


@pytest.mark.django_db
@override_settings(TIME_ZONE="Europe/Paris")
def test_the_closing_time_typed_at_the_desk_is_the_clubs_time():
    paris = ZoneInfo("Europe/Paris")
    t = services.tournament_create(name="Jeudi", format="swiss", rounds=3, length=MatchLength("best_of", 1))
    director = Client()
    director.force_login(get_user_model().objects.create_superuser(username="helene", password="x-long-pass-1"))
    # Half an hour ago in Paris: in UTC digits that is still ahead (Paris is one or two hours on)
    typed = (timezone.now().astimezone(paris) - timedelta(minutes=30)).replace(second=0, microsecond=0)
    director.post(reverse("tournaments:sign_up_settings", args=[t.pk]),
                  {"sign_up": "on", "sign_up_cap": "4", "sign_up_closes": typed.strftime("%Y-%m-%dT%H:%M")})
    t = Tournament.objects.get(pk=t.pk)
    assert t.sign_up_closes == typed
    member = get_user_model().objects.create_user(username="anne", password="x-long-pass-1")
    Player.objects.create(name="Anne-Sophie Lefèvre", user=member)
    phone = Client()
    phone.force_login(member)
    refused = phone.post(reverse("tournaments:sign_up", args=[t.pk]), follow=True, HTTP_ACCEPT_LANGUAGE="en")
    assert "sign-up has closed" in refused.content.decode().lower()
    assert not SignUp.objects.filter(tournament=t).exists()
    assert "Sign-up is closed" in phone.get(t.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    # the desk shows the closing time as it was typed, in Paris
    desk = director.get(reverse("tournaments:desk", args=[t.pk])).content.decode()
    assert f'value="{typed.strftime("%Y-%m-%dT%H:%M")}"' in desk
