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
from django.utils.translation import gettext as _
from django.utils.translation import pgettext, pgettext_lazy

from ginscore.club.prepared import Prepared
from ginscore.engine import PRESETS
from ginscore.players.names import NAME_MAX

SIDES = [("a", "player A"), ("b", "player B")]
# Seats by letter. Two players: a, b. Three: a, b, c (the dealer sits each hand out). A
# partnership: team A is (a, c), team B is (b, d); deal 1 is a v b at table 1 and c v d at
# table 2, deal 2 is a v d and c v b (they alternate, as the spec says).
SEATS = SIDES + [("c", "player C"), ("d", "player D")]
TABLE_CHOICES = [(1, "table 1"), (2, "table 2")]
KIND_TWO, KIND_THREE, KIND_PARTNERSHIP = "two", "three", "partnership"
# Each preset's short name for players (the match list, the rules line), in the reader's language.
PRESET_LABELS = {"standard": pgettext_lazy("preset", "Standard"), "classic": pgettext_lazy("preset", "Classic"),
                 "oklahoma": pgettext_lazy("preset", "Oklahoma"), "hollywood": pgettext_lazy("preset", "Hollywood"),
                 "fosdick": pgettext_lazy("preset", "Fosdick"), "sequence": pgettext_lazy("preset", "Sequence"),
                 "skarney": pgettext_lazy("preset", "Skarney"), "colonel": pgettext_lazy("preset", "Colonel"),
                 "partnership": pgettext_lazy("preset", "Partnership")}
PRESET_CHOICES = [(name, PRESET_LABELS.get(name, name.capitalize())) for name in PRESETS]
LENGTH_CHOICES = [("target", "to the match target"), ("best_of", "best of K games"), ("set", "one set")]
END_CHOICES = [("knock", pgettext_lazy("a hand's end", "knock")), ("gin", pgettext_lazy("a hand's end", "gin")),
               ("big_gin", pgettext_lazy("a hand's end", "big gin")),
               ("dead", pgettext_lazy("a hand's end", "dead hand")), ("out", pgettext_lazy("a hand's end", "went out")),
               ("stock_out", pgettext_lazy("a hand's end", "stock ran out")),
               ("challenge", pgettext_lazy("a hand's end", "challenge"))]
VIA_ACCOUNT = "account"
VIA_TABLE_LINK = "table_link"
VIA_CHOICES = [(VIA_ACCOUNT, "account"), (VIA_TABLE_LINK, "table link")]
# A confirmation proves who answers: their account, or their own seat code or personal link
# (ginscore.matches.seats); the table link alone never confirms.
VIA_SEAT_CODE, VIA_SEAT_LINK = "seat_code", "seat_link"
CHANGE_VIA_CHOICES = VIA_CHOICES + [(VIA_SEAT_CODE, "own code"), (VIA_SEAT_LINK, "own link")]
# Both players agree (a tournament's option): a hand a player enters waits for the other's word.
AGREED, AWAITING, DISPUTED = "", "awaiting", "disputed"
AGREEMENT_CHOICES = [(AGREED, "counts"), (AWAITING, "awaiting the other player's confirmation"),
                     (DISPUTED, "disputed (the director settles it)")]


# A tournament place decided so is not rated, whatever its match holds.
UNRATED_OUTCOMES = ("bye", "forfeit", "withdrawal", "void")


def new_table_token() -> str:
    return secrets.token_urlsafe(24)


class MatchQuerySet(models.QuerySet):
    def in_play(self):
        return self.filter(complete=False)

    def finished(self):
        return self.filter(complete=True)

    def for_player(self, player):
        return self.filter(Q(player_a=player) | Q(player_b=player) | Q(player_c=player) | Q(player_d=player))

    def with_players(self):
        return self.select_related("player_a", "player_b", "player_c", "player_d", "winner")

    def rated(self):
        """The finished matches the club rating counts (``ginscore.ratings``): not a friendly,
        and not a tournament place decided without play (bye, forfeit, withdrawal)."""
        return self.filter(complete=True, rated=True).exclude(tournament_match__outcome__in=UNRATED_OUTCOMES)


class Match(models.Model):
    player_a = models.ForeignKey("players.Player", on_delete=models.PROTECT, related_name="matches_as_a")
    player_b = models.ForeignKey("players.Player", on_delete=models.PROTECT, related_name="matches_as_b")
    player_c = models.ForeignKey("players.Player", null=True, blank=True, on_delete=models.PROTECT,
                                 related_name="matches_as_c",
                                 help_text="Three players: the third. A partnership: player A's partner.")
    player_d = models.ForeignKey("players.Player", null=True, blank=True, on_delete=models.PROTECT,
                                 related_name="matches_as_d", help_text="A partnership: player B's partner.")
    team_a_name = models.CharField(max_length=NAME_MAX, blank=True, help_text="A partnership: A and C's team name.")
    team_b_name = models.CharField(max_length=NAME_MAX, blank=True, help_text="A partnership: B and D's team name.")
    preset = models.CharField(max_length=20, choices=PRESET_CHOICES, default="standard")
    rule_overrides = models.JSONField(default=dict, blank=True,
                                      help_text="Rule values that differ from the preset (frozen with the match).")
    rules = models.JSONField(default=dict, blank=True, help_text="Every rule, resolved (frozen with the match).")
    length_kind = models.CharField(max_length=10, choices=LENGTH_CHOICES, default="target")
    length_games = models.PositiveSmallIntegerField(null=True, blank=True, help_text="K, for best of K games.")
    stake = models.DecimalField(max_digits=12, decimal_places=4, null=True, blank=True,
                                help_text="Money per point, for the settlement.")
    first_dealer = models.CharField(max_length=1, choices=SEATS[:3], default="a",
                                    help_text="Who deals hand 1 (not kept for a partnership).")
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="matches_created")
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    updated_at = models.DateTimeField(auto_now=True)
    table_token = models.CharField(max_length=64, unique=True, default=new_table_token, editable=False)
    revision = models.PositiveIntegerField(default=0, help_text="Counts the writes to the hands (edit conflicts).")
    rated = models.BooleanField(default=True, help_text="Counts for the club rating (False: a friendly).")
    rating_asked = models.BooleanField(
        default=False, help_text="Imported by one of its two players as rated: a friendly until the other player "
                                 "agrees (or a director makes it rated).")

    # Caches, rebuilt from the hands on every write (ginscore.matches.services.match_refresh).
    complete = models.BooleanField(default=False, db_index=True)
    winner = models.ForeignKey("players.Player", null=True, blank=True, on_delete=models.PROTECT,
                               related_name="matches_won")
    score_a = models.IntegerField(default=0)
    score_b = models.IntegerField(default=0)
    score_c = models.IntegerField(default=0, help_text="Three players: player C's match score.")
    games_a = models.PositiveIntegerField(default=0, help_text="Games won by player A (team A).")
    games_b = models.PositiveIntegerField(default=0, help_text="Games won by player B (team B).")
    games_c = models.PositiveIntegerField(default=0, help_text="Three players: games won by player C.")
    gins_a = models.PositiveIntegerField(default=0, help_text="Gins and big gins by player A (team A).")
    gins_b = models.PositiveIntegerField(default=0)
    gins_c = models.PositiveIntegerField(default=0)
    undercuts_a = models.PositiveIntegerField(default=0, help_text="Undercuts won by player A (team A).")
    undercuts_b = models.PositiveIntegerField(default=0)
    undercuts_c = models.PositiveIntegerField(default=0)
    hand_count = models.PositiveIntegerField(default=0)
    # The game in play (none once the match is over): its number and running points; in
    # Hollywood ``game_columns`` holds every open column as [game number, points A, points B].
    game_number = models.PositiveIntegerField(null=True, blank=True, help_text="The game in play.")
    game_a = models.IntegerField(default=0, help_text="Player A's points in the game in play.")
    game_b = models.IntegerField(default=0, help_text="Player B's points in the game in play.")
    game_c = models.IntegerField(default=0, help_text="Three players: player C's points in the game in play.")
    game_columns = models.JSONField(default=list, blank=True,
                                    help_text="The open games of the set: [game, points A, points B].")
    finished_at = models.DateTimeField(null=True, blank=True, db_index=True)
    tallies = models.JSONField(default=dict, blank=True,
                               help_text="Hands, wins, gins, undercuts by seat and by pair of seats, and each "
                                         "pair's net (ginscore.matches.tallies), for the players' pages.")

    objects = MatchQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name_plural = "matches"
        constraints = [
            models.CheckConstraint(condition=~Q(player_a=models.F("player_b")), name="match_two_players"),
            models.CheckConstraint(
                condition=Q(player_c__isnull=True) | (~Q(player_c=models.F("player_a")) & ~Q(player_c=models.F("player_b"))),
                name="match_third_player_distinct"),
            models.CheckConstraint(
                condition=Q(player_d__isnull=True) | (Q(player_c__isnull=False) & ~Q(player_d=models.F("player_a"))
                                                      & ~Q(player_d=models.F("player_b"))
                                                      & ~Q(player_d=models.F("player_c"))),
                name="match_fourth_player_distinct"),
        ]

    def __str__(self) -> str:
        if self.kind == KIND_PARTNERSHIP:
            return f"#{self.pk} " + _(" v ").join(self.team_names)
        return f"#{self.pk} " + _(" v ").join(str(p) for p in self.seats)

    @property
    def kind(self) -> str:
        """"two", "three" or "partnership" (four players in two teams)."""
        if self.player_d_id is not None:
            return KIND_PARTNERSHIP
        return KIND_THREE if self.player_c_id is not None else KIND_TWO

    @property
    def seats(self) -> tuple:
        """The players in seat order (a, b[, c[, d]])."""
        return tuple(p for p in (self.player_a, self.player_b, self.player_c, self.player_d) if p is not None)

    @property
    def seat_letters(self) -> str:
        return "abcd"[:len(self.seats)]

    def player(self, seat: str):
        return {"a": self.player_a, "b": self.player_b, "c": self.player_c, "d": self.player_d}[seat]

    @property
    def team_names(self) -> tuple[str, str]:
        """A partnership's two team names ("Ann & Cat" when none was given)."""
        return (self.team_a_name or f"{self.player_a} & {self.player_c}",
                self.team_b_name or f"{self.player_b} & {self.player_d}")

    @property
    def side_names(self) -> tuple[str, ...]:
        """Whom the games and the match score: the players, or a partnership's teams."""
        if self.kind == KIND_PARTNERSHIP:
            return self.team_names
        return tuple(p.name for p in self.seats)

    @property
    def game_score_text(self) -> str:
        """The running score of the game in play, for lists: "97–109 (game 3)"; in Hollywood
        every open column: "G4 12–30 · G5 0–30 · G6 0–0"; "" once the match is over."""
        if self.complete or self.game_number is None:
            return ""
        columns = self.game_columns or []
        if len(columns) > 1:
            return " · ".join(pgettext("game, short", "G%(n)s") % {"n": n} + " " + "–".join(str(p) for p in points)
                              for n, *points in columns)
        return _("%(score)s (game %(n)s)") % {"score": self._by_side("game"), "n": self.game_number}

    @property
    def title(self) -> str:
        """"Ann v Ben", "Ann v Ben v Cat", or a partnership's "North v South", for lists."""
        return _(" v ").join(self.side_names)

    @property
    def winner_text(self) -> str:
        """Who won: the player, or a partnership's team (its winner is kept as the team's first player)."""
        if self.winner_id is None:
            return ""
        if self.kind == KIND_PARTNERSHIP:
            return self.team_names[0 if self.winner_id == self.player_a_id else 1]
        return str(self.winner)

    @property
    def score_text(self) -> str:
        """The match score by side, for lists: "41–0–615" with three players."""
        return self._by_side("score")

    @property
    def games_text(self) -> str:
        return self._by_side("games")

    def _by_side(self, field: str) -> str:
        """A cache by side, "41–0–615": ``field``'s _a, _b (and _c with three players) values."""
        letters = "abc" if self.kind == KIND_THREE else "ab"
        return "–".join(str(getattr(self, f"{field}_{s}")) for s in letters)

    @property
    def settlement_points(self) -> int:
        return abs(self.score_a - self.score_b) if self.complete else 0


class Hand(models.Model):
    """One hand as entered at the table (in a partnership, one table's hand of deal
    ``number``). ``by`` is the seat that ended it
    (knocked, went gin or out, challenged); empty for a dead hand and a stock
    that ran out. Deadwood for a gin (or out) is the defender's only; for a
    challenge the challenger's count is ``knocker_deadwood``; a stock-out, which
    names no one, keeps the count of the first of the hand's two players (in seat
    order) in ``knocker_deadwood`` and the other's in ``defender_deadwood``.
    ``cards``/``melds``/``rulings`` name players by seat letter. With three players the
    two who played are the two who did not deal (``ginscore.matches.records``
    follows the deal from the hands)."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveIntegerField(help_text="The hand's number; in a partnership, the deal's.")
    table = models.PositiveSmallIntegerField(choices=TABLE_CHOICES, default=1,
                                             help_text="A partnership deal's table (1 or 2); 1 otherwise.")
    end = models.CharField(max_length=10, choices=END_CHOICES)
    by = models.CharField(max_length=1, choices=SEATS, blank=True)
    knocker_deadwood = models.PositiveSmallIntegerField(null=True, blank=True)
    defender_deadwood = models.PositiveSmallIntegerField(null=True, blank=True,
                                                         help_text="After laying off.")
    bonus = models.PositiveSmallIntegerField(null=True, blank=True,
                                             help_text="Sequence Gin: the winner's bonus, when entered as a number.")
    no_contract = models.BooleanField(default=False,
                                      help_text="Skarney Gin: the other had not laid down the contract meld.")
    upcard = models.CharField(max_length=3, blank=True)
    rulings = models.JSONField(null=True, blank=True,
                               help_text='The director\'s rulings by seat: {"missing_cards": {"b": 1}, '
                                         '"extra_cards": ["a"], "no_bonus": ["a"], "knock_accepted": true}.')
    cards = models.JSONField(null=True, blank=True)
    melds = models.JSONField(null=True, blank=True)
    entered_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="+")
    entered_via = models.CharField(max_length=12, choices=VIA_CHOICES, default=VIA_ACCOUNT)
    agreement = models.CharField(max_length=8, choices=AGREEMENT_CHOICES, blank=True, default=AGREED,
                                 help_text="Both players agree: whether the hand counts for the tournament yet.")
    dispute_reason = models.CharField(max_length=200, blank=True, help_text="Why the other player disputes it.")
    confirmed_sides = models.CharField(max_length=4, blank=True, default="",
                                       help_text="Both players agree: the seats that have confirmed the hand so far "
                                                 "(a hand entered on the table's phone waits for both sides).")
    entry_key = models.UUIDField(null=True, blank=True, editable=False,
                                 help_text="Made by the phone that entered the hand: a resend of it is this hand "
                                           "again, never a second one (hands queued through a network drop).")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["match", "number", "table"]
        constraints = [
            models.UniqueConstraint(fields=["match", "number", "table"], name="hand_number_unique_in_match"),
            models.UniqueConstraint(fields=["match", "entry_key"], name="hand_entry_key_unique_in_match"),
        ]

    def __str__(self) -> str:
        where = f" table {self.table}" if self.table != 1 else ""
        return f"match {self.match_id} hand {self.number}{where}: {self.get_end_display()}"


ACTION_CHOICES = [("added", "added"), ("edited", "edited"), ("deleted", "deleted"), ("undone", "undone"),
                  ("confirmed", "confirmed"), ("disputed", "disputed"), ("settled", "settled"),
                  ("clashed", "clashed")]   # another phone typed a different hand for this number


# A match's hands in record order (number, then table): the read of every pad and every write to
# its hands, compiled once (ginscore.club.prepared). ``hands_in_order(match_id)`` is a list.
hands_in_order = Prepared(lambda match_id: Hand.objects.filter(match_id=match_id).order_by("number", "table"))


class HandChange(models.Model):
    """The history of a match's hands: who changed which hand, when, from what to what.
    ``before``/``after`` are the hand as the record writes it (player names), or null."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="changes")
    hand_number = models.PositiveIntegerField()
    table = models.PositiveSmallIntegerField(choices=TABLE_CHOICES, default=1)
    action = models.CharField(max_length=10, choices=ACTION_CHOICES)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    who = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                            related_name="+")
    via = models.CharField(max_length=12, choices=CHANGE_VIA_CHOICES, default=VIA_ACCOUNT)
    side = models.CharField(max_length=1, blank=True, help_text="The player (seat) who confirmed or disputed.")
    note = models.CharField(max_length=200, blank=True, help_text="A dispute's reason.")
    device = models.CharField(max_length=12, blank=True, db_index=True,
                              help_text="The device the change came from (ginscore.club.device).")
    entry_key = models.UUIDField(null=True, blank=True, editable=False,
                                 help_text="The entry key of the hand changed (as it was before the change): "
                                           "a resend of an undone hand's key is refused, and a redo puts it back.")
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"match {self.match_id} hand {self.hand_number} {self.action}"

    @property
    def who_text(self) -> str:
        if self.via in (VIA_TABLE_LINK, VIA_SEAT_CODE, VIA_SEAT_LINK):
            return self.get_via_display()
        return self.who.get_username() if self.who else "(deleted account)"
