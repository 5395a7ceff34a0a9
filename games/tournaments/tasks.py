"""The beat job: tournaments start at their sign-up deadline, banned players' games are forfeited."""

from celery import shared_task

from . import services


@shared_task(ignore_result=True)
def sweep_tournaments_task() -> dict[str, int]:
    return {"started": services.start_due_tournaments(), "withdrawn": services.withdraw_banned_players()}
