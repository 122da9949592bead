from django.apps import AppConfig


class RatingsConfig(AppConfig):
    name = "ginscore.ratings"
    label = "ratings"
