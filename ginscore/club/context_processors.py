from django.contrib.auth.models import AnonymousUser

from ginscore.club import roles as club_roles


def roles(request):
    """Puts the visitor's role into every template (menus show what they may do)."""
    # A request refused before the log-in is read (a bad Host header: the 400 page) has no user.
    user = getattr(request, "user", None) or AnonymousUser()
    return {
        "is_club_admin": club_roles.is_club_admin(user),
        "is_director": club_roles.is_director(user),
        "role_name": club_roles.role_name(user),
    }
