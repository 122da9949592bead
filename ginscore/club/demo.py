"""The demo club's accounts, named on the log-in and home pages while they are loaded.

``manage.py seed_demo`` (run by ``scripts/run.sh`` into an empty database) makes four accounts
with one known password. While an account still opens with it, the pages say so, so that a
newcomer can look around; an account whose password the club changed (or a club that never
loaded the demo) is never named.
"""
from __future__ import annotations

import threading

from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import check_password

PASSWORD = "ginscore-demo"
ACCOUNTS = (("admin", "club admin"), ("director", "director"), ("ann", "member"), ("ben", "member"))

# Whether a stored password hash is the demo password's: worked out once a process per hash
# (a hash costs a deliberate fraction of a second to check; a changed password is a new hash).
_checked: dict[str, bool] = {}
_lock = threading.Lock()


def _is_demo_password(encoded: str) -> bool:
    with _lock:
        known = _checked.get(encoded)
    if known is None:
        known = check_password(PASSWORD, encoded)
        with _lock:
            _checked[encoded] = known
    return known


def demo_accounts() -> list[tuple[str, str]]:
    """(account, role) of each demo account that still opens with the demo password, in the
    demo's order; empty for a club of its own. One query."""
    names = dict(ACCOUNTS)
    stored = dict(get_user_model().objects.filter(username__in=names, is_active=True)
                  .values_list("username", "password"))
    return [(name, role) for name, role in ACCOUNTS if name in stored and _is_demo_password(stored[name])]
