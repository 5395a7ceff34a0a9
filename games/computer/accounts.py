"""The computer's system accounts: one per level, unable to log in, never mailed, marked as computers."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver
from django.utils.translation import gettext_lazy as _

from .models import Computer

LEVELS = ("easy", "normal", "strong")
DEFAULT_LEVEL = "normal"
# Who moves for a person on timeout or vacation: the level a newcomer plays against.
STAND_IN_LEVEL = DEFAULT_LEVEL
NAMES = {"easy": _("Computer (easy)"), "normal": _("Computer (normal)"), "strong": _("Computer (strong)")}
ENGLISH_NAMES = {"easy": "Computer (easy)", "normal": "Computer (normal)", "strong": "Computer (strong)"}


def create_computer(level: str, user_model, profile_model, computer_model):
    """The account of ``level``, made if missing. Takes the models so the data migration uses it too."""
    found = computer_model.objects.filter(level=level).select_related("user").first()
    if found is not None:
        return found.user
    username, n = f"computer-{level}", 1
    while user_model.objects.filter(username__iexact=username).exists():  # a person took the name first
        n += 1
        username = f"computer-{level}-{n}"
    user = user_model.objects.create(username=username, email="", password=make_password(None))  # no login
    profile_model.objects.update_or_create(
        user=user, defaults={"display_name": ENGLISH_NAMES[level], "is_computer": True, "notify_mode": "off"}
    )
    computer_model.objects.create(level=level, user=user)
    return user


def computer_user(level: str):
    """The system account playing at ``level`` (made again if a test flushed the database)."""
    from accounts.models import Profile

    return create_computer(level, get_user_model(), Profile, Computer)


_levels_by_user: dict[int, str] | None = None


def level_of(user_id: int | None) -> str | None:
    """The level ``user_id`` plays at, or None for a person. Read once per process: asked on every move."""
    global _levels_by_user
    if _levels_by_user is None:
        _levels_by_user = dict(Computer.objects.values_list("user_id", "level"))
    return _levels_by_user.get(user_id)


@receiver(post_save, sender=Computer)
@receiver(post_delete, sender=Computer)
def forget_levels(**kwargs) -> None:
    """Read the accounts again on the next move (also for tests, whose flushes send no signal)."""
    global _levels_by_user
    _levels_by_user = None


def display_name(user) -> str:
    """The computer's name in the reader's language; a person's display name."""
    level = level_of(user.pk) if user.profile.is_computer else None
    return str(NAMES[level]) if level else user.profile.name
