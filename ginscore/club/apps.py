from django.apps import AppConfig


class ClubConfig(AppConfig):
    name = "ginscore.club"
    label = "club"

    def ready(self):
        # The engine's refusals and labels are read in the language of the page (or command) reading them.
        from django.utils import translation

        from ginscore.engine import i18n

        i18n.use(
            gettext=translation.gettext,
            ngettext=translation.ngettext,
            pgettext=translation.pgettext,
            npgettext=translation.npgettext,
        )
