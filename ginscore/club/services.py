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


def preferences_set_display(*, user, large_text: bool, four_colour: bool) -> Preferences:
    """How the pages look for the member from now on, on every device they log in on: larger
    text, the cards in four colours."""
    with transaction.atomic():
        preferences, _created = Preferences.objects.select_for_update().get_or_create(user=user)
        preferences.large_text, preferences.four_colour = bool(large_text), bool(four_colour)
        preferences.save(update_fields=["large_text", "four_colour"])
    return preferences
