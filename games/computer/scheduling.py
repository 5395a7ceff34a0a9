"""When the computer is to move, queue its task once the transaction commits (never in the request)."""

from __future__ import annotations

import logging

from django.db import transaction
from django.dispatch import receiver

from accounts.models import Profile
from accounts.vacation import vacation_started
from config import celery_app
from games import signals
from games.models import Match, MatchStatus, Seat

from .moves import playing, stand_in

log = logging.getLogger(__name__)

MOVE_TASK = "games.computer.tasks.computer_move_task"  # routed to the "bots" queue (settings.CELERY_TASK_ROUTES)


def queue_move(match_id: int, seq: int) -> None:
    """Hand the move at ``seq`` to a bots worker (run in process when no broker is configured)."""
    try:
        # The project's app, not celery.current_app (see notifications.queue).
        celery_app.signature(MOVE_TASK, args=(match_id, seq)).apply_async()
    except Exception as exc:  # the broker is down: the computer moves when the next record queues it
        log.warning("Computer move for match %s at #%s not queued (%s)", match_id, seq, exc)


def queue_if_computer_moves(match: Match) -> None:
    """Queue the computer's task after commit if it is to move for any active seat of ``match``."""
    if playing.get() or match.status != MatchStatus.ACTIVE:
        return  # a task that is playing goes on by itself
    if any(stand_in(seat) for seat in match.loaded_seats() if seat.role in match.active_roles):
        match_id, seq = match.pk, match.seq
        transaction.on_commit(lambda: queue_move(match_id, seq))


@receiver(signals.match_started)
@receiver(signals.action_recorded)
@receiver(signals.match_resumed)
def _on_change(sender, match: Match, **kwargs) -> None:
    queue_if_computer_moves(match)


@receiver(vacation_started)
def _on_vacation(sender, user, **kwargs) -> None:
    """A vacation the computer plays through: it takes the turns the player already has."""
    if not Profile.objects.filter(user=user, vacation_computer_moves=True).exists():
        return  # read afresh: the request's cached profile predates the switch
    seats = Seat.objects.filter(user=user, is_active=True, match__status=MatchStatus.ACTIVE)
    for match_id, seq in set(seats.values_list("match_id", "match__seq")):
        transaction.on_commit(lambda match_id=match_id, seq=seq: queue_move(match_id, seq))
