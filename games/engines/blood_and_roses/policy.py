"""A purposeful playout policy (engines.base.playout): both sides seek battle, as at Bosworth. Each unit
of an activated Battle closes on the nearest enemy and turns to face it; every attack and shot offered is
taken; Battles are activated rather than passed. Used by `bench`, the CI playouts (mixed with uniform
play) and to tune the stand-in nightfall and Flight Levels."""

from __future__ import annotations

from games.engines.base import Choice, Rng, State

from .board import battle_map, enemy_units_of, side_of_unit
from .hexgrid import distance, front_dirs

# Outside Phase B: the first of these offered is taken (a random one of its kind).
EAGER = (
    "battle_cry",
    "treachery",
    "charge",
    "shock",
    "join",
    "fire",
    "pursue",
    "countercharge",
    "advance",
    "resolve_declared",
    "resolve",
    "stanleys",
    "activate",
    "continue",
    "continue_army",
    "seize",
    "negate",
    "stand",
    "retreat",
)


def purposeful(state: State, role: str, choices: list[Choice], chooser: Rng) -> Choice:
    by_type: dict[str, list[Choice]] = {}
    for choice in choices:
        by_type.setdefault(choice["action"]["type"], []).append(choice)
    if state["phase"] == "move":
        return movement(state, role, by_type, chooser) or choices[-1]
    if "face" in by_type:
        return toward_enemy(state, state["pending"][0]["unit"], by_type["face"]) or by_type["face"][0]
    for kind in EAGER:
        if kind in by_type:
            return by_type[kind][chooser.below(len(by_type[kind]))]
    return choices[chooser.below(len(choices))]


def movement(state: State, role: str, by_type: dict[str, list[Choice]], chooser: Rng) -> Choice | None:
    """Phase B: select each unit in turn; fire if it can, else move as close to the nearest enemy as it
    can, then face it; "done" when no move brings it closer."""
    uid = state["selected"]
    if uid is None:
        if "select" in by_type:
            return by_type["select"][0]
        return (by_type.get("end_moves") or [None])[0]
    if "fire" in by_type:
        return by_type["fire"][chooser.below(len(by_type["fire"]))]
    here = state["units"][uid]["hex"]
    enemies = [state["units"][e]["hex"] for e in enemy_units_of(state, role)]
    if here is None or not enemies:
        return (by_type.get("enter") or by_type.get("done") or [None])[0]
    gap = min(distance(here, e) for e in enemies)
    moves = [(min(distance(c["action"]["hex"], e) for e in enemies), c) for c in by_type.get("move", [])]
    if moves and gap > 1 and min(d for d, c in moves) < gap:
        best = min(d for d, c in moves)
        nearest = [c for d, c in moves if d == best]
        return nearest[chooser.below(len(nearest))]
    turn = toward_enemy(state, uid, by_type.get("face", []))
    if turn is not None:
        return turn
    return (by_type.get("done") or by_type.get("move") or by_type.get("face") or [None])[0]


def toward_enemy(state: State, uid: str, faces: list[Choice]) -> Choice | None:
    """The facing choice that brings the nearest enemy closest to the unit's front hexes, if it is better
    than the present facing."""
    unit = state["units"][uid]
    enemies = [state["units"][e]["hex"] for e in enemy_units_of(state, side_of_unit(state, uid))]
    if not faces or not enemies or unit["hex"] is None:
        return None
    neighbours = battle_map(state).neighbours[unit["hex"]]

    def reach(facing: int) -> int:
        fronts = [neighbours[d] for d in front_dirs(facing) if neighbours[d]]
        return min((distance(f, e) for f in fronts for e in enemies), default=99)

    best = min(faces, key=lambda c: reach(c["action"]["facing"]))
    return best if reach(best["action"]["facing"]) < reach(unit["facing"]) else None
