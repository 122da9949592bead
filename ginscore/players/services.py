"""Writes to players: found by their name's key (``ginscore.players.names``), created if new."""
from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from ginscore.players.models import Player
from ginscore.players.names import NameRefused, name_clean, name_key


def player_get_or_create(*, name: str) -> Player:
    """The player called ``name`` (any case, look-alikes folded), created if new.

    ``NameRefused`` (a ``ValueError``) if the name cannot be stored."""
    [player] = players_get_or_create(names=[name])
    return player


def players_get_or_create(*, names: list[str]) -> list[Player]:
    """The players called ``names`` (in order), those not yet in the club created; at a fixed
    number of queries. ``NameRefused`` names the first name that cannot be stored."""
    clean = []
    for name in names:
        try:
            clean.append(name_clean(name))
        except NameRefused as e:
            raise NameRefused(_("A player's name %(reason)s.") % {"reason": e.reason}) from None
    keys = [name_key(n) for n in clean]
    with transaction.atomic():
        known = {p.name_key: p for p in Player.objects.filter(name_key__in=keys)}
        new = {}
        for name, key in zip(clean, keys):
            if key not in known and key not in new:
                new[key] = Player(name=name, name_key=key)
        if new:
            try:
                with transaction.atomic():
                    Player.objects.bulk_create(new.values())
                known.update(new)
            except IntegrityError:  # another request created one of them first: one by one
                for key, player in new.items():
                    known[key] = Player.objects.get_or_create(name_key=key, defaults={"name": player.name})[0]
    return [known[k] for k in keys]
