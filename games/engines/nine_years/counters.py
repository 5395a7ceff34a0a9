"""Section 3 (seed): leaders (TR, CR, minor sides, promotion, death) and corps (full/reduced, Force Pool)."""

from __future__ import annotations

from math import ceil

from games.engines.base import msg, name

from .data.leaders import LEADERS
from .data.powers import POWERS, side_of

State = dict


POWER_OF_CODE = {code: power for power, (_, code, _) in POWERS.items()}


def corps_name(cid: str) -> dict:
    """A corps as players read it: "French corps 3" for "Fr03"."""
    return msg("{power} corps {number}", power=name(f"adj:{POWER_OF_CODE[cid[:2]]}"), number=int(cid[2:]))


def leader_name(lid: str) -> dict[str, str]:
    return name(f"leader:{lid}")


def leader_power(state: State, lid: str) -> str:
    return state["leaders"][lid]["power"]


def leader_side(state: State, lid: str) -> str:
    return side_of(leader_power(state, lid))


def ratings(state: State, lid: str) -> tuple[int, int]:
    """NY-3.1e: (TR, CR) of the side of the counter in play."""
    data, info = LEADERS[lid], state["leaders"][lid]
    if info["minor"]:
        return tuple(data["back"])
    return tuple(info.get("front") or data["front"])


def has_native_stripe(state: State, lid: str) -> bool:
    """NY-3.1.1a / NY-3.1.1d: named leaders carry the stripe; of the minor sides only the seven listed."""
    data = LEADERS[lid]
    if state["leaders"][lid]["minor"]:
        return data["back_stripe"]
    return data["kind"] == "named"


def effective_tr(state: State, lid: str, corps: list[str]) -> int:
    """NY-3.1.1b/c: TR -1 when the force holds no corps of his native power (never below 0, A5); CR unchanged."""
    tr = ratings(state, lid)[0]
    if has_native_stripe(state, lid):
        power = leader_power(state, lid)
        if not any(state["corps"][c]["power"] == power for c in corps):
            tr -= 1
    return max(tr, 0)


def can_be_killed(state: State, lid: str) -> bool:
    """NY-3.1b / NY-3.1.2b: only a named leader on his named side can die (A6, A25)."""
    return LEADERS[lid]["kind"] == "named" and not state["leaders"][lid]["minor"]


def kill_leader(state: State, lid: str) -> None:
    """NY-3.1b: flip to the minor side for good; NY-3.1d: Marlborough is removed; NY-3.1.2c: no re-promotion."""
    info = state["leaders"][lid]
    if LEADERS[lid]["back"] is None:
        info["space"] = "removed"  # NY-3.1d
        return
    info["minor"] = True
    info["demoted"] = True  # NY-3.1b / NY-3.1.2c: stays minor for the rest of the game


def promote(state: State, lid: str) -> bool:
    """NY-3.1.2b (12.4 provisional): a starting-minor leader flips to his named side, once only."""
    info = state["leaders"][lid]
    if not info["minor"] or info["demoted"] or info["space"] == "removed":
        return False
    info["minor"] = False
    return True


def corps_dice(state: State, corps: list[str]) -> int:
    """NY-3.2.1b/c (16.2, A2): 1 die per full corps, 1/2 per reduced, the total rounded up once."""
    halves = sum(2 if state["corps"][c]["full"] else 1 for c in corps)
    return ceil(halves / 2)


def hit_corps(state: State, cid: str) -> None:
    """NY-3.2.1b/c: a hit flips a full corps; a hit on a reduced corps eliminates it (NY-3.2.2c)."""
    corps = state["corps"][cid]
    if corps["full"]:
        corps["full"] = False
    else:
        eliminate_corps(state, cid)


def eliminate_corps(state: State, cid: str) -> None:
    """NY-3.2.2c: an eliminated corps goes back to the Force Pool."""
    corps = state["corps"][cid]
    corps.update(space="pool", full=True, disordered=False, garrison=False)


def pool_corps(state: State, power: str) -> list[str]:
    """NY-3.2.1a: a power never has more corps than its counters; new corps come from the Force Pool."""
    return sorted(c for c, v in state["corps"].items() if v["power"] == power and v["space"] == "pool")
