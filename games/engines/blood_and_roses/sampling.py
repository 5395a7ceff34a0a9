"""The states a side could be in, given only its view (``Engine.sample_state``, for the computer player).

The view is the whole state but for the RNG, the event log and the other side's unused Seizure markers,
shown only as a count (BR-6.3). Those markers are not really unknown: each side starts with the battle's
own mix (BR-6.3a) and every marker played is announced and discarded (BR-6.3c), so the view's
``markers_played`` leaves exactly one hand possible. What the side cannot know is the dice to come: the
RNG is drawn from ``seed``. Every event of this game is public, so the view's log is the whole log.
"""

from __future__ import annotations

from typing import Any

from games.engines.base import Rng, State

from .board import battle_map
from .state import copy_state
from .view import VIEW_ONLY


def sample_state(view: dict[str, Any], role: str, seed: int) -> State:
    # copy_state shares what no action changes in place with the view, as ``apply`` does between states.
    state = copy_state({k: v for k, v in view.items() if k not in VIEW_ONLY and k != "markers"})
    mix = battle_map(state).data.get("seizure", {})
    state["markers"] = {
        side: list(held) if side == role else unplayed(mix.get(side, []), view["markers_played"][side])
        for side, held in view["markers"].items()
    }
    state["rng"] = Rng.from_seed(seed).state
    return state


def unplayed(mix: list[dict[str, Any]], played: list[str]) -> list[dict[str, Any]]:
    """The markers of ``mix`` not yet played, in the battle's order (the order ``setup`` deals them)."""
    return [dict(m) for m in mix if m["id"] not in played]
