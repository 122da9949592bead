"""Tournaments: entries, and one row per place in a bracket or pairing in a round.

The structure (who meets whom, what advances where) is computed by
``ginscore.engine.tournament``; these models only keep it. Each row that two
players actually play is linked to an ordinary ``matches.Match`` (same score
pad, same table link); ``services.tournament_match_follow`` advances the
event when that match finishes.
"""
from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from ginscore.engine.tournament import DEFAULT_TIEBREAKS
from ginscore.matches.models import LENGTH_CHOICES, PRESET_CHOICES
from ginscore.players.names import NAME_MAX

FORMAT_CHOICES = [
    ("single", _("Single elimination")),
    ("double", _("Double elimination")),
    ("roundrobin", _("Round robin")),
    ("swiss", _("Swiss")),
    ("two_stage", _("Two stages: Swiss or groups, then a knockout")),
]
BRACKET_FORMATS = ("single", "double")
FIRST_STAGE_CHOICES = [("swiss", _("Swiss")), ("roundrobin", _("Round-robin groups"))]
SEEDING_CHOICES = [("manual", _("As listed")), ("random", _("Random draw")),
                   ("record", _("By record (match wins at the club)"))]
TIME_RULE_CHOICES = [("match", _("on the match score (then the game in play)")),
                     ("game", _("on the game in play's score (then the match score)"))]
STATUS_SETUP, STATUS_RUNNING, STATUS_FINISHED = "setup", "running", "finished"
STATUS_CHOICES = [(STATUS_SETUP, _("Setting up")), (STATUS_RUNNING, _("Running")), (STATUS_FINISHED, _("Finished"))]
OUTCOME_CHOICES = [("played", pgettext_lazy("outcome", "played")), ("forfeit", pgettext_lazy("outcome", "forfeit")),
                   ("withdrawal", pgettext_lazy("outcome", "withdrawal")), ("bye", pgettext_lazy("outcome", "bye")),
                   ("void", pgettext_lazy("outcome", "no match"))]
SECTION_CHOICES = [("winners", _("Winners' bracket")), ("losers", _("Losers' bracket")), ("third", _("Third place")),
                   ("final", _("Grand final")), ("round", _("Round"))]


def default_tiebreaks() -> list[str]:
    return list(DEFAULT_TIEBREAKS)


class Tournament(models.Model):
    name = models.CharField(max_length=100)
    format = models.CharField(max_length=12, choices=FORMAT_CHOICES, default="swiss")
    # Format options.
    third_place = models.BooleanField(default=False, help_text="Single elimination: a match for third place.")
    double_round = models.BooleanField("double round robin", default=False,
                                       help_text="Round robin: everyone meets twice.")
    groups = models.PositiveSmallIntegerField(default=1, help_text="Round robin: the number of groups.")
    rounds = models.PositiveSmallIntegerField(null=True, blank=True,
                                              help_text="Swiss: the number of rounds (blank: enough for a winner).")
    first_stage = models.CharField(max_length=12, choices=FIRST_STAGE_CHOICES, default="swiss",
                                   help_text="Two stages: how the first stage is played.")
    playoff_size = models.PositiveSmallIntegerField(default=8, help_text="Two stages: how many go to the knockout.")
    # What one tournament match is.
    preset = models.CharField(max_length=20, choices=PRESET_CHOICES, default="standard")
    rule_overrides = models.JSONField(default=dict, blank=True)
    length_kind = models.CharField(max_length=10, choices=LENGTH_CHOICES, default="target")
    length_games = models.PositiveSmallIntegerField(null=True, blank=True)
    seeding = models.CharField(max_length=10, choices=SEEDING_CHOICES, default="manual")
    tiebreaks = models.JSONField(default=default_tiebreaks, help_text="Tiebreak order, first to last.")
    tables = models.PositiveSmallIntegerField(null=True, blank=True, help_text="Tables in the room (blank: enough).")
    status = models.CharField(max_length=10, choices=STATUS_CHOICES, default=STATUS_SETUP, db_index=True)
    stage = models.PositiveSmallIntegerField(default=1, help_text="Two stages: the stage being played.")
    champion = models.ForeignKey("players.Player", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    champion_entry = models.ForeignKey("Entry", null=True, blank=True, on_delete=models.SET_NULL, related_name="+",
                                       help_text="The winning entry (a doubles event: the team).")
    doubles = models.BooleanField(default=False, help_text="Entries are teams of two; every match is a "
                                                           "partnership match (two tables a deal).")
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    # The round clock: one round of play timed at once. When time is called, each unfinished
    # match finishes the hand in play and is then decided at time under ``time_rule``.
    time_rule = models.CharField(max_length=6, choices=TIME_RULE_CHOICES, default="match",
                                 help_text="When time is called, an unfinished match is decided...")
    round_minutes = models.PositiveSmallIntegerField(null=True, blank=True,
                                                     help_text="The usual time limit of a round, in minutes.")
    clock_stage = models.PositiveSmallIntegerField(null=True, blank=True)
    clock_round = models.PositiveSmallIntegerField(null=True, blank=True, help_text="The round of play being timed.")
    clock_deadline = models.DateTimeField(null=True, blank=True)
    clock_called = models.DateTimeField(null=True, blank=True, help_text="When time was called (null: not yet).")
    check_in = models.BooleanField(default=False, help_text="Players check in before each Swiss round; the next "
                                                            "round is paired from the desk with those present.")
    entry_fee = models.DecimalField(max_digits=8, decimal_places=2, null=True, blank=True,
                                    help_text="Recorded as paid or owed at check-in.")
    agree = models.BooleanField("both players agree", default=False,
                                help_text="A hand entered at a table counts once the other player confirms it.")
    announcement = models.CharField(max_length=200, blank=True,
                                    help_text="The director's line on the board (the room's screen).")
    # Sign-up before the night (the event in set-up): members enter themselves from the event's page.
    sign_up = models.BooleanField("open for sign-up", default=False,
                                  help_text="Members sign themselves up from the event's page until the start.")
    sign_up_cap = models.PositiveSmallIntegerField("places", null=True, blank=True,
                                                   help_text="At most this many entries; the next wait in order.")
    sign_up_closes = models.DateTimeField("sign-up closes", null=True, blank=True)
    revision = models.PositiveIntegerField(default=0, help_text="Counts the writes to the event and its matches "
                                                                "(the live pages' ETag).")
    results_revision = models.PositiveIntegerField(
        default=0, help_text="Counts the writes that can change the standings: every write but a hand in a match "
                             "still in play (the standings page's ETag).")

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("tournaments:detail", args=[self.pk])

    @property
    def champion_name(self) -> str:
        """The champion: a player, or a doubles event's team."""
        if self.champion_entry_id is not None and self.champion_entry is not None:
            return self.champion_entry.name
        return self.champion.name if self.champion is not None else ""

    @property
    def is_bracket(self) -> bool:
        return self.format in BRACKET_FORMATS or (self.format == "two_stage" and self.stage == 2)

    @property
    def has_bracket(self) -> bool:
        return self.format in BRACKET_FORMATS or self.format == "two_stage"


def entry_name(player: str, partner: str | None, team_name: str = "") -> str:
    """An entry's name from its players' names: the player's, or the team's ("Ann & Cat" when it
    has no name of its own)."""
    if partner is None:
        return player
    return team_name or f"{player} & {partner}"


class Entry(models.Model):
    """One entrant: a player, or in a doubles event a team of two (``player`` and ``partner``)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    player = models.ForeignKey("players.Player", on_delete=models.PROTECT, related_name="entries")
    partner = models.ForeignKey("players.Player", null=True, blank=True, on_delete=models.PROTECT,
                                related_name="partner_entries", help_text="A doubles event: the team's second player.")
    team_name = models.CharField(max_length=NAME_MAX, blank=True, help_text='A doubles event: blank for "Ann & Cat".')
    seed = models.PositiveIntegerField(default=0)
    group = models.PositiveSmallIntegerField(null=True, blank=True)
    withdrawn = models.BooleanField(default=False)
    late = models.BooleanField(default=False, help_text="Joined a Swiss event after it started.")
    checked_in_round = models.PositiveSmallIntegerField(null=True, blank=True,
                                                        help_text="The round of play the player checked in for.")
    fee_paid = models.BooleanField(default=False, help_text="The entry fee is paid (else owed).")

    class Meta:
        ordering = ["tournament", "seed", "id"]
        constraints = [models.UniqueConstraint(fields=["tournament", "player"], name="entry_once_per_tournament")]

    def __str__(self) -> str:
        return self.name

    @property
    def name(self) -> str:
        """The player's name, or the team's ("Ann & Cat" when it has no name of its own)."""
        return entry_name(self.player.name, None if self.partner_id is None else self.partner.name, self.team_name)

    @property
    def players(self) -> tuple:
        return (self.player,) if self.partner_id is None else (self.player, self.partner)


class SignUp(models.Model):
    """A member's sign-up before the night (``player``, with ``partner`` in a doubles event), in
    the order they came (``at``). Within the event's cap it holds a place, past it it waits; the
    director accepts it (it becomes an ``Entry``) or removes it. ``by``: the account that signed
    up (null: the director's copy of last week's entries, to confirm)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="sign_ups")
    player = models.ForeignKey("players.Player", on_delete=models.CASCADE, related_name="+")
    partner = models.ForeignKey("players.Player", null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    team_name = models.CharField(max_length=NAME_MAX, blank=True)
    at = models.DateTimeField(default=timezone.now, db_index=True)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                           related_name="+")

    class Meta:
        ordering = ["tournament", "at", "id"]
        constraints = [models.UniqueConstraint(fields=["tournament", "player"], name="sign_up_once_per_tournament")]

    def __str__(self) -> str:
        return self.name

    @property
    def name(self) -> str:
        return entry_name(self.player.name, None if self.partner_id is None else self.partner.name, self.team_name)


class PairingWish(models.Model):
    """A director's pairing wish: ``player`` and ``other`` must not meet (a couple, a parent and
    child), or ``player`` keeps ``table`` all night (a player who cannot move about). Kept by
    player, not entry, so it holds before the entries are made and in next week's copy."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="wishes")
    player = models.ForeignKey("players.Player", on_delete=models.CASCADE, related_name="+")
    other = models.ForeignKey("players.Player", null=True, blank=True, on_delete=models.CASCADE, related_name="+",
                              help_text="Must not meet this player (else: keeps the table).")
    table = models.PositiveSmallIntegerField(null=True, blank=True, help_text="Keeps this table all night.")

    class Meta:
        ordering = ["tournament", "id"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "player", "other"], name="wish_apart_once"),
            models.UniqueConstraint(fields=["tournament", "player"], condition=models.Q(table__isnull=False),
                                    name="wish_one_table_a_player"),
            models.CheckConstraint(condition=models.Q(other__isnull=True) ^ models.Q(table__isnull=True),
                                   name="wish_apart_or_table"),
        ]


class TournamentMatch(models.Model):
    """A place in a bracket (``key`` "W1-3", "L2-1", "GF1", "3P") or a pairing
    in a round ("R3-5"); a bye has one entry and no match."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="tmatches")
    stage = models.PositiveSmallIntegerField(default=1)
    key = models.CharField(max_length=12)
    section = models.CharField(max_length=8, choices=SECTION_CHOICES, default="round")
    round = models.PositiveSmallIntegerField(help_text="The round within its section.")
    number = models.PositiveSmallIntegerField()
    play_round = models.PositiveSmallIntegerField(db_index=True, help_text="The round of play (round pages).")
    group = models.PositiveSmallIntegerField(null=True, blank=True)
    table = models.PositiveSmallIntegerField(null=True, blank=True)
    source_a = models.CharField(max_length=20, blank=True)
    source_b = models.CharField(max_length=20, blank=True)
    entry_a = models.ForeignKey(Entry, null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    entry_b = models.ForeignKey(Entry, null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    filled_a = models.BooleanField(default=False)
    filled_b = models.BooleanField(default=False)
    winner = models.ForeignKey(Entry, null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    outcome = models.CharField(max_length=10, choices=OUTCOME_CHOICES, blank=True)
    reset = models.BooleanField(default=False)
    match = models.OneToOneField("matches.Match", null=True, blank=True, on_delete=models.SET_NULL,
                                 related_name="tournament_match")
    points_a = models.IntegerField(default=0)
    points_b = models.IntegerField(default=0)
    time_hands = models.PositiveIntegerField(null=True, blank=True,
                                             help_text="Hands finished when time was called (null: not called).")
    at_time = models.BooleanField(default=False, help_text="The result was decided at time.")

    class Meta:
        ordering = ["tournament", "stage", "play_round", "table", "id"]
        constraints = [models.UniqueConstraint(fields=["tournament", "stage", "key"], name="tmatch_key_unique")]

    def __str__(self) -> str:
        return f"{self.tournament} {self.key}"

    @property
    def entries(self):
        return [e for e in (self.entry_a, self.entry_b) if e is not None]

    @property
    def sides(self):
        """(entry, known) for both places: known with no entry is a bye."""
        return [(self.entry_a, self.filled_a), (self.entry_b, self.filled_b)]

    @property
    def bye(self) -> bool:
        return self.outcome == "bye"

    @property
    def label(self) -> str:
        if self.section == "final":
            return gettext("Grand final (replay)") if self.reset else gettext("Grand final")
        if self.section == "third":
            return gettext("Third place")
        if self.section == "round":
            if self.group:
                return gettext("Round %(round)s, group %(group)s") % {"round": self.round, "group": self.group}
            return gettext("Round %(round)s") % {"round": self.round}
        if self.section == "winners":
            return gettext("Winners round %(round)s") % {"round": self.round}
        return gettext("Losers round %(round)s") % {"round": self.round}
