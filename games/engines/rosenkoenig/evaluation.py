"""How good a position is for a side, for the computer player's cut-off rollouts (issue 32).

A finished game scores by its result (RK-SCORE-5…8). A running one by what the rulebook's victory
conditions reward: region points (RK-GOAL-1, RK-SCORE-3/4), and the heroes still in hand, each a
future flip of an opponent's stone (RK-HERO-1/3), which both gains a stone and may split a region.
The margin goes through a logistic curve so that a lead of a few points early is not a sure win.
"""

from __future__ import annotations

import math

from ..base import State
from .rules import opponent
from .scoring import decide, scores

HERO_POINTS = 4  # what a hero still in hand is worth, in region points (a guess, tuned by bench.bots)
MARGIN_SCALE = 12.0  # region points at which the logistic curve reaches about 0.73


def evaluate(state: State, role: str) -> float:
    if state["end"] is not None:
        winner = decide(state["board"])["winner"]
        return 0.5 if winner is None else float(winner == role)
    other = opponent(role)
    points = scores(state["board"])
    margin = points[role] - points[other] + HERO_POINTS * (state["heroes"][role] - state["heroes"][other])
    return 1.0 / (1.0 + math.exp(-margin / MARGIN_SCALE))
