"""The human-readable event log that engines keep in their state.

Each event is ``{"text": str, "for": [roles] | None, ...}``; ``for`` names the roles that may read it
(None: everyone, spectators included). Engines append with ``add_event`` and views filter with
``visible_events`` so that a secret never reaches a role that may not see it.
"""

from __future__ import annotations

from typing import Any

Event = dict[str, Any]


def add_event(state: dict, text: str, *, only_for: list[str] | None = None, **data: Any) -> None:
    event: Event = {"text": text, "for": only_for}
    event.update(data)
    state.setdefault("log", []).append(event)


def visible_events(log: list[Event], role: str | None) -> list[Event]:
    return [e for e in log if e.get("for") is None or (role is not None and role in e["for"])]
