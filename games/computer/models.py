"""Which system account plays at which level."""

from django.conf import settings
from django.db import models


class Computer(models.Model):
    """One level of the computer, played by one system account (its own name and rating per game)."""

    level = models.CharField(max_length=10, unique=True)
    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="computer")

    def __str__(self) -> str:
        return f"computer {self.level}"
