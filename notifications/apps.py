from django.apps import AppConfig


class NotificationsConfig(AppConfig):
    name = "notifications"
    verbose_name = "Notifications"

    def ready(self) -> None:
        from . import inbound, receivers, takeback  # noqa: F401  (connect the signal receivers)
