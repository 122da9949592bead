from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "ginscore.tournaments"
    label = "tournaments"
