"""SK-8.1, SK-8.9.1-2: the Combat Phase: which locations fight, battle or siege."""

from __future__ import annotations

from games.engines.base import Action, Choice, State, add_event, msg
from games.engines.base.phases import Phase, mark_hand_over

from .common import NAMES, asked, blocks_at, choice, combat_locations, loc_name, loc_target, other
from .data.locations import CASTLES


def enter_combat(state: State, role: str) -> None:
    """SK-8.1a: after all of his movement."""
    state["resolved"] = []
    state["group"] = None
    menu(state)


def menu(state: State) -> None:
    """Offer the next combat location, or end the Combat Phase when none is left."""
    role = state["movement"]["player"]
    state["battle"] = None
    if combat_locations(state, role):
        state["phase"] = "combat"
        state["active"] = [role]
    else:
        mark_hand_over(state, "end_combat_phase")


def combat_choices(state: State, role: str) -> list[Choice]:
    return [
        choice(msg("Resolve combat in {loc}", loc=loc_name(loc)), loc_target(loc), type="combat", loc=loc)
        for loc in combat_locations(state, role)
    ]


def siege_choices(state: State, role: str) -> list[Choice]:
    loc = state["siege_choice"]["location"]
    return [
        choice(msg("Stay inside the castle of {loc} (siege)", loc=loc_name(loc)), f"castle:{loc}", type="stay_inside"),
        choice(msg("Fight a battle outside {loc}", loc=loc_name(loc)), loc_target(loc), type="fight"),
    ]


def start_battle(state: State, loc: str, attacker: str, origin: list[str] | None) -> None:
    mark_hand_over(state, "battle", loc=loc, attacker=attacker, origin=origin)


def start_siege(state: State, loc: str) -> None:
    mark_hand_over(state, "siege", loc=loc)


def stay_inside(state: State, role: str, action: Action) -> None:
    loc = state.pop("siege_choice")["location"]
    state["sieges"][loc] = {"side": role, "blocks": blocks_at(state, loc, role)}
    add_event(state, msg("{side} stays inside the castle of {loc}.", side=NAMES[role], loc=loc_name(loc)))
    start_siege(state, loc)


def fight(state: State, role: str, action: Action) -> None:
    pending = state.pop("siege_choice")
    start_battle(state, pending["location"], pending["attacker"], None)


def combat(state: State, role: str, action: Action) -> None:
    loc = action["loc"]
    foe = other(role)
    siege = state["sieges"].get(loc)
    declared = msg("{side} declares combat in {loc}.", side=NAMES[role], loc=loc_name(loc))
    add_event(state, declared, at=[f"location:{loc}"])  # SK-8.1c
    if siege and siege["side"] == foe:
        start_siege(state, loc)  # SK-8.9.4f: the besieger declares the siege again
    elif siege:
        del state["sieges"][loc]  # SK-8.9.6c: relief turns the siege into a battle
        start_battle(state, loc, role, None)
    elif not blocks_at(state, loc, foe):
        state["sieges"][loc] = {"side": foe, "blocks": []}  # AMB-06: a castle held by a disc alone
        start_siege(state, loc)
    elif loc in CASTLES and state["castles"].get(loc) == foe and len(blocks_at(state, loc, foe)) <= 2:
        # SK-8.9.1a/b, SK-8.9.2a, AMB-20: the castle's side may stay inside with 2 blocks or fewer
        state["siege_choice"] = {"location": loc, "attacker": role}
        state["phase"] = "siege_choice"
        state["active"] = [foe]
    else:
        start_battle(state, loc, role, None)  # SK-8.9.6d: every block in the location


COMBAT = Phase("combat", combat_choices, {"combat": combat}, prompt=asked("choose the next combat location"))
SIEGE_CHOICE = Phase(
    "siege_choice",
    siege_choices,
    {"stay_inside": stay_inside, "fight": fight},
    prompt=asked("decide whether to stay inside the castle"),
)
