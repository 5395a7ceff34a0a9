"""The computer's search stood in by a quick stub where the platform around it is under test — who moves,
when, through what, with what (test_whole_match lets the real search play)."""

from __future__ import annotations

import pytest

from config import celery_app
from games.engines.base import search
from games.models import Match


@pytest.fixture(autouse=True)
def moves_in_process(monkeypatch):
    """The computer's task runs in the test's process, as in development, even where CI has a broker."""
    monkeypatch.setitem(celery_app.conf, "task_always_eager", True)


@pytest.fixture
def searches(monkeypatch):
    """Every call of the search, recorded; it plays the first legal choice of the match's current state
    (the stub may look: the real search is handed only the view, which the calls record)."""
    calls: list[dict] = []

    def choose_action(engine, view, role, *, seed, level, reply_left=None):
        match = Match.objects.filter(game=engine.slug, status="active").latest("pk")
        calls.append({"view": view, "role": role, "seed": seed, "level": level, "reply_left": reply_left})
        return engine.legal_actions(match.state, role)[0]["action"]

    monkeypatch.setattr(search, "choose_action", choose_action)
    return calls


@pytest.fixture
def committed(django_capture_on_commit_callbacks):
    """``with committed(execute=True):`` runs what waits for the commit (the test's transaction never commits)."""
    return django_capture_on_commit_callbacks
