"""Sign-up before the night: a member signs themselves up (or their pair) from the event's page
and may take it back until the start; the director opens sign-up and accepts or removes
sign-ups at the desk. A visitor signs up no one; a member only ever themselves (the player
linked to their account: nothing posted names who)."""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ginscore.tournaments import selectors, services
from ginscore.tournaments.models import SignUp
from ginscore.tournaments.room_forms import SignUpForm, SignUpSettingsForm
from ginscore.tournaments.views import _director_only, _post_action, form_refusal, refusal_text


def _own_player(request):
    """The account's own player, or None (with a message saying why)."""
    player = getattr(request.user, "player", None)
    if player is None:
        messages.error(request, _("Your account is not linked to a player: ask a club admin to link it, or sign "
                                  "up at the desk."))
    return player


def _sign_up_done(line) -> str:
    if line.place:
        return _("You are in: %(name)s.") % {"name": line.sign_up.name}
    return _("The event is full: %(name)s is number %(number)s on the waiting list, and moves up when someone "
             "takes their place back.") % {"name": line.sign_up.name, "number": line.waiting}


def _own_act(request, pk, act):
    """A member's own sign-up action: ``act(t, player)`` with the account's own player (a visitor
    logs in first); its refusal or its message is shown on the event's page."""
    if not request.user.is_authenticated:
        return redirect_to_login(selectors.tournament_get(pk).get_absolute_url())
    t = selectors.tournament_get(pk)
    player = _own_player(request)
    if player is not None:
        try:
            if text := act(t, player):
                messages.success(request, text)
        except services.TournamentRefused as e:
            messages.error(request, refusal_text(e))
    return redirect(t.get_absolute_url() + "#sign-up")


@require_POST
def sign_up(request, pk):
    def act(t, player):
        form = SignUpForm(request.POST, doubles=t.doubles)
        if not form.is_valid():
            messages.error(request, _("Name your partner to sign up as a pair."))
            return None
        return _sign_up_done(services.sign_up_add(
            tournament=t, player=player, partner_name=form.cleaned_data.get("partner", ""),
            team_name=form.cleaned_data.get("team_name", ""), by=request.user))
    return _own_act(request, pk, act)


@require_POST
def take_back(request, pk):
    return _own_act(request, pk, lambda t, player: _("%(name)s: taken back. The next on the waiting list moves up.")
                    % {"name": services.sign_up_take_back(tournament=t, player=player)})


@require_POST
def sign_up_settings(request, pk):
    if denied := _director_only(request):
        return denied
    form = SignUpSettingsForm(request.POST)
    if not form.is_valid():
        messages.error(request, form_refusal(form))
        return redirect("tournaments:desk", pk=pk)
    d = form.cleaned_data
    return _post_action(request, pk, lambda t: services.tournament_sign_up_set(
        tournament=t, open=d["sign_up"], cap=d["sign_up_cap"], closes=d["sign_up_closes"]),
        _("Sign-up settings saved."))


@require_POST
def sign_up_accept(request, pk, sign_up_pk):
    s = get_object_or_404(SignUp.objects.select_related("player", "partner"), pk=sign_up_pk, tournament_id=pk)
    return _post_action(request, pk, lambda t: services.sign_up_accept(sign_up=s),
                        _("%(name)s is entered.") % {"name": s.name})


@require_POST
def sign_up_remove(request, pk, sign_up_pk):
    s = get_object_or_404(SignUp.objects.select_related("player", "partner"), pk=sign_up_pk, tournament_id=pk)
    return _post_action(request, pk, lambda t: _("Sign-up removed: %(name)s.") % {
        "name": services.sign_up_remove(sign_up=s)}, "")


@require_POST
def sign_ups_accept_placed(request, pk):
    def act(t):
        count = services.sign_ups_accept_placed(tournament=t)
        return _("Sign-ups holding a place entered: %(count)s.") % {"count": count}
    return _post_action(request, pk, act, "")
