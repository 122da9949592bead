from django.apps import AppConfig


class ClubConfig(AppConfig):
    name = "ginscore.club"
    label = "club"

    def ready(self):
        # The engine's refusals and labels are read in the language of the page (or command) reading them.
        from django.utils import translation

        from ginscore.club.numbers import ascii_digits_only
        from ginscore.engine import i18n

        # A typed number is 0-9 only: "1_0" and "١٠٠" are refused (ginscore/club/numbers.py).
        ascii_digits_only()

        i18n.use(
            gettext=translation.gettext,
            ngettext=translation.ngettext,
            pgettext=translation.pgettext,
            npgettext=translation.npgettext,
        )
