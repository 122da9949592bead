from django.apps import AppConfig


class SheetsConfig(AppConfig):
    name = "ginscore.sheets"
    label = "sheets"
