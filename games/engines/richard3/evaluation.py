"""How good a state is for a side, in [0, 1], for the computer player's searches cut at a depth (issue 32).

From the victory conditions: a side that loses all its heirs loses at once (R3-9.0a), otherwise whoever is
King after the last Usurpation check wins (R3-9.0b), and the Pretender usurps on a greater count of nobles,
church blocks and heirs on the mainland, London counting one more (R3-8.2a-d). So: the usurpation count
with the King's tie, the heirs left, and the strength each side has on the map to change both. One pass
over the blocks: the search calls it thousands of times a decision.
"""

from __future__ import annotations

import math

from .board import BLOCK_IDS, pretender
from .data.areas import AREAS
from .data.blocks import BLOCKS

COUNTED = ("lord", "church", "heir")  # R3-8.2a-b
# Weights of the terms (logits): one more counted block, one more heir, one more step on the map.
PER_COUNT = 0.3
PER_HEIR = 0.6
PER_STEP = 0.05
CROWN = 0.4  # the King keeps the throne on a tie (R3-8.2d) and wins at the end (R3-9.0b)
MAINLAND = frozenset(a for a, f in AREAS.items() if f["kind"] == "land" and not f["sea_only"])


# (id, printed side, heir?, counted for usurpation?) once, for the one pass over the blocks
FACTS = tuple((b, BLOCKS[b]["side"], BLOCKS[b]["kind"] == "heir", BLOCKS[b]["kind"] in COUNTED) for b in BLOCK_IDS)
GONE = ("dead", "off", "out")  # heirs no longer serving (R3-9.0a, A33: minors still serve)


def evaluate(state: dict, role: str) -> float:
    over = state.get("over")
    if over:
        return 1.0 if over["winner"] == role else 0.0
    rebel_side = pretender(state)
    logit = CROWN if state["king"] == role else -CROWN
    london = set()
    blocks = state["blocks"]
    for b, side, heir, counted in FACTS:
        rec = blocks[b]
        at = rec["at"]
        if side == "rebel":
            side = rebel_side
        sign = 1 if side == role else -1
        if heir and at not in GONE:
            logit += sign * PER_HEIR
        if at in AREAS:
            logit += sign * PER_STEP * rec["strength"]
            if counted and at in MAINLAND:
                logit += sign * PER_COUNT
            if at == "Middlesex":
                london.add(sign)
    if len(london) == 1:
        logit += london.pop() * PER_COUNT  # R3-8.2c: London held alone
    return 1.0 / (1.0 + math.exp(-logit))
