"""Names players read instead of ids: "Norfolk's longbowmen 2" for unit S-LB2 (ARCHITECTURE §2.1)."""

from __future__ import annotations

from games.engines.base import State

from .data.names import TYPE_NAMES


def unit_name(state: State, uid: str) -> str:
    """The Battle leader's name, the unit's kind and the number in its id (stable while units fall)."""
    unit = state["units"].get(uid)
    if unit is None:
        return uid
    battle = state["battles"][unit["battle"]]
    leader = state["leaders"].get(battle["leader"])
    owner = leader["name"] if leader else battle["name"]
    number = "".join(ch for ch in uid.rsplit("-", 1)[-1] if ch.isdigit())
    return f"{owner}'s {TYPE_NAMES.get(unit['type'], unit['type'])}{' ' + number if number else ''}"
