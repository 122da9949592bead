"""Both players agree, on the pad: the taps that confirm or dispute a hand, and the director's
that settles one (see ``ginscore.matches.agreement``)."""
from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ginscore.club import passes
from ginscore.club.roles import is_director
from ginscore.club.throttle import client_address
from ginscore.club.views import local_next
from ginscore.matches import agreement, permissions, seats, selectors, services
from ginscore.matches.models import AGREED
from ginscore.matches.views import _refuse


def _answer(request, pk, number, act, said):
    """A confirmation or a dispute: the player proves who they are by their account, the personal
    link this phone opened, or their seat code typed here (each typed code is counted where it
    comes from, in the database, before it is checked: ``passes.code_guess``)."""
    match = selectors.match_get(pk)
    via = permissions.scoring_via(request, match)
    if via is None:
        return _refuse(request, match)
    side = request.POST.get("side", "")
    typed = request.POST.get("code", "")[:64].strip()
    try:
        guess = passes.code_guess(where=passes.guess_origin(client_address(request)),
                                  scope=f"match.{match.pk}") if typed else None
        hand = act(match, via, side, typed or seats.held_token(request, match, side))
    except passes.CodesRefused as e:
        messages.error(request, _("code: %(reason)s") % {"reason": e})
    except agreement.WrongCode as e:
        messages.error(request, _("code: that is not the right code. %(reason)s")
                       % {"reason": e.reason[:1].upper() + e.reason[1:]})
    except (services.HandConflict, services.HandRefused) as e:
        messages.error(request, str(e))
    else:
        if guess is not None:
            passes.code_guess_right(guess)
        messages.success(request, said(hand))
    return redirect(reverse("matches:detail", args=[match.pk]) + "#agree")


def _confirmed(hand) -> str:
    if hand.agreement == AGREED:
        return _("Hand %(number)s confirmed: it counts.") % {"number": hand.number}
    return _("Hand %(number)s confirmed by you: it counts once the other side confirms it too.") % {"number": hand.number}


@require_POST
def hand_confirm(request, pk, number):
    return _answer(request, pk, number, lambda match, via, side, proof: agreement.hand_confirm(
        match_id=match.pk, number=number, version=request.POST.get("version", ""), side=side,
        user=request.user, via=via, proof=proof), _confirmed)


@require_POST
def hand_dispute(request, pk, number):
    return _answer(request, pk, number, lambda match, via, side, proof: agreement.hand_dispute(
        match_id=match.pk, number=number, version=request.POST.get("version", ""), side=side,
        reason=request.POST.get("reason", ""), user=request.user, via=via, proof=proof),
        lambda hand: _("Hand %(number)s disputed: the director settles it.") % {"number": number})


@require_POST
def hand_settle(request, pk, number):
    """A director confirms a waiting or disputed hand as entered (from the pad or the desk)."""
    match = selectors.match_get(pk)
    if not is_director(request.user):
        return _refuse(request, match)
    try:
        agreement.hand_settle(match_id=match.pk, number=number, version=request.POST.get("version", ""),
                              user=request.user)
    except (services.HandConflict, services.HandRefused) as e:
        messages.error(request, str(e))
    else:
        messages.success(request, _("Hand %(number)s of %(match)s settled: it counts as entered.")
                         % {"number": number, "match": _(" v ").join(match.side_names)})
    return redirect(local_next(request, request.POST.get("next", ""))
                    or reverse("matches:detail", args=[match.pk]) + "#agree")
