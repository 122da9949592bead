"""What the club app writes: a member's own settings."""
from django.db import transaction

from ginscore.club.language import offered
from ginscore.club.models import Preferences


def preferences_set_language(*, user, language: str) -> Preferences:
    """The member's language from now on, on every device they log in on ("" : the browser's, else
    the club's). A language the site does not speak is refused (ValueError naming it)."""
    if language and language not in offered():
        raise ValueError(f"language: {language!r} is not one of {', '.join(offered())}")
    with transaction.atomic():
        preferences, _created = Preferences.objects.select_for_update().get_or_create(user=user)
        preferences.language = language
        preferences.save(update_fields=["language"])
    return preferences
