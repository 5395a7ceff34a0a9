"""Section 7 (seed): the powers' special rules (Savoy, Portugal, Catalans, Empire, Subsidy, Jacobites)."""

from __future__ import annotations

from games.engines.base import add_event, msg

from .board import capitals, controller, home_power, in_great_britain_or_ireland, is_fortress, name, region, side_name
from .data.powers import ALLIANCE, BOURBON, side_of
from .data.setup import SAVOY_ENTRY
from .data.spaces import SPACES
from .provisional.supply import has_loc, nearest_choices
from .stacking import corps_at, leaders_at
from .victory import add_vp, change_control

State = dict
SAVOYARD = tuple(sorted(s for s in SPACES if home_power(s) == "savoy"))


def capital_held(state: State, power: str) -> bool:
    """NY-7.1.2b/c (A12): a power with every capital in enemy hands traces no LOC and cannot rebuild."""
    side = side_of(power)
    return any(controller(state, c) == side for c in capitals(state, power))


def savoy_joins(state: State) -> None:
    """NY-7.2.1b: at the start of the 1690 Event Phase Savoy joins the Alliance with no VP (NY-6.1.2a)."""
    state["savoy"] = ALLIANCE
    for space in SAVOYARD:
        change_control(state, space, ALLIANCE, "savoy")
    for space, count in SAVOY_ENTRY:
        for cid in sorted(c for c, v in state["corps"].items() if v["power"] == "savoy" and v["space"] == "pool")[
            :count
        ]:
            state["corps"][cid]["space"] = space
    state["leaders"]["victor_amadeus"]["space"] = "turin"
    add_event(state, "Savoy joins the Grand Alliance", rule="7.2.1")


def may_neutralise_savoy(state: State, side: str) -> bool:
    """NY-7.2.1c: only while Savoy is at war, by a player holding at least one Savoyard fortress."""
    if state["savoy"] != ALLIANCE:
        return False
    return any(is_fortress(s) and controller(state, s) == side for s in SAVOYARD)


def neutralise_savoy(state: State, side: str) -> None:
    """NY-7.2.1d-h: fortresses neutral (no VP), Savoy's corps and Victor Amadeus gone; the other forces in
    Savoyard spaces are queued for displacement (``displace_next``)."""
    state["savoy"] = "out"
    state["displace"] = []
    for space in SAVOYARD:
        for s in (BOURBON, ALLIANCE):  # NY-7.2.1f / NY-7.2.1g
            units = [c for c in corps_at(state, space, s) if state["corps"][c]["power"] != "savoy"]
            leaders = [lid for lid in leaders_at(state, space, s) if lid != "victor_amadeus"]
            if units or leaders:
                state["displace"].append({"side": s, "space": space})
        change_control(state, space, None, "savoy")  # NY-7.2.1d, NY-6.1.2a
    for corps in state["corps"].values():
        if corps["power"] == "savoy":
            corps["space"] = "removed"  # NY-7.2.1e
    state["leaders"]["victor_amadeus"]["space"] = "removed"  # NY-7.2.1e (A7: not a death, no VP)
    add_event(state, msg("Savoy becomes neutral, declared by the {side}", side=side_name(side)), rule="7.2.1")
    if side == BOURBON:
        add_vp(state, -1, msg("the Bourbon made Savoy neutral"))  # NY-7.2.1h (A9)


DISPLACE_TO = {BOURBON: "paris", ALLIANCE: "vienna"}  # NY-7.2.1f/g: the capital the new space has a LOC to


def displace_choices(state: State) -> list[str]:
    """NY-7.2.1f/g: the nearest spaces the next displaced force may go to, where it fits (NY-4.1.2d)."""
    force = state["displace"][0]
    units = [c for c in corps_at(state, force["space"], force["side"]) if state["corps"][c]["power"] != "savoy"]
    capital = DISPLACE_TO[force["side"]]
    return nearest_choices(state, force["space"], force["side"], capital, len(units), through=SAVOYARD)


def displace_next(state: State) -> bool:
    """Move the displaced forces one by one; True while the owner must choose among equally near spaces
    (NY-7.2.1f/g: "the player chooses"), the phase set for him."""
    while state.get("displace"):
        options = displace_choices(state)
        if len(options) > 1:
            state["phase"], state["active"] = "displace", [state["displace"][0]["side"]]
            return True
        displace_to(state, options[0] if options else None)
    return False


def displace_to(state: State, dest: str | None) -> None:
    """The next displaced force moves to ``dest``; with nowhere to go its corps return to the Force Pool."""
    force = state["displace"].pop(0)
    space, side = force["space"], force["side"]
    for cid in corps_at(state, space, side):
        state["corps"][cid].update(space=dest or "pool", garrison=False)
    for lid in leaders_at(state, space, side):
        state["leaders"][lid].update(space=dest or "out", garrison=False)
    add_event(
        state,
        msg("The {side} forces in {space} leave for {dest}", side=side_name(side), space=name(space), dest=name(dest))
        if dest
        else msg("The {side} forces in {space} leave for home", side=side_name(side), space=name(space)),
        **({"path": [f"space:{space}", f"space:{dest}"]} if dest else {"at": [f"space:{space}"]}),
    )


def catalan_spaces(state: State) -> list[str]:
    """NY-7.2.3: a Catalan corps may be raised in any Bourbon-held space in Spain with a LOC to Paris."""
    return [
        s
        for s in sorted(SPACES)
        if region(s) == "spain" and controller(state, s) == BOURBON and has_loc(state, s, "catalans")
    ]


def james_raise_space(state: State) -> str | None:
    """NY-7.2.6e (A13): after the Revolution, James II in a French home space with a LOC to Paris, and no
    other Jacobite corps in play outside Great Britain and Ireland."""
    space = state["leaders"]["james"]["space"]
    if not state["glorious_revolution"] or space not in SPACES or home_power(space) != "france":
        return None
    if not has_loc(state, space, "jacobites"):
        return None
    outside = [
        c
        for c, v in state["corps"].items()
        if v["power"] == "jacobites" and v["space"] in SPACES and not in_great_britain_or_ireland(v["space"])
    ]
    return None if outside else space
