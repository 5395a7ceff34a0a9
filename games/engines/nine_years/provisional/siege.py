"""PROVISIONAL 17 Siege: a force ending its move in an enemy or neutral fortress rolls against it."""

from __future__ import annotations

from games.engines.base import Rng, add_event, msg

from ..board import fortress_strength, name, side_name
from ..counters import eliminate_corps
from ..data.powers import other, side_of
from ..stacking import corps_at, leaders_at
from ..victory import change_control, leader_captured
from .common import State
from .forces import battle_dice, dice_text, roll_hits
from .supply import enemy_present


def fortress_defence(state: State, space: str, defender: str) -> int:
    """17.4: the Fortress Defence Value is 1 with a garrison corps inside, else 0 (STAND-IN)."""
    return 1 if any(state["corps"][c]["garrison"] for c in corps_at(state, space, defender)) else 0


def siege(state: State, rng: Rng, space: str, side: str, leaders: list[str], corps: list[str], home: str) -> bool:
    """17.5: roll the force's battle dice; each hit beyond the FDV lowers FS by one (NY-2.3.2c, the FS marker).
    At FS 0 the fortress falls (NY-2.3.2a): the garrison corps is eliminated, its leaders captured,
    control changes with VP equal to the fortress value (17.5.7, NY-6.1.1e), and FS is restored.
    Returns True when the fortress fell."""
    if not corps:
        return False
    defender = other(side)
    rolls, hits = roll_hits(rng, battle_dice(state, leaders, corps))
    loss = max(0, hits - fortress_defence(state, space, defender))
    state["fortress_strength"][space] = max(0, state["fortress_strength"][space] - loss)
    add_event(
        state,
        msg(
            "Siege of {space}: {dice}, FS now {fs}",
            space=name(space),
            dice=dice_text(rolls),
            fs=state["fortress_strength"][space],
        ),
        siege=space,
        at=[f"space:{space}"],
    )
    if state["fortress_strength"][space] > 0:
        return False
    for cid in corps_at(state, space, defender):
        eliminate_corps(state, cid)
    for lid in leaders_at(state, space, defender):
        leader_captured(state, lid, side, home)
    state["fortress_strength"][space] = fortress_strength(space)
    change_control(state, space, side, "siege")
    add_event(state, msg("{space} falls to the {side}", space=name(space), side=side_name(side)), at=[f"space:{space}"])
    return True


def lift_sieges(state: State) -> None:
    """17.6: a garrison with no enemy corps left in its space is an ordinary force again."""
    besieged = {
        (v["space"], side_of(v["power"]))
        for v in (*state["corps"].values(), *state["leaders"].values())
        if v["garrison"]
    }
    for space, side in besieged:
        if not enemy_present(state, space, side):
            for unit in (*state["corps"].values(), *state["leaders"].values()):
                if unit["space"] == space and unit["garrison"]:
                    unit["garrison"] = False
