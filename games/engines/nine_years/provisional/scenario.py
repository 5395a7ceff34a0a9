"""PROVISIONAL 20 Scenario: the Glorious Revolution (20.2.5), ours; the 1688 set-up is in ``setup.py``."""

from __future__ import annotations

from games.engines.base import add_event

from ..data.leaders import MARLBOROUGH_BRITISH
from ..data.powers import ALLIANCE, BOURBON
from ..data.setup import GR_BRITISH
from ..stacking import corps_at, leaders_at
from ..victory import change_control
from .common import State
from .forces import penalty_after, retreat, retreat_space


def glorious_revolution(state: State) -> None:
    """20.2.5 (provisional): William III takes London. London and Derry pass to the Alliance with no VP
    (NY-6.1.2a); Marlborough turns to his British side (NY-3.1c, A35); Schomberg and British corps enter
    London; the Jacobite home spaces and capitals change (NY-2.1.2e, NY-2.2c, NY-7.2.6c)."""
    state["glorious_revolution"] = True
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
    add_event(state, "The Glorious Revolution: William III is king in London", rule="20.2.5")
