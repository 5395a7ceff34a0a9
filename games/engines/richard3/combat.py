"""Battle mechanics shared by the Battle Phase and the view: who fights, ratings and firepower, fire and
hits, heir charges, treachery (R3-6.2-6.5, R3-6.9)."""

from __future__ import annotations

from games.engines.base import Text, add_event, msg, plural

from .board import (
    area_name,
    blocks_in,
    check_sudden_death,
    heirs_of,
    is_heir,
    lose_steps,
    name,
    occupancy,
    other,
    owner,
    roll,
    side_name,
    usable_shields,
)
from .data.areas import AREAS
from .data.blocks import BLOCKS

# --- who fights ------------------------------------------------------------------------------------


def contested_areas(state: dict) -> list[str]:
    occ = occupancy(state)
    return [area for area in AREAS if len(occ.get(area, ())) == 2]


def in_battle(state: dict, side: str) -> list[str]:
    return blocks_in(state, state["battle"]["area"], side)


def engaged(state: dict, side: str) -> list[str]:
    """Blocks of a side in the battle that are not in reserve (R3-6.3d)."""
    battle = state["battle"]
    return [b for b in in_battle(state, side) if b not in battle["reserves"]]


def initiative(state: dict, bid: str) -> str:
    """Bombards are A in round 1 and D afterwards (R3-6.2d)."""
    if BLOCKS[bid]["kind"] == "bombard":
        return "A" if state["battle"]["round"] == 1 else "D"
    return BLOCKS[bid]["init"]


def defence_bonus(state: dict, bid: str) -> int:
    """+1 for shield, crown, cathedral, city or Wales, only when defending (R3-6.4e, R3-2.2-2.6)."""
    battle = state["battle"]
    if owner(state, bid) != battle["defender"]:
        return 0
    area = battle["area"]
    facts = AREAS[area]
    info = BLOCKS[bid]
    kind = info["kind"]
    if kind in ("lord", "church", "levy"):
        return 1 if area in info["seats"] else 0
    if kind == "mercenary":
        return 1 if bid == "L_Welsh" and facts["wales"] else 0  # A18
    if kind != "heir":
        return 0
    side = info["side"]
    heirs = [h for h in heirs_of(side) if h in engaged(state, battle["defender"])]
    bonus = 0
    shielded = [h for h in heirs if area in usable_shields(state, h)]
    if shielded and shielded[0] == bid:  # only the most senior heir on a shared shield (R3-2.2d)
        bonus += 1
    if facts["crown"] and side == state["king"] and heirs and heirs[0] == bid:  # R3-2.3a/b
        bonus += 1
    return bonus


def firepower(state: dict, bid: str) -> int:
    return BLOCKS[bid]["fp"] + defence_bonus(state, bid)


def rating(state: dict, bid: str) -> str:
    return f"{initiative(state, bid)}{firepower(state, bid)}"


def reserves_enter_early(state: dict) -> bool:
    """R3-6.3e/f: in round 1 a side whose engaged blocks are all gone brings its reserves in at once."""
    battle = state["battle"]
    entered = False
    if battle["round"] != 1:
        return entered
    for side in (battle["defender"], battle["attacker"]):
        res = [b for b in in_battle(state, side) if b in battle["reserves"]]
        if res and not engaged(state, side):
            battle["reserves"] = [b for b in battle["reserves"] if b not in res]
            battle["late"] += res  # they take hits now but fire only from round 2
            entered = True
            add_event(state, msg("{side} reserves enter the battle at once.", side=side_name(side)))
            if side == battle["defender"]:
                battle["attacker"], battle["defender"] = battle["defender"], battle["attacker"]
                add_event(
                    state,
                    msg(
                        "{side} lost control of {area} and is now the Attacker.",
                        side=side_name(side),
                        area=area_name(battle["area"]),
                    ),
                )
    return entered


# --- treachery --------------------------------------------------------------------------------------


def loyalty_dice(target: str, by_warwick: bool) -> int | None:
    """Dice a treachery roll needs (R3-3.13c, R3-6.9.1a)."""
    loyalty = BLOCKS[target]["loyalty"]
    if loyalty == "neville":
        return 1 if by_warwick else 2
    return loyalty


def valid_target(state: dict, side: str, target: str, by_warwick: bool) -> bool:
    """R3-6.9c, R3-6.9g, R3-6.9.1b, R3-9.1a/b."""
    battle = state["battle"]
    if owner(state, target) == side or target in battle["reserves"] or target in battle["turned"]:
        return False
    if loyalty_dice(target, by_warwick) is None or BLOCKS[target]["rose"]:
        return False
    if is_heir(target) and target in state["crowned"].values():
        return False
    return not (by_warwick and BLOCKS[target]["name"] in ("Northumberland", "Westmoreland"))


def treason_targets(state: dict, side: str) -> list[str]:
    return [b for b in engaged(state, other(side)) if valid_target(state, side, b, False)]


def attempt_key(state: dict, bid: str) -> str | None:
    """Which once-per-battle attempt this block may make: the King/Pretender's or Warwick's (R3-6.9a)."""
    side = owner(state, bid)
    if state["crowned"][side] == bid:
        key = "crown:" + side
    elif BLOCKS[bid]["name"] == "Warwick":
        key = "warwick:" + side
    else:
        return None
    return None if key in state["battle"]["used"] else key


def treachery_roll(state: dict, side: str, target: str, by_warwick: bool, who: Text) -> None:
    """Roll as many dice as the loyalty; all even turns the block (R3-6.9d/e)."""
    n = loyalty_dice(target, by_warwick)
    dice = roll(state, n)
    ok = all(d % 2 == 0 for d in dice)
    add_event(
        state,
        msg(
            "{who} tries to turn {target}: rolls {dice} — all even, he defects!"
            if ok
            else "{who} tries to turn {target}: rolls {dice} — fails.",
            who=who,
            target=name(target),
            dice=" ".join(map(str, dice)),
        ),
    )
    if ok:
        defect(state, target, side)


def defect(state: dict, target: str, side: str) -> None:
    """The other version replaces the block, in the new side's battle reserve (R3-6.9e, R3-4.6b, A22)."""
    battle = state["battle"]
    twin = BLOCKS[target]["twin"]
    old = state["blocks"][target]
    new = state["blocks"][twin]
    new.update(at=old["at"], strength=min(old["strength"], BLOCKS[twin]["steps"]), down=False)
    old.update(at="off", strength=0)
    battle["reserves"].append(twin)
    battle["turned"].append(twin)
    add_event(state, msg("{block} now fights for {side}.", block=name(twin), side=side_name(side)))
    check_sudden_death(state)
    if not state.get("over"):
        reserves_enter_early(state)


# --- hits -------------------------------------------------------------------------------------------


def assign_hits(state: dict, side: str, hits: int) -> None:
    """All hits on the strongest engaged enemy block, overflow on the next (R3-6.4b-d, A19)."""
    battle = state["battle"]
    while hits > 0 and not state.get("over"):
        targets = engaged(state, side)
        if not targets:
            return  # hits beyond all eligible targets are lost
        top = max(state["blocks"][b]["strength"] for b in targets)
        tied = [b for b in targets if state["blocks"][b]["strength"] == top]
        if len(tied) > 1:
            battle["pending"] = {"side": side, "hits": hits}
            return
        hits = take_hits(state, tied[0], hits)
        if reserves_enter_early(state):
            return  # A14: surplus hits of this fire are lost


def take_hits(state: dict, bid: str, hits: int) -> int:
    before = state["blocks"][bid]["strength"]
    left = lose_steps(state, bid, hits)
    taken = before - state["blocks"][bid]["strength"] if left == 0 else before
    add_event(
        state,
        plural(
            "{block} takes {n} hit and is eliminated.",
            "{block} takes {n} hits and is eliminated.",
            taken,
            block=name(bid),
        )
        if state["blocks"][bid]["strength"] == 0
        else plural("{block} takes {n} hit.", "{block} takes {n} hits.", taken, block=name(bid)),
    )
    return left


def fire_dice(state: dict, bid: str) -> int:
    """Roll one die per step; each die at or under firepower hits (R3-6.4a, R3-3.11b, R3-3.12c)."""
    fp = firepower(state, bid)
    dice = roll(state, state["blocks"][bid]["strength"])
    hits = sum(1 for d in dice if d <= fp)
    add_event(
        state,
        plural(
            "{block} ({rating}) fires: {dice} → {n} hit.",
            "{block} ({rating}) fires: {dice} → {n} hits.",
            hits,
            block=name(bid),
            rating=f"{initiative(state, bid)}{fp}",
            dice=" ".join(map(str, dice)),
        ),
    )
    return hits


def charge(state: dict, heir: str, target: str) -> None:
    """Heir charge: all hits on the named block, overflow lost; a survivor fires back once (R3-6.5b-d)."""
    add_event(state, msg("{block} charges {target}!", block=name(heir), target=name(target)))

    hits = fire_dice(state, heir)
    if hits:
        take_hits(state, target, hits)
    if state.get("over"):
        return
    if state["blocks"][target]["strength"] > 0:
        back = fire_dice(state, target)
        if back:
            take_hits(state, heir, back)
    if not state.get("over"):
        reserves_enter_early(state)
