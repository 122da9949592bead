"""Next week's event in one tap: a new event in set-up from an old one, with its format, rules,
match length, tiebreaks, tables, clock, check-in, entry fee and prize rules, sign-up settings and
pairing wishes; optionally its entries, as sign-ups the director confirms at the desk; never
its results."""
from __future__ import annotations

from datetime import timedelta

from django.apps import apps
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from ginscore.tournaments.models import STATUS_SETUP, SignUp, Tournament
from ginscore.tournaments.services.locks import TournamentRefused
from ginscore.tournaments.services.wishes import wishes_copy

# What a copy keeps of the event (everything a director sets; nothing the night wrote).
COPIED = ("format", "third_place", "double_round", "groups", "rounds", "first_stage", "playoff_size", "preset",
          "rule_overrides", "length_kind", "length_games", "seeding", "tiebreaks", "tables", "doubles", "time_rule",
          "round_minutes", "check_in", "entry_fee", "agree", "sign_up", "sign_up_cap")
PRIZE_COPIED = ("added", "house_fixed", "house_percent", "preset", "split", "unit")
WEEK = timedelta(days=7)


def _next_closing(closes, now):
    """The old closing time moved on by whole weeks until it is ahead (None stays None)."""
    if closes is None:
        return None
    while closes <= now:
        closes += WEEK
    return closes


def tournament_copy(*, tournament: Tournament, name: str = "", entries: bool = False,
                    created_by=None) -> Tournament:
    """A new event in set-up from ``tournament`` (``name``: blank for the same name). ``entries``:
    its entries still in at the end become sign-ups to confirm, in seed order."""
    name = " ".join((name or tournament.name).split())
    if not name:
        raise TournamentRefused("name: " + gettext("a tournament needs a name."))
    if len(name) > Tournament._meta.get_field("name").max_length:
        raise TournamentRefused("name: " + gettext("at most %(most)s characters (this one has %(count)s).")
                                % {"most": Tournament._meta.get_field("name").max_length, "count": len(name)})
    with transaction.atomic():
        old = Tournament.objects.get(pk=tournament.pk)
        new = Tournament(name=name, created_by=created_by, status=STATUS_SETUP,
                         sign_up_closes=_next_closing(old.sign_up_closes, timezone.now()),
                         **{field: getattr(old, field) for field in COPIED})
        new.save()
        Prize = apps.get_model("seasons", "Prize")   # (the seasons app builds on this one, not the other way)
        prize = Prize.objects.filter(tournament=old).first()
        if prize is not None:
            Prize.objects.create(tournament=new, **{field: getattr(prize, field) for field in PRIZE_COPIED})
        wishes_copy(source=old, target=new)
        if entries:
            now = timezone.now()
            SignUp.objects.bulk_create(
                SignUp(tournament=new, player_id=e.player_id, partner_id=e.partner_id, team_name=e.team_name,
                       at=now + timedelta(microseconds=i))
                for i, e in enumerate(old.entries.filter(withdrawn=False).order_by("seed", "id")))
    return new
