from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Games"

    def ready(self) -> None:
        from . import ratings  # noqa: F401 - connects the rating receiver
        from .services import takeback  # noqa: F401 - connects the receiver that lapses takeback requests
