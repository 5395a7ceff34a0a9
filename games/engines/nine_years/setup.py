"""PROVISIONAL 20.2 (STAND-IN): the 1688 Nine Years set-up, from the records of ``data/setup.py``."""

from __future__ import annotations

from typing import Any

from games.engines.base import Rng, add_event

from .board import fortress_strength, initial_control
from .data.leaders import LEADERS
from .data.powers import ALLIANCE, BOURBON, CORPS_COUNTS, POWERS
from .data.setup import CORPS_SETUP, JACOBITE_HELD_BACK, LEADER_SETUP, SEA_START
from .data.spaces import SPACES
from .data.tracks import FIRST_YEAR, KWW_START, VP_START
from .decks import build_decks

State = dict


def _corps() -> dict[str, dict]:
    corps: dict[str, dict] = {}
    for power, count in CORPS_COUNTS.items():
        for n in range(1, count + 1):
            corps[f"{POWERS[power][1]}{n:02d}"] = {
                "power": power,
                "space": "pool",
                "full": True,
                "disordered": False,
                "garrison": False,
            }
    for space, groups in CORPS_SETUP.items():
        for power, count in groups:
            free = sorted(c for c, v in corps.items() if v["power"] == power and v["space"] == "pool")
            for cid in free[:count]:
                corps[cid]["space"] = space
    jacobites = sorted(c for c, v in corps.items() if v["power"] == "jacobites")
    for cid in jacobites[-JACOBITE_HELD_BACK:]:
        corps[cid]["space"] = "out"  # NY-7.2.6a: the fifth corps comes only with Claverhouse
    return corps


def initial_state(seed: int, options: dict[str, Any]) -> State:
    """20.2 (STAND-IN): VP 15 (NY-6.1.1a), KWW in its middle box, decks split and shuffled (NY-5.2.1a)."""
    rng = Rng.from_seed(seed)
    leaders = {
        lid: {
            "space": LEADER_SETUP[lid],
            "minor": data["starts_minor"],  # NY-3.1.2a
            "demoted": False,
            "disordered": False,
            "garrison": False,
            "power": data["power"],
            "front": None,
        }
        for lid, data in LEADERS.items()
    }
    state: State = {
        "year": FIRST_YEAR,
        "phase": "auto",
        "active": [],
        "steps": [],
        "vp": VP_START,
        "king_williams_war": KWW_START,
        "initiative": None,
        "first": None,
        "control": initial_control(),
        "fortress_strength": {s: fortress_strength(s) for s in sorted(SPACES) if fortress_strength(s)},
        "lines": [],
        "leaders": leaders,
        "corps": _corps(),
        "hands": {BOURBON: [], ALLIANCE: []},
        "decks": build_decks(rng),
        "glorious_revolution": False,
        "savoy": "neutral",  # NY-2.3.1b / NY-7.2.1a
        "seas": dict(SEA_START),
        "resource_points": {BOURBON: 0, ALLIANCE: 0},
        "resource_point_changes": {BOURBON: 0, ALLIANCE: 0},
        "lasting_resource_points": {BOURBON: 0, ALLIANCE: 0},
        "round": None,
        "move": None,
        "pending": None,
        "battle": None,
        "displace": [],
        "resume": None,
        "acted": [],
        "result": None,
        "log": [],
        "options": dict(options),
        "rng": rng.state,
    }
    add_event(state, "1688: the Nine Years War begins (stand-in set-up)")
    return state
