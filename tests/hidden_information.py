"""Hidden leaves of a state: what a viewer is not given, found by planting markers (shared by tests).

A leaf is hidden from a viewer when neither ``engine.view(state, viewer)`` nor the viewer's legal
actions depend on it. ``marked`` plants a distinct marker in every such leaf, so a test can render
anything twice (real state, marked state) and demand the same output without a marker.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

from games.engines.base import canonical_json

Path = tuple[Any, ...]
MARKER = "zqhidden{}zq"


def leaves(value: Any, path: Path = ()) -> Iterator[Path]:
    if isinstance(value, dict):
        for key, item in value.items():
            yield from leaves(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from leaves(item, (*path, index))
    elif isinstance(value, str | int) and not isinstance(value, bool):
        yield path


def with_leaf(value: Any, path: Path, new: Any) -> Any:
    """A copy of ``value`` with the leaf at ``path`` replaced (only the containers on the path are copied)."""
    if not path:
        return new
    changed = copy.copy(value)
    changed[path[0]] = with_leaf(value[path[0]], path[1:], new)
    return changed


def what_role_is_given(engine, state: dict, role: str | None) -> str:
    """Everything a page may use for ``role``: its view and (a player) its legal actions."""
    return canonical_json([engine.view(state, role), engine.legal_actions(state, role) if role else []])


def hidden_paths(engine, state: dict, role: str | None) -> list[Path]:
    """Leaves of ``state`` that what ``role`` is given does not depend on: changing one changes nothing.

    (A leaf read even only to decide what to show, such as an event's audience, is not hidden; nor is
    one whose marker makes the engine fail.)
    """
    given = what_role_is_given(engine, state, role)
    hidden = []
    for n, path in enumerate(leaves(state)):
        try:
            unchanged = what_role_is_given(engine, with_leaf(state, path, MARKER.format(n)), role) == given
        except Exception:
            unchanged = False
        if unchanged:
            hidden.append(path)
    return hidden


def marked(engine, state: dict, role: str | None) -> dict:
    """``state`` with a distinct marker in every leaf hidden from ``role``."""
    for n, path in enumerate(hidden_paths(engine, state, role)):
        state = with_leaf(state, path, MARKER.format(f"m{n}"))
    return state
