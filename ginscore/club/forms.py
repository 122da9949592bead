from decimal import Decimal

from django import forms
from django.db.models import Q
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


# The club's people and settings (club admins), and the first-run page.

def role_choices():
    return [("member", _("Member: scores the matches they play in")),
            ("director", _("Director: runs tournaments, scores and corrects any match")),
            ("admin", _("Club admin: everything, the club's people and settings too"))]


def player_choices(user=None):
    from ginscore.players.models import Player

    free = Player.objects.filter(Q(user__isnull=True) | Q(user=user) if user is not None else Q(user__isnull=True))
    return [("new", _("A new player with this name")), ("", _("No player (does not play)")),
            *((str(p.pk), p.name) for p in free.only("pk", "name").order_by("name"))]


class _Passwords(forms.Form):
    password1 = forms.CharField(label=_("Password"), strip=False,
                                widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
                                help_text=_("At least 8 characters, not a common password, not all digits, not like "
                                            "the account's name."))
    password2 = forms.CharField(label=_("The password again"), strip=False,
                                widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}))

    def clean(self):
        data = super().clean()
        if data.get("password1") and data.get("password2") and data["password1"] != data["password2"]:
            self.add_error("password2", _("The two passwords differ."))
        return data


class MemberAddForm(_Passwords):
    name = forms.CharField(label=_("Name"), max_length=150, help_text=_("As the club calls them."))
    username = forms.CharField(label=_("Account"), max_length=150,
                               help_text=_("What they type to log in: letters, digits and @ . + - _ only."),
                               widget=forms.TextInput(attrs={"autocapitalize": "none", "autocomplete": "off"}))
    role = forms.ChoiceField(label=_("Role"), choices=role_choices, initial="member", widget=forms.RadioSelect)
    player = forms.ChoiceField(label=_("Their player"), choices=player_choices, initial="new", required=False,
                               help_text=_("Their matches are scored as this player."))

    field_order = ["name", "username", "password1", "password2", "role", "player"]


class MemberForm(forms.Form):
    role = forms.ChoiceField(label=_("Role"), choices=role_choices, widget=forms.RadioSelect)
    player = forms.ChoiceField(label=_("Their player"), choices=(), required=False)

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].choices = player_choices(user)


class PasswordResetForm(_Passwords):
    pass


def paper_choices():
    return [("a4", _("A4")), ("letter", _("Letter"))]


class ClubForm(forms.Form):
    """The club's settings; what the environment sets is shown, not asked."""

    name = forms.CharField(label=_("The club's name"), max_length=100)
    site_url = forms.CharField(label=_("The address the phones use"), max_length=200, required=False,
                               help_text=_("The QR codes on the match pages and table sheets carry it, like "
                                           "http://192.168.1.20:8000."),
                               widget=forms.TextInput(attrs={"inputmode": "url", "autocapitalize": "none"}))
    paper = forms.ChoiceField(label=_("Paper"), choices=paper_choices, widget=forms.RadioSelect,
                              help_text=_("Every print button uses it; the other size is one tap away."))
    language = forms.ChoiceField(label=_("The club's language"), choices=(), required=False,
                                 help_text=_("For visitors whose browser speaks none of the site's languages, and the "
                                             "printed sheets."))
    currency = forms.CharField(max_length=8, required=False, label=_("Currency sign"),
                               help_text=_('Written before amounts, like "£". Blank: none.'))

    def __init__(self, *args, **kwargs):
        from ginscore.club import setup

        super().__init__(*args, **kwargs)
        self.fields["language"].choices = list(offered().items())
        self.fixed = {}
        if setup.site_url_from_environment():
            self.fixed["site_url"] = setup.site_url_from_environment()
        if setup.language_from_environment():
            self.fixed["language"] = offered()[setup.language_from_environment()]
        for name in self.fixed:
            self.fields[name].disabled = True
            self.fields[name].required = False
            self.fields[name].help_text = _("Set in the environment (%(variable)s), which wins over this page.") % {
                "variable": {"site_url": "GINSCORE_SITE_URL", "language": "GINSCORE_LANGUAGE"}[name]}


class ClubSettingsForm(ClubForm):
    money = forms.BooleanField(required=False, label=_("The club plays for money"),
                               help_text=_("Prize pools, payouts and the treasurer's sheet. Off: nothing about money "
                                           "is shown anywhere."))
    unit = forms.DecimalField(label=_("Smallest amount paid"), min_value=Decimal("0.01"), max_digits=10,
                              decimal_places=2, localize=True,
                              help_text=_("Payouts are rounded down to a multiple of it (0.01 pays cents)."),
                              widget=forms.TextInput(attrs={"inputmode": "decimal", "autocomplete": "off"}))


class StartForm(ClubForm, _Passwords):
    """The first-run page: what a club decides once, and its first club admin."""

    username = forms.CharField(label=_("Your account (the first club admin)"), max_length=150,
                               widget=forms.TextInput(attrs={"autocapitalize": "none", "autocomplete": "username"}))

    field_order = ["name", "username", "password1", "password2", "site_url", "paper", "currency", "language"]
