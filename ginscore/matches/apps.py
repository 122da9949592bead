from django.apps import AppConfig


class MatchesConfig(AppConfig):
    name = "ginscore.matches"
    label = "matches"
