"""CPU seconds the run's own processes spend while locust plays: a figure other jobs on the machine cannot skew.

On a shared machine, requests/s measures the neighbours as much as the service. The CPU time each request
costs the web processes, PostgreSQL and Celery does not depend on them, so it also tells what dedicated
cores would serve.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

import psutil

Finder = Callable[[], list[psutil.Process]]


def tree(pid: int) -> Finder:
    """A process and all its descendants (gunicorn's workers, Celery's pool), as they are at each sample."""

    def find() -> list[psutil.Process]:
        try:
            root = psutil.Process(pid)
            return [root, *root.children(recursive=True)]
        except psutil.NoSuchProcess:
            return []

    return find


def postgres_backends(database: str) -> Finder:
    """PostgreSQL's backends serving ``database`` (their process title names it)."""

    def find() -> list[psutil.Process]:
        found = []
        for process in psutil.process_iter(["name", "cmdline"]):
            cmdline = " ".join(process.info["cmdline"] or [])
            if cmdline.startswith("postgres:") and f" {database} " in cmdline:
                found.append(process)
        return found

    return find


def commands_naming(fragment: str) -> Finder:
    """The processes whose command line contains ``fragment`` (locust, started anew for each phase)."""

    def find() -> list[psutil.Process]:
        return [
            process
            for process in psutil.process_iter(["cmdline"])
            if fragment in " ".join(process.info["cmdline"] or [])
        ]

    return find


class CpuMeter:
    """Samples each group's processes every ``interval`` seconds between ``start`` and ``stop``.

    A process seen at the start counts from there; one that appears later (a new connection, a recycled
    worker) counts from its birth. One that ends between samples loses at most its last interval.
    """

    def __init__(self, groups: dict[str, Finder], interval: float = 1.0) -> None:
        self.groups = groups
        self.interval = interval
        self.first: dict[tuple[str, int], float] = {}
        self.last: dict[tuple[str, int], float] = {}
        self.done = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def start(self) -> None:
        self._sample(initial=True)
        self.thread.start()

    def stop(self) -> dict[str, float]:
        """CPU seconds per group since ``start``."""
        self.done.set()
        self.thread.join()
        self._sample(initial=False)
        totals = dict.fromkeys(self.groups, 0.0)
        for (group, pid), seconds in self.last.items():
            totals[group] += seconds - self.first[(group, pid)]
        return totals

    def _run(self) -> None:
        while not self.done.wait(self.interval):
            self._sample(initial=False)

    def _sample(self, initial: bool) -> None:
        for group, find in self.groups.items():
            for process in find():
                try:
                    times = process.cpu_times()
                except (psutil.NoSuchProcess, psutil.AccessDenied):
                    continue
                key = (group, process.pid)
                seconds = times.user + times.system
                self.first.setdefault(key, seconds if initial else 0.0)
                self.last[key] = seconds
