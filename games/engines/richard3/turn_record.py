"""The turn record (R3-1.0): blocks moved and recruited, border crossings, and the attacks of the turn
(R3-5.2.2, R3-6.3), kept from the Action Phase to the Battle Phase."""

from __future__ import annotations

from games.engines.base import add_event, msg
from games.engines.base import name as ref

from .board import area_name, area_target, at_area, blocks_in, owner, side_name


def new_turn_record() -> dict:
    return {"moved": [], "recruited": [], "crossings": {"lancaster": {}, "york": {}}, "attacks": {}, "treason": None}


# --- attacks ---------------------------------------------------------------------------


def attack_record(state: dict, area: str) -> dict | None:
    return state["turn_record"]["attacks"].get(area)


def engaged_attackers(state: dict, area: str) -> list[str]:
    """Attacking blocks in the area that are not reserves: they pin as many Defenders (R3-5.2.2b)."""
    rec = attack_record(state, area)
    if rec is None:
        return []
    att = rec["attacker"]
    return [
        b
        for b in rec["entries"].get(att, {}).get(rec["main"], [])
        if state["blocks"][b]["at"] == area and owner(state, b) == att
    ]


def reserve_blocks(rec: dict) -> list[str]:
    """Attackers across any border but the Main Attack, and every defender reinforcement (R3-6.3c/g)."""
    att = rec["attacker"]
    out = [b for key, bids in rec["entries"].get(att, {}).items() if key != rec["main"] for b in bids]
    return out + rec["reserves"]


def side_of(key: str, area: str) -> dict:
    """Human words for the border ``key`` into ``area``: "from Kent" or "by sea (North Sea)"."""
    if key.startswith("sea:"):
        return msg("by sea ({sea})", sea=ref(key))
    return msg("from {area}", area=area_name(next(a for a in key.split("|") if a != area)))


def border_target(key: str, area: str) -> str:
    """The board target of the border ``key`` into ``area``: the sea zone, or the area on the other side."""
    if key.startswith("sea:"):
        return key
    return area_target(next(a for a in key.split("|") if a != area))


def undeclared(state: dict, role: str) -> list[str]:
    """Areas the player attacked across several borders and must still name a Main Attack for (R3-6.3c)."""
    return [
        area
        for area, rec in state["turn_record"]["attacks"].items()
        if rec["attacker"] == role and len(rec["entries"].get(role, {})) > 1 and not rec.get("declared")
    ]


def closed_exits(state: dict, area: str, role: str) -> set[str]:
    """Borders an unpinned Defender may not leave by: every border the attackers used (R3-5.2.2c, A8)."""
    rec = attack_record(state, area)
    if rec is None or rec["attacker"] == role:
        return set()
    return set(rec["entries"].get(rec["attacker"], {}))


def can_leave(state: dict, bid: str) -> bool:
    """Pinned Defenders may not leave; the defender keeps as many back as attackers engaged (R3-5.2.2b)."""
    role = owner(state, bid)
    area = state["blocks"][bid]["at"]
    rec = attack_record(state, area)
    if rec is None or rec["attacker"] == role:
        return True
    moved = state["turn_record"]["moved"]
    unmoved = [b for b in blocks_in(state, area, role) if b not in moved]
    return len(unmoved) > len(engaged_attackers(state, area))


def attack_borders_ok(state: dict, role: str, area: str, key: str) -> bool:
    """Attack across at most 3 borders (R3-6.3a); reinforce a defence across at most 2 (R3-6.3h)."""
    rec = attack_record(state, area)
    used = set(rec["entries"].get(role, {})) if rec else set()
    used.add(key)
    limit = 3 if rec is None or rec["attacker"] == role else 2
    return len(used) <= limit


def register_entry(state: dict, role: str, bid: str, area: str, key: str) -> None:
    """Record an entry into an Enemy or Contested area: main attack, reserve or reinforcement (R3-6.3c/g)."""
    attacks = state["turn_record"]["attacks"]
    rec = attacks.get(area)
    if rec is None:
        # The first border used is the Main Attack until the attacker names another one (R3-6.3c).
        rec = attacks[area] = {"attacker": role, "main": key, "entries": {}, "reserves": []}
        add_event(state, msg("{side} attacks {area}.", side=side_name(role), area=area_name(area)), at=at_area(area))

    rec["entries"].setdefault(role, {}).setdefault(key, []).append(bid)
    if rec["attacker"] != role:
        rec["reserves"].append(bid)  # a reinforcement of the defence
