"""How good a state is for a side, in [0, 1], for the computer player's searches cut at a depth (issue 32).

From the victory conditions: a side that loses all its heirs loses at once (R3-9.0a), otherwise whoever is
King after the last Usurpation check wins (R3-9.0b), and the Pretender usurps on a greater count of nobles,
church blocks and heirs on the mainland, London counting one more (R3-8.2a-d). So: the usurpation count
with the King's tie, the heirs left, and the strength each side has on the map to change both. One pass
over the blocks: the search calls it thousands of times a decision.
"""

from __future__ import annotations

import math

from .board import BLOCK_IDS, ROLES, other, pretender
from .data.areas import AREAS
from .data.blocks import BLOCKS

COUNTED = ("lord", "church", "heir")  # R3-8.2a-b
# Weights of the terms (logits): one more counted block, one more heir, one more step on the map.
PER_COUNT = 0.3
PER_HEIR = 0.6
PER_STEP = 0.05
CROWN = 0.4  # the King keeps the throne on a tie (R3-8.2d) and wins at the end (R3-9.0b)
MAINLAND = frozenset(a for a, f in AREAS.items() if f["kind"] == "land" and not f["sea_only"])


def evaluate(state: dict, role: str) -> float:
    over = state.get("over")
    if over:
        return 1.0 if over["winner"] == role else 0.0
    rebel_side = pretender(state)
    count = dict.fromkeys(ROLES, 0)
    heirs = dict.fromkeys(ROLES, 0)
    steps = dict.fromkeys(ROLES, 0)
    london = set()
    blocks = state["blocks"]
    for b in BLOCK_IDS:
        rec = blocks[b]
        at = rec["at"]
        info = BLOCKS[b]
        side = rebel_side if info["side"] == "rebel" else info["side"]
        if info["kind"] == "heir" and at not in ("dead", "off", "out"):
            heirs[side] += 1  # heirs still serving, minors too (R3-9.0a, A33)
        if at not in AREAS:
            continue
        steps[side] += rec["strength"]
        if at in MAINLAND and info["kind"] in COUNTED:
            count[side] += 1
        if at == "Middlesex":
            london.add(side)
    if len(london) == 1:
        count[london.pop()] += 1  # R3-8.2c: London held alone
    opponent = other(role)
    logit = (
        PER_COUNT * (count[role] - count[opponent])
        + PER_HEIR * (heirs[role] - heirs[opponent])
        + PER_STEP * (steps[role] - steps[opponent])
        + (CROWN if state["king"] == role else -CROWN)
    )
    return 1.0 / (1.0 + math.exp(-logit))
