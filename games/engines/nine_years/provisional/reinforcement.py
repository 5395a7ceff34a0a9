"""PROVISIONAL 12 Reinforcement Phase: promotions (12.4), resource points (12.3), repairs and new corps (12.2).

Phase ``reinforce``: each side in turn spends its resource points, then ends its reinforcements."""

from __future__ import annotations

from games.engines.base import Action, Choice, add_event, msg
from games.engines.base import name as name_ref
from games.engines.base.phases import Phase

from ..board import controller, home_spaces, is_rich, name, side_name
from ..counters import corps_name, leader_name, pool_corps, promote
from ..data.leaders import PROMOTIONS
from ..data.powers import BOURBON, POWERS, SIDES, side_of
from ..data.spaces import ES_BOX, SPACES
from ..data.tracks import RP_BASE, RP_RAISE, RP_REPAIR
from ..powers import capital_held, catalan_spaces, james_raise_space
from ..stacking import may_repair_or_place
from .common import State
from .forces import repairable
from .supply import enemy_present, has_loc


def promotions(state: State) -> None:
    """12.4 / NY-3.1.2b-c: the year's scheduled leaders flip to their named side, unless demoted."""
    for lid in PROMOTIONS.get(state["year"], ()):
        if promote(state, lid):
            add_event(state, msg("{leader} is promoted", leader=leader_name(lid)), rule="12.4")


def income(state: State) -> None:
    """12.3 / NY-2.1.5d: base RP, plus one per Rich space for the Bourbon, plus event modifiers."""
    for side in SIDES:
        points = RP_BASE[side] + state["lasting_resource_points"][side] + state["resource_point_changes"][side]
        if side == BOURBON:
            points += sum(1 for s in SPACES if is_rich(s) and controller(state, s) == BOURBON)
        state["resource_points"][side] = max(0, points)
        state["resource_point_changes"][side] = 0
    add_event(
        state,
        msg(
            "Resource points: Bourbon {bourbon}, Alliance {alliance}",
            bourbon=state["resource_points"]["bourbon"],
            alliance=state["resource_points"]["alliance"],
        ),
    )


def in_play(state: State, power: str) -> bool:
    """A30: Britain enters with the Revolution; NY-7.2.1a/e: Savoy only while at war."""
    if power == "britain":
        return state["glorious_revolution"]
    if power == "savoy":
        return state["savoy"] == "alliance"
    return True


def placement_spaces(state: State, power: str) -> list[str]:
    """12.2 / NY-2.1.2c: new corps go to home spaces the side holds, free of enemies, with a LOC, never into
    or over the limit (NY-4.1.3c), and only while the capital is held (NY-7.1.2c). Exceptions: Subsidy in
    the E/S box (NY-2.4c), Empire also there (A17), Catalans (NY-7.2.3), James II's space (NY-7.2.6e)."""
    side = side_of(power)
    if not in_play(state, power) or not capital_held(state, power):
        return []
    if power == "catalans":
        candidates = catalan_spaces(state)
    else:
        candidates = list(home_spaces(state, power))
        if power == "empire":
            candidates.append(ES_BOX)
        if power == "jacobites":
            james = james_raise_space(state)
            if james:
                candidates.append(james)
    result = []
    for space in sorted(set(candidates)):
        if controller(state, space) != side or enemy_present(state, space, side):
            continue
        if may_repair_or_place(state, space, side, 1) and has_loc(state, space, power):
            result.append(space)
    return result


def choices(state: State, role: str) -> list[Choice]:
    points = state["resource_points"][role]
    out: list[Choice] = [
        {"action": {"type": "done"}, "label": msg("End reinforcements ({points} RP left are lost)", points=points)}
    ]
    if points >= RP_REPAIR:
        for cid in repairable(state, role):
            space = state["corps"][cid]["space"]
            out.append(
                {
                    "action": {"type": "repair", "corps": cid},
                    "label": msg(
                        "Repair {corps} in {space} ({rp} RP)", corps=corps_name(cid), space=name(space), rp=RP_REPAIR
                    ),
                    "target": f"corps:{cid}",
                }
            )
    if points >= RP_RAISE:
        for power in sorted(POWERS):
            if side_of(power) != role or not pool_corps(state, power):
                continue
            for space in placement_spaces(state, power):
                out.append(
                    {
                        "action": {"type": "raise", "power": power, "space": space},
                        "label": msg(
                            "Raise a {power} corps in {space} ({rp} RP)",
                            power=name_ref(f"adj:{power}"),
                            space=name(space),
                            rp=RP_RAISE,
                        ),
                        "target": f"space:{space}",
                    }
                )
    return out


def repair(state: State, role: str, action: Action) -> None:
    state["corps"][action["corps"]]["full"] = True
    state["resource_points"][role] -= RP_REPAIR
    add_event(state, msg("The {side} repair {corps}", side=side_name(role), corps=corps_name(action["corps"])))


def raise_corps(state: State, role: str, action: Action) -> None:
    cid = pool_corps(state, action["power"])[0]
    state["corps"][cid].update(space=action["space"], full=True, disordered=False)
    state["resource_points"][role] -= RP_RAISE
    add_event(
        state,
        msg(
            "The {side} raise {corps} in {space}",
            side=side_name(role),
            corps=corps_name(cid),
            space=name(action["space"]),
        ),
        at=[f"space:{action['space']}"],
    )


def done(state: State, role: str, action: Action) -> None:
    """12.3: resource points left unspent are lost."""
    state["resource_points"][role] = 0
    state["phase"] = "auto"


def start(state: State, role: str) -> None:
    state["phase"], state["active"] = "reinforce", [role]


REINFORCE = Phase("reinforce", choices, {"done": done, "repair": repair, "raise": raise_corps})
