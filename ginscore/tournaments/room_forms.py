"""The director's desk: forms for the room (the board's announcement line)."""
from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from ginscore.tournaments.services import ANNOUNCEMENT_MAX, CLOCK_MINUTES, ENTRY_FEE_MAX, SIGN_UP_CAP_MAX


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

    def __init__(self, *args, money: bool = True, **kwargs):
        """``money``: the club plays for money (``ginscore.seasons``); without it, no entry fee is asked."""
        super().__init__(*args, **kwargs)
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
    partner = forms.CharField(max_length=100, required=False, label=_("Your partner"))
    team_name = forms.CharField(max_length=60, required=False, label=_("Team name"),
                                help_text=_('Blank for "Ann & Cat".'))

    def __init__(self, *args, doubles: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        if not doubles:
            del self.fields["partner"], self.fields["team_name"]
        else:
            self.fields["partner"].required = True
