"""PROVISIONAL 19 Winter Quarters Phase, steps A-F (C and F are the seed's: NY-6.1.1i, NY-6.1a)."""

from __future__ import annotations

from games.engines.base import Rng, add_event, msg

from ..board import controller, name, side_name
from ..counters import hit_corps
from ..data.powers import SIDES, side_of
from ..data.spaces import SPACES
from ..data.tracks import LAST_YEAR, PEACE_FROM, PEACE_TARGET, PEACE_VP, VP_MAX
from ..victory import add_vp, automatic_victory, end_game_result

State = dict
SAVOY_FROM = 1696  # NY-7.2.1c


def attrition(state: State) -> None:
    """19 A: every stack wintering in a space its side does not control loses one step (full corps first)."""
    for side in SIDES:
        spaces = sorted(
            {v["space"] for v in state["corps"].values() if v["space"] in SPACES and side_of(v["power"]) == side}
        )
        for space in spaces:
            if controller(state, space) == side:
                continue
            corps = sorted(
                (not v["full"], c)
                for c, v in state["corps"].items()
                if v["space"] == space and side_of(v["power"]) == side
            )
            hit_corps(state, corps[0][1])
            add_event(
                state,
                msg("Winter attrition: the {side} lose a step at {space}", side=side_name(side), space=name(space)),
                at=[f"space:{space}"],
            )


def recover(state: State) -> None:
    """19 B: disorder is removed from every unit; sieges stay (FS markers remain, NY-2.3.2c)."""
    for unit in (*state["corps"].values(), *state["leaders"].values()):
        unit["disordered"] = False


def peace_roll(state: State, rng: Rng) -> bool:
    """6.4 (stand-in): from PEACE_FROM, while the VP is at PEACE_VP or less (a Bourbon major victory), the
    Bourbon roll d6, +1 at VP 2 or less; PEACE_TARGET or more ends the game with the end-game determination."""
    if state["year"] < PEACE_FROM or state["vp"] > PEACE_VP:
        return False
    roll = rng.die()
    bonus = 1 if state["vp"] <= 2 else 0
    add_event(state, msg("Peace roll: {roll} + {bonus}", roll=roll, bonus=bonus))
    if roll + bonus >= PEACE_TARGET:
        state["result"] = end_game_result(state, msg("Peace"))
        return True
    return False


def victory_check(state: State, rng: Rng) -> bool:
    """8 step 5f / NY-6.1a, the only moment victory is checked: first an Automatic Victory (NY-6.2a), so
    that no peace roll can turn one into a lesser result; then the peace roll (6.4); the last year ends
    the game (6.3)."""
    winner = automatic_victory(state)
    if winner:
        state["result"] = {
            "winner": winner,
            "scores": {"alliance": state["vp"], "bourbon": VP_MAX - state["vp"]},
            "reason": msg("Automatic Major Victory for the {side} (6.2)", side=side_name(winner)),
        }
        return True
    if peace_roll(state, rng):
        return True
    if state["year"] >= LAST_YEAR:
        state["result"] = end_game_result(state, msg("The last Winter Quarters"))
        return True
    return False


def revolution_deadline(state: State) -> bool:
    """20.2.5 (ours): if William III has not taken London by the 1688 Winter Quarters he lands anyway,
    and the Alliance pays 2 VP for the lost year."""
    if state["glorious_revolution"] or state["year"] != 1688:
        return False
    add_vp(state, -2, msg("the Glorious Revolution came late"))
    return True
