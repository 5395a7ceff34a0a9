from django.apps import AppConfig


class SeeksConfig(AppConfig):
    name = "games.seeks"
    label = "seeks"
