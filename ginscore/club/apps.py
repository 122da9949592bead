from django.apps import AppConfig


class ClubConfig(AppConfig):
    name = "ginscore.club"
    label = "club"
