"""The time controls a player can pick when creating a match, and how to describe one."""

from __future__ import annotations

DAY = 86_400

# key -> time_control dict for games.services.create_match (notifications.clocks.PRESETS wins when present).
DEFAULT_PRESETS: dict[str, dict] = {
    "none": {"kind": "none"},
    "fixed-1d": {"kind": "fixed", "per_move": DAY},
    "fixed-3d": {"kind": "fixed", "per_move": 3 * DAY},
    "bank-7d": {"kind": "bank", "initial": 7 * DAY, "increment": DAY, "cap": 14 * DAY},
}


def presets() -> dict[str, dict]:
    try:
        from notifications.clocks import PRESETS
    except ImportError:
        return DEFAULT_PRESETS
    return dict(PRESETS)


def describe(time_control: dict | None) -> str:
    """A short human description, e.g. "3 days per move"."""
    tc = time_control or {"kind": "none"}
    if tc.get("kind") == "fixed":
        return f"{_duration(tc['per_move'])} per move"
    if tc.get("kind") == "bank":
        text = f"{_duration(tc['initial'])} bank, +{_duration(tc['increment'])} per move"
        return text + (f", at most {_duration(tc['cap'])}" if tc.get("cap") else "")
    return "No time limit"


def _duration(seconds: int) -> str:
    for unit, size in (("day", DAY), ("hour", 3600), ("minute", 60)):
        if seconds >= size and seconds % size == 0:
            count = seconds // size
            return f"{count} {unit}{'s' if count != 1 else ''}"
    return f"{seconds} seconds"
