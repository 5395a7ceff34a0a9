from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "games.tournaments"
    label = "tournaments"

    def ready(self) -> None:
        from . import receivers  # noqa: F401  (connects the match_finished receiver)
