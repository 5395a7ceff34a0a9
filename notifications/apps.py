from django.apps import AppConfig


class NotificationsConfig(AppConfig):
    name = "notifications"
    verbose_name = "Notifications"

    def ready(self) -> None:
        # the signal receivers, and the tasks that notifications.queue names (registered with Celery)
        from . import inbound, receivers, takeback, tasks  # noqa: F401
