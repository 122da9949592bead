from django.apps import AppConfig


class PlayersConfig(AppConfig):
    name = "ginscore.players"
    label = "players"
