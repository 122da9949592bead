from django import forms
from django.utils.translation import gettext_lazy as _


class PlayerSearchForm(forms.Form):
    q = forms.CharField(label=_("Find a player"), required=False, max_length=60,
                        widget=forms.TextInput(attrs={"type": "search", "placeholder": _("Name")}))
