"""Probes for load balancers and monitors.

/healthz: the process answers (touches nothing else, so a database outage does not get every web process
restarted). /readyz: the database and the broker answer; 503 with the reason otherwise.
"""

from __future__ import annotations

from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from config.celery import app as celery_app


@never_cache
@require_safe
def healthz(request: HttpRequest) -> JsonResponse:
    return JsonResponse({"status": "ok"})


@never_cache
@require_safe
def readyz(request: HttpRequest) -> JsonResponse:
    problems = {name: reason for name, check in CHECKS.items() if (reason := check())}
    if problems:
        return JsonResponse({"status": "unavailable", "problems": problems}, status=503)
    return JsonResponse({"status": "ok"})


def database_problem() -> str | None:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
    except Exception as exc:
        return f"database: {exc}".strip()
    return None


def broker_problem() -> str | None:
    if celery_app.conf.task_always_eager:
        return None  # no broker configured: tasks run in the web process
    try:
        with celery_app.connection_for_write() as conn:
            # One attempt, no back-off: a probe must answer fast, and the next probe tries again.
            conn.ensure_connection(max_retries=1, interval_start=0, interval_step=0, timeout=2)
    except Exception as exc:
        return f"broker: {exc}".strip()
    return None


CHECKS = {"database": database_problem, "broker": broker_problem}
