"""Every page of the site in French, as a visitor, a player and a director, on a 320x640 phone
with touch and a 1280x800 laptop, the browser's language French: the page says lang="fr" and no
English interface text is left on it (tests/browser/french.py says how that is looked for).

The same crawl audits every page state for accessibility (tests/browser/axe.py: axe-core on WCAG
2.0/2.1/2.2 A and AA) in those contexts, where no page may scroll sideways either (at 320 CSS px:
a laptop at 400 % zoom, a phone with large text, WCAG 1.4.10, reflow). Each state is loaded once a
role, in that role's browser context, and read there at both sizes one after the other (DevTools'
emulation, as Playwright sets a phone context's: the width, the phone's viewport, touch; the next
state is loaded, its act done, at the size the last was left at); its text is read once, audited
at each size; both tests read the same results. GINSCORE_AUDIT=<file>: each
page's audit problems are also written to the file as they are found.

Why these six (three roles, two sizes) are enough; a role costs a page load, a size an axe run:
- The site's text does not depend on the screen: no view reads the user agent, no script writes
  words by the screen's size, and the leftovers are read from every text node, shown or hidden.
  A French page has the same words at 320 and at 1280 px: the page is loaded once a role and
  its words read once, then it is drawn again at the other size (the style sheets' media queries
  are widths only; the board fits itself again when the screen changes, and is read after).
- axe's results that can change with the screen (target size, contrast over what lies beneath,
  scrollable regions, what a media query hides) follow the style sheets' two layouts: below
  600 px (a phone) and from 720 px (a laptop). The 320 px phone stands for every phone: what
  overflows, wraps or crowds at 390 px does so at 320 px too. So axe runs once per state, role
  and layout.
- In French, not also in English: the pages are the same HTML and style sheets but for their
  words, and the French words are the longer (at 320 px French found a sideways scroll that
  English had not). The English pages fit a 390 px phone as every role, page after page of the
  demo club (test_phone_fit.py), and say lang="en" (test_language_switch.py).
- A state whose page is the same as one already audited in that context (a visitor sent to the
  log-in page from many pages, a player's "not allowed" page) is not audited twice: the page is
  compared without its CSRF tokens, hidden values and form targets, which axe does not read.

One live server and one data set for the whole crawl (a night's club: matches in play, a game
just over, a match over, a partnership, tournaments in set-up, running and over, a season, the
club's money), one browser context per role and language, reused page after page.

GINSCORE_LEFTOVERS=<file>: every page's leftovers (none too) are also written to the file (JSON
lines), for scripts/french_leftovers.py, which lists them by area.
"""
from __future__ import annotations

import json
import os
import shutil
import time
from contextlib import ExitStack
from dataclasses import dataclass, field
from datetime import timedelta
from decimal import Decimal
from typing import Callable

import pytest
from django.urls import URLPattern, URLResolver, get_resolver

from tests import database
from tests.browser import axe
from tests.browser.conftest import ARGS, CHROMIUM
from tests.browser.french import COLLECT, Catalogue, clean_units, leftovers, said

# No django_db mark: a test's transaction would hold SQLite's write lock (transaction_mode
# IMMEDIATE) while the live server writes sessions. The club is written once, by the module's
# fixture, which puts it back at the end as a transactional test does.
pytestmark = [pytest.mark.browser]

REPORT = os.environ.get("GINSCORE_LEFTOVERS")
AUDIT_REPORT = os.environ.get("GINSCORE_AUDIT")
TIMES = []   # GINSCORE_CRAWL_TIMES=1 (and -s): each page's time, and this process's CPU, at the end

ROLES = ("visitor", "player", "director")
LANGUAGES = {"fr": "fr-FR"}
# The screens, as Chrome DevTools' emulation sets them (what Playwright sets for a context of that
# size): each page is read at both, one after the other, in its role's one browser context.
SIZES = {"laptop": dict(width=1280, height=800, mobile=False, touch=False),
         # 320 CSS px: a laptop at 400 % zoom, a phone with large text (WCAG 1.4.10, reflow)
         "narrow": dict(width=320, height=640, mobile=True, touch=True)}
# The browser contexts, (role, language): each role's own cookies, in French.
CONTEXTS = [(role, lang) for role in ROLES for lang in LANGUAGES]
# What is read and audited, (role, size, language): French on the narrow phone and the laptop.
KEYS = [(role, size, lang) for role, lang in CONTEXTS for size in SIZES]
AUDITED = KEYS

# The club's people and things, in French (none an English word): data, not interface.
PLAYERS = ["Anne-Sophie Lefèvre", "Benoît Girard", "Cécile Marchand", "Didier Roux", "Élodie Faure",
           "Fabrice Morel", "Gaëlle Petit", "Hugo Bernard"]
TEAMS = ["Les Carreaux", "Les Piques"]
EVENTS = {"swiss": "Tournoi du jeudi", "knockout": "Coupe d'hiver", "setup": "Tournoi du samedi",
          "done": "Grand prix de novembre", "agree": "Soirée à l'amiable"}
DISPUTE = "Les points isolés sont faux."
SEASON = "Saison d'automne"
ANNOUNCEMENT = "Pause café à vingt et une heures."
USERS = {"player": "joueuse", "director": "directrice"}
JOB = "parties-du-club.json"


# The data set


@dataclass
class Club:
    """What the crawl's pages are about (primary keys and links)."""
    ids: dict = field(default_factory=dict)
    data: list[str] = field(default_factory=list)   # every name shown on a page: data, taken out

    def __getattr__(self, name):
        try:
            return self.__dict__["ids"][name]
        except KeyError:
            raise AttributeError(name) from None


def _import(record: dict, user):
    from ginscore.engine import record_from_json
    from ginscore.matches import services

    return services.match_import(record=record_from_json({"rules": "standard", **record}), created_by=user)


def _win(match, side, hands=2):
    from ginscore.matches import services
    from ginscore.matches.models import Match
    from ginscore.matches.records import HandEntry

    match = Match.objects.get(pk=match.pk)
    while not match.complete:
        services.hand_add(match_id=match.pk, entry=HandEntry("gin", side, None, 60),
                          expected_number=match.hand_count + 1)
        match.refresh_from_db()


def build_club() -> Club:
    from django.contrib.auth import get_user_model
    from django.contrib.auth.models import Group
    from django.utils import timezone

    from ginscore.club.roles import ADMIN_GROUP, DIRECTOR_GROUP
    from ginscore.engine import MatchLength
    from ginscore.engine import rules_from
    from ginscore.matches import agreement, seats, services
    from ginscore.matches.models import VIA_SEAT_CODE, Hand
    from ginscore.matches.records import HandEntry
    from ginscore.players.models import Player
    from ginscore.seasons import services as money
    from ginscore.tournaments import own_check_in
    from ginscore.tournaments.my_night import night_link
    from ginscore.tournaments import services as events
    from ginscore.tournaments.models import Entry, TournamentMatch
    from tests.conftest import PASSWORD

    club = Club()
    User = get_user_model()
    player_user = User.objects.create_user(username=USERS["player"], password=PASSWORD)
    director = User.objects.create_user(username=USERS["director"], password=PASSWORD)
    director.groups.add(Group.objects.get_or_create(name=DIRECTOR_GROUP)[0])
    # the director is the club admin too: the club's people and settings pages
    director.groups.add(Group.objects.get_or_create(name=ADMIN_GROUP)[0])
    club.ids["users"] = {"player": player_user.pk, "director": director.pk}
    anne = Player.objects.create(name=PLAYERS[0], user=player_user)
    for name in PLAYERS[1:]:
        Player.objects.get_or_create(name=name)
    a, b, c, d = PLAYERS[:4]

    # A match in play: three hands (a knock, a gin, an undercut); the pad and its entry form.
    play = _import({"players": [a, b], "first_dealer": b, "stake": "0.50", "hands": [
        {"end": "knock", "by": a, "deadwood": {a: 6, b: 31}},
        {"end": "gin", "by": b, "deadwood": {a: 22}},
        {"end": "knock", "by": b, "deadwood": {a: 4, b: 9}},
    ]}, player_user)
    # Best of three games, the first just won: the pad after a game ends.
    game_over = _import({"players": [a, c], "length": {"kind": "best_of", "games": 3}, "hands": [
        {"end": "gin", "by": a, "deadwood": {c: 60}},
        {"end": "big_gin", "by": a, "deadwood": {c: 45}},
    ]}, player_user)
    # A match over, rated, with a stake: the settlement.
    done = _import({"players": [d, a], "stake": "0.25", "length": {"kind": "best_of", "games": 1}, "hands": [
        {"end": "gin", "by": d, "deadwood": {a: 60}},
        {"end": "dead"},
        {"end": "gin", "by": d, "deadwood": {a: 50}},
    ]}, player_user)
    partnership = _import({"rules": "partnership", "players": [a, b, c, d], "teams": [
        {"name": TEAMS[0], "players": [a, c]}, {"name": TEAMS[1], "players": [b, d]}], "hands": [
        {"tables": [{"end": "knock", "by": a, "deadwood": {a: 3, b: 25}},
                    {"end": "gin", "by": d, "deadwood": {c: 12}}]},
    ]}, player_user)
    hollywood = _import({"rules": "hollywood", "players": [a, PLAYERS[4]], "hands": [
        {"end": "knock", "by": a, "deadwood": {a: 2, PLAYERS[4]: 27}},
    ]}, player_user)
    three = _import({"players": [a, b, c], "first_dealer": c, "hands": [
        {"end": "knock", "by": a, "deadwood": {a: 4, b: 20}}]}, player_user)
    first_deal = services.match_start(names=[c, d], rules=rules_from("standard"), created_by=player_user)
    # Both players agree (a tournament's option): a hand awaiting the other's word, one disputed.
    agreed = events.tournament_create(name=EVENTS["agree"], format="swiss", rounds=1,
                                      length=MatchLength("best_of", 1), agree=True)
    events.entries_set(tournament=agreed, names=[a, PLAYERS[6]])
    events.tournament_start(tournament=agreed)
    agree = TournamentMatch.objects.get(tournament=agreed).match
    mine = "a" if agree.player_a.name == a else "b"
    other = "b" if mine == "a" else "a"
    for n, entry in enumerate([HandEntry("knock", mine, 5, 30), HandEntry("gin", other, None, 12)], 1):
        services.hand_add(match_id=agree.pk, entry=entry, expected_number=n, user=player_user)
    second = Hand.objects.get(match=agree, number=2)
    agreement.hand_dispute(match_id=agree.pk, number=2, version=agreement.hand_version(second), side=other,
                           reason=DISPUTE, via=VIA_SEAT_CODE, proof=seats.seat_code(agree, other))
    # One for each role: its next hand (a gin) ends game 1, saved by the crawl.
    ending = {}
    for key in CONTEXTS:
        ending[key] = _import({"players": [a, b], "length": {"kind": "best_of", "games": 3}, "hands": [
            {"end": "gin", "by": b, "deadwood": {a: 60}}]}, player_user).pk
    club.ids.update(play=play.pk, play_token=play.table_token, ending=ending, three=three.pk,
                    first_deal=first_deal.pk, agree=agree.pk, game_over=game_over.pk, done=done.pk,
                    partnership=partnership.pk, partnership_token=partnership.table_token, hollywood=hollywood.pk,
                    seat=seats.seat_link(play, "a"))

    # Tournaments: one in set-up, a Swiss night running (check-in, fees, clock, announcement, a
    # withdrawal), a knockout running, a night over (its prizes and a season).
    money.club_money_set(money=True, unit=Decimal("1.00"), currency="€")
    setup = events.tournament_create(name=EVENTS["setup"], format="swiss", rounds=3, length=MatchLength("best_of", 1))
    events.entries_set(tournament=setup, names=PLAYERS[:6])
    events.tournament_sign_up_set(tournament=setup, open=True, cap=8, closes=None)   # its sign-up card
    swiss = events.tournament_create(name=EVENTS["swiss"], format="swiss", rounds=3,
                                     length=MatchLength("best_of", 1))
    events.entries_set(tournament=swiss, names=PLAYERS)
    events.tournament_check_in_set(tournament=swiss, check_in=True, entry_fee=Decimal("5"))
    entries = list(Entry.objects.filter(tournament=swiss).select_related("player").order_by("pk"))
    for entry in entries:
        events.entry_check_in(entry=entry, paid=True)
    events.tournament_start(tournament=swiss)
    for row in TournamentMatch.objects.filter(tournament=swiss).exclude(match=None).select_related("match"):
        _win(row.match, "a")   # round 1 played: the desk checks in for round 2
    events.entries_check_in_played(tournament=swiss)
    withdrawn, absent = entries[-1], entries[-2]
    events.entry_withdraw(entry=withdrawn)
    events.entry_check_in(entry=absent, present=False)
    events.round_pair_present(tournament=swiss)
    row = TournamentMatch.objects.filter(tournament=swiss, play_round=2).exclude(match=None).first()
    _win(row.match, "b")   # one result of round 2 in; the others play on
    events.tournament_announce(tournament=swiss, text=ANNOUNCEMENT)
    events.round_clock_start(tournament=swiss, minutes=40)
    knockout = events.tournament_create(name=EVENTS["knockout"], format="single", length=MatchLength("best_of", 1))
    events.entries_set(tournament=knockout, names=PLAYERS[:5])
    events.tournament_start(tournament=knockout)
    over = events.tournament_create(name=EVENTS["done"], format="single", length=MatchLength("best_of", 1))
    events.entries_set(tournament=over, names=PLAYERS[:4])
    money.prize_set(tournament=over, entry_fee=Decimal("20"), added=Decimal(0), house_fixed=Decimal(0),
                    house_percent=Decimal(0), preset="auto", split="", unit=Decimal(1))
    Entry.objects.filter(tournament=over).exclude(player__name=PLAYERS[3]).update(fee_paid=True)   # one owes
    events.tournament_start(tournament=over)
    while True:
        open_rows = TournamentMatch.objects.filter(tournament=over, outcome="").exclude(match=None)
        if not open_rows:
            break
        for row in open_rows:
            _win(row.match, "a")
    today = timezone.localdate()
    season = money.season_save(name=SEASON, starts=today - timedelta(days=30), ends=today + timedelta(days=30),
                               chosen=False, preset="linear", best=4, minimum=1)
    club.ids.update(setup=setup.pk, swiss=swiss.pk, knockout=knockout.pk, over=over.pk, season=season.pk,
                    entry=entries[1].pk, withdrawn=withdrawn.pk, anne_entry=Entry.objects.get(
                        tournament=swiss, player=anne).pk, check_in=own_check_in.check_in_link(entries[2]),
                    night=night_link(entries[2]),
                    anne=anne.pk, benoit=Player.objects.get(name=b).pk,
                    owed=Entry.objects.get(tournament=over, player__name=PLAYERS[3]).pk)
    # An import of the player's, half done in the background (its page: only she sees it; others a 404).
    from ginscore.jobs.models import Job
    from ginscore.matches.tasks import records_import_job

    club.ids["job"] = Job.objects.create(kind="records_import", title=JOB, started_by=player_user, status=Job.RUNNING,
                                         task_path=records_import_job.module_path, done=120, total=500).pk
    club.data = sorted({*PLAYERS, *TEAMS, *EVENTS.values(), SEASON, ANNOUNCEMENT, DISPUTE, *USERS.values(), JOB,
                        f"{TEAMS[0]} & {TEAMS[1]}", "English"}, key=len, reverse=True)
    return club


# The pages


@dataclass
class Page:
    """One page of the crawl: ``path(club)`` opened in every context (then ``act(page, club)``,
    when the page is a state reached by doing something, returns whether it did it)."""
    name: str
    url: str | None             # the URL name it covers (None: a state of a page covered elsewhere)
    path: Callable[[Club], str]
    area: str                   # whose templates draw it (docs/translating.md's catalogues)
    act: Callable | None = None
    fragment: bool = False      # a piece of a page, fetched by its script: no <html lang>
    after: Callable | None = None   # (page) -> None: puts back what the act changed in the browser


def _can_score(page) -> bool:
    return page.locator("form.hand-form #save-hand").count() > 0


def _type_gin(page):
    form = page.locator("form.hand-form")
    form.locator("label:has(input[name=end][value=gin])").click()
    form.locator("label:has(input[name=by][value=b])").click()
    form.locator("[name=defender_deadwood]").fill("17")


def conflict(page, club) -> bool:
    """Two different hands for the same number: this phone saves a gin as hand 1 (a knock)."""
    page.goto(f"{page.base}/matches/{club.play}/")
    if not _can_score(page):
        return False
    _type_gin(page)
    page.locator("#hand-preview .preview-text").wait_for()
    page.locator("form.hand-form [name=number]").evaluate("el => el.value = '1'")
    page.locator("form.hand-form #save-hand").click()
    page.locator("#recorded").wait_for()
    return True


def game_won(page, club) -> bool:
    """The pad just after the hand that ends a game is saved (sent by the outbox): its messages."""
    page.goto(f"{page.base}/matches/{club.ending[page.key]}/")
    if not _can_score(page):
        return False
    _type_gin(page)
    page.locator("#hand-preview .preview-text").wait_for()
    with page.expect_navigation():
        page.locator("form.hand-form #save-hand").click()
    page.locator(".msg-success").wait_for()
    return True


def _send_as_is(page, url) -> bool:
    """Opens the form at ``url`` and sends it as it is, empty (no script): its errors."""
    page.goto(page.base + url)
    form = page.locator("main form.form")
    if not form.count():
        return False
    with page.expect_navigation():
        form.first.evaluate("f => f.submit()")
    return True


def log_in_refused(page, club) -> bool:
    """A log-in with a wrong password (a name of this context's own: no lock-out)."""
    page.goto(page.base + "/accounts/login/")
    form = page.locator("main form.form")
    form.locator("[name=username]").fill("inconnu-" + "-".join(page.key))
    form.locator("[name=password]").fill("pas-le-bon")
    with page.expect_navigation():
        form.evaluate("f => f.submit()")
    return True


def outbox_waiting(page, club) -> bool:
    """A hand saved while the club's site does not answer: the outbox keeps it and says so."""
    page.goto(f"{page.base}/matches/{club.game_over}/")
    if not _can_score(page):
        return False
    page.route("**/hands/send/", lambda route: route.abort("internetdisconnected"))
    _type_gin(page)
    page.locator("#hand-preview .preview-text").wait_for()
    page.locator("form.hand-form #save-hand").click()
    page.locator("#outbox .outbox-hand").first.wait_for()
    return True


def outbox_forgotten(page):
    """The hand kept by ``outbox_waiting`` is dropped, never sent."""
    page.evaluate("localStorage.clear()")
    page.goto("about:blank")
    page.unroute("**/hands/send/")


def refused(page, club) -> bool:
    """The hand form sent without its deadwood (no script): its errors."""
    page.goto(f"{page.base}/matches/{club.play}/hands/new/")
    if not _can_score(page):
        return False
    page.locator("form.hand-form label:has(input[name=end][value=knock])").click()
    with page.expect_navigation():
        page.evaluate("""() => { const f = document.querySelector('form.hand-form');
            f.removeAttribute('data-outbox');
            f.insertAdjacentHTML('beforeend', '<input type=hidden name=action value=save>'); f.submit(); }""")
    return True


def first_run(page, club) -> bool:
    """The first-run page, as an empty club's first visitor sees it (the club's accounts stay:
    the live server, a thread of this process, is told it has none while this state is read)."""
    from ginscore.club import setup

    if not hasattr(setup, "_started"):
        setup._started, setup.started = setup.started, lambda: False
    page.goto(page.base + "/start/")
    return True


def first_run_over(page):
    from ginscore.club import setup

    if hasattr(setup, "_started"):
        setup.started = setup.__dict__.pop("_started")


P = Page
PAGES = [
    P("home", "club:home", lambda c: "/", "club"),
    P("log-in", "login", lambda c: "/accounts/login/", "club"),
    P("log-in-refused", None, lambda c: "/accounts/login/", "club", act=log_in_refused),
    P("password", "password_change", lambda c: "/accounts/password/", "club"),
    P("password-refused", None, lambda c: "/accounts/password/", "club",
      act=lambda page, c: _send_as_is(page, "/accounts/password/")),
    P("password-done", "password_change_done", lambda c: "/accounts/password/done/", "club"),
    P("settings", "club:settings", lambda c: "/accounts/settings/", "club"),
    P("start", "club:start", lambda c: "/start/", "club", act=first_run, after=first_run_over),
    P("club", "club:club", lambda c: "/club/", "club"),
    P("people", "club:people", lambda c: "/club/people/", "club"),
    P("member-add", "club:member_add", lambda c: "/club/people/new/", "club"),
    P("member-add-refused", None, lambda c: "/club/people/new/", "club",
      act=lambda page, c: _send_as_is(page, "/club/people/new/")),
    P("member", "club:member", lambda c: f"/club/people/{c.users['player']}/", "club"),
    P("404", None, lambda c: "/pas-de-page-ici/", "club"),
    P("match-list", "matches:list", lambda c: "/matches/", "matches"),
    P("match-new", "matches:new", lambda c: "/matches/new/", "matches"),
    P("match-new-refused", None, lambda c: "/matches/new/", "matches",
      act=lambda page, c: _send_as_is(page, "/matches/new/")),
    P("match-import", "matches:import", lambda c: "/matches/import/", "matches"),
    P("match-import-refused", None, lambda c: "/matches/import/", "matches",
      act=lambda page, c: _send_as_is(page, "/matches/import/")),
    P("pad", "matches:detail", lambda c: f"/matches/{c.play}/", "matches"),
    P("pad-game-over", None, lambda c: f"/matches/{c.game_over}/", "matches"),
    P("pad-match-over", None, lambda c: f"/matches/{c.done}/", "matches"),
    P("pad-hollywood", None, lambda c: f"/matches/{c.hollywood}/", "matches"),
    P("pad-three", None, lambda c: f"/matches/{c.three}/", "matches"),
    P("pad-first-deal", None, lambda c: f"/matches/{c.first_deal}/", "matches"),
    P("pad-agree", None, lambda c: f"/matches/{c.agree}/", "matches"),
    P("hand-form", "matches:hand_new", lambda c: f"/matches/{c.play}/hands/new/", "matches"),
    P("hand-form-refused", None, lambda c: f"/matches/{c.play}/hands/new/", "matches", act=refused),
    P("hand-correct", "matches:hand_edit", lambda c: f"/matches/{c.play}/hands/1/edit/", "matches"),
    P("hand-delete", "matches:hand_delete", lambda c: f"/matches/{c.play}/hands/3/delete/", "matches"),
    P("hand-cards", "matches:hand_cards", lambda c: f"/matches/{c.play}/hands/cards/", "matches"),
    P("hand-cards-correct", "matches:hand_cards_edit", lambda c: f"/matches/{c.play}/hands/2/cards/", "matches"),
    P("conflict", None, lambda c: f"/matches/{c.play}/", "matches", act=conflict),
    P("game-won", None, lambda c: f"/matches/{c.game_over}/", "matches", act=game_won),
    P("outbox-waiting", None, lambda c: f"/matches/{c.game_over}/", "js", act=outbox_waiting,
      after=outbox_forgotten),
    P("partnership-pad", "matches:table_pad", lambda c: f"/matches/{c.partnership}/tables/2/", "matches"),
    P("partnership-hand", "matches:table_hand_new", lambda c: f"/matches/{c.partnership}/tables/1/hands/new/",
      "matches"),
    P("partnership-correct", "matches:table_hand_edit",
      lambda c: f"/matches/{c.partnership}/tables/1/hands/1/edit/", "matches"),
    P("partnership-delete", "matches:table_hand_delete",
      lambda c: f"/matches/{c.partnership}/tables/2/hands/1/delete/", "matches"),
    P("partnership-cards", "matches:table_hand_cards", lambda c: f"/matches/{c.partnership}/tables/2/hands/cards/",
      "matches"),
    P("partnership-cards-correct", "matches:table_hand_cards_edit",
      lambda c: f"/matches/{c.partnership}/tables/1/hands/1/cards/", "matches"),
    P("table-link-invalid", None, lambda c: "/matches/table/pas-un-lien/", "matches"),
    P("player-list", "players:list", lambda c: "/players/", "people"),
    P("player", "players:detail", lambda c: f"/players/{c.anne}/", "people"),
    P("ratings", "ratings:list", lambda c: "/ratings/", "people"),
    P("ratings-how", "ratings:how", lambda c: "/ratings/how/", "people"),
    P("season-list", "seasons:list", lambda c: "/seasons/", "people"),
    P("season-new", "seasons:new", lambda c: "/seasons/new/", "people"),
    P("season-new-refused", None, lambda c: "/seasons/new/", "people",
      act=lambda page, c: _send_as_is(page, "/seasons/new/")),
    P("season", "seasons:detail", lambda c: f"/seasons/{c.season}/", "people"),
    P("season-edit", "seasons:edit", lambda c: f"/seasons/{c.season}/edit/", "people"),
    P("season-money", "seasons:money", lambda c: f"/seasons/{c.season}/money/", "people"),
    P("club-money", "money:club", lambda c: "/money/", "people"),
    P("job", "jobs:detail", lambda c: f"/jobs/{c.job}/", "jobs"),
    P("prize", "money:prize", lambda c: f"/money/tournaments/{c.over}/", "people"),
    P("prize-preview", "money:preview", lambda c: f"/money/tournaments/{c.over}/preview/?entrants=12", "people",
      fragment=True),
    P("treasurer", "money:treasurer", lambda c: f"/money/tournaments/{c.over}/treasurer/", "people"),
    P("entry-fee", "money:fee", lambda c: f"/money/tournaments/{c.over}/fee/{c.owed}/", "people"),
    P("sheets", "sheets:index", lambda c: "/sheets/", "sheets"),
    P("tournament-list", "tournaments:list", lambda c: "/tournaments/", "tournaments"),
    P("tournament-new", "tournaments:new", lambda c: "/tournaments/new/", "tournaments"),
    P("tournament-new-refused", None, lambda c: "/tournaments/new/", "tournaments",
      act=lambda page, c: _send_as_is(page, "/tournaments/new/")),
    P("tournament-setup", "tournaments:detail", lambda c: f"/tournaments/{c.setup}/", "tournaments"),
    P("tournament-running", None, lambda c: f"/tournaments/{c.swiss}/", "tournaments"),
    P("tournament-knockout", None, lambda c: f"/tournaments/{c.knockout}/", "tournaments"),
    P("tournament-over", None, lambda c: f"/tournaments/{c.over}/", "tournaments"),
    P("tournament-edit", "tournaments:edit", lambda c: f"/tournaments/{c.setup}/edit/", "tournaments"),
    P("withdraw", "tournaments:withdraw", lambda c: f"/tournaments/{c.swiss}/entries/{c.entry}/withdraw/",
      "tournaments"),
    P("reinstate", "tournaments:reinstate", lambda c: f"/tournaments/{c.swiss}/entries/{c.withdrawn}/reinstate/",
      "tournaments"),
    P("round", "tournaments:round", lambda c: f"/tournaments/{c.swiss}/rounds/1/2/", "tournaments"),
    P("round-played", None, lambda c: f"/tournaments/{c.swiss}/rounds/1/1/", "tournaments"),
    P("bracket", "tournaments:bracket", lambda c: f"/tournaments/{c.knockout}/bracket/", "tournaments"),
    P("standings", "tournaments:standings", lambda c: f"/tournaments/{c.swiss}/standings/", "tournaments"),
    P("standings-over", None, lambda c: f"/tournaments/{c.over}/standings/", "tournaments"),
    P("board", "tournaments:board", lambda c: f"/tournaments/{c.swiss}/board/", "tournaments"),
    P("board-bracket", None, lambda c: f"/tournaments/{c.knockout}/board/", "tournaments"),
    P("desk", "tournaments:desk", lambda c: f"/tournaments/{c.swiss}/desk/", "tournaments"),
    P("withdraw-absent", "tournaments:withdraw_absent", lambda c: f"/tournaments/{c.swiss}/desk/withdraw-absent/",
      "tournaments"),
    P("check-in", "tournaments:check_in", lambda c: f"/tournaments/{c.swiss}/check-in/", "tournaments"),
    P("check-in-own", "tournaments:check_in_own", lambda c: c.check_in, "tournaments"),
    P("my-night", "tournaments:my_night", lambda c: f"/tournaments/{c.swiss}/me/", "tournaments"),
    P("my-night-link", "tournaments:my_night_link", lambda c: c.night, "tournaments"),
    P("check-in-invalid", None, lambda c: f"/tournaments/{c.swiss}/check-in/{c.entry}/pas-un-jeton/", "tournaments"),
    # Last: a table link lets this browser score the match from then on.
    P("seat-link", "matches:seat", lambda c: c.seat, "matches"),
    P("table-link", "matches:table", lambda c: f"/matches/table/{c.play_token}/", "matches"),
    P("table-link-partnership", "matches:table_at", lambda c: f"/matches/table/{c.partnership_token}/2/", "matches"),
]

# What the URL confs hold that is no page a person reads in the browser, and why.
NOT_PAGES = {
    "club:service_worker": "the service worker's script",
    "club:language": "the footer's switch: back to the page it was chosen on, in that language",
    "matches:export": "a JSON contract (docs/match-record.md)", "matches:record": "a JSON contract",
    "matches:pads_versions": "the versions live.js polls, JSON (tests/matches/test_pads_versions.py)",
    "matches:table_link_qr": "a QR code image", "matches:table_link_qr_at": "a QR code image",
    "tournaments:check_in_qr": "a QR code image", "tournaments:desk_check_in_qr": "a QR code image",
    "seasons:csv": "a CSV file", "seasons:pdf": "a PDF (tests/sheets read the PDFs in French)",
    "money:treasurer_csv": "a CSV file", "money:treasurer_pdf": "a PDF",
    "sheets:language": "a POST: the sheets' language kept, back to the sheets page",
    "sheets:pad": "a PDF", "sheets:match": "a PDF", "sheets:bracket": "a PDF", "sheets:standings": "a PDF",
    "sheets:round": "a PDF", "sheets:tables": "a PDF",
    "logout": "a POST (back to the page it was sent from)",
    "jobs:file": "a job's PDF or file (tests/jobs, tests/sheets)",
    "push:subscribe": "a POST of the page's script, answered in JSON (tests/browser/test_push_opt_in.py, in French)",
    "push:subscribe_link": "a POST of the page's script, answered in JSON (tests/browser/test_push_opt_in.py)",
    "push:unsubscribe": "a POST of the page's script, answered in JSON (tests/browser/test_push_opt_in.py)",
}
POSTS = {"matches:hand_preview", "matches:hand_send", "matches:hand_confirm", "matches:hand_dispute",
         "matches:hand_settle", "matches:hand_undo", "matches:hand_redo", "matches:first_dealer",
         "matches:table_link_renew", "ratings:hide", "ratings:match_rated", "seasons:delete", "money:pay",
         "money:unpay", "money:returned", "tournaments:entries", "tournaments:entry_late", "tournaments:start",
         "tournaments:round_repair", "tournaments:round_undo", "tournaments:forfeit", "tournaments:announce",
         "tournaments:clock_start", "tournaments:time_call", "tournaments:decide_at_time",
         "tournaments:check_in_settings", "tournaments:desk_check_in", "tournaments:check_in_played",
         "tournaments:pair_present", "tournaments:sign_up", "tournaments:sign_up_take_back",
         "tournaments:sign_up_settings", "tournaments:sign_ups_accept_placed", "tournaments:sign_up_accept",
         "tournaments:sign_up_remove", "tournaments:copy", "tournaments:wish_add", "tournaments:wish_remove",
         "club:address", "club:member_password", "ratings:match_rating_agree", "jobs:again"}
NOT_PAGES.update({name: "a POST: its answer is a page of the crawl, with a message" for name in POSTS})


def url_names(resolver=None, namespace="") -> set[str]:
    names = set()
    for p in (resolver or get_resolver()).url_patterns:
        if isinstance(p, URLResolver):
            if p.namespace != "admin":   # Django's admin speaks Django's catalogue
                names |= url_names(p, f"{namespace}{p.namespace}:" if p.namespace else namespace)
        elif isinstance(p, URLPattern) and p.name:
            names.add(namespace + p.name)
    return names


def test_the_crawl_knows_every_page_of_the_url_confs():
    crawled = {p.url for p in PAGES if p.url}
    assert sorted(url_names() - crawled - NOT_PAGES.keys()) == [], "pages the French crawl does not open"
    assert sorted((crawled | NOT_PAGES.keys()) - url_names()) == [], "pages the URL confs no longer have"


# The crawl


# The page as axe reads it: its HTML as it is now, without the CSRF tokens and the values of hidden
# fields (new on each load; never shown) and the forms' targets (a log-in page's "next"); its
# SHA-256 (the page's whole HTML through DevTools for each state and size cost more).
FINGERPRINT = """async () => {
  const copy = document.documentElement.cloneNode(true);
  for (const el of copy.querySelectorAll('input[type=hidden]')) el.removeAttribute('value');
  for (const el of copy.querySelectorAll('form[action]')) el.removeAttribute('action');
  const sum = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(copy.outerHTML));
  return Array.from(new Uint8Array(sum), b => b.toString(16).padStart(2, '0')).join('');
}"""


# The page is in a background tab (only live.js reads it: it does not poll then).
HIDDEN = "Object.defineProperty(Document.prototype, 'hidden', {get: () => true, configurable: true});"

# The page's screen, once it is drawn again at a new size (the board fits itself 200 ms after: board.js).
SETTLED = """() => new Promise(done => setTimeout(() => done([screen.width, matchMedia('(max-width: 599px)').matches,
                                                             navigator.maxTouchPoints > 0]),
                                             document.querySelector('[data-board-page]') ? 400 : 0))"""


class Crawl:
    """A browser context a role (CONTEXTS), each page state loaded once in it and read at both
    sizes: at the size the page was left at, then at the other (DevTools' emulation, as Playwright
    sets a context's: the width, the phone's viewport and touch), where the next state loads."""

    def __init__(self, browser, base, club):
        from django.test import Client

        self.base, self.club, self.catalogue = base, club, Catalogue()
        self.pages, self.states = {}, {}
        self.audited = {key: {} for key in AUDITED}   # key -> the page (FINGERPRINT) -> its violations
        self.counts = {"audited": 0, "same": 0}
        self.sizes = list(SIZES)   # the pages' size now first
        cookies = {}
        for role in ROLES:
            if role != "visitor":
                from django.contrib.auth import get_user_model

                client = Client()
                client.force_login(get_user_model().objects.get(pk=club.users[role]))
                cookies[role] = client.cookies["sessionid"]
        for key in CONTEXTS:
            role, lang = key
            # (no service worker: it would fetch the whole site for each context, and says nothing)
            context = browser.new_context(locale=LANGUAGES[lang], device_scale_factor=1, service_workers="block")
            # A tab in the background: live.js does not poll (nine pages asking every 1.5 s through a
            # long crawl cost more than the crawl, and its status line would change under the
            # reading); the words it shows are the page's own, read as they are drawn.
            context.add_init_script(HIDDEN)
            if cookie := cookies.get(role):
                context.add_cookies([{"name": cookie.key, "value": cookie.value, "url": base}])
            page = context.new_page()
            page.set_default_timeout(10_000)
            page.base, page.key = base, key
            page.devtools = context.new_cdp_session(page)   # kept open: its emulation lasts while it does
            self.pages[key] = page
        self.show(self.sizes[0])

    def show(self, size: str):
        """Every page at ``size`` (its layout drawn again, as a phone or a laptop would draw it)."""
        screen = SIZES[size]
        for page in self.pages.values():
            page.devtools.send("Emulation.setDeviceMetricsOverride", {
                "width": screen["width"], "height": screen["height"], "deviceScaleFactor": 1,
                "mobile": screen["mobile"], "screenWidth": screen["width"], "screenHeight": screen["height"],
                "screenOrientation": {"angle": 0, "type": "portraitPrimary" if screen["mobile"] else
                                      "landscapePrimary"}})
            page.devtools.send("Emulation.setTouchEmulationEnabled",
                               {"enabled": True, "maxTouchPoints": 1} if screen["touch"] else {"enabled": False})
        for page in self.pages.values():
            assert page.evaluate(SETTLED) == [screen["width"], screen["width"] < 600, screen["touch"]], \
                f"{page.key} not at {size}"

    def read(self, spec: Page) -> dict:
        """``read_all(spec)``, once: the French test and the audit read the same page states."""
        if spec.name not in self.states:
            self.states[spec.name] = self.read_all(spec)
        return self.states[spec.name]

    def read_all(self, spec: Page) -> dict:
        """Opens ``spec`` in every context at once (or does its act in each, one after the other),
        reads its text, then audits it at each size: (role, size, language) -> the page's language,
        its leftovers, axe's violations and its sideways scroll."""
        t0 = time.perf_counter()
        if spec.act is None:
            with ExitStack() as waiting:
                for page in self.pages.values():
                    waiting.enter_context(page.expect_navigation(wait_until="domcontentloaded"))
                    page.evaluate("url => { location.href = url; }", self.base + spec.path(self.club))
        else:
            for page in self.pages.values():
                if not spec.act(page, self.club):
                    page.goto(self.base + spec.path(self.club), wait_until="domcontentloaded")
        t1 = time.perf_counter()
        # The text, once a role: the same HTML at both sizes (the module's docstring says why).
        seen = {key: page.evaluate(COLLECT) for key, page in self.pages.items()}
        t2 = time.perf_counter()
        audits, wide = {}, {}
        for n, size in enumerate(list(self.sizes)):
            if n:
                self.show(size)
            self._shoot(spec, size)
            audits.update(self.audit(spec, size))
            wide.update({(role, size, lang): page.evaluate(axe.SIDEWAYS)
                         for (role, lang), page in self.pages.items()})
        self.sizes.reverse()   # the next state loads at the size this one was left at
        t3 = time.perf_counter()
        if spec.after:
            for page in self.pages.values():
                spec.after(page)
        out = {}
        for role, size, lang in KEYS:
            text = seen[role, lang]
            if (role, lang) not in out:
                nodes = clean_units(text["nodes"], self.club.data)
                blocks = clean_units(text["blocks"], self.club.data)
                out[role, lang] = leftovers(self.catalogue, nodes, blocks) if lang == "fr" else []
            out[role, size, lang] = {"url": text["url"][len(self.base):], "lang": text["lang"],
                                     "leftovers": list(out[role, lang]),
                                     "violations": audits.get((role, size, lang), []),
                                     "sideways": wide[role, size, lang]}
        TIMES.append((spec.name, t1 - t0, t2 - t1, t3 - t2, time.perf_counter() - t3))
        return {key: out[key] for key in KEYS}

    def _shoot(self, spec: Page, size: str):
        """GINSCORE_SHOTS=<dir>: the player's pages (GINSCORE_SHOTS_ROLE: another role's), to look at."""
        if shots := os.environ.get("GINSCORE_SHOTS"):
            os.makedirs(shots, exist_ok=True)
            for (role, lang), page in self.pages.items():
                if role == os.environ.get("GINSCORE_SHOTS_ROLE", "player"):
                    page.screenshot(path=f"{shots}/{lang}-{spec.name}-{size}.png", full_page=True)
            self.show(size)   # (a screenshot may put the context's own screen back)

    def audit(self, spec: Page, size: str) -> dict:
        """axe's violations at ``size`` in each audited context (AUDITED): run where the page is not
        one this context has audited already (the same page but for what axe does not read:
        FINGERPRINT)."""
        pages = {(role, size, lang): page for (role, lang), page in self.pages.items()
                 if (role, size, lang) in AUDITED}
        seen = {key: page.evaluate(FINGERPRINT) + f"|{spec.fragment}" for key, page in pages.items()}
        new = {key: page for key, page in pages.items() if seen[key] not in self.audited[key]}
        self.counts["audited"] += len(new)
        self.counts["same"] += len(pages) - len(new)
        for key, violations in axe.audit_all(new, fragment=spec.fragment).items():
            self.audited[key][seen[key]] = violations
        return {key: self.audited[key][seen[key]] for key in pages}

    def close(self):
        for page in self.pages.values():
            page.context.close()


@pytest.fixture(scope="module")
def crawl(django_db_setup, django_db_blocker, _chromium):
    """One club, one live server, a browser context for each of CONTEXTS (visitor, player,
    director; French), each page read at both SIZES (a narrow phone, a laptop)."""
    if not shutil.which(CHROMIUM):
        pytest.skip("Debian's chromium is not installed")
    # The crawl's Playwright runs through its tests (not a test's at a time): the process's own
    # chromium (conftest.Chromium) is stopped first, and started again by the next test that asks.
    _chromium.stop()
    from django.core.management import call_command
    from django.db import connections
    from playwright.sync_api import sync_playwright
    from pytest_django.live_server_helper import LiveServer

    with django_db_blocker.unblock(), axe.served():
        made = _test_database()
        try:
            database.remember("default")   # what the migrations left, put back at the end
            club = build_club()
            server = LiveServer("localhost")
            server._live_server_modified_settings.enable()
            try:
                with sync_playwright() as p:
                    browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                    crawl = Crawl(browser, server.url, club)
                    yield crawl
                    if os.environ.get("GINSCORE_CRAWL_TIMES"):
                        import collections
                        import resource
                        own = resource.getrusage(resource.RUSAGE_SELF)
                        print(f"this process (site and tests): {own.ru_utime:.1f} s user, {own.ru_stime:.1f} s sys")
                        agg = collections.defaultdict(lambda: [0, 0, 0, 0])
                        for name, *ts in TIMES:
                            agg[name] = [a + b for a, b in zip(agg[name], ts)]
                        for name, ts in sorted(agg.items(), key=lambda kv: -sum(kv[1])):
                            print(f"{name:28} load {ts[0]:.2f} collect {ts[1]:.2f} audit {ts[2]:.2f} "
                                  f"check {ts[3]:.2f}")
                        print("all pages: " + " ".join(f"{what} {sum(t[i] for _, *t in TIMES):.1f} s"
                                                       for i, what in enumerate(("load", "collect", "audit",
                                                                                 "check"))))
                        print(f"axe run in {crawl.counts['audited']} page states, "
                              f"{crawl.counts['same']} the same as one audited before")
                    connections.close_all()
                    crawl.close()
                    browser.close()
            finally:
                server._live_server_modified_settings.disable()
                server.stop()
        finally:
            connections.close_all()
            # as a transactional test leaves it: as the migrations left it, the club's roles
            # included (tests/database.py; Django's flush when the crawl made the database itself)
            if not database.back_to_migrated("default"):
                call_command("flush", interactive=False, verbosity=0, reset_sequences=False)
            if made:
                from django.test.utils import teardown_databases

                teardown_databases(made, verbosity=0)


def _test_database():
    """The test database, made here when no other test of the run asked for one (pytest-django
    makes it only for tests marked django_db); never the site's own."""
    from django.db import connection
    from django.test.utils import setup_databases

    if connection.settings_dict["NAME"] == connection.creation._get_test_db_name():
        return None
    return setup_databases(verbosity=0, interactive=False, aliases={"default"})


# The pages still English somewhere while the areas translate, and whose leftovers they are
# (written by scripts/french_leftovers.py --xfail): expected to fail, not strictly (a page that
# turned French passes). A page not listed fails on any English.
STILL_ENGLISH: dict[str, str] = {}


def _params():
    for p in PAGES:
        marks = [pytest.mark.xfail(reason=f"still English: {STILL_ENGLISH[p.name]}", strict=False)] \
            if p.name in STILL_ENGLISH else []
        yield pytest.param(p, id=p.name, marks=marks)


@pytest.mark.parametrize("spec", list(_params()))
def test_the_page_is_all_french(crawl, spec):
    problems = []
    for (role, size, lang), seen in crawl.read(spec).items():
        if lang != "fr":
            continue
        if not spec.fragment and seen["lang"] != "fr":
            seen["leftovers"].insert(0, {"text": f'<html lang="{seen["lang"]}">', "areas": ["club"], "in": ""})
        if REPORT:
            with open(REPORT, "a", encoding="utf-8") as out:
                out.write(json.dumps({"page": spec.name, "area": spec.area, "role": role, "size": size, **seen},
                                     ensure_ascii=False) + "\n")
        if seen["leftovers"]:
            problems.append(f"{role} on a {size}, {seen['url']}:\n    " + "\n    ".join(map(said, seen["leftovers"])))
    assert not problems, f"English left on the {spec.name} page ({spec.area}):\n" + "\n".join(problems)


@pytest.mark.parametrize("spec", [pytest.param(p, id=p.name) for p in PAGES])
def test_the_page_passes_the_accessibility_audit(crawl, spec):
    """axe-core finds nothing on WCAG 2.0/2.1/2.2 A and AA (tests/browser/axe.py lists what it
    leaves out, and why), and at 320 CSS px the page does not scroll sideways."""
    problems = []
    for (role, size, lang), seen in crawl.read(spec).items():
        where = f"{role} on a {size} in {lang}, {seen['url']}"
        problems += [f"{where}:\n    {axe.said(v)}" for v in seen["violations"]]
        if seen["sideways"]:
            problems.append(f"{where}: scrolls sideways ({seen['sideways']})")
    if AUDIT_REPORT and problems:
        with open(AUDIT_REPORT, "a", encoding="utf-8") as out:
            out.write(f"== {spec.name}\n" + "\n".join(problems) + "\n")
    assert not problems, f"The {spec.name} page fails the audit:\n" + "\n".join(problems)
