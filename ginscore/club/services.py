"""What the club app writes: a member's own settings; the club's people (accounts, roles,
players); the club's settings and its first run."""
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from ginscore.club.language import offered
from ginscore.club import setup
from ginscore.club.models import Preferences
from ginscore.seasons.models import Club
from ginscore.club.roles import ADMIN_GROUP, DIRECTOR_GROUP, is_club_admin, is_director


def preferences_set_language(*, user, language: str) -> Preferences:
    """The member's language from now on, on every device they log in on ("" : the browser's, else
    the club's). A language the site does not speak is refused (ValueError naming it)."""
    if language and language not in offered():
        raise ValueError(f"language: {language!r} is not one of {', '.join(offered())}")
    with transaction.atomic():
        preferences, _created = Preferences.objects.select_for_update().get_or_create(user=user)
        preferences.language = language
        preferences.save(update_fields=["language"])
    return preferences


def preferences_set_display(*, user, large_text: bool, four_colour: bool) -> Preferences:
    """How the pages look for the member from now on, on every device they log in on: larger
    text, the cards in four colours."""
    with transaction.atomic():
        preferences, _created = Preferences.objects.select_for_update().get_or_create(user=user)
        preferences.large_text, preferences.four_colour = bool(large_text), bool(four_colour)
        preferences.save(update_fields=["large_text", "four_colour"])
    return preferences


# The club's people: accounts, their roles and their players (club admins only: the views check).

class PeopleRefused(ValueError):
    """A change to the club's people refused: ``field`` names the field, ``reason`` says why."""

    def __init__(self, field: str, reason: str):
        super().__init__(f"{field}: {reason}")
        self.field, self.reason = field, reason


ROLES = ("member", "director", "admin")


def _admins_left(without) -> int:
    User = get_user_model()
    return (User.objects.filter(is_active=True).exclude(pk=without.pk)
            .filter(Q(is_superuser=True) | Q(groups__name=ADMIN_GROUP)).distinct().count())


def _role_put(user, role: str) -> None:
    """The user's groups (and staff status: a club admin may use /admin/ too) for ``role``."""
    if role not in ROLES:
        raise PeopleRefused("role", _("must be one of %(roles)s") % {"roles": ", ".join(ROLES)})
    # (The groups come with the first migration; made again here if someone deleted one.)
    groups = {name: Group.objects.get_or_create(name=name)[0] for name in (ADMIN_GROUP, DIRECTOR_GROUP)}
    wanted = {"admin": ADMIN_GROUP, "director": DIRECTOR_GROUP}.get(role)
    for name, group in groups.items():
        (user.groups.add if name == wanted else user.groups.remove)(group)
    if role != "admin" and user.is_superuser:
        user.is_superuser = False
    user.is_staff = role == "admin" or user.is_superuser
    user.save(update_fields=["is_superuser", "is_staff"])
    user._ginscore_groups = None


def _password_checked(password: str, user, field: str = "password") -> None:
    try:
        validate_password(password, user=user)
    except ValidationError as e:
        raise PeopleRefused(field, " ".join(e.messages)) from None


def _player_put(user, player: str, name: str) -> None:
    """``player``: "new" (a new player called ``name``), "" (none), or a player's id (one with no account)."""
    from ginscore.players.models import Player
    from ginscore.players.names import NameRefused
    from ginscore.players.services import player_get_or_create

    Player.objects.filter(user=user).update(user=None)
    if not player:
        return
    if player == "new":
        try:
            found = player_get_or_create(name=name)
        except NameRefused as e:
            raise PeopleRefused("name", e.reason) from None
    else:
        found = Player.objects.select_for_update().filter(pk=int(player) if player.isdigit() else 0).first()
        if found is None:
            raise PeopleRefused("player", _("no such player"))
    if found.user_id not in (None, user.pk):
        raise PeopleRefused("player", _("%(player)s already plays for the account %(account)s")
                            % {"player": found.name, "account": found.user.get_username()})
    found.user = user
    found.save(update_fields=["user"])


def member_add(*, username: str, name: str, password: str, role: str = "member", player: str = "new"):
    """A new account for one of the club's people, with its role and its player; nothing is saved
    when anything is refused."""
    User = get_user_model()
    username, name = username.strip(), " ".join(name.split())
    if not name:
        raise PeopleRefused("name", _("needs at least one letter"))
    if len(name) > 150:
        raise PeopleRefused("name", _("at most %(count)s characters") % {"count": 150})
    try:
        User.username_validator(username)
    except ValidationError as e:
        raise PeopleRefused("username", " ".join(e.messages)) from None
    with transaction.atomic():
        if User.objects.filter(username__iexact=username).exists():
            raise PeopleRefused("username", _("%(account)s is taken") % {"account": username})
        user = User(username=username, first_name=name)
        _password_checked(password, user)
        user.set_password(password)
        user.save()
        _role_put(user, role)
        _player_put(user, player, name)
    return user


def member_update(*, by, user, role: str, player: str) -> None:
    """Someone's role and player. The club keeps at least one club admin (an admin may not step down
    when they are the last)."""
    with transaction.atomic():
        if role != "admin" and is_club_admin(user) and _admins_left(without=user) == 0:
            raise PeopleRefused("role", _("the club needs at least one club admin: make someone else a club admin "
                                          "first"))
        _role_put(user, role)
        _player_put(user, player, user.first_name or user.get_username())


def member_password_set(*, user, password: str) -> None:
    """A new password for someone who forgot theirs (they change it on their settings page)."""
    _password_checked(password, user)
    with transaction.atomic():
        user.set_password(password)
        user.save(update_fields=["password"])


def member_role(user) -> str:
    return "admin" if is_club_admin(user) else "director" if is_director(user) else "member"


# The club's settings (one row: ginscore.seasons.models.Club; read through ginscore.club.setup).

def club_settings_set(*, name: str, site_url: str, paper: str, language: str, money: bool, unit,
                      currency: str = ""):
    """The club's name, address, paper, language and money. Refusals name the field (``PeopleRefused``
    for the club's own fields, ``MoneyRefused`` for the money's); nothing is half-saved."""
    from ginscore.seasons.services import club_money_set

    name = " ".join((name or "").split())
    if len(name) > 100:
        raise PeopleRefused("name", _("at most %(count)s characters") % {"count": 100})
    if site_url:
        try:
            site_url = setup.address_check(site_url)
        except ValueError as e:
            raise PeopleRefused("site_url", str(e)) from None
    if paper not in setup.PAPERS:
        raise PeopleRefused("paper", _("must be A4 or Letter"))
    if language and language not in offered():
        raise PeopleRefused("language", _("must be one of %(languages)s") % {"languages": ", ".join(offered())})
    with transaction.atomic():
        club = club_money_set(money=money, unit=unit, currency=currency)
        club.name, club.site_url, club.paper, club.language, club.set_up = name, site_url, paper, language, True
        club.save()
    setup.forget(keep=club)
    return club


def club_start(*, name: str, username: str, password: str, site_url: str, paper: str, language: str,
               currency: str = ""):
    """The first-run page: the club's settings and its first club admin, on an empty database only
    (refused, nothing saved, once the club has an account: two first visits at once make one admin)."""
    from decimal import Decimal

    User = get_user_model()
    if not " ".join((name or "").split()):
        raise PeopleRefused("name", _("needs at least one letter"))
    try:
        with transaction.atomic():
            Group.objects.select_for_update().filter(name=ADMIN_GROUP).first()   # one first run at a time
            if User.objects.exists():
                raise PeopleRefused("username", _("this club already has its accounts: log in"))
            club = club_settings_set(name=name, site_url=site_url, paper=paper, language=language, money=False,
                                     unit=Decimal("1.00"), currency=currency)
            user = member_add(username=username, name=username, password=password, role="admin", player="")
            user.is_superuser = True
            user.save(update_fields=["is_superuser"])
    except Exception:
        setup.forget()   # nothing was saved: the row is read again
        raise
    setup.forget(keep=club, started=True)
    return club, user


def club_address_set(*, site_url: str):
    """The address the phones use, alone (the "use this address" button where QR codes are missing)."""
    try:
        site_url = setup.address_check(site_url)
    except ValueError as e:
        raise PeopleRefused("site_url", str(e)) from None
    with transaction.atomic():
        club = Club.get()
        club.site_url = site_url
        club.save()
    setup.forget(keep=club)
    return club
