"""Who may do what with a match.

- club admin and director: any match (score, correct, renew the table link);
- member: creates matches; scores and corrects the matches they play in
  (through the player linked to their account) and the matches they created
  (two guests' match), and renews their table link;
- visitor: reads;
- table link holder: enters and corrects the hands of that one match, with
  no account. Opening the link (``/matches/table/<token>/``) remembers the
  token in the session; it is checked against the match's current token on
  every request, so renewing the link locks the old one out at once. Once
  the match is complete the link may correct it only for a short window
  (``GINSCORE_CORRECTION_MINUTES``, default 15), then it stops writing;
- a tournament match whose result the event already relies on (a later
  round, the knockout, the final standings) is corrected by a director only
  (``ginscore.tournaments.services.correction_check``).
"""
from __future__ import annotations

import os
import secrets
from datetime import timedelta

from django.conf import settings
from django.utils import timezone
from django.utils.dateformat import format as date_format
from django.utils.translation import ngettext

from ginscore.club.roles import is_director, is_member
from ginscore.matches.models import VIA_ACCOUNT, VIA_TABLE_LINK

SESSION_KEY = "ginscore_table_links"


def plays_in(user, match) -> bool:
    return bool(user.is_authenticated and user.pk in (p.user_id for p in match.seats))


def can_create_match(user) -> bool:
    return is_member(user)


def created(user, match) -> bool:
    return bool(user.is_authenticated and match.created_by_id == user.pk)


def can_manage_match(user, match) -> bool:
    """Score and correct by account, see and renew the table link: directors, the players, and
    the member who created the match (who may be keeping score for two guests)."""
    return is_director(user) or (is_member(user) and (plays_in(user, match) or created(user, match)))


def holds_table_link(request, match) -> bool:
    token = request.session.get(SESSION_KEY, {}).get(str(match.pk))
    return bool(token) and secrets.compare_digest(token, match.table_token)


def table_link_grant(request, match) -> None:
    links = dict(request.session.get(SESSION_KEY, {}))
    links[str(match.pk)] = match.table_token
    request.session[SESSION_KEY] = links


def correction_minutes() -> int:
    """How long a table link may still correct a complete match (the setting, or the
    ``GINSCORE_CORRECTION_MINUTES`` environment variable; default 15)."""
    value = getattr(settings, "GINSCORE_CORRECTION_MINUTES", None)
    if value is None:
        value = os.environ.get("GINSCORE_CORRECTION_MINUTES", "15")
    try:
        return max(0, int(value))
    except (TypeError, ValueError):
        return 15


def table_link_closed(match, now=None) -> str | None:
    """Why the table link may no longer correct ``match`` (its correction window has passed), or None."""
    if not match.complete or match.finished_at is None:
        return None
    minutes = correction_minutes()
    if (now or timezone.now()) < match.finished_at + timedelta(minutes=minutes):
        return None
    finished = timezone.localtime(match.finished_at)
    return (ngettext("This match finished at %(time)s on %(day)s; its table link could correct it for %(minutes)s "
                     "minute after the end. Ask a director (or one of the players, logged in) to correct it.",
                     "This match finished at %(time)s on %(day)s; its table link could correct it for %(minutes)s "
                     "minutes after the end. Ask a director (or one of the players, logged in) to correct it.",
                     minutes)
            % {"time": date_format(finished, "H:i"), "day": date_format(finished, "j M Y"),
               "minutes": minutes})


def scoring_via(request, match) -> str | None:
    """How this request may score the match: "account", "table_link", or None (read only)."""
    if can_manage_match(request.user, match):
        return VIA_ACCOUNT
    if holds_table_link(request, match):
        return VIA_TABLE_LINK
    return None


def reads_only(request) -> bool:
    """A browser that holds no table link and no kept hand: without an account, every match's pad
    is the same for it as for any other such visitor (``live_page``'s shared pages)."""
    return SESSION_KEY not in request.session and KEPT_KEY not in request.session


def link_renewed(request, match) -> bool:
    """This browser scored with a table link of the match that has since been renewed."""
    token = request.session.get(SESSION_KEY, {}).get(str(match.pk))
    return bool(token) and not secrets.compare_digest(token, match.table_token)


KEPT_KEY = "ginscore_kept_hands"
KEPT_FIELDS = ("end", "by", "knocker_deadwood", "defender_deadwood", "upcard", "upcard_rank", "upcard_suit",
               "count_a", "count_b", "bonus", "no_contract")


def hand_keep(request, match, data) -> None:
    """Keeps a hand that could not be saved (the link was renewed) until the pad opens again."""
    kept = dict(request.session.get(KEPT_KEY, {}))
    kept[str(match.pk)] = {k: str(data.get(k))[:10] for k in KEPT_FIELDS if data.get(k) not in (None, "")}
    request.session[KEPT_KEY] = kept


def hand_kept(request, match) -> dict | None:
    """The kept hand of this match, taken out of the session (it is shown once)."""
    kept = dict(request.session.get(KEPT_KEY, {}))
    hand = kept.pop(str(match.pk), None)
    if hand is not None:
        request.session[KEPT_KEY] = kept
    return hand
