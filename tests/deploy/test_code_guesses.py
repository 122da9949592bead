"""A seat code guessed through two app servers (gunicorn, each its own process) on one database,
as the issue's outsider did: the tries are counted in the database, so the two servers share
one limit for where the guesses come from; the right code, once that address has used its
tries, is not even checked; the real player still confirms, typing their code on another phone
or from their own phone's personal link (no code) at the guesser's very address."""
import http.cookiejar
import re
import threading
import urllib.parse
import urllib.request

import pytest
from django.conf import settings
from django.db import connection

from ginscore.club.models import Tried
from ginscore.club.passes import CODE_TRIES
from ginscore.matches import services as match_services
from ginscore.matches.agreement import hand_version
from ginscore.matches.models import AGREED, Hand, Match
from ginscore.matches.records import HandEntry
from ginscore.matches.seats import seat_code, seat_link
from ginscore.engine import MatchLength
from ginscore.tournaments import services
from ginscore.tournaments.models import TournamentMatch
from tests.deploy.servers import environment, gunicorn, prepared

pytestmark = pytest.mark.django_db(transaction=True)

GUESSER = "10.0.0.66"


class Phone:
    """A browser at one address (what the proxy in front of the servers writes in X-Forwarded-For)."""

    def __init__(self, address):
        self.address = address
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))

    def get(self, url) -> str:
        request = urllib.request.Request(url, headers={"X-Forwarded-For": self.address})
        with self.opener.open(request, timeout=30) as response:
            return response.read().decode()

    def confirm(self, server, match, side, code="") -> str:
        page = self.get(f"{server}/matches/{match.pk}/")
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
        hand = Hand.objects.get(match=match, number=1)
        url = f"{server}/matches/{match.pk}/hands/1/confirm/"
        body = urllib.parse.urlencode({"csrfmiddlewaretoken": token, "side": side, "version": hand_version(hand),
                                       "code": code}).encode()
        request = urllib.request.Request(url, body, headers={"Referer": url, "X-Forwarded-For": self.address})
        with self.opener.open(request, timeout=30) as response:
            return response.read().decode()


def database_url() -> str:
    s = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{s['NAME']}"
    return f"postgres://{s['USER']}@{s['HOST']}:{s['PORT']}/{s['NAME']}"


@pytest.fixture
def two_servers(tmp_path):
    env = environment(tmp_path, DATABASE_URL=database_url(), GINSCORE_STATIC_ROOT=str(tmp_path / "static"),
                      GINSCORE_SECRET_KEY=settings.SECRET_KEY, GINSCORE_PROXY_COUNT="1")
    prepared(env, database=False)   # collected (the database is the test's own)
    with gunicorn(env, workers=2, threads=2) as a, gunicorn(env, workers=1, threads=2) as b:
        yield a, b


def test_guesses_through_two_servers_share_one_limit_and_the_real_player_still_confirms(two_servers):
    a, b = two_servers
    from django.contrib.auth import get_user_model
    get_user_model().objects.create_user("carla", password="table-talk-42")   # a club that has started
    t = services.tournament_create(name="Both agree", format="swiss", rounds=2, agree=True,
                                   length=MatchLength("best_of", 1))
    services.entries_set(tournament=t, names=["Ann", "Ben", "Cleo", "Dan"])
    services.tournament_start(tournament=t)
    match = Match.objects.get(pk=TournamentMatch.objects.filter(tournament=t, play_round=1).order_by("table")[0].match_id)
    match_services.hand_add(match_id=match.pk, entry=HandEntry("knock", "a", 5, 25), expected_number=1,
                            via="table_link")
    right = seat_code(match, "b")
    wrong = [f"{n:06d}" for n in range(1000, 1100) if f"{n:06d}" != right]
    answers = {"checked": 0, "refused": 0, "confirmed": 0, "other": []}
    lock = threading.Lock()

    def guess(server, codes):
        phone = Phone(GUESSER)
        phone.get(f"{server}/matches/table/{match.table_token}/")
        for code in codes:
            page = phone.confirm(server, match, "b", code)
            with lock:
                if "that is not the right code" in page:
                    answers["checked"] += 1
                elif "Too many wrong codes from this device" in page:
                    answers["refused"] += 1
                elif "confirmed" in page and "Hand 1 confirmed" in page:
                    answers["confirmed"] += 1
                else:
                    answers["other"].append(re.findall(r'class="msg[^>]*>([^<]*)', page))

    # Two guessers at one address, one on each server at once, 20 codes each, the right one last.
    threads = [threading.Thread(target=guess, args=(server, wrong[i * 19:(i + 1) * 19] + [right]))
               for i, server in enumerate((a, b))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    assert answers["other"] == [] and answers["confirmed"] == 0, answers
    assert answers["checked"] <= CODE_TRIES and answers["checked"] + answers["refused"] == 40, answers
    assert Hand.objects.get(match=match, number=1).confirmed_sides == ""
    assert Tried.objects.filter(where=GUESSER, scope=f"match.{match.pk}").count() <= CODE_TRIES

    # Ben types his own code on the table's phone at another address: it counts.
    ben = Phone("10.0.0.7")
    ben.get(f"{b}/matches/table/{match.table_token}/")
    assert "Hand 1 confirmed by you" in ben.confirm(b, match, "b", right)
    # Ann, on her own phone at the guesser's very address, opens her personal link: one tap, no code.
    ann = Phone(GUESSER)
    ann.get(a + seat_link(match, "a"))
    assert "Hand 1 confirmed: it counts." in ann.confirm(a, match, "a")
    assert Hand.objects.get(match=match, number=1).agreement == AGREED
