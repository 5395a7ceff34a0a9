"""Shared set-up for benchmarks: Django on a throwaway SQLite database (or DATABASE_URL if set)."""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from collections.abc import Callable


def django_with_fresh_database() -> None:
    """Configure Django on a new temporary SQLite file unless DATABASE_URL names a database."""
    if "DATABASE_URL" not in os.environ:
        path = os.path.join(tempfile.mkdtemp(prefix="dispatch-bench-"), "bench.sqlite3")
        os.environ["DATABASE_URL"] = f"sqlite:///{path}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django
    from django.core.management import call_command

    django.setup()
    from django.conf import settings

    settings.DEBUG = False  # development mode (the default) keeps a log of every query: not what is timed
    call_command("migrate", verbosity=0)


def median_seconds(fn: Callable[[], object], repeat: int) -> float:
    samples = []
    for _ in range(repeat):
        started = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - started)
    return statistics.median(samples)
