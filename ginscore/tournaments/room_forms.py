"""The director's desk: forms for the room (the board's announcement line)."""
from __future__ import annotations

from django import forms

from ginscore.tournaments.services import ANNOUNCEMENT_MAX


class AnnouncementForm(forms.Form):
    announcement = forms.CharField(max_length=ANNOUNCEMENT_MAX, required=False, label="Announcement on the board",
                                   help_text="One line, shown large on the board. Blank: none.")
