"""How good a position is for a side, in [0, 1]: the computer player scores the searches it cuts at a depth
with it (issue 32), thousands of times a decision, so it reads the state in one pass.

From the victory conditions: the victory points that castles and Resource Locations would score now
(SK-2.2b/c, Ishida taking ties), counting for more as week 7 nears (SK-10a/b); the strength each side has
to take and hold them, counting for more early on; the leaders alive; and the instant victory (SK-2.1a/c)
that threatens a side whose Ishida Mitsunari or Tokugawa Ieyasu stands with enemy blocks.
"""

from __future__ import annotations

import math

from games.engines.base import State

from .common import INITIALS, SIDES, other, vp_scores
from .data.blocks import FACES
from .data.setup import WEEKS
from .sampling import ALL_FACES

# The block whose loss ends the game at once (SK-2.1a, SK-2.1c).
KEY_LEADER = {"ishida": "ishida_mitsunari", "tokugawa": "tokugawa_ieyasu"}
LEADERS = {side: sum(1 for f in ALL_FACES[side] if FACES[f].leader) for side in SIDES}
RESERVE = 0.5  # a block in the Reinforcement or Mori area is worth half one on the map: it must still muster
OFF_MAP = frozenset(("reinf", "mori"))
GONE = frozenset(("dead", "bag"))
# face -> (strength in mon, 1 if a leader, whether its loss ends the game), looked up once per block
VALUES = {face: (f.strength, int(f.leader > 0), face in KEY_LEADER.values()) for face, f in FACES.items()}

# Weights of the logistic score, set by hand (a one-ply greedy player on sampled states with them beats
# uniform random play in about 3 games of 4, sides alternating).
VP_EARLY, VP_LATE = 0.25, 0.75  # per victory point of margin, in week 1 and at the end of week 7
STRENGTH = 1.5  # for the share of strength, early on (none at the end: only control scores)
LEADERSHIP = 0.8  # for the share of leaders alive
EXPOSED = 0.6  # for a key leader standing with enemy blocks
CARDS = 0.02  # per card in hand more than the opponent


def evaluate(state: State, role: str) -> float:
    result = state["result"]
    if result is not None:
        return 1.0 if result["winner"] == role else 0.5 if result["winner"] is None else 0.0
    foe = other(role)
    strength = {"I": 0.0, "T": 0.0}
    leaders = {"I": 0, "T": 0}
    present: dict[str, set[str]] = {"I": set(), "T": set()}
    key_at: dict[str, str] = {}
    faces = state["faces"]
    for block, where in state["where"].items():
        if where in GONE:
            continue
        side = block[0]
        value, leader, key = VALUES[faces[block]]
        leaders[side] += leader
        if where in OFF_MAP:
            strength[side] += RESERVE * value
            continue
        strength[side] += value
        present[side].add(where)
        if key:
            key_at[side] = where
    mine, theirs = INITIALS[role], INITIALS[foe]
    scores = vp_scores(state)
    margin = scores[role] - scores[foe] + (0.5 if role == "ishida" else -0.5)  # SK-2.2c: a tie is Ishida's
    progress = min(1.0, (state["week"] - 1 + (0.5 if state["turn"] == "B" else 0.0)) / WEEKS)
    share = (strength[mine] - strength[theirs]) / max(1.0, strength[mine] + strength[theirs])
    led = leaders[mine] / LEADERS[role] - leaders[theirs] / LEADERS[foe]
    exposed = int(key_at.get(theirs) in present[mine]) - int(key_at.get(mine) in present[theirs])
    cards = len(state["hands"][role]) - len(state["hands"][foe])
    x = (
        (VP_EARLY + (VP_LATE - VP_EARLY) * progress) * margin
        + STRENGTH * (1.0 - progress) * share
        + LEADERSHIP * led
        + EXPOSED * exposed
        + CARDS * cards
    )
    return 1.0 / (1.0 + math.exp(-x))
