from django import forms
from django.utils.translation import gettext_lazy as _

from ginscore.club.language import offered


def _language_choices():
    return [("", _("My browser's language (else the club's)")), *offered().items()]


class SettingsForm(forms.Form):
    """A member's own settings."""

    language = forms.ChoiceField(label=_("Language"), choices=_language_choices, required=False,
                                 help_text=_("The pages, on every device you log in on."))
    large_text = forms.BooleanField(label=_("Larger text"), required=False,
                                    help_text=_("Every page's text a quarter larger, on every device you log in on."))
    four_colour = forms.BooleanField(label=_("Four-colour cards"), required=False,
                                     help_text=_("Spades black, hearts red, diamonds blue, clubs green: "
                                                 "on the card picker and the cards of a hand."))
