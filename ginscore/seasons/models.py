"""Seasons (a points race over the club's nights) and the club's money (prize pools, payouts paid).

Nothing computed is stored: a season's table and a night's payouts are derived
from the tournaments' final standings every time (``ginscore.engine.seasons``,
``ginscore.engine.payouts``), so a corrected result moves them. What is kept
is what people decide: a season's rules, a tournament's prize rules, and who
paid out what, when.
"""
from __future__ import annotations

from decimal import Decimal

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.urls import reverse

from ginscore.engine.payouts import MAX_AMOUNT, PRESET_NAMES as PAYOUT_PRESET_NAMES
from ginscore.engine.seasons import MAX_FACTOR, PRESET_NAMES as POINTS_PRESET_NAMES

# Every amount: two places, at most 99,999,999.99 (MAX_AMOUNT).
AMOUNT = {"max_digits": 10, "decimal_places": 2,
          "validators": [MinValueValidator(Decimal(0)), MaxValueValidator(MAX_AMOUNT)]}
POINTS_PRESET_CHOICES = list(POINTS_PRESET_NAMES.items())
PAYOUT_PRESET_CHOICES = list(PAYOUT_PRESET_NAMES.items())


PAPER_CHOICES = [("a4", "A4"), ("letter", "Letter")]


class Club(models.Model):
    """The club's settings (one row), decided on the first-run page and changed on the club
    settings page (``ginscore.club.setup``): its name, the address the phones use, its paper and
    language, and its money (off: nothing about money shows anywhere). ``GINSCORE_SITE_URL`` and
    ``GINSCORE_LANGUAGE`` in the environment win over the row."""

    name = models.CharField("the club's name", max_length=100, blank=True)
    site_url = models.CharField("the address the phones use", max_length=200, blank=True,
                                help_text="Like http://192.168.1.20:8000 (the QR codes carry it).")
    paper = models.CharField(max_length=8, choices=PAPER_CHOICES, default="letter")
    language = models.CharField(max_length=8, blank=True, help_text="Blank: GINSCORE_LANGUAGE, else English.")
    set_up = models.BooleanField("the first-run page was answered", default=False)

    money = models.BooleanField("the club plays for money", default=False,
                                help_text="Prize pools, payouts and the treasurer's sheet.")
    unit = models.DecimalField("smallest amount paid", default=Decimal("1.00"), **AMOUNT,
                               help_text="Payouts are rounded down to a multiple of this (0.01 pays cents).")
    currency = models.CharField(max_length=8, blank=True, help_text='Written before amounts, like "£" (optional).')

    @classmethod
    def get(cls) -> "Club":
        return cls.objects.filter(pk=1).first() or cls(pk=1)


class Prize(models.Model):
    """A tournament's prize rules. The entry fee is the tournament's own (check-in records who
    paid it); the pool is the fee x paid entries + added - the house's cut. Frozen once the
    tournament starts."""

    tournament = models.OneToOneField("tournaments.Tournament", on_delete=models.CASCADE, related_name="prize")
    added = models.DecimalField("added money", default=Decimal("0.00"), **AMOUNT)
    house_fixed = models.DecimalField("house's cut (fixed)", default=Decimal("0.00"), **AMOUNT)
    house_percent = models.DecimalField("house's cut (% of the entry fees)", max_digits=5, decimal_places=2,
                                        default=Decimal("0.00"),
                                        validators=[MinValueValidator(Decimal(0)), MaxValueValidator(Decimal(100))])
    preset = models.CharField("payout table", max_length=8, choices=PAYOUT_PRESET_CHOICES, default="auto")
    split = models.CharField(max_length=120, blank=True, help_text="Our own split: percents from 1st, like 50,30,20.")
    unit = models.DecimalField("smallest amount paid", default=Decimal("1.00"), **AMOUNT)


PAYOUT_PAID, PAYOUT_RETURNED, PAYOUT_VOID = "paid", "returned", "void"
PAYOUT_KINDS = [(PAYOUT_PAID, "handed to the player"), (PAYOUT_RETURNED, "handed back by the player"),
                (PAYOUT_VOID, "an entry recorded by mistake, cancelled")]
SIGNED_AMOUNT = {"max_digits": 10, "decimal_places": 2,
                 "validators": [MinValueValidator(-MAX_AMOUNT), MaxValueValidator(MAX_AMOUNT)]}


class Payout(models.Model):
    """One line of a night's payout ledger: money handed to a player (``paid``, amount above 0),
    handed back by one (``returned``, below 0: a correction left them overpaid), or a line recorded
    by mistake cancelled (``void``: the opposite of the line it ``voids``). By whom and when. A
    line is never changed nor deleted: what a player holds is the sum of their lines, whatever
    the results say later."""

    tournament = models.ForeignKey("tournaments.Tournament", on_delete=models.CASCADE, related_name="payouts_paid")
    entry = models.ForeignKey("tournaments.Entry", on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=8, choices=PAYOUT_KINDS, default=PAYOUT_PAID)
    amount = models.DecimalField(**SIGNED_AMOUNT)
    voids = models.OneToOneField("self", null=True, blank=True, on_delete=models.CASCADE, related_name="voided_by")
    paid_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    paid_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["paid_at", "id"]
        constraints = [models.CheckConstraint(condition=~models.Q(amount=0), name="payout_line_moves_money")]

    @property
    def size(self) -> Decimal:
        """The sum that changed hands (or was cancelled), without its direction."""
        return abs(self.amount)


class Season(models.Model):
    name = models.CharField(max_length=60)
    starts = models.DateField()
    ends = models.DateField()
    chosen = models.BooleanField("only the chosen tournaments", default=False,
                                 help_text="Off: every tournament created in the season's dates counts.")
    preset = models.CharField("points", max_length=8, choices=POINTS_PRESET_CHOICES, default="linear",
                              help_text="Frozen once the season's first event starts.")
    best = models.PositiveSmallIntegerField("best N events", null=True, blank=True,
                                            validators=[MinValueValidator(1), MaxValueValidator(999)],
                                            help_text="Only a player's best N events count (blank: all).")
    minimum = models.PositiveSmallIntegerField("events to be ranked", default=0,
                                               validators=[MaxValueValidator(999)],
                                               help_text="Players with fewer events are listed apart.")
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-starts", "-id"]
        constraints = [models.CheckConstraint(condition=models.Q(ends__gte=models.F("starts")),
                                              name="season_ends_after_it_starts")]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("seasons:detail", args=[self.pk])


class SeasonEvent(models.Model):
    """A tournament chosen for a season (or, in a season of every tournament in its dates, one
    whose factor is not 1)."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="season_events")
    tournament = models.ForeignKey("tournaments.Tournament", on_delete=models.CASCADE, related_name="+")
    factor = models.DecimalField(max_digits=4, decimal_places=2, default=Decimal("1.00"),
                                 validators=[MinValueValidator(Decimal("0.01")), MaxValueValidator(MAX_FACTOR)])

    class Meta:
        constraints = [models.UniqueConstraint(fields=["season", "tournament"], name="season_event_once")]
