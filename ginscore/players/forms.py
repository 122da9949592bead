from django import forms
from django.utils.translation import gettext_lazy as _

from ginscore.players.names import NAME_MAX


class PlayerSearchForm(forms.Form):
    q = forms.CharField(label=_("Find a player"), required=False, max_length=NAME_MAX,
                        widget=forms.TextInput(attrs={"type": "search", "placeholder": _("Name")}))
