"""The time controls a player can pick when creating a match, and how to describe one."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

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
        return _("{time} per move").format(time=_duration(tc["per_move"]))
    if tc.get("kind") == "bank":
        text = _("{bank} bank, +{time} per move").format(bank=_duration(tc["initial"]), time=_duration(tc["increment"]))
        return text + (_(", at most {cap}").format(cap=_duration(tc["cap"])) if tc.get("cap") else "")
    return _("No time limit")


def _duration(seconds: int) -> str:
    units = (
        (DAY, lambda n: ngettext("{n} day", "{n} days", n)),
        (3600, lambda n: ngettext("{n} hour", "{n} hours", n)),
        (60, lambda n: ngettext("{n} minute", "{n} minutes", n)),
        (1, lambda n: ngettext("{n} second", "{n} seconds", n)),
    )
    for size, words in units:
        if seconds >= size and seconds % size == 0:
            return words(seconds // size).format(n=seconds // size)
    return ngettext("{n} second", "{n} seconds", seconds).format(n=seconds)
