"""Forms for the club's money, a tournament's prize and a season. Every amount is a decimal with
two places within what the database holds; the services check again."""
from __future__ import annotations

from decimal import Decimal

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from ginscore.engine.errors import MoneyError
from ginscore.engine.payouts import MAX_AMOUNT, PrizeRules
from ginscore.seasons.refusals import refusal_parts
from ginscore.seasons.models import PAYOUT_PRESET_CHOICES, POINTS_PRESET_CHOICES
from ginscore.tournaments.services import ENTRY_FEE_MAX


def amount_field(label: str, help_text: str = "", *, required: bool = True, most=MAX_AMOUNT, least=Decimal(0)):
    # localize: an amount is shown and typed the reader's way ("2,50" in French; "2.50" is read too).
    return forms.DecimalField(label=label, help_text=help_text, required=required, min_value=least, max_value=most,
                              max_digits=10, decimal_places=2, localize=True,
                              widget=forms.TextInput(attrs={"inputmode": "decimal", "autocomplete": "off"}))


class ClubMoneyForm(forms.Form):
    money = forms.BooleanField(required=False, label=_("The club plays for money"),
                               help_text=_("Prize pools, payouts and the treasurer's sheet. Off: nothing about money "
                                           "is shown anywhere."))
    unit = amount_field(_("Smallest amount paid"), _("Payouts are rounded down to a multiple of it (0.01 pays cents)."),
                        least=Decimal("0.01"))
    currency = forms.CharField(max_length=8, required=False, label=_("Currency sign"),
                               help_text=_('Written before amounts, like "£". Blank: none.'))


class PrizeForm(forms.Form):
    entry_fee = amount_field(_("Entry fee"), _("Check-in records who has paid it. Blank: none."), required=False,
                             most=ENTRY_FEE_MAX)
    added = amount_field(_("Added money"), _("The club's money on top of the entry fees."))
    house_fixed = amount_field(_("House's cut, fixed"), _("Kept by the club before the pool is paid."))
    # xgettext:no-python-format
    house_percent = forms.DecimalField(label=_("House's cut, % of the entry fees"), min_value=0, max_value=100,
                                       max_digits=5, decimal_places=2, localize=True,
                                       widget=forms.TextInput(attrs={"inputmode": "decimal", "autocomplete": "off"}))
    preset = forms.ChoiceField(label=_("Payout table"), choices=PAYOUT_PRESET_CHOICES)
    split = forms.CharField(max_length=120, required=False, label=_("Our own split"),
                            help_text=_("Percents from 1st down, adding up to 100: 50,30,20."))
    unit = amount_field(_("Smallest amount paid"), _("0.01 pays cents."), least=Decimal("0.01"))

    def clean(self):
        data = super().clean()
        if not self.errors:
            try:
                data["rules"] = PrizeRules(fee=data["entry_fee"] or 0, added=data["added"],
                                           house_fixed=data["house_fixed"], house_percent=data["house_percent"],
                                           unit=data["unit"], preset=data["preset"],
                                           split=data["split"] if data["preset"] == "custom" else ())
            except MoneyError as e:
                field, reason = refusal_parts(e)
                field = {"fee": "entry_fee"}.get(field, field)
                if field in self.fields:
                    self.add_error(field, reason[:1].upper() + reason[1:] + ".")
                else:
                    raise forms.ValidationError(str(e)) from None
        return data

    @classmethod
    def initial_from(cls, prize) -> dict:
        return {"entry_fee": prize.tournament.entry_fee, "added": prize.added, "house_fixed": prize.house_fixed,
                "house_percent": prize.house_percent, "preset": prize.preset, "split": prize.split,
                "unit": prize.unit}


class SeasonForm(forms.Form):
    name = forms.CharField(max_length=60, label=pgettext_lazy("season", "Name"))
    # (An <input type="date"> sends and shows the ISO date whatever the language: the browser writes it.)
    starts = forms.DateField(label=_("Starts"), widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"))
    ends = forms.DateField(label=_("Ends"), widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"))
    chosen = forms.BooleanField(required=False, label=_("Only the tournaments we choose"),
                                help_text=_("Off: every tournament created between the dates counts."))
    preset = forms.ChoiceField(label=_("Points"), choices=POINTS_PRESET_CHOICES,
                               help_text=_("Frozen once the season's first event starts."))
    best = forms.IntegerField(required=False, min_value=1, max_value=999, label=_("Best N events"),
                              help_text=_("Only each player's best N events count. Blank: all of them."))
    minimum = forms.IntegerField(min_value=0, max_value=999, initial=0, label=_("Events to be ranked"),
                                 help_text=_("Players with fewer events are listed apart."))

    def clean(self):
        data = super().clean()
        if data.get("starts") and data.get("ends") and data["ends"] < data["starts"]:
            self.add_error("ends", _("The season ends before it starts."))
        return data

    @classmethod
    def initial_from(cls, season) -> dict:
        return {f: getattr(season, f) for f in ("name", "starts", "ends", "chosen", "preset", "best", "minimum")}
