"""SK-7.2: Muster from the Reinforcement area, option A (one daimyo, shown) or B (one block)."""

from __future__ import annotations

from games.engines.base import Action, Choice, State, add_event, msg, plural
from games.engines.base.phases import Phase

from .common import (
    NAMES,
    asked,
    block_label,
    block_target,
    blocks_in,
    check_instant,
    choice,
    enter_location,
    face,
    face_name,
    loc_name,
    loc_target,
    unique_by_face,
)
from .data.locations import MUSTER
from .overrun import arrival_overrun


def enter_muster(state: State, role: str, loc: str) -> None:
    state["muster"] = {"location": loc, "picked": []}
    state["phase"] = "muster"


def muster_choices(state: State, role: str) -> list[Choice]:
    muster = state["muster"]
    picked = muster["picked"]
    pool = [b for b in blocks_in(state, "reinf", role) if b not in picked]
    if picked:
        daimyo = face(state, picked[0]).daimyo
        # SK-7.2.3a/c: more than one block only as option A: same daimyo, its own Muster location
        pool = [b for b in pool if daimyo in MUSTER[muster["location"]] and face(state, b).daimyo == daimyo]
    out = [
        choice(
            msg("Muster {block} at {loc}", block=block_label(state, b), loc=loc_name(muster["location"])),
            block_target(b),
            type="muster_add",
            block=b,
        )
        for b in unique_by_face(state, pool)
    ]
    if picked:
        out.append(
            choice(
                plural("Place the {n} mustered block", "Place the {n} mustered blocks", len(picked)),
                loc_target(muster["location"]),
                type="muster_done",
            )
        )
    return out


def add(state: State, role: str, action: Action) -> None:
    state["muster"]["picked"].append(action["block"])


def place(state: State, role: str, action: Action) -> None:
    """SK-7.2b/c: the picked blocks arrive together; option A is shown, option B stays hidden."""
    muster = state["muster"]
    loc = muster["location"]
    movement = state["movement"]
    for b in muster["picked"]:
        state["where"][b] = loc
        movement["mustered"].append(b)  # SK-7.2.1a: cannot move this turn
    movement["musters_left"] -= 1  # SK-7.2b: once per Movement Phase
    if movement["muster_costs_move"]:
        movement["moves_left"] -= 1  # SK-7.2c
    if len(muster["picked"]) > 1:  # option A: shown to the opponent
        names = [face_name(state, b) for b in muster["picked"]]
        add_event(
            state,
            msg(
                "{side} musters at {loc} (option A, shown): {blocks}.",
                side=NAMES[role],
                loc=loc_name(loc),
                blocks=names,
            ),
            reveal=True,
            at=[f"location:{loc}"],
        )
    else:  # option B: hidden
        add_event(
            state,
            msg("{side} musters 1 block at {loc} (option B).", side=NAMES[role], loc=loc_name(loc)),
            at=[f"location:{loc}"],
            not_for=[role],
        )
        add_event(
            state,
            msg("You muster {face}.", face=face_name(state, muster["picked"][0])),
            only_for=[role],
            at=[f"location:{loc}"],
        )
    state["muster"] = None
    state["phase"] = "move"
    enter_location(state, role, loc)
    if arrival_overrun(state, loc, role):  # SK-7.4.1b: a Muster can overrun
        check_instant(state)


PHASE = Phase(
    "muster", muster_choices, {"muster_add": add, "muster_done": place}, prompt=asked("choose blocks to muster")
)
