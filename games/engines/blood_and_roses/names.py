"""Names players read instead of ids: "Norfolk's longbowmen 2" for unit S-LB2 (ARCHITECTURE §2.1), as a
message record (the kind and the leader from the names table, ``texts``)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from games.engines.base import State
from games.engines.base.messages import msg, name

from .texts import battle_name, joined, leader_name


def unit_name(state: State, uid: str) -> Any:
    """The Battle leader's name, the unit's kind and the number in its id (stable while units fall), for a
    unit on the map or one that left it (eliminated, fled, pursuing); the id only for a unit never seen."""
    unit = state["units"].get(uid) or next((u for u in _off_the_map(state) if u["id"] == uid), None)
    if unit is None:
        return uid
    bid = unit["battle"]
    lid = state["battles"][bid]["leader"]
    owner = leader_name(state, lid) if lid in state["leaders"] else battle_name(state, bid)
    number = "".join(ch for ch in uid.rsplit("-", 1)[-1] if ch.isdigit())
    kind = name(f"type:{unit['type']}")
    if number:
        return msg("{owner}'s {kind} {number}", owner=owner, kind=kind, number=number)
    return msg("{owner}'s {kind}", owner=owner, kind=kind)


def _off_the_map(state: State) -> Iterator[Mapping[str, Any]]:
    """The records of the units that left the map: each has its id, Battle and type."""
    for chase in state.get("pursuers", {}).values():
        yield from chase["units"]
    for fleeing in state.get("fleeing", {}).values():
        yield from fleeing
    yield from state.get("eliminated", [])


def unit_names(state: State, uids: list[str]) -> Any:
    """Several units named, as ``joined`` writes a list ("A and B")."""
    return joined([unit_name(state, uid) for uid in uids])


def units_together(state: State, uids: list[str]) -> Any:
    """Attackers striking as one, "A + B": the verb after them stays singular, as for one unit."""
    named = [unit_name(state, uid) for uid in uids]
    together = named[0]
    for other in named[1:]:
        together = msg("{first} + {second}", first=together, second=other)
    return together
