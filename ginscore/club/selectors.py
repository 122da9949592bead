"""What the club app reads: the club's people (accounts, roles, players) for its admins."""
from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth import get_user_model

from ginscore.club.roles import ADMIN_GROUP, DIRECTOR_GROUP


@dataclass(frozen=True)
class Person:
    pk: int
    account: str
    name: str
    role: str          # "admin", "director", "member"
    player: str        # the player's name, "" when none
    active: bool


def people() -> list[Person]:
    """Every account, club admins first, then directors, then members (each by account), in two queries."""
    found = []
    for user in get_user_model().objects.select_related("player").prefetch_related("groups").order_by("username"):
        groups = {g.name for g in user.groups.all()}
        role = "admin" if user.is_superuser or ADMIN_GROUP in groups else "director" if DIRECTOR_GROUP in groups \
            else "member"
        player = getattr(user, "player", None)
        found.append(Person(user.pk, user.get_username(), user.first_name, role, player.name if player else "",
                            user.is_active))
    order = {"admin": 0, "director": 1, "member": 2}
    return sorted(found, key=lambda p: (order[p.role], p.account.lower()))
