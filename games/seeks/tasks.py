"""The beat job: waiting seeks past their lifetime are marked expired."""

from celery import shared_task

from . import services


@shared_task(ignore_result=True)
def expire_seeks_task() -> int:
    return services.expire_seeks()
