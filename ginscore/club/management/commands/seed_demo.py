"""``python manage.py seed_demo [--if-empty]``: a demo club to look around in.

Accounts (password ``ginscore-demo``): ``admin`` (superuser), ``director``
(group "director"), members ``ann`` and ``ben`` (linked to the players Ann and
Ben); a dozen players; matches in every preset, finished and in play. The
hands are made up at random (seeded, so every run makes the same club) and
played through the engine, so each one is legal and a finished match stops at
exactly the hand that ended it.
"""
from __future__ import annotations

import os
import random
from datetime import timedelta
from decimal import Decimal

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.db import connection, transaction
from django.utils.translation import gettext as _
from django.utils import timezone

from ginscore.club.commands import ClubCommand
from ginscore.club.demo import PASSWORD, demo_accounts
from ginscore.club.roles import DIRECTOR_GROUP
from ginscore.engine import PRESETS, Card, Hand, MatchLength, MatchRecord, MatchScorer, Rules
from ginscore.matches.models import Match
from ginscore.matches.services import match_import, player_get_or_create
from ginscore.ratings.models import ratings_moved
from ginscore.players.models import Player

PLAYER_NAMES = ("Ann", "Ben", "Cleo", "Dev", "Eve", "Finn", "Gus", "Hana", "Ivy", "Jack", "Kofi", "Lena")
SUITS = "SHDC"


def demo_hand(rng: random.Random, rules: Rules, players: tuple[str, str]) -> Hand:
    """One plausible hand: mostly knocks, some gins, the odd undercut and dead hand."""
    upcard = Card(rng.randint(1, 13), rng.choice(SUITS)) if rules.oklahoma else None
    roll = rng.random()
    if roll < 0.05:
        return Hand("dead", upcard=upcard)
    by = rng.choice(players)
    other = players[1] if by == players[0] else players[0]
    if rules.game != "gin":
        return _demo_counted_hand(rng, rules, players, by, roll)
    if rules.sequence_bonus:
        extra = {"bonus": rng.choice((0, 0, 0, 1, 3, 6, 9))}
    else:
        extra = {}
    limit = rules.knock_limit_for(upcard)
    if roll < 0.27 or limit == 0:
        end = "big_gin" if rng.random() < 0.08 else "gin"
        return Hand(end, by, {other: rng.randint(4, 48)}, upcard, **extra)
    knocker = rng.randint(1, limit)
    defender = min(98, max(0, round(rng.gauss(22, 11))))
    return Hand("knock", by, {by: knocker, other: defender}, upcard, **extra)


def _demo_counted_hand(rng: random.Random, rules: Rules, players: tuple[str, str], by: str, roll: float) -> Hand:
    """Skarney Gin (mostly gins, some with no contract) and Colonel (going out, the
    stock running out, the odd challenge): the counts of cards still held."""
    other = players[1] if by == players[0] else players[0]
    if roll < 0.7:
        if rules.game == "skarney":
            return Hand("gin", by, {other: rng.randint(5, 90)}, no_contract=rng.random() < 0.2)
        return Hand("out", by, {other: rng.randint(2, 60)})
    if roll < 0.85 or rules.game == "skarney":
        return Hand("stock_out", None, {p: rng.randint(0, 60) for p in players})
    return Hand("challenge", by, {by: rng.randint(0, 25), other: rng.randint(5, 60)})


def demo_record(rng: random.Random, *, preset: str, players: tuple[str, str], finished: bool,
                stake: Decimal | None = None, length: MatchLength = MatchLength()) -> MatchRecord:
    """A match under ``preset``: played to its end, or stopped part-way (still in play)."""
    rules = PRESETS[preset]
    first_dealer = rng.choice(players)
    scorer = MatchScorer(rules, players, first_dealer, length)
    hands: list[Hand] = []
    while not scorer.complete:
        hand = demo_hand(rng, rules, players)
        scorer.play(hand)
        hands.append(hand)
    if not finished:
        # Any first part of a legal match is a legal match still in play.
        hands = hands[: rng.randint(max(1, len(hands) // 4), len(hands) - 1)]
    return MatchRecord(rules, players, first_dealer, stake, tuple(hands), length)


# Matches: (preset, finished, length or None, stake); the players rotate round the club.
DEMO_MATCHES = (
    ("standard", True, None, "0.05"), ("standard", True, None, None), ("standard", False, None, "0.10"),
    ("standard", True, MatchLength("best_of", 3), None), ("standard", False, None, None),
    ("classic", True, None, "0.01"), ("classic", True, None, None), ("classic", False, None, None),
    ("oklahoma", True, None, "0.05"), ("oklahoma", True, None, None), ("oklahoma", False, None, None),
    ("fosdick", True, None, None), ("fosdick", False, None, None),
    ("sequence", True, None, "0.01"), ("sequence", False, None, None),
    ("skarney", True, None, None), ("skarney", False, None, None),
    ("colonel", True, MatchLength("best_of", 3), None), ("colonel", False, None, None),
    ("hollywood", True, None, None), ("hollywood", True, MatchLength("set"), "0.02"),
    ("hollywood", False, None, None),
)


def seed_accounts() -> dict:
    """The demo accounts, created or reset to the demo password."""
    User = get_user_model()
    users = {}
    for username, group in (("admin", None), ("director", DIRECTOR_GROUP), ("ann", None), ("ben", None)):
        user, _ = User.objects.get_or_create(username=username)
        user.is_superuser = user.is_staff = username == "admin"
        user.set_password(PASSWORD)
        user.save()
        if group:
            user.groups.add(Group.objects.get_or_create(name=group)[0])
        users[username] = user
    return users


def seed_players(users: dict) -> list[Player]:
    players = [player_get_or_create(name=name) for name in PLAYER_NAMES]
    for player in players:
        account = users.get(player.name.lower())
        if account is not None and player.user_id != account.pk:
            Player.objects.filter(user=account).exclude(pk=player.pk).update(user=None)
            player.user = account
            player.save(update_fields=["user"])
    return players


def seed_matches(rng: random.Random, players: list[Player], users: dict) -> list[Match]:
    """The demo matches, oldest first, spread over the last weeks; Ann and Ben have one in play."""
    now = timezone.now()
    matches = []
    count = len(DEMO_MATCHES)
    for i, (preset, finished, length, stake) in enumerate(DEMO_MATCHES):
        if i == count - 1:
            a, b = players[0], players[1]  # Ann v Ben, in play: the members can score it
        else:
            a, b = players[i % len(players)], players[(i * 5 + 1) % len(players)]
            if a == b:
                b = players[(i + 1) % len(players)]
        record = demo_record(rng, preset=preset, players=(a.name, b.name), finished=finished,
                             stake=Decimal(stake) if stake else None, length=length or MatchLength())
        creator = users["director"] if i % 3 else users["ann"]
        match = match_import(record=record, created_by=creator)
        started = now - timedelta(days=2 * (count - i), hours=rng.randint(0, 5))
        Match.objects.filter(pk=match.pk).update(
            created_at=started, finished_at=started + timedelta(hours=2) if finished else None)
        matches.append(match)
    ratings_moved()   # the finishing times, set here, order the ratings' replay
    return matches


def seed_tournaments(rng: random.Random, players: list[Player], users: dict) -> list:
    """A finished eight-player knockout and a Swiss evening in its second round, played
    through the real tournament services so brackets, rounds and standings have data."""
    from ginscore.tournaments import selectors, services
    from ginscore.tournaments.simulate import play_match

    names = [p.name for p in players]
    knockout = services.tournament_create(
        name=_("Autumn knockout"), format="single", length=MatchLength("best_of", 1), third_place=True,
        created_by=users["director"])
    services.entries_set(tournament=knockout, names=names[:8])
    services.tournament_start(tournament=knockout, shuffle_seed=1)
    while True:
        open_ids = selectors.open_match_ids(knockout)
        if not open_ids:
            break
        for match_id in open_ids:
            play_match(match_id, rng)
    swiss = services.tournament_create(
        name=_("Tuesday Swiss"), format="swiss", rounds=4, length=MatchLength("best_of", 1),
        created_by=users["director"])
    services.entries_set(tournament=swiss, names=names)
    services.tournament_start(tournament=swiss, shuffle_seed=2)
    for match_id in selectors.open_match_ids(swiss):  # round 1 complete: round 2 is paired
        play_match(match_id, rng)
    for match_id in selectors.open_match_ids(swiss)[:3]:  # three tables of round 2 done
        play_match(match_id, rng)
    return [knockout, swiss]


def seed_season_and_money() -> None:
    """The club plays for money (a newcomer sees the prize pools and the treasurer) and keeps a
    season around its two tournaments (the points race)."""
    from datetime import timedelta
    from decimal import Decimal

    from django.utils import timezone

    from ginscore.seasons.services import club_money_set, season_save

    club_money_set(money=True, unit=Decimal("1.00"), currency="€")
    today = timezone.localdate()
    season_save(name=_("Autumn season"), starts=today - timedelta(days=60), ends=today + timedelta(days=60),
                chosen=False, preset="linear", best=None, minimum=0)


def demo_loaded_text() -> str:
    """What a club starting its own (``GINSCORE_DEMO=0``) on the demo's database is told."""
    db = connection.settings_dict
    if connection.vendor == "sqlite":
        name = os.path.relpath(db["NAME"])
        name = str(db["NAME"]) if name.startswith("..") else name
        how = _("stop the site, move the demo's database aside (mv %(file)s demo.sqlite3) and start again: a new "
                "one opens on the first-run page.") % {"file": name}
    else:
        how = _("point DATABASE_URL at an empty database and start again: it opens on the first-run page.")
    return _("This database holds the demo club (its accounts %(accounts)s still open with the demo password), "
             "so the site opens on the demo, not on the first-run page. For your own club, %(how)s") % {
        "accounts": ", ".join(name for name, _role in demo_accounts()), "how": how}


class Command(ClubCommand):
    help = "Creates the demo club: accounts, a dozen players and matches in every preset."

    def add_arguments(self, parser):
        parser.add_argument("--if-empty", action="store_true",
                            help="do nothing unless the database is empty (no account, player or match)")
        parser.add_argument("--say-if-loaded", action="store_true",
                            help="add nothing; say how to start on an empty database if this one holds the "
                                 "demo club (GINSCORE_DEMO=0 scripts/run.sh asks it)")

    def handle(self, *args, if_empty, say_if_loaded=False, **options):
        if say_if_loaded:
            if demo_accounts():
                self.stdout.write(demo_loaded_text())
            return
        if if_empty and (get_user_model().objects.exists() or Player.objects.exists() or Match.objects.exists()):
            # Never add the demo accounts (a known password) to a club that has begun.
            self.stdout.write(_("The club has accounts or players already; no demo data added."))
            return
        with transaction.atomic():
            users = seed_accounts()
            players = seed_players(users)
            matches = seed_matches(random.Random(2026), players, users)
            tournaments = seed_tournaments(random.Random(7), players, users)
            seed_season_and_money()
        finished = sum(m.complete for m in matches)
        self.stdout.write(
            _("Demo club ready: %(players)s players, %(matches)s matches (%(finished)s finished, "
              "%(in_play)s in play), %(tournaments)s tournaments.")
            % {"players": len(players), "matches": len(matches), "finished": finished,
               "in_play": len(matches) - finished, "tournaments": len(tournaments)}
            + "\n" + _('Accounts (password "%(password)s"): admin, director, ann, ben.') % {"password": PASSWORD})
