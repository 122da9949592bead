"""Who may do what with a match.

- club admin and director: any match (score, correct, renew the table link);
- member: creates matches; scores and corrects the matches they play in
  (through the player linked to their account), and renews their table link;
- visitor: reads;
- table link holder: enters and corrects the hands of that one match, with
  no account. Opening the link (``/matches/table/<token>/``) remembers the
  token in the session; it is checked against the match's current token on
  every request, so renewing the link locks the old one out at once.
"""
from __future__ import annotations

import secrets

from ginscore.club.roles import is_director, is_member
from ginscore.matches.models import VIA_ACCOUNT, VIA_TABLE_LINK

SESSION_KEY = "ginscore_table_links"


def plays_in(user, match) -> bool:
    return bool(user.is_authenticated and user.pk in (match.player_a.user_id, match.player_b.user_id))


def can_create_match(user) -> bool:
    return is_member(user)


def can_manage_match(user, match) -> bool:
    """Score and correct by account, see and renew the table link."""
    return is_director(user) or (is_member(user) and plays_in(user, match))


def holds_table_link(request, match) -> bool:
    token = request.session.get(SESSION_KEY, {}).get(str(match.pk))
    return bool(token) and secrets.compare_digest(token, match.table_token)


def table_link_grant(request, match) -> None:
    links = dict(request.session.get(SESSION_KEY, {}))
    links[str(match.pk)] = match.table_token
    request.session[SESSION_KEY] = links


def scoring_via(request, match) -> str | None:
    """How this request may score the match: "account", "table_link", or None (read only)."""
    if can_manage_match(request.user, match):
        return VIA_ACCOUNT
    if holds_table_link(request, match):
        return VIA_TABLE_LINK
    return None
