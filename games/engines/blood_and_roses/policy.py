"""Playout policies (engines.base.playout) for both sides, which seek battle, as at Bosworth.

``purposeful``: the leaders of an activated Battle ride first, alone, to where they command most of its
units, a CinC out of harm's way; then each unit closes on the nearest enemy, staying in its leader's range
where it can, and turns to face it; every attack and shot offered is taken; Battles are activated rather
than passed, one that must roll to move only when no other can. Used by `bench`, the CI playouts (mixed
with uniform play), and to tune the stand-in nightfall and Flight Levels.

``tactical``: the same, with an eye for where the fighting is and for the odds. The computer player builds
on it: its rollouts, and the pick its search challenges. Against ``purposeful`` it wins about three games
in four (``python -m bench.bots`` measures the computer against both).
"""

from __future__ import annotations

from collections.abc import Callable

from games.engines.base import Choice, Rng, State

from .board import adjacent_enemies, battle_map, enemy_units_of, occupant, side_of_unit
from .data.tables import SHOCK_ANGLE
from .hexgrid import direction_to, distance, front_dirs, side_of
from .missile import fire_drm
from .shock_resolution import shock_drm

SAFE_DISTANCE = 3  # hexes from the nearest enemy unit where a CinC waits, when he can
# The tactical policy activates the Battle with most units this near an enemy, then this (``engagement``).
REACH_NEAR, REACH_FAR = 2, 4

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
            offered = not_held_back(state, by_type[kind]) if kind in ("activate", "continue") else by_type[kind]
            return offered[chooser.below(len(offered))]
    return choices[chooser.below(len(choices))]


def not_held_back(state: State, nominations: list[Choice]) -> list[Choice]:
    """The Battles offered for an activation or a continuation that no roll of their own may stop
    (Bosworth: Northumberland rolls even on an automatic activation, and a failure is a pass); all of
    them when every one may be."""
    sure = [c for c in nominations if not state["battles"][c["action"]["battle"]].get("roll_on_automatic")]
    return sure or nominations


def movement(state: State, role: str, by_type: dict[str, list[Choice]], chooser: Rng) -> Choice | None:
    """Phase B: first each leader who may ride alone (to ``leader_post``); then select each unit in turn;
    fire if it can, else move as close to the nearest enemy as it can, in its leader's range where a move
    is, then face it; "done" when no move brings it closer."""
    if state["selected_leader"] is not None:
        return ride(state, role, state["selected_leader"]["id"], by_type)
    uid = state["selected"]
    if uid is None:
        for kind in ("select_leader", "select", "end_moves"):
            if kind in by_type:
                return by_type[kind][0]
        return None
    if "fire" in by_type:
        return by_type["fire"][chooser.below(len(by_type["fire"]))]
    here = state["units"][uid]["hex"]
    enemies = [state["units"][e]["hex"] for e in enemy_units_of(state, role)]
    if here is None or not enemies:
        return (by_type.get("enter") or by_type.get("done") or [None])[0]
    gap = min(distance(here, e) for e in enemies)
    in_range = in_command_range(state, uid, by_type.get("move", []))
    moves = [(min(distance(c["action"]["hex"], e) for e in enemies), c) for c in in_range]
    if moves and gap > 1 and min(d for d, c in moves) < gap:
        best = min(d for d, c in moves)
        nearest = [c for d, c in moves if d == best]
        return nearest[chooser.below(len(nearest))]
    turn = toward_enemy(state, uid, by_type.get("face", []))
    if turn is not None:
        return turn
    return (by_type.get("done") or by_type.get("move") or by_type.get("face") or [None])[0]


def in_command_range(state: State, uid: str, moves: list[Choice]) -> list[Choice]:
    """The moves that end within range of the unit's Battle leader (BR-5.2a), so that it can still shock
    in the next activation (BR-5.3c); all of them when none does or the leader rides with the unit."""
    unit = state["units"][uid]
    leader = state["leaders"].get(state["battles"][unit["battle"]]["leader"])
    if leader is None or leader.get("hex") in (None, unit["hex"]):
        return moves
    return [c for c in moves if distance(c["action"]["hex"], leader["hex"]) <= leader["range"]] or moves


def ride(state: State, role: str, lid: str, by_type: dict[str, list[Choice]]) -> Choice | None:
    """One step of a leader riding alone toward a better post, or his stop where no step is better."""
    post = leader_post(state, role, lid)
    here = post(state["leaders"][lid]["hex"])
    steps = [(post(c["action"]["hex"]), c) for c in by_type.get("lead", [])]
    best = max(steps, key=lambda scored: scored[0], default=None)
    if best is not None and best[0] > here:
        return best[1]
    return (by_type.get("leader_done") or [None])[0]


def leader_post(state: State, role: str, lid: str) -> Callable[[str], tuple]:
    """How good a hex is for leader ``lid`` (higher is better), the position read once for every hex
    scored. A leader commands the units of his Battle within his range (BR-5.2a; all the side's units for a
    CinC with no Battle); one stacked with a unit rolls for his life when that unit is hit in a shock
    (BR-5.5e), and nothing fires at a leader alone (BR-5.0b). A CinC costs 5 Flight Points, a King 10
    (BR-3.0f/g): he keeps out of the fighting first, then commands; a Battle leader (2, BR-3.0i) commands
    first."""
    leader = state["leaders"][lid]
    occupied = occupant(state)
    enemies = [state["units"][e]["hex"] for e in enemy_units_of(state, role)]
    battle = leader.get("battle")
    own = [
        u["hex"]
        for uid, u in state["units"].items()
        if u["hex"] is not None and (u["battle"] == battle if battle else side_of_unit(state, uid) == role)
    ]

    def score(h: str) -> tuple:
        nearest_enemy = min((distance(h, e) for e in enemies), default=SAFE_DISTANCE)
        commanded = sum(1 for o in own if distance(h, o) <= leader["range"])
        spread = -sum(distance(h, o) for o in own)  # toward his units when none is in range yet
        alone = h not in occupied
        if leader.get("cinc"):
            return (alone, min(nearest_enemy, SAFE_DISTANCE), commanded, spread)
        return (commanded, alone, min(nearest_enemy, 2), spread)

    return score


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


def tactical(state: State, role: str, choices: list[Choice], chooser: Rng) -> Choice:
    """``purposeful``, choosing among what it would do by the odds: it activates (or continues with) the
    Battle with most units in reach of the enemy (``engagement``); of the moves that close on the enemy as
    much as its pick, it takes one that ends on an enemy's flank or rear (BR-12.3l); it shoots with the best
    fire DRM (BR-11.3b/c) and, in Phase C, declares a shock rather than a charge, the one with the best DRM
    (BR-12.3j-x). Against ``purposeful`` (400 games each): the odds alone won 58.5 %, with the activations
    74 %; declining a shock at poor odds, and a unit taking Disorder rather than retreating, won fewer."""
    pick = purposeful(state, role, choices, chooser)
    kind = pick["action"]["type"]
    if kind in ("activate", "continue"):
        offered = not_held_back(state, [c for c in choices if c["action"]["type"] == kind])
        return best(offered, lambda c: engagement(state, role, c["action"]["battle"]), chooser)
    if kind in ("shock", "charge"):
        shocks = [c for c in choices if c["action"]["type"] == "shock"]
        return best(shocks, lambda c: declared_drm(state, c["action"]), chooser) if shocks else pick
    uid = state["selected"]
    if kind == "fire":
        shots = [c for c in choices if c["action"]["type"] == "fire"]
        return best(shots, lambda c: fire_drm(state, uid, c["action"]["target"]), chooser)
    if kind == "move" and state["selected_leader"] is None and uid is not None:
        return flanking_move(state, role, uid, pick, choices, chooser)
    return pick


def flanking_move(state: State, role: str, uid: str, pick: Choice, choices: list[Choice], chooser: Rng) -> Choice:
    """Of the unit's moves in its leader's range that end as close to the enemy as ``pick``, the one most on
    the enemies' flanks or rear (``flank_angle``)."""
    enemies = [state["units"][e]["hex"] for e in enemy_units_of(state, role)]
    if not enemies:
        return pick
    closing = min(distance(pick["action"]["hex"], e) for e in enemies)
    moves = in_command_range(state, uid, [c for c in choices if c["action"]["type"] == "move"])
    as_close = [c for c in moves if min(distance(c["action"]["hex"], e) for e in enemies) == closing]
    return best(as_close or [pick], lambda c: flank_angle(state, uid, c["action"]["hex"]), chooser)


def best(choices: list[Choice], score: Callable[[Choice], int | tuple[int, ...]], chooser: Rng) -> Choice:
    """The choice scoring highest, a random one of those tied."""
    scored = [(score(choice), choice) for choice in choices]
    top = max(points for points, _ in scored)
    tied = [choice for points, choice in scored if points == top]
    return tied[chooser.below(len(tied))]


def engagement(state: State, role: str, battle: str) -> tuple[int, int]:
    """How many of a Battle's units are within two hexes of an enemy unit (in reach of a shock, now or after
    a step), then within four."""
    enemies = [state["units"][e]["hex"] for e in enemy_units_of(state, role)]
    gaps = [
        min((distance(u["hex"], e) for e in enemies), default=REACH_FAR + 1)
        for u in state["units"].values()
        if u["battle"] == battle and u["hex"] is not None
    ]
    return sum(gap <= REACH_NEAR for gap in gaps), sum(gap <= REACH_FAR for gap in gaps)


def declared_drm(state: State, action: dict) -> int:
    """A shock declaration's DRM (BR-12.3j-x); against the two units in front (BR-12.1f), the worse."""
    targets = [action["target"], *([action["target2"]] if "target2" in action else [])]
    return min(shock_drm(state, action["unit"], target, False, len(targets))[0] for target in targets)


def flank_angle(state: State, uid: str, h: str) -> int:
    """The angle DRMs unit ``uid`` in hex ``h`` would have against each enemy next to it (BR-12.3l): more
    where it stands on their flanks or rear."""
    total = 0
    for enemy in adjacent_enemies(state, uid, at=h):
        unit = state["units"][enemy]
        total += SHOCK_ANGLE[side_of(unit["facing"], direction_to(unit["hex"], h))]
    return total
