from ginscore.club import roles as club_roles


def roles(request):
    """Puts the visitor's role into every template (menus show what they may do)."""
    user = request.user
    return {
        "is_club_admin": club_roles.is_club_admin(user),
        "is_director": club_roles.is_director(user),
        "role_name": club_roles.role_name(user),
    }
