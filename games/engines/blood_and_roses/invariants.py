"""What must hold in every reachable position (checked by the playouts after every action)."""

from __future__ import annotations

from games.engines.base import State


def stacking_violations(state: State) -> list[str]:
    """BR-10.0a/b/g: never two combat units in one hex, except the unit moving now passing through a
    friendly one (BR-10.0c/d)."""
    moving = state.get("selected")
    by_hex: dict[str, list[str]] = {}
    for uid in sorted(state["units"]):
        h = state["units"][uid]["hex"]
        if h is not None:
            by_hex.setdefault(h, []).append(uid)
    return [
        f"{' and '.join(uids)} share hex {h} (BR-10.0a)"
        for h, uids in sorted(by_hex.items())
        if len(uids) > 1 and moving not in uids
    ]
