"""PROVISIONAL 20 Scenario: the 1688 Nine Years set-up and the Glorious Revolution (20.2.5), ours."""

from __future__ import annotations

from typing import Any

from games.engines.base import Rng, add_event

from ..board import fortress_strength, initial_control
from ..data.leaders import LEADERS, MARLBOROUGH_BRITISH
from ..data.powers import ALLIANCE, BOURBON, CORPS_COUNTS, POWERS
from ..data.setup import CORPS_SETUP, GR_BRITISH, JACOBITE_HELD_BACK, LEADER_SETUP, SEA_START
from ..data.spaces import SPACES
from ..data.tracks import FIRST_YEAR, KWW_START, VP_START
from ..decks import build_decks
from ..stacking import corps_at, leaders_at
from ..victory import change_control
from .battle import penalty_after, retreat, retreat_space

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
        "kww": KWW_START,
        "initiative": None,
        "first": None,
        "control": initial_control(),
        "fs": {s: fortress_strength(s) for s in sorted(SPACES) if fortress_strength(s)},
        "lines": [],
        "leaders": leaders,
        "corps": _corps(),
        "hands": {BOURBON: [], ALLIANCE: []},
        "decks": build_decks(rng),
        "gr": False,
        "savoy": "neutral",  # NY-2.3.1b / NY-7.2.1a
        "seas": dict(SEA_START),
        "rp": {BOURBON: 0, ALLIANCE: 0},
        "rp_mods": {BOURBON: 0, ALLIANCE: 0},
        "lasting": {BOURBON: 0, ALLIANCE: 0},
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
    add_event(state, "1688: the Nine Years War begins (stand-in set-up, see RULES.md)")
    return state


def glorious_revolution(state: State) -> None:
    """20.2.5 (provisional): William III takes London. London and Derry pass to the Alliance with no VP
    (NY-6.1.2a); Marlborough turns to his British side (NY-3.1c, A35); Schomberg and British corps enter
    London; the Jacobite home spaces and capitals change (NY-2.1.2e, NY-2.2c, NY-7.2.6c)."""
    state["gr"] = True
    leaders, corps = leaders_at(state, "london", BOURBON), corps_at(state, "london", BOURBON)
    if leaders or corps:
        dest = retreat_space(state, "london", BOURBON)
        retreat(state, BOURBON, leaders, corps, dest, "paris")
        penalty_after(state, BOURBON, dest)
    for space in ("london", "derry"):
        if not corps_at(state, space, BOURBON):
            change_control(state, space, ALLIANCE, "scenario")
    marl = state["leaders"]["marlborough"]
    if marl["space"] != "removed":
        marl.update(power=MARLBOROUGH_BRITISH["power"], front=list(MARLBOROUGH_BRITISH["front"]), space="london")
    state["leaders"]["schomberg"]["space"] = "london"
    british = sorted(c for c, v in state["corps"].items() if v["power"] == "britain" and v["space"] == "pool")
    for cid in british[:GR_BRITISH]:
        state["corps"][cid]["space"] = "london"
    add_event(state, "The Glorious Revolution: William III is king in London (20.2.5, provisional)")
