"""Leader counters. STAND-IN ratings except William III TR 2 / CR 6 (observed) and Waldeck TR 1 (seed example).

LEADERS: id -> dict with
  name, power (native power, NY-3.1.1a), kind ("named" | "minor" | "staff", NY-3.1a),
  front (TR, CR) and back (TR, CR) or None (no minor side: Marlborough, minor leaders, staff officers),
  back_stripe (the minor side carries a native stripe, NY-3.1.1d), starts_minor (NY-3.1.2a),
  dynastic (NY-6.1.1n), flips (Marlborough: Jacobite front, British back, NY-3.1c).
"""

from __future__ import annotations

from typing import Any


def _leader(name: str, power: str, front: tuple[int, int], back: tuple[int, int] | None, **flags: Any) -> dict:
    return {
        "name": name,
        "power": power,
        "kind": flags.get("kind", "named"),
        "front": front,
        "back": back,
        "back_stripe": flags.get("back_stripe", False),
        "starts_minor": flags.get("starts_minor", False),
        "dynastic": flags.get("dynastic", False),
    }


LEADERS: dict[str, dict] = {
    # Alliance
    "william": _leader("William III", "dutch", (2, 6), (1, 3), back_stripe=True, dynastic=True),
    "waldeck": _leader("Waldeck", "dutch", (1, 3), (0, 2)),
    "lorraine": _leader("Lorraine", "austria", (3, 5), (1, 3), back_stripe=True, starts_minor=True),
    "eugene": _leader("Eugene", "austria", (3, 4), (1, 2), back_stripe=True),
    "max_emanuel": _leader("Max Emanuel", "bavaria", (2, 4), (1, 2), starts_minor=True, dynastic=True),
    "victor_amadeus": _leader("Victor Amadeus", "savoy", (2, 3), (1, 2), starts_minor=True, dynastic=True),
    "schomberg": _leader("Schomberg", "britain", (2, 4), (1, 2)),
    "gastanaga": _leader("Gastañaga", "spain", (0, 3), None, kind="minor"),
    "baden": _leader("Louis of Baden", "empire", (2, 4), (1, 2)),
    "athlone": _leader("Athlone", "dutch", (1, 2), None, kind="staff"),
    # Bourbon
    "luxembourg": _leader("Luxembourg", "france", (3, 6), (1, 3), back_stripe=True, starts_minor=True),
    "lorges": _leader("Lorges", "france", (2, 4), (1, 2), back_stripe=True, starts_minor=True),
    "catinat": _leader("Catinat", "france", (3, 4), (1, 2), starts_minor=True),
    "noailles": _leader("Noailles", "france", (2, 4), (1, 2), back_stripe=True),
    "boufflers": _leader("Boufflers", "france", (2, 4), (1, 2)),
    "duras": _leader("Duras", "france", (1, 4), (0, 2)),
    "vauban": _leader("Vauban", "france", (1, 2), None, kind="staff"),
    "tesse": _leader("Tessé", "france", (1, 3), None, kind="minor"),
    "james": _leader("James II", "jacobites", (1, 4), (0, 2), back_stripe=True, dynastic=True),
    "claverhouse": _leader("Claverhouse", "jacobites", (2, 2), (1, 1)),
    # NY-3.1c: one counter, Jacobite on the front and British on the reverse; no minor side.
    "marlborough": _leader("Marlborough", "jacobites", (2, 4), None),
}
MARLBOROUGH_BRITISH = {"power": "britain", "front": (3, 5)}  # his reverse, used after the Glorious Revolution

# NY-3.1.2b / 12.4 (provisional): the year each starting-minor leader is promoted in the Reinforcement Phase.
PROMOTIONS: dict[int, tuple[str, ...]] = {
    1689: ("lorraine", "luxembourg"),
    1690: ("catinat", "lorges"),
    1691: ("max_emanuel", "victor_amadeus"),
}
