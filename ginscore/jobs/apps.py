from django.apps import AppConfig


class JobsConfig(AppConfig):
    name = "ginscore.jobs"
    label = "jobs"
