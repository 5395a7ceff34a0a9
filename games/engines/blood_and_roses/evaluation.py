"""How good a position is for a side (``Engine.evaluate``), the computer player's score where a search
stops: in [0, 1], from the victory conditions.

An army loses when its Loss Check fails (BR-3.0b/c): one die (0-9) plus its Flight Points above its
Flight Level. So each side's danger is its Flight Points against its own level (leaders lost are in them,
BR-3.0f/g/i) with the points already coming from its Routed units (BR-3.0l/m) and the chance that the next
Loss Check fails; against it, the strength each side keeps on the field to inflict losses, where the
uncommitted Stanleys count for less until they join (the Bosworth special rule). A side whose last Battle
flees loses (BR-14.8i); the time-limited side loses when time runs out (BR-16.2); at nightfall the battle is
drawn, so the edge fades as it nears. The weights were chosen by the Brier score against the results of
104 Bosworth playouts (purposeful and mixed): 0.184 over their 3,700 positions, where a constant 0.5 scores
0.229; the score is flat near them, and weights fitted on 80 of the games did worse on the other 24.
"""

from __future__ import annotations

import math

from games.engines.base import State

from .board import other
from .common import live_battles
from .data.tables import CINC_FP, FLIGHT_POINTS, KING_FP
from .flight import battle_losses

FP_SHARE = 1.5  # the edge per Flight Level's worth of Flight Points between the sides
LOSS_CHECK = 2.5  # the edge per whole chance of failing the next Loss Check
STRENGTH = 1.6  # the edge per share of the field's strength
ROUTED_DUE = 0.5  # the share of a Routed unit's remaining elimination points expected to fall (BR-3.0m)
UNCOMMITTED = 0.8  # what an uncommitted Stanley unit is worth to its side before it joins
FADING = 6  # activations before nightfall from which the edge fades toward the draw


def evaluate(state: State, role: str) -> float:
    result = state.get("result")
    if result:
        winner = result["winner"]
        return 0.5 if winner is None else float(winner == role)
    edge = danger(state, other(role)) - danger(state, role) + STRENGTH * strength_share(state, role)
    return 0.5 + 0.5 * math.tanh(edge) * horizon(state)


def danger(state: State, role: str) -> float:
    level = state["flight_level"][role]
    points = state["flight_points"][role] + ROUTED_DUE * routed_due(state, role) + flight_due(state, role)
    return FP_SHARE * points / level + LOSS_CHECK * loss_check_chance(points, level) + time_pressure(state, role)


def loss_check_chance(points: float, level: int) -> float:
    """BR-3.0c: a die 0-9 plus the points strictly above the level."""
    return min(1.0, max(0.0, (9 - level + points) / 10))


def routed_due(state: State, role: str) -> int:
    """BR-3.0m: the points a side's Routed units on the field would add if eliminated."""
    return sum(
        FLIGHT_POINTS[u["type"]] - 1
        for u in state["units"].values()
        if u.get("rout") and u["hex"] is not None and state["battles"][u["battle"]]["side"] == role
    )


def flight_due(state: State, role: str) -> float:
    """BR-14.8b/d/g/i: the points expected from the side's Battles at half losses that have not checked
    yet: a die 0-9 plus the leader's charisma of 4 or less flees, taking a CinC with it (5 FP, a King 10);
    the last Battle fleeing loses the battle, counted as the whole Flight Level."""
    if not state["options"]["battle_flight"]:
        return 0.0
    live = live_battles(state, role)
    due = 0.0
    for bid in live:
        battle = state["battles"][bid]
        lost, initial = battle_losses(state, bid)
        if battle.get("checked") or initial == 0 or lost * 2 < initial:
            continue
        leader = state["leaders"].get(battle["leader"])
        on_field = leader is not None and leader.get("hex") is not None
        chance = max(0, 5 - (leader["charisma"] if on_field else 0)) / 10
        if len(live) == 1:
            due += chance * state["flight_level"][role]
        elif on_field and leader.get("cinc"):
            due += chance * (KING_FP if leader.get("king") else CINC_FP)
    return due


def time_pressure(state: State, role: str) -> float:
    """BR-16.2: the time-limited side loses when the Time marker reaches 0."""
    time = state.get("time")
    return 1.0 / max(1, time["left"]) if time and time["limited"] == role else 0.0


def strength_share(state: State, role: str) -> float:
    """(Mine - theirs) / (both): the field's strength, each unit by its elimination value plus one,
    halved when Disordered, nothing while Routed."""
    sides = {role: 0.0, other(role): 0.0}
    for u in state["units"].values():
        if u["hex"] is None or u.get("rout"):
            continue
        battle = state["battles"][u["battle"]]
        worth = (FLIGHT_POINTS[u["type"]] + 1) * (0.5 if u.get("disordered") else 1.0)
        sides[battle["side"]] += worth * (UNCOMMITTED if battle.get("uncommitted") else 1.0)
    total = sides[role] + sides[other(role)]
    return (sides[role] - sides[other(role)]) / total if total else 0.0


def horizon(state: State) -> float:
    """1 until the last activations before nightfall, then less and less: nightfall is a draw."""
    left = state["nightfall"] - state["activations"]
    return min(1.0, max(0.0, left / FADING))
