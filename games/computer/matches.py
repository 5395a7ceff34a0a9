"""A match against the computer: created by the person, the computer's seat filled at once."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from games import services
from games.models import Match, TimeoutPolicy
from games.services.matches import fill_seat

from .accounts import LEVELS, computer_user


def create_computer_match(
    user,
    game: str,
    options: dict | None = None,
    role: str | None = None,
    *,
    level: str,
    rated: bool = False,
    time_control: dict | None = None,
    timeout_policy: str = TimeoutPolicy.FORFEIT,
) -> Match:
    """Start a match of ``game`` between ``user`` (seat ``role``, random if None) and the computer at ``level``.

    Rated only when asked: each level keeps its own rating per game, as a person does (README, "Play the
    computer"). It counts toward the person's commitment cap, never the computer's; it is public, so others
    may watch, and belongs to no tournament. Raises a ServiceError and writes nothing when refused.
    """
    if level not in LEVELS:
        raise services.IllegalMove(
            _("Unknown level {level!r}; levels are {levels}").format(level=level, levels=", ".join(LEVELS))
        )
    computer = computer_user(level)
    with transaction.atomic():
        match = services.create_match(
            user, game, options, role, time_control=time_control, timeout_policy=timeout_policy, rated=rated
        )
        fill_seat(services.lock_match(match.pk), computer)
    return Match.objects.prefetch_related("seats").get(pk=match.pk)
