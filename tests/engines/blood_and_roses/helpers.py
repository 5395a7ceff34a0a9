"""Helpers for the Blood & Roses tests: games on the test battle and hand-built positions."""

from __future__ import annotations

import copy
import re

from games.engines.base.phases import hand_over
from games.engines.blood_and_roses import ENGINE
from games.engines.blood_and_roses.dice import roll
from games.engines.blood_and_roses.names import unit_name
from games.engines.blood_and_roses.sequence import TABLE

from .testbattle import TEST_BATTLE


def fresh(seed: int = 1, **options) -> dict:
    return ENGINE.setup_custom(seed, copy.deepcopy(TEST_BATTLE), options)


def bosworth(seed: int = 1) -> dict:
    return ENGINE.setup(seed, ENGINE.resolve_options({}))


def only(state: dict, *keep: str) -> dict:
    """Remove every unit not named (a bare board for hand-built positions)."""
    for uid in list(state["units"]):
        if uid not in keep:
            del state["units"][uid]
    return state


def put(state: dict, uid: str, hex_: str, facing: int | None = None, **flags) -> None:
    unit = state["units"][uid]
    unit["hex"] = hex_
    if facing is not None:
        unit["facing"] = facing
    unit.update(flags)


def activate(state: dict, battle: str, role: str | None = None, automatic: bool = True) -> dict:
    """Start a Battle activation directly for hand-built positions: Phase B, after the other player's window
    for Battle Cry or Treachery! if he has a use for one (BR-6.3i/j)."""
    state["player"] = role or state["battles"][battle]["side"]
    TABLE.run(state, hand_over("movement", kind="battle", battles=[battle], automatic=automatic))
    return state


def lancaster_holds(kind: str) -> dict:
    """The test battle with Lancaster holding one more Seizure marker of ``kind`` (id "L9")."""
    state = fresh()
    state["markers"]["lancaster"].append({"id": "L9", "kind": kind})
    return state


def york_activates_with_lancaster_holding(kind: str) -> dict:
    """The auditor's position (BR-6.3i/j): York activates its van while Lancaster holds ``kind`` and a routed
    unit on the map (3 Flight Points)."""
    state = lancaster_holds(kind)
    put(state, "L-Inf1", "1506", disordered=True, rout=True)
    state["flight_points"]["lancaster"] = 3
    return play(state, "york", {"type": "activate", "battle": "van"})


def rig(state: dict, *faces: int) -> None:
    """Set the RNG so that the next die rolls are ``faces`` (searching seeds; test-only)."""
    for seed in range(200000):
        trial = {"rng": seed}
        if all(roll(trial) == f for f in faces):
            state["rng"] = seed
            return
    raise AssertionError(f"no seed gives {faces}")


def play(state: dict, role: str, action: dict) -> dict:
    return ENGINE.apply(state, role, action)


def walk(state: dict, role: str, destination: str) -> dict:
    """Play the selected unit's move to ``destination`` (one click: the engine gives the path)."""
    for choice in ENGINE.legal_actions(state, role):
        if choice["action"]["type"] == "move" and choice["action"]["hex"] == destination:
            return play(state, role, choice["action"])
    raise AssertionError(f"no move to {destination}")


def keep_facings(state: dict) -> dict:
    """Keep the facing at every facing choice owed after an advance or a retreat (BR-12.4c, BR-14.4c)."""
    while state["phase"] == "pending" and state["pending"][0]["kind"] == "face":
        role = state["decider"]
        state = play(state, role, ENGINE.legal_actions(state, role)[0]["action"])
    return state


def types(choices: list[dict]) -> list[str]:
    return [c["action"]["type"] for c in choices]


def strike(state: dict, role: str, action: dict) -> dict:
    """Phase C (BR-12.1c): play a declaration (or a join), then close the declarations when that is the
    next step, so that the one declared combat is resolved."""
    state = play(state, role, action)
    if state["phase"] == "shock" and state.get("declared") and state["decider"] == role:
        state = play(state, role, {"type": "resolve_declared"})
    return keep_facings(state)


def said(state: dict, text: str) -> str:
    """``text`` with each unit id in it ("Y-LB1") written as the log names that unit ("Edward IV's
    longbowmen 1"), so a test states the line it expects by the ids it set up."""
    return re.sub(r"\b[YLS]-[A-Za-z]+\d*\b", lambda m: ENGINE.text(unit_name(state, m.group())), text)
