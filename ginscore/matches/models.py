"""Matches and their hands. The hands are the truth.

Every total (score, winner, games won, gins...) on ``Match`` is a cache
rebuilt by ``ginscore.matches.services`` from the hands through the engine on
every write; pages read the engine's result, never these caches. The caches
exist so lists can filter and sort without scoring every match.
"""
from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q

from ginscore.engine import PRESETS

SIDES = [("a", "player A"), ("b", "player B")]
PRESET_CHOICES = [(name, name.capitalize()) for name in PRESETS]
LENGTH_CHOICES = [("target", "to the match target"), ("best_of", "best of K games"), ("set", "one set")]
END_CHOICES = [("knock", "knock"), ("gin", "gin"), ("big_gin", "big gin"), ("dead", "dead hand"),
               ("out", "went out"), ("stock_out", "stock ran out"), ("challenge", "challenge")]
VIA_ACCOUNT = "account"
VIA_TABLE_LINK = "table_link"
VIA_CHOICES = [(VIA_ACCOUNT, "account"), (VIA_TABLE_LINK, "table link")]


def new_table_token() -> str:
    return secrets.token_urlsafe(24)


class MatchQuerySet(models.QuerySet):
    def in_play(self):
        return self.filter(complete=False)

    def finished(self):
        return self.filter(complete=True)

    def for_player(self, player):
        return self.filter(Q(player_a=player) | Q(player_b=player))

    def with_players(self):
        return self.select_related("player_a", "player_b", "winner")


class Match(models.Model):
    player_a = models.ForeignKey("players.Player", on_delete=models.PROTECT, related_name="matches_as_a")
    player_b = models.ForeignKey("players.Player", on_delete=models.PROTECT, related_name="matches_as_b")
    preset = models.CharField(max_length=20, choices=PRESET_CHOICES, default="standard")
    rule_overrides = models.JSONField(default=dict, blank=True,
                                      help_text="Rule values that differ from the preset (frozen with the match).")
    rules = models.JSONField(default=dict, blank=True, help_text="Every rule, resolved (frozen with the match).")
    length_kind = models.CharField(max_length=10, choices=LENGTH_CHOICES, default="target")
    length_games = models.PositiveSmallIntegerField(null=True, blank=True, help_text="K, for best of K games.")
    stake = models.DecimalField(max_digits=12, decimal_places=4, null=True, blank=True,
                                help_text="Money per point, for the settlement.")
    first_dealer = models.CharField(max_length=1, choices=SIDES, default="a")
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="matches_created")
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    updated_at = models.DateTimeField(auto_now=True)
    table_token = models.CharField(max_length=64, unique=True, default=new_table_token, editable=False)
    revision = models.PositiveIntegerField(default=0, help_text="Counts the writes to the hands (edit conflicts).")

    # Caches, rebuilt from the hands on every write (ginscore.matches.services.match_refresh).
    complete = models.BooleanField(default=False, db_index=True)
    winner = models.ForeignKey("players.Player", null=True, blank=True, on_delete=models.PROTECT,
                               related_name="matches_won")
    score_a = models.IntegerField(default=0)
    score_b = models.IntegerField(default=0)
    games_a = models.PositiveIntegerField(default=0, help_text="Games won by player A.")
    games_b = models.PositiveIntegerField(default=0, help_text="Games won by player B.")
    gins_a = models.PositiveIntegerField(default=0, help_text="Gins and big gins by player A.")
    gins_b = models.PositiveIntegerField(default=0)
    undercuts_a = models.PositiveIntegerField(default=0, help_text="Undercuts won by player A.")
    undercuts_b = models.PositiveIntegerField(default=0)
    hand_count = models.PositiveIntegerField(default=0)
    # The game in play (none once the match is over): its number and running points; in
    # Hollywood ``game_columns`` holds every open column as [game number, points A, points B].
    game_number = models.PositiveIntegerField(null=True, blank=True, help_text="The game in play.")
    game_a = models.IntegerField(default=0, help_text="Player A's points in the game in play.")
    game_b = models.IntegerField(default=0, help_text="Player B's points in the game in play.")
    game_columns = models.JSONField(default=list, blank=True,
                                    help_text="The open games of the set: [game, points A, points B].")
    finished_at = models.DateTimeField(null=True, blank=True, db_index=True)

    objects = MatchQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name_plural = "matches"
        constraints = [
            models.CheckConstraint(condition=~Q(player_a=models.F("player_b")), name="match_two_players"),
        ]

    def __str__(self) -> str:
        return f"#{self.pk} {self.player_a} v {self.player_b}"

    def player(self, side: str):
        return self.player_a if side == "a" else self.player_b

    @property
    def players(self):
        return (self.player_a, self.player_b)

    @property
    def game_score_text(self) -> str:
        """The running score of the game in play, for lists: "97–109 (game 3)"; in Hollywood
        every open column: "G4 12–30 · G5 0–30 · G6 0–0"; "" once the match is over."""
        if self.complete or self.game_number is None:
            return ""
        columns = self.game_columns or []
        if len(columns) > 1:
            return " · ".join(f"G{n} {a}–{b}" for n, a, b in columns)
        return f"{self.game_a}–{self.game_b} (game {self.game_number})"

    @property
    def settlement_points(self) -> int:
        return abs(self.score_a - self.score_b) if self.complete else 0


class Hand(models.Model):
    """One hand as entered at the table. ``by`` is the side that ended it
    (knocked, went gin or out, challenged); empty for a dead hand and a stock
    that ran out. Deadwood for a gin (or out) is the defender's only; for a
    challenge the challenger's count is ``knocker_deadwood``; a stock-out, which
    names no one, keeps player A's count in ``knocker_deadwood`` and player B's
    in ``defender_deadwood``. ``cards``/``melds`` hold card-entered hands keyed by side."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveIntegerField()
    end = models.CharField(max_length=10, choices=END_CHOICES)
    by = models.CharField(max_length=1, choices=SIDES, blank=True)
    knocker_deadwood = models.PositiveSmallIntegerField(null=True, blank=True)
    defender_deadwood = models.PositiveSmallIntegerField(null=True, blank=True,
                                                         help_text="After laying off.")
    bonus = models.PositiveSmallIntegerField(null=True, blank=True,
                                             help_text="Sequence Gin: the winner's bonus, when entered as a number.")
    no_contract = models.BooleanField(default=False,
                                      help_text="Skarney Gin: the other had not laid down the contract meld.")
    upcard = models.CharField(max_length=3, blank=True)
    cards = models.JSONField(null=True, blank=True)
    melds = models.JSONField(null=True, blank=True)
    entered_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="+")
    entered_via = models.CharField(max_length=12, choices=VIA_CHOICES, default=VIA_ACCOUNT)
    entry_key = models.UUIDField(null=True, blank=True, editable=False,
                                 help_text="Made by the phone that entered the hand: a resend of it is this hand "
                                           "again, never a second one (hands queued through a network drop).")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["match", "number"]
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="hand_number_unique_in_match"),
            models.UniqueConstraint(fields=["match", "entry_key"], name="hand_entry_key_unique_in_match"),
        ]

    def __str__(self) -> str:
        return f"match {self.match_id} hand {self.number}: {self.get_end_display()}"


ACTION_CHOICES = [("added", "added"), ("edited", "edited"), ("deleted", "deleted"), ("undone", "undone")]


class HandChange(models.Model):
    """The history of a match's hands: who changed which hand, when, from what to what.
    ``before``/``after`` are the hand as the record writes it (player names), or null."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="changes")
    hand_number = models.PositiveIntegerField()
    action = models.CharField(max_length=10, choices=ACTION_CHOICES)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    who = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                            related_name="+")
    via = models.CharField(max_length=12, choices=VIA_CHOICES, default=VIA_ACCOUNT)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"match {self.match_id} hand {self.hand_number} {self.action}"

    @property
    def who_text(self) -> str:
        if self.via == VIA_TABLE_LINK:
            return "table link"
        return self.who.get_username() if self.who else "(deleted account)"
