"""PROVISIONAL 10 Naval Matters: sea-zone control and the naval attack action."""

from __future__ import annotations

from games.engines.base import Rng, add_event, msg

from ..board import sea_name, side_name
from ..data.tracks import NAVAL_ON
from ..victory import naval_attack_won

State = dict
ZONES = ("atlantic", "mediterranean")  # NY-2.5.1a


def may_attack(state: State, side: str, zone: str) -> bool:
    """10.1: a side may attack a sea zone it does not control (one naval attack per round, 13.4)."""
    return state["seas"][zone] != side


def naval_attack(state: State, rng: Rng, side: str, zone: str) -> None:
    """10.1: d6 >= NAVAL_ON wins the zone for the attacker and NY-6.1.1h's 1 VP; a failed attack changes nothing."""
    roll = rng.die()
    if roll >= NAVAL_ON:
        state["seas"][zone] = side
        add_event(
            state,
            msg(
                "Naval attack in the {sea}: {roll}, the {side} take control",
                sea=sea_name(zone),
                roll=roll,
                side=side_name(side),
            ),
            at=[f"sea:{zone}"],
        )
        naval_attack_won(state, side)
    else:
        add_event(
            state, msg("Naval attack in the {sea}: {roll}, repulsed", sea=sea_name(zone), roll=roll), at=[f"sea:{zone}"]
        )
