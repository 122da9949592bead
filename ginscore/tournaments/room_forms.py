"""The director's desk: forms for the room (the board's announcement line)."""
from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from ginscore.players.names import NAME_MAX
from ginscore.tournaments.services import ANNOUNCEMENT_MAX, CLOCK_MINUTES, ENTRY_FEE_MAX, SIGN_UP_CAP_MAX, TABLE_MAX


class AnnouncementForm(forms.Form):
    announcement = forms.CharField(max_length=ANNOUNCEMENT_MAX, required=False, label=_("Announcement on the board"),
                                   help_text=_("One line, shown large on the board. Blank: none."))


class ClockForm(forms.Form):
    minutes = forms.IntegerField(min_value=CLOCK_MINUTES[0], max_value=CLOCK_MINUTES[1], label=_("Time limit (minutes)"),
                                 help_text=_("The clock starts now; the board and every table's pad show the time left."))


class CheckInForm(forms.Form):
    check_in = forms.BooleanField(required=False, label=_("Players check in before each Swiss round"),
                                  help_text=_("The next round is then paired from the desk, with those present only."))
    entry_fee = forms.DecimalField(min_value=0, max_value=ENTRY_FEE_MAX, max_digits=8, decimal_places=2, required=False,
                                   label=_("Entry fee"), help_text=_("Recorded as paid or owed at check-in. Blank: none."))

    def __init__(self, *args, money: bool = True, swiss: bool = True, currency: str = "", **kwargs):
        """``money``: the club plays for money (``ginscore.seasons``); without it, no entry fee is asked.
        ``swiss``: check-in before each round; other formats check in once, before the start."""
        super().__init__(*args, **kwargs)
        if not swiss:
            self.fields["check_in"].label = _("Players check in before the start")
            self.fields["check_in"].help_text = _("The event starts from the desk with those present only.")
        if money and currency:
            self.fields["entry_fee"].label = _("Entry fee (%(sign)s)") % {"sign": currency}
        if not money:
            del self.fields["entry_fee"]


class SignUpSettingsForm(forms.Form):
    """The desk's sign-up settings (before the start)."""
    sign_up = forms.BooleanField(required=False, label=_("Open for sign-up"),
                                 help_text=_("Members sign themselves up from the event's page until the start."))
    sign_up_cap = forms.IntegerField(min_value=2, max_value=SIGN_UP_CAP_MAX, required=False, label=_("Places"),
                                     help_text=_("At most this many entries; the next wait in order and move up "
                                                 "when someone takes theirs back. Blank: no cap."))
    sign_up_closes = forms.DateTimeField(required=False, label=_("Sign-up closes"),
                                         widget=forms.DateTimeInput(attrs={"type": "datetime-local"},
                                                                    format="%Y-%m-%dT%H:%M"),
                                         input_formats=["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M"],
                                         help_text=_("Blank: open until the start."))


class SignUpForm(forms.Form):
    """A member signing up; a doubles event also asks for the partner (and the team's name)."""
    partner = forms.CharField(max_length=NAME_MAX, required=False, label=_("Your partner"))
    team_name = forms.CharField(max_length=NAME_MAX, required=False, label=_("Team name"),
                                help_text=_('Blank for "Ann & Cat".'))

    def __init__(self, *args, doubles: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        if not doubles:
            del self.fields["partner"], self.fields["team_name"]
        else:
            self.fields["partner"].required = True


class WishForm(forms.Form):
    """A pairing wish at the desk: ``player`` must not meet ``other``, or keeps ``table``
    (``players``: (id, name) of the event's players, entered or signed up)."""
    player = forms.TypedChoiceField(coerce=int, label=_("Player"))
    other = forms.TypedChoiceField(coerce=int, required=False, empty_value=None, label=_("Must not meet"))
    table = forms.IntegerField(min_value=1, max_value=TABLE_MAX, required=False, label=_("Or keeps table"),
                               help_text=_("A player who cannot move about sits at this table every round."))

    def __init__(self, *args, players=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].choices = list(players)
        self.fields["other"].choices = [("", "—")] + list(players)

    def clean(self):
        data = super().clean()
        if not self.errors and (data.get("other") is None) == (data.get("table") is None):
            raise forms.ValidationError(_("Choose either the player they must not meet or the table they keep."))
        return data
