"""Phase D (4.0g, 15.1): rally; and the banners (15.1d, 15.2) — a rally at the banner or a banner
moved (phase ``banner``) instead of an activation. Both end the activation by handing over to
``"closing"`` (Phase E)."""

from __future__ import annotations

from games.engines.base import Choice, add_event
from games.engines.base.messages import msg
from games.engines.base.phases import Handover, Phase, hand_over

from . import combat_results, dice, victory
from .board import adjacent_enemies, battle_map, hex_target, occupant, side_of_unit
from .common import State, banner_rallies
from .hexgrid import distance
from .names import unit_name
from .prompts import asked
from .texts import battle_name


def rally_phase(state: State) -> None:
    """Phase D (4.0g), BR-15.1a/b/c/e: Disordered units of the Battle that did nothing and are not adjacent
    to an enemy rally."""
    if state["activation"]["kind"] != "battle":
        return
    occ = occupant(state)
    for uid, acted in sorted(state["acted"].items()):
        u = state["units"].get(uid)
        if u is None or not u.get("disordered") or u.get("rout") or u["hex"] is None:
            continue
        if acted["moved"] or acted["faced"] or acted["fired"] or acted["attacked"] or acted["hit"]:
            continue
        if adjacent_enemies(state, uid, occ=occ):
            continue
        u["disordered"] = False
        add_event(state, msg("{unit} rallies.", unit=unit_name(state, uid)), at=[hex_target(u["hex"])])


def banner_rally(state: State, role: str, battle: str) -> Handover:
    """BR-15.1d, BR-3.0l: the Routed units at the banner rally, each costing a Flight Point back."""
    state["activation"] = {"kind": "banner", "battles": [battle], "automatic": True}
    state["activations"] += 1
    for uid in banner_rallies(state, battle):
        state["units"][uid]["rout"] = False
        victory.add_flight_points(
            state, role, -1, msg("{unit} rallied from Rout", unit=unit_name(state, uid))
        )  # BR-3.0l, BR-15.1d
    return hand_over("closing", automatic=True)


def start_banner_move(state: State, battle: str) -> None:
    state["activation"] = {"kind": "banner", "battles": [battle], "automatic": True}
    state["phase"] = "banner"


BANNER_REACH = 3  # interpretation of BR-15.2b: a moved banner goes up to three hexes


def banner_choices(state: State, role: str) -> list[Choice]:
    """BR-15.2b: a banner may be moved (here within three hexes), not into an enemy unit's hex nor onto
    another banner (stacking)."""
    bid = state["activation"]["battles"][0]
    here = state["battles"][bid]["banner"]
    occ = occupant(state)
    banners = {b.get("banner") for b in state["battles"].values()}
    out: list[Choice] = []
    for h in battle_map(state).hexes:
        if h in banners or not 0 < distance(h, here) <= BANNER_REACH:
            continue
        if h in occ and side_of_unit(state, occ[h]) != role:
            continue
        out.append(
            {
                "action": {"type": "place_banner", "hex": h},
                "label": msg("Plant the banner at {hex}", hex=h),
                "target": f"hex:{h}",
            }
        )
    return out


def place_banner(state: State, role: str, action: dict) -> Handover:
    """BR-15.2c, A37: routed units within one hex of the old position roll: 5 or more, eliminated."""
    bid = state["activation"]["battles"][0]
    old = state["battles"][bid]["banner"]
    for uid in banner_rallies(state, bid):
        dr = dice.roll(state)
        add_event(state, msg("{unit} sees its banner leave: DR {dr}.", unit=unit_name(state, uid), dr=dr), dr=dr)
        if dr >= 5:
            combat_results.eliminate(state, uid, msg("abandoned by its banner"))
    state["battles"][bid]["banner"] = action["hex"]
    add_event(
        state,
        msg(
            "The banner of {battle} moves {start}→{end}.", battle=battle_name(state, bid), start=old, end=action["hex"]
        ),
    )
    state["activations"] += 1
    return hand_over("closing", automatic=True)


PHASE = Phase("banner", banner_choices, {"place_banner": place_banner}, prompt=asked("banner"))
