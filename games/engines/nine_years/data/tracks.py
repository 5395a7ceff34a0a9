"""Game tracks (2.8). The VP range 0-35 and start 15 are the seed's (NY-6.1.1a/b); the rest is STAND-IN."""

from __future__ import annotations

VP_START = 15
VP_MIN = 0
VP_MAX = 35
FIRST_YEAR = 1688
LAST_YEAR = 1697  # 10 turns, one a year (NY-1.2a; turn 6 = 1693 observed)

# KWW track (18, STAND-IN): box VP values from the Bourbon end (index 0) to the Alliance end. The seed
# confirms at least two "-1 VP" boxes and one "-2 VP" box (NY-6.1.1m).
KWW_TRACK = (-2, -1, -1, 0, 1, 1, 2)
KWW_START = 3

# 6.3 end-game bands, highest first: (lowest VP of the band, winner or None for a tie, kind). The two
# Alliance bands are from the second page of the translation; everything below 25 is a STAND-IN. Seed 6.1
# calls a tie "unlikely", so it is one value only (decided by London, NY-6.1c); every other VP below 25 is
# a Bourbon victory. VP 0 is a Bourbon Automatic Victory (6.2) and never reaches this table.
VICTORY_BANDS: tuple[tuple[int, str | None, str], ...] = (
    (30, "alliance", "major"),
    (25, "alliance", "minor"),
    (24, None, "tie"),
    (10, "bourbon", "minor"),
    (1, "bourbon", "major"),
)
PEACE_FROM = 1694  # 6.4 peace roll each WQ from this year (stand-in)
PEACE_VP = 9  # the peace roll is made only while the VP is in a Bourbon major band (stand-in)
PEACE_TARGET = 6  # "6 or more" on a d6 modified (stand-in modifiers in provisional/winter.py)

# Provisional numbers for sections 10-17 (all ours).
MP = 4
CONVERT_MP = 1
HIT_ON = 5
INTERCEPT_ON = 5
AVOID_ON = 4
BYPASS_ON = 5
NAVAL_ON = 4
FAMOUS_MARGIN = 3
HAND_SIZE = 3
RP_BASE = {"bourbon": 4, "alliance": 6}
RP_REPAIR = 1
RP_RAISE = 2
