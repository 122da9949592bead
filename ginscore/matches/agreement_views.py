"""Both players agree, on the pad: the taps that confirm or dispute a hand, and the director's
that settles one (see ``ginscore.matches.agreement``)."""
from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from ginscore.club.roles import is_director
from ginscore.matches import agreement, permissions, selectors, services
from ginscore.matches.views import _refuse


def _answer(request, pk, number, act, said):
    match = selectors.match_get(pk)
    via = permissions.scoring_via(request, match)
    if via is None:
        return _refuse(request, match)
    try:
        act(match, via)
    except (services.HandConflict, services.HandRefused) as e:
        messages.error(request, str(e))
    else:
        messages.success(request, said)
    return redirect(reverse("matches:detail", args=[match.pk]) + "#agree")


@require_POST
def hand_confirm(request, pk, number):
    side = request.POST.get("side", "")
    return _answer(request, pk, number, lambda match, via: agreement.hand_confirm(
        match_id=match.pk, number=number, version=request.POST.get("version", ""), side=side,
        user=request.user, via=via), f"Hand {number} confirmed: it counts.")


@require_POST
def hand_dispute(request, pk, number):
    side = request.POST.get("side", "")
    return _answer(request, pk, number, lambda match, via: agreement.hand_dispute(
        match_id=match.pk, number=number, version=request.POST.get("version", ""), side=side,
        reason=request.POST.get("reason", ""), user=request.user, via=via),
        f"Hand {number} disputed: the director settles it.")


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
        messages.success(request, f"Hand {number} of {' v '.join(match.side_names)} settled: it counts as entered.")
    target = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()},
                                           require_https=request.is_secure()):
        target = reverse("matches:detail", args=[match.pk]) + "#agree"
    return redirect(target)
