from django.apps import AppConfig


class SeasonsConfig(AppConfig):
    name = "ginscore.seasons"
    label = "seasons"
    verbose_name = "Seasons and money"
