from django.apps import AppConfig


class ComputerConfig(AppConfig):
    name = "games.computer"
    label = "computer"

    def ready(self) -> None:
        from . import scheduling, tasks  # noqa: F401 - the receivers that queue its moves; the task they queue
