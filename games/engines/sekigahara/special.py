"""SK-9: the Hideyori and Sanada discs and the Mori area."""

from __future__ import annotations

from games.engines.base import Choice, State, add_event, msg

from .common import (
    NAMES,
    blocks_in,
    can_muster_into,
    card_label,
    check_instant,
    choice,
    discard,
    face,
    face_name,
    unique_by_kind,
)
from .data.locations import MORI_ENTRY
from .overrun import arrival_overrun

MORI_BOX = "box:mori"  # the board target of the Mori area


def mori_choices(state: State, role: str) -> list[Choice]:
    """SK-9.3c: in an Ishida Movement Phase each discarded card brings one Mori block to Osaka."""
    if role != "ishida" or not blocks_in(state, "mori", role) or not can_muster_into(state, role, MORI_ENTRY):
        return []
    return [
        choice(
            msg("Discard {card}: one Mori block enters Osaka", card=card_label(state, c)), MORI_BOX, type="mori", card=c
        )
        for c in unique_by_kind(state, state["hands"][role])
    ]


def mori_entry(state: State, role: str, card_id: str) -> None:
    box = blocks_in(state, "mori", role)
    # the Mori leader always comes last
    block = sorted(box, key=lambda b: (face(state, b).leader > 0, b))[0]
    discard(state, role, card_id, "Mori reinforcement")
    state["where"][block] = MORI_ENTRY
    state["movement"]["mustered"].append(block)  # arrives like a Muster: cannot move this turn (RULES.md)
    entered = msg("{side}: {face} enters Osaka from the Mori area.", side=NAMES[role], face=face_name(state, block))
    add_event(state, entered, rule="SK-9.3a")
    if arrival_overrun(state, MORI_ENTRY, role):  # SK-9.3b
        check_instant(state)


def siege_loss_options(state: State, loc: str, inside: list[str], discs: list[str]) -> list[str]:
    """SK-9.1b: Hideyori is always the last loss at Osaka; SK-9.2b: Sanada may take any loss."""
    units = list(inside) + [d for d in discs if d != "hideyori"]
    if not units and "hideyori" in discs:
        return ["hideyori"]
    return units
