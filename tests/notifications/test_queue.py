"""Delivery is queued through one entry point, and the notifications modules import each other in no circle."""

import ast
from pathlib import Path

import pytest
from django.core import mail

from config import celery_app
from notifications import queue
from notifications.models import Notification, Status

PACKAGE = Path(queue.__file__).parent


def imports_within_package(path: Path) -> set[str]:
    """The sibling modules a module of ``notifications`` imports (``from .x import`` / ``from notifications.x``)."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            if node.level == 1:
                names |= {node.module} if node.module else {alias.name for alias in node.names}
            elif node.module and node.module.startswith("notifications."):
                names.add(node.module.split(".")[1])
    return {name.split(".")[0] for name in names}


def test_the_notifications_modules_import_each_other_in_no_circle():
    graph = {path.stem: imports_within_package(path) for path in PACKAGE.glob("*.py") if path.stem != "apps"}
    state: dict[str, str] = {}

    def visit(module: str, trail: list[str]) -> None:
        if state.get(module) == "done":
            return
        assert state.get(module) != "open", "import circle: " + " → ".join([*trail, module])
        state[module] = "open"
        for imported in sorted(graph.get(module, ())):
            visit(imported, [*trail, module])
        state[module] = "done"

    for module in sorted(graph):
        visit(module, [])


def test_the_name_the_queue_sends_is_a_registered_task():
    assert queue.DELIVER in celery_app.tasks


@pytest.mark.django_db(transaction=True)
def test_a_queued_row_is_delivered_by_the_task(rk_match, alice, bob, monkeypatch):
    monkeypatch.setitem(celery_app.conf, "task_always_eager", True)  # as in development, even where CI has a broker
    row = Notification.objects.get(user=bob, kind="started", channel="email")
    row.status = Status.PENDING
    row.save()
    mail.outbox.clear()
    queue.queue_delivery(row.pk, row.channel)
    row.refresh_from_db()
    assert row.status == Status.SENT and len(mail.outbox) == 1
