"""Names players read instead of ids: "Norfolk's longbowmen 2" for unit S-LB2 (ARCHITECTURE §2.1), as a
message record (the kind and the leader from the names table, ``texts``)."""

from __future__ import annotations

from typing import Any

from games.engines.base import State
from games.engines.base.messages import msg, name

from .texts import battle_name, leader_name


def unit_name(state: State, uid: str) -> Any:
    """The Battle leader's name, the unit's kind and the number in its id (stable while units fall)."""
    unit = state["units"].get(uid)
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
