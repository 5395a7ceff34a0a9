"""Shock resolution (12.2-12.4, 14.1, 14.7): the DRMs, the roll on the Shock or Charge Table, the
attacker's result, retreat before combat and the advance after combat."""

from __future__ import annotations

from typing import Any

from games.engines.base import add_event
from games.engines.base.messages import msg, name

from .board import (
    are_enemies,
    battle_map,
    entry_cost,
    front_hexes,
    hex_target,
    leaders_at,
    occupant,
    side_of_unit,
    unit_class,
)
from .combat_results import apply_result, capture_leaders, disorder, retreat_options
from .data.tables import (
    CHARGE_TABLE,
    HEXSIDES,
    MOUNTED,
    SHOCK_ANGLE,
    SHOCK_ANGLE_SIDES,
    SHOCK_DEFENCE,
    SHOCK_TABLE,
    TERRAIN,
    WEAPON_MATRIX,
)
from .dice import lookup, roll
from .hexgrid import direction_to, side_of
from .leaders import leader_loss_check
from .names import unit_name, units_together
from .texts import SHOCK_TEXTS

State = dict[str, Any]


def shock_drm(
    state: State, attackers: str | list[str], defender: str, charging: bool | list[str], defenders: int = 1
) -> tuple[int, list[str]]:
    """BR-12.3j-x: the DRMs of the attackers against one defender (positive favours the attacker).
    ``charging``: the attackers still charging (True: all of them)."""
    attackers = [attackers] if isinstance(attackers, str) else list(attackers)
    chargers = attackers if charging is True else (charging or [])
    m = battle_map(state)
    d = state["units"][defender]
    units = [state["units"][a] for a in attackers]
    parts: list[Any] = []
    drm = 0
    strength = len(attackers) - defenders  # BR-12.3k: one against two gives -1 on each roll
    if strength:
        drm += strength
        parts.append(msg("strength {drm}", drm=f"{strength:+d}"))
    sides = {side_of(d["facing"], direction_to(d["hex"], a["hex"])) for a in units}
    angle = SHOCK_ANGLE_SIDES if len(sides) > 1 else SHOCK_ANGLE[next(iter(sides))]  # BR-12.3l, A24
    if angle:
        drm += angle
        parts.append(msg("angle {drm}", drm=f"+{angle}"))
    terrains = []
    for a in units:
        cls = unit_class(a["type"])
        terrain = TERRAIN[m.terrain[d["hex"]]]["shock"][cls]  # BR-12.3m
        feature = m.hexsides.get((a["hex"], d["hex"]))
        if feature:
            terrain += HEXSIDES[feature]["shock"][cls]
        terrains.append(terrain)
    terrain = min(terrains)  # BR-12.3o: the one most favourable to the defender
    if terrain:
        drm += terrain
        parts.append(msg("terrain {drm}", drm=f"{terrain:+d}"))
    if all(m.elevation[a["hex"]] < m.elevation[d["hex"]] for a in units):
        drm -= 1
        parts.append(msg("uphill -1"))  # BR-12.3p
    defence = SHOCK_DEFENCE[d["type"]] + (1 if d["type"] == "Lvy" else 0)  # BR-12.3q, BR-16.3b
    drm += defence
    parts.append(msg("defence {drm}", drm=f"{defence:+d}"))
    charisma = max((state["leaders"][lid]["charisma"] for a in units for lid in leaders_at(state, a["hex"])), default=0)
    if charisma:
        drm += charisma
        parts.append(msg("leader {drm}", drm=f"{charisma:+d}"))  # BR-5.4a-c, BR-12.3r
    weapons = max(WEAPON_MATRIX[a["type"]].get(d["type"], 0) for a in units)  # BR-12.3s: the best type
    if weapons:
        drm += weapons
        parts.append(msg("weapons {drm}", drm=f"{weapons:+d}"))
    if any(a.get("disordered") for a in units):
        drm -= 2
        parts.append(msg("disordered attacker -2"))  # BR-12.3t
    if any(state["acted"].get(a, {}).get("moved") for a in chargers):
        drm -= 1
        parts.append(msg("charged after moving -1"))  # BR-12.3u
    if d.get("rout"):
        drm += 2
        parts.append(msg("routed defender +2"))  # BR-12.3v
    ca = max(state["acted"].get(a, {}).get("continued_attacks", 0) for a in attackers)
    if ca:
        drm -= ca
        parts.append(msg("continued attack {drm}", drm=f"-{ca}"))  # BR-12.3w, BR-14.7g
    return drm, parts


def can_shock(state: State, attacker: str, defender: str) -> bool:
    """BR-12.1, A28, BR-5.3c, BR-14.5d, BR-16.3a: an eligible attacker against an enemy in its front hexes."""
    a = state["units"][attacker]
    acted = state["acted"].get(attacker)
    if acted is None or not acted["in_command"] or a.get("rout") or a["type"] not in WEAPON_MATRIX:
        return False
    if acted["attacked"] and not acted.get("must"):
        return False
    d = state["units"].get(defender)
    if d is None or not are_enemies(state, attacker, defender) or d["hex"] not in front_hexes(state, attacker):
        return False
    return battle_map(state).hexsides.get((a["hex"], d["hex"])) != "impassable"  # BR-7.1o


def retreat_before_combat_options(state: State, attackers: str | list[str], defender: str) -> list[str]:
    """BR-12.2a/c/d/e: a mounted, non-Disordered defender attacked only by foot may step one hex away
    from every attacker."""
    attackers = [attackers] if isinstance(attackers, str) else attackers
    d = state["units"][defender]
    if d["type"] not in MOUNTED or d.get("disordered") or d.get("rout"):
        return []
    if any(state["units"][a]["type"] in MOUNTED for a in attackers):
        return []
    return retreat_options(state, defender, [state["units"][a]["hex"] for a in attackers], None)


def resolve_shock(
    state: State,
    attackers: str | list[str],
    defender: str,
    charging: bool | list[str],
    extra: int = 0,
    defenders: int = 1,
) -> dict[str, Any]:
    """BR-12.3a/e/f, BR-14.1a/b/d: one roll for the defender on the Charge Table (when at least half the
    attackers still charge) or the Shock Table; leader checks (BR-5.5e, A17); results applied, the
    defender's first, the attackers' result to every attacker. Returns what advance and Continued
    Attack need."""
    attackers = [attackers] if isinstance(attackers, str) else list(attackers)
    chargers = attackers if charging is True else (charging or [])
    d = state["units"][defender]
    state["hitters"].extend([state["units"][attackers[0]]["battle"], d["battle"]])
    drm, parts = shock_drm(state, attackers, defender, chargers, defenders)
    if extra:
        drm += extra
        parts.append(msg("markers/counter-charge {drm}", drm=f"{extra:+d}"))
    die = roll(state)
    charge_table = bool(chargers) and len(chargers) * 2 >= len(attackers)
    table = CHARGE_TABLE if charge_table else SHOCK_TABLE
    column = "disordered" if d.get("disordered") or d.get("rout") else "normal"
    _, att_result, def_result, cont = lookup(table[column], die + drm)
    add_event(
        state,
        msg(
            SHOCK_TEXTS[charge_table, bool(cont)],
            attackers=units_together(state, attackers),
            defender=unit_name(state, defender),
            dr=die,
            drms=parts,
            total=die + drm,
            attacker_result=name(f"result:{att_result}"),
            defender_result=name(f"result:{def_result}"),
        ),
        dr=die,
        at=[*(hex_target(state["units"][a]["hex"]) for a in attackers), hex_target(d["hex"])],
    )
    d_hex = d["hex"]
    if def_result in ("D", "R", "Rt", "E"):
        leader_loss_check(state, d_hex, 7, msg("defender hit"), unit_gone=def_result in ("Rt", "E"))
    apply_result(state, defender, def_result, [state["units"][a]["hex"] for a in attackers], None)
    return {
        "attacker": attackers[0],
        "attackers": attackers,
        "defender": defender,
        "hex": d_hex,
        "continued": cont,
        "attacker_result": att_result,
    }


def attacker_leader_checks(state: State, attackers: list[str], results: list[str]) -> None:
    """BR-5.5e, A17: leaders stacked with attackers that are Disordered, or must Retreat or be Disordered,
    roll once per combat (7+ kills), however many defenders gave that result."""
    if not any(r in ("D", "RD") for r in results):
        return
    for a in attackers:
        if a in state["units"]:
            leader_loss_check(state, state["units"][a]["hex"], 7, msg("attacker hit"), unit_gone=False)


def attacker_result(state: State, attackers: list[str], result: str, d_hex: str) -> None:
    """BR-14.1d/e: the attacker's result applies to every attacking unit; Retreat-or-Disorder is each
    unit's own choice."""
    for a in attackers:
        if a not in state["units"]:
            continue
        if result == "D":
            disorder(state, a)
        elif result == "RD":
            owner = side_of_unit(state, a)
            state["pending"].append({"kind": "retreat_or_disorder", "unit": a, "role": owner, "away_from": [d_hex]})


def priority(state: State, units: list[str], chargers: list[str]) -> list[str]:
    """Table 12.4 / BR-12.4e, BR-14.7b: charging, then mounted, then non-Disordered; ties by id."""
    return sorted(
        (u for u in units if u in state["units"]),
        key=lambda u: (
            u not in chargers,
            state["units"][u]["type"] not in MOUNTED,
            bool(state["units"][u].get("disordered")),
            u,
        ),
    )


def may_advance(state: State, attacker: str, h: str, continued: bool) -> bool:
    """BR-12.4b/d/g, BR-16.3c: into a vacated hex unless Disordered without Continued Attack, Levy,
    or terrain prohibited."""
    a = state["units"].get(attacker)
    if a is None or h in occupant(state) or a["type"] == "Lvy" or a.get("rout"):
        return False
    if a.get("disordered") and not continued:
        return False
    return entry_cost(battle_map(state), a["hex"], h, a["type"]) is not None


def advance(state: State, attacker: str, h: str) -> None:
    """BR-12.4a: not movement (no MP, no reaction fire); leaders stacked go along (BR-7.1l)."""
    a = state["units"][attacker]
    old = a["hex"]
    for lid in leaders_at(state, old):
        state["leaders"][lid]["hex"] = h
    a["hex"] = h
    capture_leaders(state, h, side_of_unit(state, attacker))
    add_event(
        state,
        msg("{unit} advances into {hex}.", unit=unit_name(state, attacker), hex=h),
        path=[hex_target(old), hex_target(h)],
    )
