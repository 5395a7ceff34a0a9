"""The human-readable event log that engines keep in their state.

Each event is ``{"text": record, "for": [roles] | None, ...}`` (``text`` a message record of
``engines.base.messages``, rendered in the reader's language); ``for`` names the roles that may read it
(None: everyone, spectators included). Engines append with ``add_event`` and views filter with
``visible_events`` so that a secret never reaches a role that may not see it.

An event may say where on the board it happened, so the page can draw it (the opponent's moves since
your last turn): ``path`` lists the board targets a piece went through, in order (``["hex:0812",
"hex:0913"]``); ``at`` lists the targets where something happened in place (a battle, a placement, a
card played on a space). Both use the ``data-target`` ids of ``render_svg`` and, like the text, must
not reveal more than the roles in ``for`` may know.

An event that has a public and a private twin names, in ``not_for``, the roles that read the private one
instead: each reader's log holds it once. A view's log is ``log_for`` its role, so the platform can tell
which events of the state's log a reader holds (``games.since_last_move``) without asking the engine.
"""

from __future__ import annotations

from typing import Any

from .messages import Text

Event = dict[str, Any]


def add_event(state: dict, text: Text, *, only_for: list[str] | None = None, **data: Any) -> None:
    event: Event = {"text": text, "for": only_for}
    event.update(data)
    state.setdefault("log", []).append(event)


def visible_events(log: list[Event], role: str | None) -> list[Event]:
    """The events ``role`` may know of (None: a spectator), twins included."""
    return [e for e in log if e.get("for") is None or (role is not None and role in e["for"])]


def log_for(log: list[Event], role: str | None) -> list[Event]:
    """The lines of ``role``'s log: the events it may know of, each twin once (its own side of it)."""
    return [e for e in visible_events(log, role) if role is None or role not in e.get("not_for", ())]
