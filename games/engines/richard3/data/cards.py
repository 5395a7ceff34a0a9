"""The 25 cards: Action Points and events (facts from the Columbia Games components as recovered in
`shared/data/richard3.json`; see RULES.md)."""

from __future__ import annotations

# Cards: id -> (AP, event or None). Six events, then 6 x AP4, 7 x AP3, 6 x AP2 (R3-5.1a).
CARDS: dict[int, tuple[int, str | None]] = {
    1: (1, "Force March"),
    2: (0, "Muster"),
    3: (2, "Piracy"),
    4: (0, "Plague"),
    5: (1, "Surprise"),
    6: (1, "Treason"),
    7: (4, None),
    8: (4, None),
    9: (4, None),
    10: (4, None),
    11: (4, None),
    12: (4, None),
    13: (3, None),
    14: (3, None),
    15: (3, None),
    16: (3, None),
    17: (3, None),
    18: (3, None),
    19: (3, None),
    20: (2, None),
    21: (2, None),
    22: (2, None),
    23: (2, None),
    24: (2, None),
    25: (2, None),
}
