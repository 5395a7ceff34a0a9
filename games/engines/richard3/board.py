"""Board facts and helpers shared by every phase: owners, area status, borders, heirs, eliminations."""

from __future__ import annotations

from typing import Any

from games.engines.base import Rng, Text, add_event, msg
from games.engines.base import name as ref

from .data.areas import AREAS
from .data.blocks import BLOCKS
from .data.borders import BORDERS

ROLES = ("lancaster", "york")
BLOCK_IDS: tuple[str, ...] = tuple(BLOCKS)
LIMITS = {"yellow": 4, "blue": 3, "red": 2}  # R3-5.2.1a
WALES = tuple(a for a, f in AREAS.items() if f["wales"])  # R3-2.6a
EXILES = {"lancaster": ("France", "Scotland"), "york": ("Calais", "Ireland")}  # R3-2.7a
NEVILLES = ("Warwick", "Kent", "Salisbury")
# Lancaster personal royal shields (R3-2.2f): area -> heir who owns it.
PERSONAL_SHIELDS = {"Cornwall": "L_Exeter", "Dorset": "L_Somerset", "Pembroke": "L_Richmond"}
COMMON_SHIELDS = {"lancaster": ("Lancaster", "Lincoln"), "york": ("South Yorks", "Hereford", "Rutland")}
NO_SEA_MOVE = ("L_Scots", "L_Welsh", "R_Rebel")  # R3-5.3j (levies and Bombards by kind)
# The result's reason (a constant text: the platform renders it in the reader's language).
LOST_HEIRS = {"york": "all York heirs are lost", "lancaster": "all Lancaster heirs are lost"}


BORDER: dict[tuple[str, str], str] = {}
ADJ: dict[str, list[str]] = {a: [] for a in AREAS}
for _a, _b, _colour in BORDERS:
    BORDER[(_a, _b)] = BORDER[(_b, _a)] = _colour
    ADJ[_a].append(_b)
    ADJ[_b].append(_a)


def area_target(area: str) -> str:
    """The board target of an area (ARCHITECTURE 2.1); the SVG draws every area with it."""
    return f"area:{area}"


def block_target(bid: str) -> str:
    """The board target of a block the chooser can see (own blocks, or enemy blocks revealed in battle)."""
    return f"block:{bid}"


def add_twin(state: dict, role: str, own: Text, others: Text, own_path: list[str] | None = None, **marks: Any) -> None:
    """One event told two ways: in full to ``role``, without the block's name to everyone else, so each
    reader's log holds it once (``not_for`` is read by the view). ``own_path`` replaces ``path`` for
    ``role`` where the others may know only the ends of a move."""
    add_event(state, own, only_for=[role], **(dict(marks, path=own_path) if own_path else marks))
    add_event(state, others, not_for=[role], **marks)


def at_area(*areas: str) -> list[str]:
    """Board marks for events (``at``/``path``): the targets of the given areas."""
    return [area_target(a) for a in areas]


def path_text(path: list[str]) -> Text:
    """ "Kent → Middlesex → Essex" as a record: each arrow a step, so every area name is translated."""
    out: Text = area_name(path[0])
    for area in path[1:]:
        out = msg("{path} → {area}", path=out, area=area_name(area))
    return out


def other(role: str) -> str:
    return "york" if role == "lancaster" else "lancaster"


def border_key(a: str, b: str) -> str:
    return "|".join(sorted((a, b)))


def pretender(state: dict) -> str:
    return other(state["king"])


def owner(state: dict, bid: str) -> str:
    """The side a block fights for; the Rebel always serves the Pretender (R3-3.26a)."""
    side = BLOCKS[bid]["side"]
    return pretender(state) if side == "rebel" else side


def name(bid: str) -> dict[str, str]:
    """A block's name, a reference to the names table (rendered in the reader's language)."""
    return ref(f"block:{bid}")


def area_name(area: str) -> dict[str, str]:
    """An area's (or an exile area's) name, a reference to the names table."""
    return ref(f"area:{area}")


def side_name(side: str) -> dict[str, str]:
    """A side's name ("York", "Lancaster"), a reference to the names table."""
    return ref(f"side:{side}")


def blocks_in(state: dict, area: str, role: str | None = None) -> list[str]:
    blocks = state["blocks"]
    out = [b for b in BLOCK_IDS if blocks[b]["at"] == area]
    if role is not None:
        out = [b for b in out if owner(state, b) == role]
    return out


def blocks_by_area(state: dict, role: str) -> dict[str, list[str]]:
    """Area -> ``role``'s blocks there (in ``blocks_in`` order), in one pass (for loops over every area)."""
    blocks = state["blocks"]
    out: dict[str, list[str]] = {}
    for b in BLOCK_IDS:
        if owner(state, b) == role:
            out.setdefault(blocks[b]["at"], []).append(b)
    return out


def status(state: dict, area: str, role: str) -> str:
    """friendly / enemy / vacant / contested for ``role`` (R3-2.1b-e), always current (R3-2.1f)."""
    mine = theirs = False
    blocks = state["blocks"]
    for b in BLOCK_IDS:
        if blocks[b]["at"] == area:
            if owner(state, b) == role:
                mine = True
            else:
                theirs = True
            if mine and theirs:
                break
    if mine and theirs:
        return "contested"
    if mine:
        return "friendly"
    return "enemy" if theirs else "vacant"


def occupancy(state: dict) -> dict[str, set[str]]:
    """Area -> the sides with blocks there, in one pass (for loops over many areas)."""
    occ: dict[str, set[str]] = {}
    for b in BLOCK_IDS:
        at = state["blocks"][b]["at"]
        if at in AREAS:
            occ.setdefault(at, set()).add(owner(state, b))
    return occ


def status_in(occ: dict[str, set[str]], area: str, role: str) -> str:
    sides = occ.get(area)
    if not sides:
        return "vacant"
    if len(sides) == 2:
        return "contested"
    return "friendly" if role in sides else "enemy"


def friendly_or_vacant(state: dict, area: str, role: str) -> bool:
    return status(state, area, role) in ("friendly", "vacant")


def may_enter(area: str, role: str) -> bool:
    """No block ever enters the enemy's exile areas (R3-2.7b)."""
    ex = AREAS[area]["exile_of"]
    return ex is None or ex == role


def is_heir(bid: str) -> bool:
    return BLOCKS[bid]["kind"] == "heir"


def heirs_of(side: str) -> list[str]:
    """The five heirs of a side in order of seniority (R3-3.21a)."""
    return sorted((b for b in BLOCK_IDS if is_heir(b) and BLOCKS[b]["side"] == side), key=lambda b: BLOCKS[b]["rank"])


def on_map(state: dict, bid: str) -> bool:
    return state["blocks"][bid]["at"] in AREAS


def senior_heir_in_play(state: dict, side: str) -> str | None:
    """Most senior heir on the map (exile areas included): the King or Pretender (R3-3.21b)."""
    for b in heirs_of(side):
        if on_map(state, b):
            return b
    return None


def heirs_serving(state: dict, side: str) -> list[str]:
    """Heirs alive and still serving their side; minors count (R3-9.0a, A33)."""
    return [b for b in heirs_of(side) if state["blocks"][b]["at"] not in ("dead", "off", "out")]


def usable_shields(state: dict, heir: str) -> list[str]:
    """Royal shields an heir may defend (R3-2.2e-g, A17)."""
    side = BLOCKS[heir]["side"]
    out = list(COMMON_SHIELDS[side])
    if side == "lancaster":
        for area, holder in PERSONAL_SHIELDS.items():
            if holder == heir or state["blocks"][holder]["at"] == "dead":
                out.append(area)
    return out


def local_mercenary(bid: str, area: str) -> bool:
    """A mercenary in its own exile area: it never counts against the limit (R3-7.2a/b)."""
    return BLOCKS[bid]["kind"] == "mercenary" and BLOCKS[bid]["seats"] == [area]


def supply_count(state: dict, area: str, role: str) -> tuple[int, int]:
    """(blocks counted against the limit, limit) for a role in an area (R3-7.1a, R3-7.2a-b, R3-7.2e)."""
    blocks = blocks_in(state, area, role)
    facts = AREAS[area]
    if facts["kind"] == "exile":
        blocks = [b for b in blocks if not local_mercenary(b, area)]
    return len(blocks), facts["limit"]


def set_over(state: dict, winner: str, reason: str) -> None:
    if state.get("over"):
        return
    state["over"] = {"winner": winner, "reason": reason}
    state["phase"] = "over"
    add_event(state, msg("Game over: {side} wins ({reason}).", side=side_name(winner), reason=msg(reason)))


def check_sudden_death(state: dict) -> None:
    """A side with no heir alive and serving it loses at once (R3-9.0a, R3-9.1d)."""
    for side in ROLES:
        if not heirs_serving(state, side):
            set_over(state, other(side), LOST_HEIRS[side])
            return


def eliminate(state: dict, bid: str) -> None:
    """Remove a block from the map following R3-6.8."""
    info = BLOCKS[bid]
    rec = state["blocks"][bid]
    side = owner(state, bid)
    rec["strength"] = 0
    kind = info["kind"]
    if kind == "heir":
        rec["at"] = "dead"  # R3-6.8.2a: out for good, the opponent keeps the block
        state["minors_due"][info["side"]] += 1  # R3-6.8.2b
        if state["crowned"][side] == bid:
            state["crowned"][side] = None
            if side == pretender(state):  # A24: the Pretender's successor takes over at once
                state["crowned"][side] = senior_heir_in_play(state, side)
        add_event(state, msg("{block} ({side}) is killed.", block=name(bid), side=side_name(side)))
    elif info["twin"] and is_heir(info["twin"]):
        # A defected Exeter or Clarence killed or executed: the heir is dead (A33, A35).
        rec["at"] = "dead"
        state["blocks"][info["twin"]]["at"] = "dead"
        state["minors_due"][BLOCKS[info["twin"]]["side"]] += 1
        add_event(state, msg("{block} ({side}) is killed.", block=name(bid), side=side_name(side)))
    elif kind == "lord" and (info["rose"] or info["name"] in NEVILLES):
        rec["at"] = "dead"  # R3-6.8.3a, R3-6.8.3c
        if info["twin"]:
            state["blocks"][info["twin"]]["at"] = "dead"
    elif kind == "mercenary" and bid != "L_Welsh":
        rec["at"] = "resting"  # R3-6.8.5a: face down in its home exile area
    else:
        # R3-6.8.3b, R3-6.8.4a, R3-6.8.5b, R3-6.8.6a: face down in the owner's pool
        rec["at"] = "pool"
        rec["down"] = True
    check_sudden_death(state)


def lose_steps(state: dict, bid: str, n: int) -> int:
    """Apply ``n`` hits to a block; return the hits left over after it is eliminated (R3-3.11c)."""
    rec = state["blocks"][bid]
    if n >= rec["strength"]:
        left = n - rec["strength"]
        eliminate(state, bid)
        return left
    rec["strength"] -= n
    return 0


def shuffled_deck(state: dict, cards: list[int]) -> list[int]:
    rng = Rng(state["rng"])
    out = rng.shuffled(cards)
    state["rng"] = rng.state
    return out


def roll(state: dict, n: int) -> list[int]:
    rng = Rng(state["rng"])
    dice = [rng.die() for _ in range(n)]
    state["rng"] = rng.state
    return dice
