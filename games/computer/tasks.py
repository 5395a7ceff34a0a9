"""The computer's move, on its own queue ("bots"): a long search never delays mail or deadlines."""

from celery import shared_task

from . import moves, scheduling


@shared_task(ignore_result=True, autoretry_for=(Exception,), retry_backoff=2, max_retries=3)
def computer_move_task(match_id: int, seq: int) -> int:
    """Idempotent by seq (``moves.play``): a retried, duplicate or stale task does nothing twice."""
    played = moves.play(match_id, seq)
    if played == moves.MAX_STEPS:  # a very long turn: the rest in a fresh task
        scheduling.queue_move(match_id, seq + played)
    return played
