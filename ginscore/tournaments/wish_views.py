"""Pairing wishes at the desk: the director keeps two players apart or gives a player a table of
their own, and removes a wish."""
from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ginscore.players.models import Player
from ginscore.tournaments import selectors, services
from ginscore.tournaments.models import PairingWish
from ginscore.tournaments.room_forms import WishForm
from ginscore.tournaments.views import _director_only, _post_action, form_refusal


def wish_players(t) -> list[tuple[int, str]]:
    """The event's players (entered, their partners, and those signed up), by name."""
    ids = set()
    for rows in (t.entries.values_list("player_id", "partner_id"), t.sign_ups.values_list("player_id", "partner_id")):
        for a, b in rows:
            ids.update(p for p in (a, b) if p is not None)
    return list(Player.objects.filter(pk__in=ids).order_by("name").values_list("pk", "name"))


@require_POST
def wish_add(request, pk):
    if denied := _director_only(request):
        return denied
    t = selectors.tournament_get(pk)
    form = WishForm(request.POST, players=wish_players(t))
    if not form.is_valid():
        messages.error(request, form_refusal(form))
        return redirect(reverse("tournaments:desk", args=[t.pk]) + "#wishes")
    d = form.cleaned_data
    player = Player.objects.get(pk=d["player"])
    if d["other"] is not None:
        other = Player.objects.get(pk=d["other"])
        return _post_action(request, pk, lambda t: services.wish_apart_add(tournament=t, player=player, other=other),
                            _("%(a)s and %(b)s will not meet whenever a pairing allows it.")
                            % {"a": player, "b": other})
    return _post_action(request, pk, lambda t: services.wish_table_set(tournament=t, player=player, table=d["table"]),
                        _("%(player)s keeps table %(table)s.") % {"player": player, "table": d["table"]})


@require_POST
def wish_remove(request, pk, wish_pk):
    wish = get_object_or_404(PairingWish, pk=wish_pk, tournament_id=pk)
    return _post_action(request, pk, lambda t: services.wish_remove(wish=wish), _("Wish removed."))
