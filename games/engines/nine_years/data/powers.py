"""Sides and powers (NY-1.1.3b, seed) and the STAND-IN corps counts per power."""

from __future__ import annotations

BOURBON = "bourbon"
ALLIANCE = "alliance"
SIDES = (BOURBON, ALLIANCE)

# NY-1.1.3b: power -> (side, abbreviation, power colour). Colours are the seed's.
POWERS: dict[str, tuple[str, str, str]] = {
    "france": (BOURBON, "Fr", "#3b5fb0"),
    "jacobites": (BOURBON, "Ja", "#e08080"),
    "catalans": (BOURBON, "Ca", "#b8961e"),
    "britain": (ALLIANCE, "Br", "#c0282d"),
    "dutch": (ALLIANCE, "Du", "#ee8a1c"),
    "austria": (ALLIANCE, "Au", "#f4f4f0"),
    "empire": (ALLIANCE, "Em", "#3f8f3f"),
    "subsidy": (ALLIANCE, "Su", "#555555"),
    "spain": (ALLIANCE, "Sp", "#b8961e"),
    "savoy": (ALLIANCE, "Sa", "#7a1f3d"),
    "bavaria": (ALLIANCE, "Ba", "#8fc1e8"),
}
# What players read ("French corps 3", never "Fr03") is in names.py: "power:<id>" and "adj:<id>".
NEUTRAL_POWERS = ("portugal",)  # NY-7.2.2
SIDE_COLOUR = {BOURBON: "#2f4f9f", ALLIANCE: "#8a5a2b"}  # NY-1.1.3b: blue and brown

# NY-3.2.1a: corps counters per power. STAND-IN except the Jacobites' 5 (NY-7.2.6a).
CORPS_COUNTS: dict[str, int] = {
    "france": 16,
    "jacobites": 5,
    "catalans": 2,
    "britain": 5,
    "dutch": 6,
    "austria": 5,
    "empire": 5,
    "subsidy": 4,
    "spain": 5,
    "savoy": 3,
    "bavaria": 3,
}


def side_of(power: str) -> str:
    return POWERS[power][0]


def other(side: str) -> str:
    return ALLIANCE if side == BOURBON else BOURBON
