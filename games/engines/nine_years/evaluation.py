"""The computer player's judgement of a position, in [0, 1], from the victory conditions (section 6).

The VP track decides the game (NY-6.1b): the Alliance wins at 25 or more (6.3, the translation's bands),
the Bourbon below 24, and at 24 whoever holds London (NY-6.1c). So the position is measured as VP won or
lost against that line, plus what will likely move the VP before the end: the corps each side still has on
the map, the actions left in its cards, the sieges under way (FS knocked off a fortress brings its fall and
its VP closer, NY-6.1.1e), the London check of every Winter Quarters (NY-6.1.1i) and an enemy
capital held, a step toward an Automatic Victory (NY-6.2a, PROVISIONAL 19 F). The more years are left, the
less any margin is sure: the margin is turned into a chance of winning by a logistic curve that widens with
them. The weights were fitted by eye to 40 games of the purposeful policy, the search's rollouts (Brier score
0.18 on 700 positions, against 0.25 for a constant guess); they are no rule.
"""

from __future__ import annotations

import math

from .board import fortress_strength
from .data.cards import ACTION_CARDS
from .data.powers import ALLIANCE, BOURBON, side_of
from .data.tracks import LAST_YEAR

State = dict

ALLIANCE_WINS_AT = 24.5  # NY-6.1b / 6.3: 25+ wins; 24 is the London tie (NY-6.1c), settled below
STEP_VP_A_YEAR = 0.1  # a corps step (full 2, reduced 1) is worth this many VP for each year left to fight
ACTION_VP = 0.3  # one action still to take this year
CAPITAL_VP = 4  # Paris held by the Alliance, Vienna or Amsterdam by the Bourbon (NY-6.2a, PROVISIONAL 19 F)
FS_LOST_VP = 0.5  # a point of FS knocked off an enemy fortress: a siege half won (17, NY-6.1.1e)
LONDON_VP = 2  # NY-6.1.1i: the Bourbon holding London costs the Alliance 2 VP each Winter Quarters
SPREAD_BASE = 1.0  # the logistic scale in VP: how far the VP may still move, in the last year ...
SPREAD_A_YEAR = 2.5  # ... and growing with the square root of the years left


def evaluate(state: State, role: str) -> float:
    """``role``'s chance of winning, roughly: a finished game by its result (1 won, 0 lost)."""
    result = state["result"]
    if result is not None:
        return 0.5 if result["winner"] is None else float(result["winner"] == role)
    years_left = LAST_YEAR - state["year"] + 1
    spread = SPREAD_BASE + SPREAD_A_YEAR * math.sqrt(years_left)
    alliance = 1.0 / (1.0 + math.exp(-_alliance_margin(state, years_left) / spread))
    return alliance if role == ALLIANCE else 1.0 - alliance


def _alliance_margin(state: State, years_left: int) -> float:
    """VP above the Alliance's winning line, counting what the map and the cards promise."""
    control = state["control"]
    margin = state["vp"] - ALLIANCE_WINS_AT
    if control["london"] == ALLIANCE:
        margin += 1  # NY-6.1c: at 24 the London holder wins
    else:
        margin -= LONDON_VP
    if control["paris"] == ALLIANCE:
        margin += CAPITAL_VP
    if BOURBON in (control["vienna"], control["amsterdam"]):
        margin -= CAPITAL_VP
    for space, now in state["fortress_strength"].items():
        lost, holder = fortress_strength(space) - now, control[space]
        if lost and holder is not None:
            margin += (FS_LOST_VP if holder == BOURBON else -FS_LOST_VP) * lost
    steps = {ALLIANCE: 0, BOURBON: 0}
    for corps in state["corps"].values():
        if corps["space"] in control:
            steps[side_of(corps["power"])] += 2 if corps["full"] else 1
    margin += STEP_VP_A_YEAR * years_left * (steps[ALLIANCE] - steps[BOURBON])
    actions = {side: sum(ACTION_CARDS[card] for card in hand) for side, hand in state["hands"].items()}
    if state["round"] is not None:
        actions[state["round"]["role"]] += state["round"]["left"]
    return margin + ACTION_VP * (actions[ALLIANCE] - actions[BOURBON])
