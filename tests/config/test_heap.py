"""The web process's collector settings (config.heap), applied by gunicorn once a worker has loaded the app."""

import gc
import runpy
from pathlib import Path

import pytest

from config import heap


@pytest.fixture
def restored_collector():
    thresholds = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*thresholds)


def test_settle_freezes_what_is_alive_and_collects_less_often(restored_collector):
    kept = [[index] for index in range(1000)]  # containers the collector tracks
    heap.settle()
    assert gc.get_freeze_count() >= len(kept)
    assert gc.get_threshold() == (heap.YOUNG_THRESHOLD, *heap.OLDER_THRESHOLDS)
    assert gc.isenabled()
    cycle: list = []
    cycle.append(cycle)
    del cycle
    assert gc.collect() >= 1  # what is made afterwards is still collected


def test_gunicorn_settles_each_worker_after_loading_the_app(monkeypatch):
    calls = []
    monkeypatch.setattr(heap, "settle", lambda: calls.append("settled"))
    conf = runpy.run_path(str(Path(__file__).resolve().parents[2] / "config" / "gunicorn.conf.py"))
    conf["post_worker_init"](worker=None)
    assert calls == ["settled"]
    assert conf["preload_app"] is False  # so the hook runs in each worker, after its own import of the app
