"""Battle Cry and Treachery!, the Seizure markers of the Other Effect kind that are played at the start of
any activation, the active player's or the opponent's (BR-6.3i/j). Shared by Phase B (the active player's
own) and the opening of an activation (the other player's window, ``opening``)."""

from __future__ import annotations

from games.engines.base import Choice, add_event
from games.engines.base.messages import msg

from . import combat_results, victory
from .board import committed, side_of_unit
from .common import State
from .names import unit_name


def other_effect_choices(state: State, role: str) -> list[Choice]:
    """Each use ``role`` has now for a Battle Cry (a friendly Routed unit on the map rallies, BR-6.3i) or a
    Treachery! (a committed enemy unit that is neither Routed nor Disordered becomes Disordered, BR-6.3j)."""
    out: list[Choice] = []
    for marker in state["markers"][role]:
        for uid, u in sorted(state["units"].items()):
            if u["hex"] is None:
                continue
            mine = side_of_unit(state, uid) == role
            if marker["kind"] == "battle_cry" and mine and u.get("rout"):
                out.append(
                    {
                        "action": {"type": "battle_cry", "marker": marker["id"], "unit": uid},
                        "label": msg("Battle Cry: rally {unit} from Rout", unit=unit_name(state, uid)),
                        "target": f"unit:{uid}",
                    }
                )
            if (
                marker["kind"] == "treachery"
                and not mine
                and committed(state, uid)
                and u["type"] != "Art"
                and not u.get("rout")
                and not u.get("disordered")
            ):
                out.append(
                    {
                        "action": {"type": "treachery", "marker": marker["id"], "unit": uid},
                        "label": msg("Treachery!: disorder {unit}", unit=unit_name(state, uid)),
                        "target": f"unit:{uid}",
                    }
                )
    return out


def use_marker(state: State, role: str, action: dict) -> dict:
    """BR-6.3c: a marker played is discarded."""
    played = next(m for m in state["markers"][role] if m["id"] == action["marker"])
    state["markers"][role].remove(played)
    return played


def battle_cry(state: State, role: str, action: dict) -> None:
    """BR-6.3i: the unit rallies (Disordered, no longer Routed) and its side loses 1 Flight Point."""
    use_marker(state, role, action)
    state["units"][action["unit"]]["rout"] = False
    victory.add_flight_points(state, role, -1, msg("Battle Cry rallies {unit}", unit=unit_name(state, action["unit"])))


def treachery(state: State, role: str, action: dict) -> None:
    """BR-6.3j: the enemy unit becomes Disordered."""
    use_marker(state, role, action)
    combat_results.disorder(state, action["unit"])
    add_event(state, msg("Treachery! {unit} is Disordered.", unit=unit_name(state, action["unit"])))
