"""Who may do what in the club.

Three kinds of account, kept as Django groups so an admin can change them in
the admin site:

- club admin: a superuser, or a member of the "club admin" group: everything;
- director: the "director" group: any match, and tournaments;
- member: any other logged-in account: creates matches and scores the
  matches they play in (through the player linked to their account).

Visitors (not logged in) read results and never write. A table link (see
``ginscore.matches``) lets its holder score one match with no account.
"""
from __future__ import annotations

from django.utils.translation import gettext as _

ADMIN_GROUP = "club admin"
DIRECTOR_GROUP = "director"


def _groups(user) -> set[str]:
    cache = getattr(user, "_ginscore_groups", None)
    if cache is None:
        cache = set(user.groups.values_list("name", flat=True)) if user.is_authenticated else set()
        user._ginscore_groups = cache
    return cache


def is_club_admin(user) -> bool:
    return bool(user.is_authenticated and (user.is_superuser or ADMIN_GROUP in _groups(user)))


def is_director(user) -> bool:
    """Directors and club admins: may run tournaments and manage any match."""
    return bool(user.is_authenticated and (is_club_admin(user) or DIRECTOR_GROUP in _groups(user)))


def is_member(user) -> bool:
    return bool(user.is_authenticated and user.is_active)


def role_name(user) -> str:
    if is_club_admin(user):
        return _("club admin")
    if is_director(user):
        return _("director")
    if is_member(user):
        return _("member")
    return _("visitor")
