"""The sequence of play (4.0): automatic activations, Phases B-E, continuation and seizure (6.0).

Phases (state["phase"]): "activate" (Phase A of an automatic activation), "move" (Phase B), "shock"
(Phase C), "pending" (a player chooses a retreat hex or Retreat/Disorder), "nominate" (Phase E (4)),
"seize" (the opponent may play a Seizure Opportunity), "negate" (the active player may negate it),
"over". Each phase has ``choices(state, role)`` and ``act(state, role, action)``.
"""

from __future__ import annotations

import heapq
from typing import Any

from games.engines.base import Choice, IllegalAction, add_event

from . import pursuit, rules
from .board import (
    adjacent_enemies,
    battle_map,
    command_reach,
    committed,
    enemy_units_of,
    entry_cost,
    front_hexes,
    in_command_units,
    is_missile,
    leaders_at,
    movement_allowance,
    occupant,
    other,
    side_of_unit,
)
from .hexgrid import DIR_NAMES, VERTEX_NAMES, distance
from .names import unit_name
from .tables import LEADER_MA

State = dict[str, Any]


# --- what a side has -----------------------------------------------------------------------------


def live_battles(state: State, role: str) -> list[str]:
    """Battles that can still be activated: on the side, committed, not fled, with units."""
    have = {u["battle"] for u in state["units"].values()}
    return [
        bid
        for bid, b in sorted(state["battles"].items())
        if b["side"] == role and not b.get("uncommitted") and not b.get("fled") and bid in have
    ]


def cinc(state: State, role: str) -> str | None:
    for lid, leader in sorted(state["leaders"].items()):
        if leader["side"] == role and leader.get("cinc") and leader.get("hex"):
            return lid
    return None


def rating(state: State, bid: str | None, role: str) -> int:
    """BR-6.2f: the nominated Battle leader's activation rating (the CinC's for the Army)."""
    lid = cinc(state, role) if bid is None else state["battles"][bid]["leader"]
    leader = state["leaders"].get(lid) if lid else None
    if leader is None or leader.get("hex") is None:
        return 1
    return leader["activation"]


def army_members(state: State, role: str) -> tuple[list[str], list[str]]:
    """BR-6.1d/e/f, A11: (Battles, units) an Army activation includes."""
    chief = cinc(state, role)
    if chief is None:
        return [], []
    occ = occupant(state)
    leader = state["leaders"][chief]
    reach = command_reach(state, leader["hex"], leader["range"], role, occ)
    battles, units = [], []
    enemies = [state["units"][e]["hex"] for e in enemy_units_of(state, role)]
    for bid in live_battles(state, role):
        bl = state["leaders"].get(state["battles"][bid]["leader"])
        if bl is None or bl.get("hex") is None:
            continue
        if bl["hex"] not in reach and bid != leader.get("battle"):
            continue
        battles.append(bid)
        for uid in in_command_units(state, bid):
            h = state["units"][uid]["hex"]
            if h is not None and all(distance(h, e) > 3 for e in enemies):
                units.append(uid)
    return battles, units


# --- starting and ending activations -------------------------------------------------------------


def start_automatic(state: State, role: str) -> None:
    """BR-2.4c, BR-4.0b: the player receives an automatic activation (Phase A)."""
    state.update({"phase": "activate", "player": role, "decider": role, "chain": 0, "stanley_rolled": False})
    state["act"] = None


def begin_activation(
    state: State, kind: str, battles: list[str], automatic: bool, units: list[str] | None = None
) -> None:
    """Phase B starts: command status fixed for the activation (BR-5.2c); replacements placed (4.0c, A39)."""
    role = state["player"]
    rules.replace_leaders(state, role)
    state["act"] = {"kind": kind, "battles": battles, "automatic": automatic}
    state["activations"] += 1
    state["acted"] = {}
    state["reacted"] = []
    state["cc_used"] = []
    state["charge_hexes"] = []
    state["hitters"] = []
    state["defended"] = []
    state["selected"] = None
    state["leader_sel"] = None
    state["leaders_done"] = []
    state["fresh"] = True
    occ = occupant(state)
    state["mm_adjacent"] = {
        uid: [[e, state["units"][e]["hex"]] for e in adjacent_enemies(state, uid, occ=occ)]
        for uid, u in sorted(state["units"].items())
        if u["type"] == "MM" and u["hex"] and side_of_unit(state, uid) != role
    }
    hidden = state["ambush"]["unit"] if state.get("ambush") and not state["ambush"]["used"] else None
    members = (
        units
        if units is not None
        else [uid for uid in sorted(state["units"]) if state["units"][uid]["battle"] in battles and uid != hidden]
    )
    commanded = set()
    for bid in battles:
        commanded.update(in_command_units(state, bid))
    for uid in members:
        u = state["units"][uid]
        adj = adjacent_enemies(state, uid, occ=occ) if u["hex"] else []
        state["acted"][uid] = {
            "mp": movement_allowance(u),
            "moved": False,
            "fired": False,
            "faced": 0,
            "attacked": False,
            "done": False,
            "cmd": uid in commanded or kind == "army",
            "adj_start": adj,
            "ca": 0,
            "hit": False,
        }
    names = ", ".join(state["battles"][b]["name"] for b in battles)
    add_event(state, f"{role.title()}: {'automatic' if automatic else 'continued'} {kind} activation ({names}).")
    state["phase"] = "move"
    state["decider"] = role


def end_moves(state: State) -> None:
    """Phase B ends; Phase C only in a Battle activation (BR-4.0e/f)."""
    if state["act"].get("ambush"):
        uid = state["ambush"]["unit"]
        if uid in state["units"] and state["units"][uid]["hex"] and not state["acted"][uid]["done"]:
            state["acted"][uid]["done"] = True
            ambush_strikes(state, uid)
            if state["pending"]:
                to_pending(state, "end_moves")  # the retreats it caused come first
                return
    state["selected"] = None
    state["leader_sel"] = None
    for bid in state["act"]["battles"]:
        if bid in state["reinforcements"] and any(
            u["battle"] == bid and u["hex"] is None for u in state["units"].values()
        ):
            state["battles"][bid]["must_enter"] = True  # BR-7.5e
    if state["act"]["kind"] == "battle":
        state["phase"] = "shock"
        occ = occupant(state)
        for uid, acted in state["acted"].items():
            unit = state["units"].get(uid)
            acted["adj_shock"] = bool(unit and unit["hex"] and adjacent_enemies(state, uid, occ=occ))  # BR-13.3b
    else:
        end_activation(state)


def rally_phase(state: State) -> None:
    """BR-15.1a/b/c/e: Disordered units of the Battle that did nothing and are not adjacent to an enemy."""
    if state["act"]["kind"] != "battle":
        return
    occ = occupant(state)
    for uid, acted in sorted(state["acted"].items()):
        u = state["units"].get(uid)
        if u is None or not u.get("dis") or u.get("rout") or u["hex"] is None:
            continue
        if acted["moved"] or acted["faced"] or acted["fired"] or acted["attacked"] or acted["hit"]:
            continue
        if adjacent_enemies(state, uid, occ=occ):
            continue
        u["dis"] = False
        add_event(state, f"{uid} rallies.")


def end_activation(state: State) -> None:
    """Phase D then Phase E (BR-4.0g/h): rally, Battle Flight, Loss Checks after automatic activations."""
    rally_phase(state)
    ambush = state.get("ambush")
    if state["act"].get("ambush") and ambush["unit"] in state["units"]:
        state["units"][ambush["unit"]]["battle"] = ambush["joins"]  # BR-16.1e (Battle Flight count unchanged)
    finish_activation(state, state["act"]["automatic"])


def finish_activation(state: State, automatic: bool) -> None:
    """Phase E (BR-4.0h): (1) Battle Flight checks, (2) pursuit, (3) Loss Checks, (4) nomination."""
    state["acted"] = {}
    state["selected"] = None
    state["closing"] = {"automatic": automatic}
    if state["options"]["battle_flight"]:
        fled_before = {b for b, x in state["battles"].items() if x.get("fled")}
        rules.battle_flight_checks(state)
        gone = [r for r in ("york", "lancaster") if not live_battles(state, r) and not has_pursuers(state, r)]
        if len(gone) == 2:
            return end_game(state, None, "both armies' last Battles fled")  # BR-14.8i
        if gone:
            return end_game(state, other(gone[0]), f"{gone[0].title()}'s last Battle fled")
        if state["options"]["pursuit"]:
            state["pursuit_queue"] = sorted(
                b for b, x in state["battles"].items() if x.get("fled") and b not in fled_before
            )
    continue_closing(state)


def has_pursuers(state: State, role: str) -> bool:
    return any(state["battles"][b]["side"] == role for b in state["pursuers"])


def continue_closing(state: State) -> None:
    while state["pursuit_queue"]:
        fled = state["pursuit_queue"].pop(0)
        if pursuit.start(state, fled):
            return
    automatic = state.pop("closing")["automatic"]
    if automatic:
        lost = rules.loss_checks(state)
        if lost["york"] and lost["lancaster"]:
            return end_game(state, None, "both armies fail their Loss Checks")  # BR-3.0d
        for role in ("york", "lancaster"):
            if lost[role]:
                return end_game(state, other(role), f"{role.title()} fails its Loss Check")
    for role in ("york", "lancaster"):
        if not live_battles(state, role) and not has_pursuers(state, role):
            return end_game(state, other(role), f"{role.title()} has no Battle left")
    if state["activations"] >= state["nightfall"]:
        return end_game(state, None, "nightfall (stand-in time limit): a draw")
    state["phase"] = "nominate"
    state["decider"] = state["player"]


def pursue_act(state: State, role: str, action: dict) -> None:
    if pursuit.act(state, role, action):
        continue_closing(state)


def end_game(state: State, winner: str | None, reason: str) -> None:
    state["phase"] = "over"
    state["decider"] = None
    state["result"] = {"winner": winner, "scores": dict(state["fp"]), "reason": reason}
    add_event(state, f"The battle is over: {reason}.")


# --- Phase A ---------------------------------------------------------------------------------------


def leader_target(state: State, bid: str) -> dict[str, str]:
    """A Battle is activated by clicking its leader on the map (when he is on it)."""
    lid = state["battles"][bid]["leader"]
    leader = state["leaders"].get(lid)
    return {"target": f"leader:{lid}"} if leader and leader.get("hex") else {}


def activate_choices(state: State, role: str) -> list[Choice]:
    back = pursuit.return_choices(state, role)
    if back:
        return back  # BR-14.9m
    out: list[Choice] = []
    for bid in live_battles(state, role):
        out.append(
            {
                "action": {"type": "activate", "battle": bid},
                "label": f"Activate {state['battles'][bid]['name']}",
                **leader_target(state, bid),
            }
        )
    battles, units = army_members(state, role)
    if len(battles) > 1 and units:
        out.append({"action": {"type": "army"}, "label": "Army activation (move only)"})
    for bid in live_battles(state, role):
        b = state["battles"][bid]
        if b.get("banner") and banner_rallies(state, bid):
            out.append(
                {
                    "action": {"type": "banner", "battle": bid},
                    "label": f"Rally at the banner of {b['name']}",
                    "target": f"hex:{b['banner']}",
                }
            )
    for bid in live_battles(state, role):
        b = state["battles"][bid]
        if b.get("banner") and not b.get("fled"):
            out.append(
                {
                    "action": {"type": "banner_move", "battle": bid},
                    "label": f"Move the banner of {b['name']}",
                    "target": f"hex:{b['banner']}",
                }
            )
    ambush = state.get("ambush")
    if (
        ambush
        and not ambush["used"]
        and ambush["unit"] in state["units"]
        and side_of_unit(state, ambush["unit"]) == role
    ):
        out.append({"action": {"type": "ambush"}, "label": f"Spring the ambush with {ambush['unit']}"})  # BR-16.1a
    special = state["special"].get("stanleys")
    if special and special["roller"] == role and not state["stanley_rolled"] and stanleys_waiting(state):
        out.append({"action": {"type": "stanleys"}, "label": "Roll for the Stanleys to join Henry (stand-in 0-3)"})
    out.append({"action": {"type": "pass"}, "label": "Pass"})
    return out


def banner_rallies(state: State, bid: str) -> list[str]:
    """BR-15.1d: Routed units of the Battle in the banner's hex or within one hex of it."""
    h = state["battles"][bid]["banner"]
    return sorted(
        uid
        for uid, u in state["units"].items()
        if u["battle"] == bid and u.get("rout") and u["hex"] and distance(u["hex"], h) <= 1
    )


def stanleys_waiting(state: State) -> bool:
    special = state["special"].get("stanleys")
    return bool(special) and any(state["battles"][b].get("uncommitted") for b in special["battles"])


def stanleys_join(state: State, why: str) -> None:
    for bid in state["special"]["stanleys"]["battles"]:
        state["battles"][bid]["uncommitted"] = False
    add_event(state, f"The Stanleys join Henry Tudor ({why}).")


def activate_act(state: State, role: str, action: dict) -> None:
    kind = action["type"]
    if kind == "pass":
        add_event(state, f"{role.title()} passes.")  # BR-6.1k/l
        time_pass(state, role)
        if state["phase"] == "over":
            return
        state["act"] = {"kind": "pass", "battles": [], "automatic": True}
        state["activations"] += 1
        finish_activation(state, True)
        if state["phase"] == "nominate":
            start_automatic(state, other(role))  # a pass gives the opponent an automatic activation
        return
    if kind == "stanleys":
        state["stanley_rolled"] = True
        dr = rules.roll(state)
        add_event(state, f"Henry calls on the Stanleys: DR {dr}.", dr=dr)
        if dr <= state["special"]["stanleys"]["roll_max"]:
            stanleys_join(state, "defection roll")
        return
    if kind == "banner":
        bid = action["battle"]
        state["act"] = {"kind": "banner", "battles": [bid], "automatic": True}
        state["activations"] += 1
        for uid in banner_rallies(state, bid):
            state["units"][uid]["rout"] = False
            rules.add_fp(state, role, -1, f"{uid} rallied from Rout")  # BR-3.0l, BR-15.1d
        finish_activation(state, True)
        return
    if kind == "ambush":
        ambush = state["ambush"]
        ambush["used"] = True
        uid = ambush["unit"]
        begin_activation(state, "battle", [state["units"][uid]["battle"]], True, [uid])
        state["act"]["ambush"] = True
        state["acted"][uid]["cmd"] = True  # BR-16.1b, BR-5.2e
        state["acted"][uid]["mp"] = 2 * movement_allowance(state["units"][uid])
        return
    if kind == "return":
        returning = pursuit.come_back(state, action["battle"])
        begin_activation(state, "battle", [action["battle"]], True)
        for uid in returning:
            state["acted"][uid]["cmd"] = False  # BR-14.9n, BR-5.2e
        return
    if kind == "banner_move":
        state["act"] = {"kind": "banner", "battles": [action["battle"]], "automatic": True}
        state["phase"] = "banner"
        return
    if kind == "army":
        battles, units = army_members(state, role)
        begin_activation(state, "army", battles, True, units)
        return
    bid = action["battle"]
    b = state["battles"][bid]
    if b.get("roll_on_automatic"):  # Bosworth: Northumberland rolls even on an automatic activation
        dr = rules.roll(state)
        add_event(state, f"{b['name']} must roll to move: DR {dr} vs {rating(state, bid, role)}.", dr=dr)
        if dr > rating(state, bid, role):
            activate_act(state, role, {"type": "pass"})
            return
    begin_activation(state, "battle", [bid], True)


def time_pass(state: State, role: str) -> None:
    """BR-16.2a/b/c: a pass by the player who is not time-limited moves the Time marker toward 0."""
    time = state.get("time")
    if not time or time["limited"] == role:
        return
    time["left"] -= 1
    add_event(state, f"The Time marker moves to {time['left']}.")
    if time["left"] <= 0:
        end_game(state, other(time["limited"]), "time ran out")


# --- Phase B: movement and fire ------------------------------------------------------------------


def pass_through_extra(state: State, uid: str, holder: str) -> int | None:
    """BR-10.0c/d/e, A14: extra MP to pass through a friendly unit, or None when not allowed."""
    mover, there = state["units"][uid]["type"], state["units"][holder]["type"]
    if side_of_unit(state, holder) != side_of_unit(state, uid) or mover == "Art":
        return None
    if there in ("Art", "HG"):
        return 0
    return 1 if mover in ("A", "LB", "HG") else None


def may_enter(
    state: State,
    uid: str,
    src: str | None,
    dst: str,
    occ: dict[str, str],
    left: int | None = None,
    onward: bool = False,
) -> int | None:
    """BR-7.1e/f/g, BR-5.3b/d/e, BR-6.1g, BR-7.2a/c/d, BR-7.6b, BR-14.5c, BR-10.0b-g: MP cost of a step,
    or None. A friendly hex may be passed through only with MP left, not next to an enemy, and with an
    empty hex to go on to (so no move can end stacked)."""
    m = battle_map(state)
    u = state["units"][uid]
    acted = state["acted"][uid]
    left = acted["mp"] if left is None else left
    holder = occ.get(dst)
    extra = 0
    if holder is not None and holder != uid:
        if onward or src is None:
            return None  # BR-10.0g: the hex after a passed-through one must be empty
        extra = pass_through_extra(state, uid, holder)
        if extra is None:
            return None  # BR-7.1e
    if u["type"] == "Art" and not u.get("limbered"):
        return None  # BR-7.6b/c
    cost = entry_cost(m, src, dst, u["type"])
    if cost is None:
        return None
    total = cost[0] + extra
    one_hex = (
        u.get("rout") and not acted["moved"] and src == u["hex"]
    )  # BR-14.5c: a Routed unit moves one hex, whatever it costs
    if total > left and not (src is None and left == movement_allowance(u)) and not one_hex:
        return None
    role = side_of_unit(state, uid)
    near = adjacent_enemies(state, uid, at=dst, occ=occ)
    if near and not acted["cmd"]:
        return None  # BR-5.3b
    if not acted["cmd"] and acted["adj_start"]:
        return None  # BR-5.3e
    if acted["cmd"] and set(near) & set(acted["adj_start"]):
        return None  # BR-7.1g
    if state["act"].get("ambush") and any(
        b.get("banner") == dst and b["side"] != role for b in state["battles"].values()
    ):
        return None  # BR-16.1b
    if not acted["cmd"]:
        for lid in leaders_at(state, dst):
            if state["leaders"][lid]["side"] != role:
                return None  # BR-5.3d
        if any(b.get("banner") == dst and b["side"] != role for b in state["battles"].values()):
            return None
    if state["act"]["kind"] == "army":
        enemies = [state["units"][e]["hex"] for e in enemy_units_of(state, role)]
        if any(distance(dst, e) <= 3 for e in enemies):
            return None  # BR-6.1g, A10
    for b in state["battles"].values():
        if b["side"] == role and b.get("fled") and b.get("flight_hex") == dst:
            return None  # BR-7.2d
    for bid, r in state["reinforcements"].items():
        if state["battles"][bid]["side"] != role and dst in r["entry"]:
            return None  # BR-7.2c
    if u.get("rout"):
        banner = state["battles"][u["battle"]].get("banner")
        if banner is None or src is None or distance(dst, banner) >= distance(src, banner):
            return None  # BR-14.5c
    if holder is not None and holder != uid:
        if near or left - total < 1:
            return None
        exits = [n for n in m.neighbours[dst] if n and n != src and n not in occ]
        if not any(may_enter(state, uid, dst, n, occ, left - total, onward=True) is not None for n in exits):
            return None
    return total


def destinations(state: State, uid: str) -> dict[str, tuple[int, list[str]]]:
    """Every hex the selected unit may end a move in now -> (MP it costs, the path): the cheapest path,
    then the one with fewest hexes, then the first by hex ids. Each step obeys ``may_enter``; a hex next to
    an enemy ends the move (BR-7.1f); friendly units are passed through, never ended on (BR-10.0g)."""
    m = battle_map(state)
    start = state["units"][uid]["hex"]
    allowance = state["acted"][uid]["mp"]
    occ = occupant(state)
    best: dict[str, tuple[int, int, list[str]]] = {start: (0, 0, [])}
    frontier = [(0, 0, [], start)]
    while frontier:
        cost, hexes, path, here = heapq.heappop(frontier)
        if best[here] < (cost, hexes, path):
            continue
        if here != start and (cost >= allowance or adjacent_enemies(state, uid, at=here, occ=occ)):
            continue
        for n in m.neighbours[here]:
            step_cost = None if n is None else may_enter(state, uid, here, n, occ, allowance - cost)
            if step_cost is None:
                continue
            entry = (cost + step_cost, hexes + 1, [*path, n])
            if n not in best or entry < best[n]:
                best[n] = entry
                heapq.heappush(frontier, (*entry, n))
    return {h: (c, p) for h, (c, _, p) in sorted(best.items()) if h != start and (h not in occ or occ[h] == uid)}


def unit_choices(state: State, uid: str) -> list[Choice]:
    u = state["units"][uid]
    acted = state["acted"][uid]
    occ = occupant(state)
    stacked = u["hex"] is not None and any(
        o != uid and other_unit["hex"] == u["hex"] for o, other_unit in state["units"].items()
    )
    name = unit_name(state, uid)
    finish: Choice = {"action": {"type": "done"}, "label": f"{name} has finished"}
    if u["hex"] is not None:
        finish["target"] = f"unit:{uid}"  # clicking the unit again ends its turn
    out: list[Choice] = [] if stacked else [finish]
    if u["hex"] is None:
        if must_enter(state, uid):
            out = []  # BR-7.5e
        ambush = state.get("ambush")
        entry = ambush["entry"] if ambush and ambush["unit"] == uid else state["reinforcements"][u["battle"]]["entry"]
        for h in entry:
            if may_enter(state, uid, None, h, occ) is not None:
                out.append(
                    {"action": {"type": "enter", "hex": h}, "label": f"{name} enters at {h}", "target": f"hex:{h}"}
                )
        return out
    if not acted["fired"] and acted["mp"] > 0:
        for h, (cost, path) in destinations(state, uid).items():
            out.append(
                {
                    "action": {"type": "move", "hex": h, "path": path},
                    "label": f"{name} moves to {h} ({cost} MP)",
                    "target": f"hex:{h}",
                }
            )
    adjacent = bool(adjacent_enemies(state, uid, occ=occ))
    for v in range(6):
        if v == u["facing"]:
            continue
        if (
            adjacent
            and not acted["moved"]
            and (acted["faced"] or min((v - u["facing"]) % 6, (u["facing"] - v) % 6) > 1)
        ):
            continue  # BR-8.0f: one vertex at most when adjacent to an enemy and not moving
        out.append(
            {
                "action": {"type": "face", "facing": v},
                "label": f"{name} faces {VERTEX_NAMES[v]}",
                "target": f"facing:{uid}:{v}",
            }
        )
    if stacked:
        return out  # BR-10.0g: it must move on
    if is_missile(u["type"]) and not acted["fired"] and not u.get("rout") and state["act"]["kind"] == "battle":
        for target in enemy_units_of(state, side_of_unit(state, uid)):
            if rules.can_fire_at(state, uid, target):
                reach = distance(u["hex"], state["units"][target]["hex"])
                shot = f"range {reach}, {rules.fire_drm(state, uid, target):+d}"
                out.append(
                    {
                        "action": {"type": "fire", "target": target},
                        "label": f"{name} fire at {unit_name(state, target)} ({shot})",
                        "target": f"unit:{target}",
                    }
                )
    if u["type"] == "MM" and not acted["moved"] and acted["cmd"] and not adjacent:
        dismount = {"action": {"type": "dismount"}, "label": f"{name} dismount (2 MP)", "target": f"unit:{uid}"}
        out.append(dismount)  # BR-7.4b
    return out


def movable_leaders(state: State, role: str) -> list[str]:
    """BR-6.1a/b: leaders of the activated Battles, and a CinC who leads no Battle, may move alone."""
    out = []
    for lid, leader in sorted(state["leaders"].items()):
        if leader["side"] != role or not leader.get("hex") or lid in state["leaders_done"]:
            continue
        if leader.get("battle") in state["act"]["battles"] or (leader.get("cinc") and leader.get("battle") is None):
            out.append(lid)
    return out


def leader_step_cost(state: State, lid: str, src: str, dst: str, occ: dict[str, str]) -> int | None:
    """BR-7.1i/j/k, BR-7.1o: the cheapest cost for any unit class; not into an enemy unit, leader or
    banner; not next to an enemy unit unless a friendly unit is there. Army: not within 3 of an enemy."""
    m = battle_map(state)
    role = state["leaders"][lid]["side"]
    costs = [c[0] for c in (entry_cost(m, src, dst, "Inf"), entry_cost(m, src, dst, "MM")) if c is not None]
    if not costs:
        return None
    holder = occ.get(dst)
    if holder and side_of_unit(state, holder) != role:
        return None
    if any(state["leaders"][x]["side"] != role for x in leaders_at(state, dst)):
        return None
    if any(b.get("banner") == dst and b["side"] != role for b in state["battles"].values()):
        return None
    enemies = [state["units"][e]["hex"] for e in enemy_units_of(state, role)]
    if not (holder and side_of_unit(state, holder) == role) and any(distance(dst, e) == 1 for e in enemies):
        return None
    if state["act"]["kind"] == "army" and any(distance(dst, e) <= 3 for e in enemies):
        return None
    return min(costs)


def leader_choices(state: State, role: str) -> list[Choice]:
    sel = state["leader_sel"]
    lid = sel["id"]
    here = state["leaders"][lid]["hex"]
    out: list[Choice] = [{"action": {"type": "leader_done"}, "label": f"{state['leaders'][lid]['name']} stops"}]
    occ = occupant(state)
    for d, n in enumerate(battle_map(state).neighbours[here]):
        if n is None:
            continue
        cost = leader_step_cost(state, lid, here, n, occ)
        if cost is not None and cost <= sel["mp"]:
            out.append(
                {
                    "action": {"type": "lead", "hex": n},
                    "label": f"{state['leaders'][lid]['name']} rides {DIR_NAMES[d]} to {n}",
                    "target": f"hex:{n}",
                }
            )
    return out


def must_enter(state: State, uid: str) -> bool:
    """BR-7.5e: after its first activation a reinforcing Battle's units must enter while they can."""
    u = state["units"][uid]
    if u["hex"] is not None or not state["battles"][u["battle"]].get("must_enter"):
        return False
    if u["battle"] not in state["reinforcements"]:
        return False
    occ = occupant(state)
    return any(may_enter(state, uid, None, h, occ) is not None for h in state["reinforcements"][u["battle"]]["entry"])


def move_choices(state: State, role: str) -> list[Choice]:
    if state["selected"] is not None:
        return unit_choices(state, state["selected"])
    if state["leader_sel"] is not None:
        return leader_choices(state, role)
    out: list[Choice] = other_effects(state, role) if state.get("fresh") else []
    for lid in movable_leaders(state, role):
        out.append(
            {
                "action": {"type": "select_leader", "leader": lid},
                "label": f"Move {state['leaders'][lid]['name']} alone",
                "target": f"leader:{lid}",
            }
        )
    for uid, acted in sorted(state["acted"].items()):
        if not acted["done"] and uid in state["units"]:
            target = {"target": f"unit:{uid}"} if state["units"][uid]["hex"] else {}
            label = f"Move or fire with {unit_name(state, uid)}"
            out.append({"action": {"type": "select", "unit": uid}, "label": label, **target})
    if not any(must_enter(state, uid) for uid, a in state["acted"].items() if not a["done"] and uid in state["units"]):
        out.append({"action": {"type": "end_moves"}, "label": "End movement and fire"})
    return out


def other_effects(state: State, role: str) -> list[Choice]:
    """BR-6.3i/j, A40: Battle Cry and Treachery! at the start of the active player's activation."""
    out: list[Choice] = []
    for marker in state["markers"][role]:
        for uid, u in sorted(state["units"].items()):
            if u["hex"] is None:
                continue
            mine = side_of_unit(state, uid) == role
            if marker["kind"] == "battle_cry" and mine and u.get("rout"):
                out.append(
                    {
                        "action": {"type": "battle_cry", "marker": marker["id"], "unit": uid},
                        "label": f"Battle Cry: rally {uid} from Rout",
                        "target": f"unit:{uid}",
                    }
                )
            if (
                marker["kind"] == "treachery"
                and not mine
                and committed(state, uid)
                and u["type"] != "Art"
                and not u.get("rout")
                and not u.get("dis")
            ):
                out.append(
                    {
                        "action": {"type": "treachery", "marker": marker["id"], "unit": uid},
                        "label": f"Treachery!: disorder {uid}",
                        "target": f"unit:{uid}",
                    }
                )
    return out


def ambush_strikes(state: State, uid: str) -> None:
    """BR-16.1c: every Disordered enemy unit next to the ambusher retreats at once (no leader check)."""
    for enemy in sorted(adjacent_enemies(state, uid)):
        if enemy in state["units"] and state["units"][enemy].get("dis"):
            add_event(state, f"{enemy} falls back before the ambush.")
            rules.apply_result(state, enemy, "R", [state["units"][uid]["hex"]], None)


def move_unit(state: State, uid: str, dst: str, cost: int) -> None:
    """One step of movement (BR-7.1a-h): MP spent, leaders along, reaction fire, stop next to an enemy."""
    u = state["units"][uid]
    acted = state["acted"][uid]
    src = u["hex"]
    role = side_of_unit(state, uid)
    if src is not None:
        for lid in leaders_at(state, src):
            leader = state["leaders"][lid]
            if leader["side"] == role and (leader.get("battle") in state["act"]["battles"] or leader.get("cinc")):
                leader["hex"] = dst  # BR-7.1h, BR-6.1b
    elif acted["mp"] == movement_allowance(u):
        bl = state["leaders"].get(state["battles"][u["battle"]]["leader"])
        if bl and bl.get("hex") is None and not bl.get("dead"):
            bl["hex"] = dst  # BR-7.5f
    u["hex"] = dst
    acted["mp"] = max(0, acted["mp"] - cost)
    acted["moved"] = True
    rules.capture_leaders(state, dst, role)
    m = battle_map(state)
    if src is not None and entry_cost(m, src, dst, u["type"])[1]:
        rules.terrain_disorder(state, uid)  # BR-7.1n "D", A41
    rules.reaction_fire(state, uid, dst)
    if uid not in state["units"]:
        return
    if adjacent_enemies(state, uid):
        acted["mp"] = 0  # BR-7.1f
    stanley_contact(state, uid)


def move_along(state: State, uid: str, path: list[str]) -> None:
    """A whole move, step by step (BR-7.1a): it ends early when reaction fire hits the unit (a result to
    carry out, or the unit gone or moved) or a step is no longer allowed."""
    for h in path:
        unit = state["units"].get(uid)
        cost = None if unit is None else may_enter(state, uid, unit["hex"], h, occupant(state))
        if cost is None or state["pending"]:
            break
        move_unit(state, uid, h, cost)
        if uid not in state["units"] or state["units"][uid]["hex"] != h:
            break
    if uid not in state["units"]:
        state["selected"] = None


def stanley_contact(state: State, uid: str) -> None:
    """Bosworth stand-in: a Yorkist unit next to an uncommitted Stanley unit brings the Stanleys in."""
    if not stanleys_waiting(state) or side_of_unit(state, uid) != "york":
        return
    m = battle_map(state)
    occ = occupant(state)
    for n in m.neighbours[state["units"][uid]["hex"]]:
        holder = occ.get(n) if n else None
        if holder and not committed(state, holder):
            stanleys_join(state, f"{uid} came up to them")
            return


def move_act(state: State, role: str, action: dict) -> None:
    kind = action["type"]
    if kind in ("battle_cry", "treachery"):
        marker = next(m for m in state["markers"][role] if m["id"] == action["marker"])
        state["markers"][role].remove(marker)
        if kind == "battle_cry":
            state["units"][action["unit"]]["rout"] = False
            rules.add_fp(state, role, -1, f"Battle Cry rallies {action['unit']}")
        else:
            rules.disorder(state, action["unit"])
            add_event(state, f"Treachery! {action['unit']} is Disordered.")
        return
    state["fresh"] = False
    if kind == "end_moves":
        end_moves(state)
        return
    if kind == "select":
        state["selected"] = action["unit"]
        return
    if kind == "select_leader":
        state["leader_sel"] = {"id": action["leader"], "mp": LEADER_MA}
        state["leaders_done"].append(action["leader"])
        return
    if kind == "leader_done":
        state["leader_sel"] = None
        return
    if kind == "lead":
        sel = state["leader_sel"]
        lid = sel["id"]
        sel["mp"] -= leader_step_cost(state, lid, state["leaders"][lid]["hex"], action["hex"], occupant(state))
        state["leaders"][lid]["hex"] = action["hex"]
        return
    uid = state["selected"]
    u = state["units"][uid]
    acted = state["acted"][uid]
    if kind == "done":
        acted["done"] = True
        state["selected"] = None
        if state["act"].get("ambush") and u["hex"] is not None:
            ambush_strikes(state, uid)
    elif kind == "enter":
        move_unit(state, uid, action["hex"], may_enter(state, uid, None, action["hex"], occupant(state)))
        if uid not in state["units"]:
            state["selected"] = None
    elif kind == "move":
        move_along(state, uid, action["path"])
    elif kind == "face":
        turn = min((action["facing"] - u["facing"]) % 6, (u["facing"] - action["facing"]) % 6)
        u["facing"] = action["facing"]
        acted["faced"] += turn  # BR-8.0g: not movement
    elif kind == "fire":
        acted["fired"] = True
        acted["mp"] = 0  # BR-11.2c
        target = action["target"]
        if rules.counter_charge_fire_path(state, target, uid) is not None:  # BR-13.9a/b
            state["fire_cc"] = {"firer": uid, "target": target}
            state["pending"].append({"kind": "cc_fire", "unit": target, "role": side_of_unit(state, target)})
        else:
            rules.active_fire(state, uid, target)
        if uid not in state["units"]:
            state["selected"] = None
    elif kind == "dismount":
        u["type"] = "DM"  # BR-7.4c/d
        acted["mp"] = max(0, movement_allowance(u) - 2)
        add_event(state, f"{uid} dismounts.")
    if state["pending"]:
        to_pending(state, "move")


# --- Phase C: shock and charge ------------------------------------------------------------------


def declared_units(state: State) -> tuple[set[str], set[str]]:
    """BR-12.1c/e: the attackers and the defenders of the combats declared and not yet resolved."""
    declared = state.get("declared", [])
    return {a for d in declared for a in d["attackers"]}, {t for d in declared for t in d["defenders"]}


def shock_choices(state: State, role: str) -> list[Choice]:
    """BR-12.1c: Phase C declarations, one combat at a time; nothing is resolved until the player closes
    them ("Resolve the declared attacks"). Declared attackers and defenders are not offered again."""
    out: list[Choice] = []
    busy, targeted = declared_units(state)
    must_all = [uid for uid, a in sorted(state["acted"].items()) if a.get("must") and uid in state["units"]]
    ca_mode = bool(must_all)  # BR-14.7c: a continued-attack phase (only marked units, each must attack)
    if state.get("c_resolved") and not ca_mode:
        return [{"action": {"type": "end_shock"}, "label": "End the shock phase"}]  # BR-12.1c: no new attacks
    musts = [uid for uid in must_all if uid not in busy]
    attackers = musts if ca_mode else sorted(state["acted"])
    occ = occupant(state)

    def barred(target: str) -> bool:  # BR-12.1e: each enemy unit is attacked once (continued attacks excepted)
        return target in targeted or (not ca_mode and target in state["defended"])

    for uid in attackers:
        if uid in busy or uid not in state["units"] or state["units"][uid]["hex"] is None:
            continue
        if state["units"][uid]["type"] == "Lvy":
            continue  # BR-16.3a: Levy only join an attack led by a non-Levy unit
        pair = sorted(
            occ[h]
            for h in front_hexes(state, uid)
            if h in occ and rules.can_shock(state, uid, occ[h]) and not barred(occ[h])
        )
        if len(pair) == 2:  # BR-12.1f: one attacker against the two units in its front hexes
            out.append(
                {
                    "action": {"type": "shock", "unit": uid, "target": pair[0], "target2": pair[1]},
                    "label": f"Declare: {unit_name(state, uid)} shocks both "
                    f"{unit_name(state, pair[0])} ({odds(state, uid, pair[0], 2)}) and "
                    f"{unit_name(state, pair[1])} ({odds(state, uid, pair[1], 2)})",
                    "target": f"unit:{pair[1]}",
                }
            )
            continue  # BR-12.1d: it must attack every enemy unit in its front hexes
        for h in front_hexes(state, uid):
            target = occ.get(h)
            if target and not barred(target) and rules.can_shock(state, uid, target):
                out.append(
                    {
                        "action": {"type": "shock", "unit": uid, "target": target},
                        "label": f"Declare: {unit_name(state, uid)} shocks {unit_name(state, target)} "
                        f"({odds(state, uid, target, 1)})",
                        "target": f"unit:{target}",
                    }
                )
        if state["units"][uid]["type"] == "MM" and not ca_mode:
            for target in enemy_units_of(state, role):
                t = state["units"][target]
                if distance(t["hex"], state["units"][uid]["hex"]) not in (2, 3) or barred(target):
                    continue
                for facing in rules.charge_facings(state, uid, target):
                    turn = {} if facing == state["units"][uid]["facing"] else {"facing": facing}
                    out.append(
                        {
                            "action": {"type": "charge", "unit": uid, "target": target, **turn},
                            "label": f"Declare: {unit_name(state, uid)} charges {unit_name(state, target)}"
                            + (f" (turning {VERTEX_NAMES[facing]})" if turn else ""),
                            "target": f"unit:{target}",
                        }
                    )
    breach = [m["id"] for m in state["markers"][role] if m["kind"] == "into_the_breach"]
    if breach:  # BR-6.3l: the same attacks with the marker played
        out += [
            {**c, "action": {**c["action"], "breach": breach[0]}, "label": c["label"] + " (Into the Breach +1)"}
            for c in list(out)
        ]
    if out and musts:
        return out  # BR-14.7c: every marked unit that can still attack must declare its attack
    if state.get("declared"):
        out.append({"action": {"type": "resolve_declared"}, "label": "Resolve the declared attacks"})
    else:
        out.append({"action": {"type": "end_shock"}, "label": "End the shock phase"})
    return out


def odds(state: State, attacker: str, defender: str, defenders: int) -> str:
    """The shock DRMs as a player weighs them before declaring (BR-12.3j-x): the total, then each."""
    drm, parts = rules.shock_drm(state, attacker, defender, False, defenders)
    return f"{drm:+d}" + (f": {', '.join(parts)}" if parts else "")


def with_facing(state: State, uid: str, facing: int, fn: Any) -> Any:
    unit = state["units"][uid]
    start = unit["facing"]
    unit["facing"] = facing
    try:
        return fn()
    finally:
        unit["facing"] = start


def shock_act(state: State, role: str, action: dict) -> None:
    if action["type"] in ("end_shock", "resolve_declared"):
        for uid, acted in state["acted"].items():
            if acted.get("must") and uid not in declared_units(state)[0]:
                acted["must"], acted["attacked"] = False, True  # nothing left for it to attack (BR-12.1d)
        if not state.get("declared"):
            state.pop("c_resolved", None)
            end_activation(state)
            return
        n = len(state["declared"])
        add_event(state, f"{role.title()} resolves the {n} declared attack{'s' if n > 1 else ''}.")
        next_combat(state)
        return
    attacker, defender = action["unit"], action["target"]
    acted = state["acted"][attacker]
    ca = bool(acted.get("must"))
    acted["attacked"] = True
    defenders = [defender, *([action["target2"]] if "target2" in action else [])]
    decl: dict[str, Any] = {
        "attackers": [attacker],
        "defenders": defenders,
        "charge": action["type"] == "charge",
        "breach": bool(action.get("breach")),
        "ca": ca,
    }
    if decl["charge"]:
        facing = action.get("facing", state["units"][attacker]["facing"])
        decl["facing"] = facing
        decl["path"] = with_facing(state, attacker, facing, lambda: rules.charge_path(state, attacker, defender))
        state["charge_hexes"].extend(decl["path"] or [])  # BR-13.3m: declared paths are never shared
    state["defended"].extend(defenders)  # BR-12.1e
    if action.get("breach"):
        marker = next(m for m in state["markers"][role] if m["id"] == action["breach"])
        state["markers"][role].remove(marker)  # BR-6.3l, BR-6.3c
        add_event(state, f"{role.title()} plays Into the Breach (+1) for {attacker}.")
    verb = "charge" if decl["charge"] else "shock"
    add_event(state, f"{role.title()} declares: {attacker} will {verb} {' and '.join(defenders)}.")
    state["combat"] = {"declaring": True, "defender": defender, "attackers": [attacker], "ca_phase": ca}
    state["declaring"] = decl
    if "target2" not in action and joiners(state):
        state["phase"] = "join"
        return
    finish_declaration(state)


def finish_declaration(state: State) -> None:
    state.pop("combat")
    decl = state.pop("declaring")
    state.setdefault("declared", []).append(decl)
    state["phase"] = "shock"
    state["decider"] = state["player"]


def joiners(state: State) -> list[str]:
    """BR-12.1f: more units of the activated Battle may attack the same defender (not in a continued
    attack phase)."""
    combat = state["combat"]
    if combat["ca_phase"] or any(a.get("must") for a in state["acted"].values()):
        return []
    occ = occupant(state)

    def owes_another(uid: str) -> bool:  # BR-12.1d: it would have to attack another enemy too
        return any(
            h in occ
            and occ[h] != combat["defender"]
            and occ[h] not in state["defended"]
            and rules.can_shock(state, uid, occ[h])
            for h in front_hexes(state, uid)
        )

    return [
        uid
        for uid in sorted(state["acted"])
        if uid in state["units"]
        and uid not in combat["attackers"]
        and state["units"][uid]["hex"]
        and rules.can_shock(state, uid, combat["defender"])
        and not owes_another(uid)
    ]


def join_choices(state: State, role: str) -> list[Choice]:
    out: list[Choice] = [
        {
            "action": {"type": "join", "unit": uid},
            "label": f"{unit_name(state, uid)} joins the attack on {unit_name(state, state['combat']['defender'])}",
            "target": f"unit:{uid}",
        }
        for uid in joiners(state)
    ]
    out.append({"action": {"type": "resolve"}, "label": "Declare the attack (no more units join)"})
    return out


def join_act(state: State, role: str, action: dict) -> None:
    if action["type"] == "join":
        uid = action["unit"]
        state["combat"]["attackers"].append(uid)
        state["declaring"]["attackers"].append(uid)
        state["acted"][uid]["attacked"] = True
        add_event(state, f"{uid} joins the attack on {state['combat']['defender']}.")
        if joiners(state):
            return
    finish_declaration(state)


def may_still(state: State, attacker: str, defender: str) -> bool:
    """Whether a declared attacker can still attack this defender (ignoring that it is declared)."""
    acted = state["acted"].get(attacker)
    if attacker not in state["units"] or state["units"][attacker]["hex"] is None or acted is None:
        return False
    if defender not in state["units"] or state["units"][defender]["hex"] is None:
        return False
    saved = acted["attacked"]
    acted["attacked"] = False
    try:
        return rules.can_shock(state, attacker, defender)
    finally:
        acted["attacked"] = saved


def no_combat(state: State, decl: dict, why: str) -> None:
    """BR-12.1c: a declared combat is never cancelled; one that cannot take place is resolved as no combat."""
    add_event(state, f"No combat: {' + '.join(decl['attackers'])} against {' and '.join(decl['defenders'])} ({why}).")


def next_combat(state: State) -> None:
    """BR-12.1c, BR-12.3d: the declared combats are resolved in the order declared; then (BR-14.7c/d) a
    continued-attack phase for the units marked, or the end of Phase C."""
    state["phase"] = "shock"
    state["decider"] = state["player"]
    while state.get("declared"):
        decl = state["declared"].pop(0)
        if start_combat(state, decl):
            return
    state.pop("declared", None)
    occ = occupant(state)
    for uid, acted in sorted(state["acted"].items()):
        if not acted.get("must") or (
            uid in state["units"]
            and any(rules.can_shock(state, uid, occ[f]) for f in front_hexes(state, uid) if f in occ)
        ):
            continue
        acted["must"], acted["attacked"] = False, True  # BR-14.7d: no enemy in front, no marker
        add_event(state, f"{uid} has no enemy in front: its Continued Attack marker is removed.")
    state["c_resolved"] = True  # the declared combats are over: Phase C only ends (or continued attacks)


def start_combat(state: State, decl: dict) -> bool:
    """One declared combat: the charge move (with reaction fire), then step 2 and 3 of 12.3. Returns False
    when it resolves as no combat."""
    lead = decl["attackers"][0]
    if lead not in state["units"] or state["units"][lead]["hex"] is None:
        no_combat(state, decl, f"{lead} is gone")
        return False
    if decl["ca"]:
        state["acted"][lead]["must"] = False
    charging = decl["charge"]
    defender = decl["defenders"][0]
    if charging:
        for h in decl.get("path") or []:
            if h in state["charge_hexes"]:
                state["charge_hexes"].remove(h)
        facing = decl["facing"]
        path = with_facing(state, lead, facing, lambda: rules.charge_path(state, lead, defender))
        if path is None:
            state["charge_hexes"].extend(decl.get("path") or [])
            no_combat(state, decl, "the charge can no longer be made")
            return False
        state["units"][lead]["facing"] = facing  # BR-13.2b
        state["charge_hexes"].extend(path)  # BR-13.3m
        for h in path:
            for lid in leaders_at(state, state["units"][lead]["hex"]):
                state["leaders"][lid]["hex"] = h  # BR-7.1l
            state["units"][lead]["hex"] = h
            rules.reaction_fire(state, lead, h)  # BR-13.2c, BR-7.3b
            if lead not in state["units"] or state["units"][lead]["hex"] != h:
                break
        if lead not in state["units"] or defender not in adjacent_enemies(state, lead):
            no_combat(state, decl, f"the charge of {lead} was stopped")
            if state["pending"]:
                to_pending(state)
                return True
            return False
        if state["units"][lead].get("dis") or state["units"][lead]["type"] != "MM":
            charging = False  # BR-13.2d, BR-12.3e: a Disordered or Unhorsed charger shocks
    defenders = [d for d in decl["defenders"] if any(may_still(state, a, d) for a in decl["attackers"])]
    if not defenders:
        gone = [d for d in decl["defenders"] if d not in state["units"] or state["units"][d]["hex"] is None]
        no_combat(state, decl, f"{' and '.join(gone)} gone" if gone else "no longer in a front hex")
        return False
    attackers = [a for a in decl["attackers"] if all(may_still(state, a, d) for d in defenders)]
    if lead not in attackers:
        no_combat(state, decl, f"{lead} can no longer attack")
        return False
    for a in decl["attackers"]:
        if a not in attackers:
            add_event(state, f"{a} can no longer take part in the attack on {defender}.")
    state["combat"] = {
        "attacker": lead,
        "attackers": attackers,
        "defender": defenders[0],
        "chargers": [lead] if charging else [],
        "stage": "join",
        "breach": decl["breach"],
        "countered": [],
        "ca_phase": decl["ca"],
        "defenders": defenders,
        "vacated": [],
    }
    proceed(state)
    return True


def proceed(state: State) -> None:
    """Step 2 of 12.3 for one combat: retreat before combat (12.2), then counter-charges (13.6-13.8)."""
    combat = state["combat"]
    attackers = combat["attackers"]
    if combat["stage"] == "join":
        combat["stage"] = "rbc"
    if combat["stage"] == "rbc":
        combat["stage"] = "cc"
        for defender in combat["defenders"]:
            if rules.retreat_before_combat_options(state, attackers, defender):
                state["pending"].append({"kind": "rbc", "unit": defender, "role": side_of_unit(state, defender)})
        if state["pending"]:
            to_pending(state)
            return
    if combat["stage"] == "cc":
        combat["stage"] = "resolve"
        for defender in combat["defenders"]:
            if rules.counter_charge_facing(state, defender, attackers) is not None:
                owner = side_of_unit(state, defender)
                state["pending"].append({"kind": "countercharge", "unit": defender, "role": owner})
        if state["pending"]:
            to_pending(state)
            return
    resolve(state)


def resolve(state: State) -> None:
    """BR-12.3a/g/n, BR-14.1f: one roll per defender; against two defenders both rolls come first and the
    attacker's results are applied after both (they may add up)."""
    combat = state["combat"]
    pair = len(combat["defenders"])
    outcomes = []
    for defender in combat["defenders"]:
        mark_hit(state, defender)
        extra = (1 if combat["breach"] else 0) - (2 if defender in combat["countered"] else 0)  # BR-12.3x, 13.8d
        outcomes.append(
            rules.resolve_shock(state, combat["attackers"], defender, combat["chargers"], extra, defenders=pair)
        )
    rules.attacker_leader_checks(state, combat["attackers"], [o["att_result"] for o in outcomes])
    for outcome in outcomes:
        rules.attacker_result(state, combat["attackers"], outcome["att_result"], outcome["hex"])
    combat["hexes"] = [o["hex"] for o in outcomes]
    combat["continued"] = any(o["continued"] for o in outcomes)
    combat["stage"] = "after"
    if state["pending"]:
        to_pending(state)
        return
    after_combat(state)


def mark_hit(state: State, uid: str) -> None:
    if uid in state["acted"]:
        state["acted"][uid]["hit"] = True


def after_combat(state: State) -> None:
    """BR-12.4a/b/e/f/g and BR-14.7a/b/c/d/f: one attacker (by priority) advances into a vacated hex (the
    first by id when both of two are vacated); a Continued Attack marks one attacker (never Levy)."""
    combat = state.pop("combat", None)
    state["phase"] = "shock"
    state["decider"] = state["player"]
    if combat and combat.get("stage") == "after":
        advance_and_mark(state, combat)
        if state["pending"]:
            to_pending(state)  # BR-12.4c: the facing of the unit that advanced
            return
    next_combat(state)


def advance_and_mark(state: State, combat: dict) -> None:
    cont = combat["continued"]
    order = rules.priority(state, combat["attackers"], combat["chargers"])
    vacated = sorted(h for h in combat["hexes"] if h not in occupant(state))
    if vacated:
        for uid in order:
            if rules.may_advance(state, uid, vacated[0], cont):
                rules.advance(state, uid, vacated[0])
                if not cont:  # BR-12.4c: a unit advancing in a continued attack keeps its facing
                    state["pending"].append({"kind": "face", "unit": uid, "role": state["player"]})
                break
    marked = [uid for uid in order if state["units"][uid]["type"] != "Lvy"]
    if cont and marked:
        attacker = marked[0]
        acted = state["acted"][attacker]
        acted["ca"] += 1
        acted["attacked"], acted["must"] = False, True
        occ = occupant(state)
        owed = any(rules.can_shock(state, attacker, occ[f]) for f in front_hexes(state, attacker) if f in occ)
        acted["must"], acted["attacked"] = owed, not owed  # BR-14.7d: no enemy in front, no marker
        if acted["must"]:
            add_event(state, f"{attacker} must make a continued attack (−{acted['ca']}).")


def to_pending(state: State, resume: str = "shock") -> None:
    """Play stops for choices owed (``state["pending"]``); ``resume`` says where it goes on afterwards."""
    state["resume"] = state.get("resume") or resume
    state["phase"] = "pending"
    next_pending(state)


def next_pending(state: State) -> None:
    """The owner of the first owed choice decides; once none is owed, play resumes where it stopped."""
    settle_pending(state)
    if state["pending"]:
        state["decider"] = state["pending"][0]["role"]
        return
    resume = state.pop("resume", "shock")
    state["phase"] = "shock" if resume == "shock" else "move"
    state["decider"] = state["player"]
    if resume == "end_moves":
        end_moves(state)
        return
    if resume == "move":
        if state["selected"] not in state["units"]:
            state["selected"] = None
        return
    combat = state.get("combat")
    if combat and combat["stage"] in ("cc", "resolve"):
        proceed(state)
        return
    after_combat(state)


GONE_DROPS = ("retreat", "rbc", "attacker_rd", "face", "countercharge")  # choices owed by a unit that may be gone


def settle_pending(state: State) -> None:
    """Owed choices are worked out when they come up, not when queued (BR-10.0g: a hex another retreat
    took meanwhile is never offered): a unit gone owes nothing; a unit with no retreat hex left is
    eliminated (BR-14.4h) or stands (BR-12.2c); an advance no attacker can make lapses."""
    while state["pending"]:
        p = state["pending"][0]
        unit = state["units"].get(p.get("unit", ""))
        if p["kind"] in GONE_DROPS and (unit is None or unit["hex"] is None):
            state["pending"].pop(0)
        elif p["kind"] in ("retreat", "rbc") and not owed_hexes(state, p):
            state["pending"].pop(0)
            if p["kind"] == "retreat":
                rules.cannot_retreat(state, p["unit"], p["from_fire"])
        elif p["kind"] == "rbc_advance" and not rbc_advances(state, p):
            state["pending"].pop(0)
        else:
            return


def owed_hexes(state: State, p: dict) -> dict[str, str | None]:
    """The hexes a retreat owed may go to now (hex -> friendly missile unit's hex passed through)."""
    uid = p["unit"]
    if p["kind"] == "retreat":
        return rules.retreat_hexes(state, uid, p["away_from"], p["from_fire"])
    if p["kind"] == "rbc":
        return dict.fromkeys(rules.retreat_before_combat_options(state, state["combat"]["attackers"], uid))
    return dict.fromkeys(rules.retreat_options(state, uid, p["away_from"], None))


def rbc_advances(state: State, p: dict) -> list[tuple[str, str]]:
    """BR-12.2f/g: (attacker, vacated hex) pairs an attacker may advance by."""
    order = rules.priority(state, p["attackers"], p["chargers"])
    return [(a, h) for a in order for h in sorted(p["hexes"]) if rules.may_advance(state, a, h, False)]


# --- choices owed by a player: retreats, retreat before combat, Retreat-or-Disorder, facing --------


def pending_choices(state: State, role: str) -> list[Choice]:
    p = state["pending"][0]
    kind = p["kind"]
    if kind in ("countercharge", "cc_fire"):
        return countercharge_choices(state, p)
    if kind == "face":
        return facing_choices(state, p["unit"])
    if kind == "rbc_advance":
        out: list[Choice] = [
            {
                "action": {"type": "advance", "unit": a, "hex": h},
                "label": f"{unit_name(state, a)} advances into {h}",
                "target": f"hex:{h}",
            }
            for a, h in rbc_advances(state, p)
        ]
        return [*out, {"action": {"type": "no_advance"}, "label": "No advance"}]
    uid = p["unit"]
    name = unit_name(state, uid)
    verb = {"retreat": "retreats", "rbc": "retreats before combat", "attacker_rd": "retreats"}[kind]
    out = [
        {"action": {"type": "retreat", "hex": h}, "label": f"{name} {verb} to {h}", "target": f"hex:{h}"}
        for h in owed_hexes(state, p)
    ]
    if kind == "rbc":
        out.append({"action": {"type": "stand"}, "label": f"{name} stands and fights"})
    if kind == "attacker_rd":
        out.append({"action": {"type": "disorder"}, "label": f"{name} is Disordered instead"})
    return out


def countercharge_choices(state: State, p: dict) -> list[Choice]:
    uid = p["unit"]
    name = unit_name(state, uid)
    out: list[Choice] = [
        {"action": {"type": "countercharge"}, "label": f"{name} counter-charges", "target": f"unit:{uid}"}
    ]
    combat = state.get("combat")
    if p["kind"] == "countercharge" and combat["chargers"] and len(combat["chargers"]) < len(combat["attackers"]):
        out[0]["label"] = f"{name} counter-charges the charge"  # BR-13.6f: the charge or the shock
        out.append(
            {
                "action": {"type": "countercharge", "against": "shock"},
                "label": f"{name} counter-charges the shock",
                "target": f"unit:{uid}",
            }
        )
    out.append({"action": {"type": "no_countercharge"}, "label": f"{name} does not counter-charge"})
    return out


def facing_choices(state: State, uid: str) -> list[Choice]:
    """BR-12.4c, BR-14.4c, BR-12.2d: after an advance or a retreat the unit may take any facing; keeping
    its facing is listed first."""
    current = state["units"][uid]["facing"]
    name = unit_name(state, uid)
    order = [current, *(v for v in range(6) if v != current)]
    return [
        {
            "action": {"type": "face", "facing": v},
            "label": f"{name} keeps facing {VERTEX_NAMES[v]}" if v == current else f"{name} faces {VERTEX_NAMES[v]}",
            "target": f"facing:{uid}:{v}",
        }
        for v in order
    ]


def pending_act(state: State, role: str, action: dict) -> None:
    p = state["pending"].pop(0)
    uid = p.get("unit")
    kind = p["kind"]
    if kind == "retreat":
        rules.take_retreat(state, uid, action["hex"], owed_hexes(state, p)[action["hex"]])
    elif kind == "attacker_rd":
        if action["type"] == "disorder":
            rules.disorder(state, uid)  # BR-14.1e
        else:
            rules.retreat_to(state, uid, action["hex"])
    elif kind == "countercharge" and action["type"] == "countercharge":
        counter_charge(state, uid, action.get("against") != "shock")
    elif kind == "cc_fire":
        counter_charge_fire(state, uid, action["type"] == "countercharge")
    elif kind == "rbc" and action["type"] == "retreat":
        retreat_before_combat(state, uid, action["hex"])
    elif kind == "face":
        state["units"][uid]["facing"] = action["facing"]
    elif kind == "rbc_advance" and action["type"] == "advance":
        rules.advance(state, action["unit"], action["hex"])  # BR-12.2f/g: the attacker's choice
        state["pending"].insert(0, {"kind": "face", "unit": action["unit"], "role": p["role"]})  # BR-12.4c
    next_pending(state)


def retreat_before_combat(state: State, uid: str, h: str) -> None:
    """BR-12.2c/e/g: the defender steps back Disordered; against two the attack goes on against the
    other; once no defender is left, the attacker may advance into a vacated hex (BR-12.2f)."""
    old = state["units"][uid]["hex"]
    rules.retreat_to(state, uid, h)
    rules.disorder(state, uid)  # BR-12.2e
    combat = state["combat"]
    combat["defenders"].remove(uid)
    combat["vacated"].append(old)
    if combat["defenders"]:
        return
    state.pop("combat")
    state["pending"].append(
        {
            "kind": "rbc_advance",
            "role": state["player"],
            "attackers": combat["attackers"],
            "chargers": combat["chargers"],
            "hexes": combat["vacated"],
        }
    )


def counter_charge_fire(state: State, mm: str, attempt: bool) -> None:
    """BR-13.9b-f: roll (+1 to turn), resolve the fire, then, unless Unhorsed or moved off, the knight
    rides to the firer (no reaction fire) and charges it at once on the Charge Table."""
    shot = state.pop("fire_cc")
    firer = shot["firer"]
    plan = rules.counter_charge_fire_path(state, mm, firer) if attempt else None
    ok = False
    if plan is not None:
        state["cc_used"].append(mm)
        turn = 1 if plan[0] != state["units"][mm]["facing"] else 0
        dr = rules.roll(state)
        ok = dr + turn <= 5
        add_event(
            state, f"{mm} counter-charges the firer: DR {dr}{turn:+d} vs 5: {'success' if ok else 'failure'}.", dr=dr
        )
    start = state["units"][mm]["hex"]
    rules.active_fire(state, firer, mm)
    knight = state["units"].get(mm)
    if not ok or knight is None or knight["type"] != "MM" or knight["hex"] != start or firer not in state["units"]:
        return  # BR-13.9d/e
    facing, path = plan
    knight["facing"] = facing
    state["charge_hexes"].extend(path)  # BR-13.3m
    for h in path:
        for lid in leaders_at(state, knight["hex"]):
            state["leaders"][lid]["hex"] = h
        knight["hex"] = h  # BR-13.9f: no reaction fire against it
    target_hex = state["units"][firer]["hex"]
    outcome = rules.resolve_shock(state, mm, firer, not knight.get("dis"))
    rules.attacker_leader_checks(state, [mm], [outcome["att_result"]])
    rules.attacker_result(state, [mm], outcome["att_result"], outcome["hex"])
    cont = outcome["continued"]
    if firer not in state["units"] and not state["pending"] and rules.may_advance(state, mm, target_hex, cont):
        rules.advance(state, mm, target_hex)
    phases = 1
    while cont and mm in state["units"] and not state["pending"]:  # BR-13.9g: continued attacks at once
        occ = occupant(state)
        targets = sorted(
            occ[h]
            for h in front_hexes(state, mm)
            if h in occ and side_of_unit(state, occ[h]) != side_of_unit(state, mm)
        )
        if not targets:
            break
        outcomes = [rules.resolve_shock(state, mm, t, [], -phases, defenders=len(targets)) for t in targets]
        rules.attacker_leader_checks(state, [mm], [o["att_result"] for o in outcomes])
        for o in outcomes:
            rules.attacker_result(state, [mm], o["att_result"], o["hex"])
        cont = any(o["continued"] for o in outcomes)
        vacated = sorted(o["hex"] for o in outcomes if o["hex"] not in occupant(state))
        if vacated and not state["pending"] and rules.may_advance(state, mm, vacated[0], cont):
            rules.advance(state, mm, vacated[0])
        phases += 1


def counter_charge(state: State, uid: str, versus_charge: bool) -> None:
    """BR-13.6e/f/g, BR-13.7a-c, BR-13.8a/b/c/e: one attempt per enemy activation; +1 if the knight must
    turn one vertex; vs a charge 4 or less turns it into a shock, vs a shock 5 or less gives -2 (even
    when chargers among the attackers keep the Charge Table)."""
    combat = state["combat"]
    versus_charge = versus_charge and bool(combat["chargers"])
    facing = rules.counter_charge_facing(state, uid, combat["attackers"])
    state["cc_used"].append(uid)
    turn = 1 if facing != state["units"][uid]["facing"] else 0
    dr = rules.roll(state)
    limit = 4 if versus_charge else 5
    ok = dr + turn <= limit
    add_event(state, f"{uid} counter-charges: DR {dr}{turn:+d} vs {limit}: {'success' if ok else 'failure'}.", dr=dr)
    if not ok:
        return
    state["units"][uid]["facing"] = facing
    if versus_charge:
        combat["chargers"] = []  # BR-13.7b: the charges are resolved as a shock
    else:
        combat["countered"].append(uid)  # BR-13.8b/d


# --- Phase E: continuation and seizure ----------------------------------------------------------


def nominate_choices(state: State, role: str) -> list[Choice]:
    out: list[Choice] = []
    battles = live_battles(state, role)
    last = state["act"]
    for bid in battles:
        if last and last["kind"] == "battle" and bid in last["battles"] and len(battles) > 1:
            continue  # BR-4.0i, BR-6.2b
        out.append(
            {
                "action": {"type": "continue", "battle": bid},
                "label": f"Try to continue with {state['battles'][bid]['name']} (rating {rating(state, bid, role)})",
            }
        )
    if last and last["kind"] == "army" and cinc(state, role) and len(army_members(state, role)[0]) > 1:
        out.append({"action": {"type": "continue_army"}, "label": "Try to continue with the Army"})  # BR-4.0j
    out.append({"action": {"type": "end"}, "label": "End the chain (the opponent activates)"})
    return out


def nominate_act(state: State, role: str, action: dict) -> None:
    if action["type"] == "end":
        add_event(state, f"{role.title()} ends the chain.")  # BR-6.2a/k
        start_automatic(state, other(role))
        return
    state["nominee"] = {"battle": action.get("battle"), "army": action["type"] == "continue_army"}
    opponent = other(role)
    if any(m["kind"] == "opportunity" for m in state["markers"][opponent]) and live_battles(state, opponent):
        state["phase"] = "seize"  # BR-6.2e, BR-4.0k
        state["decider"] = opponent
        return
    continuation_roll(state)


def continuation_roll(state: State) -> None:
    """BR-6.2f-k, A3, A4: DR + DRMs <= the nominated leader's rating activates it."""
    role = state["player"]
    nominee = state.pop("nominee")
    drm = state["chain"] + (1 if nominee["army"] else 0) + (1 if len(live_battles(state, role)) == 1 else 0)
    target = rating(state, None if nominee["army"] else nominee["battle"], role)
    dr = rules.roll(state)
    ok = dr + drm <= target
    add_event(
        state,
        f"Continuation roll for {role.title()}: DR {dr}{drm:+d} vs {target}: {'success' if ok else 'failure'}.",
        dr=dr,
    )
    if not ok:
        start_automatic(state, other(role))
        return
    state["chain"] += 1
    if nominee["army"]:
        battles, units = army_members(state, role)
        begin_activation(state, "army", battles, False, units)
    else:
        begin_activation(state, "battle", [nominee["battle"]], False)


def seize_choices(state: State, role: str) -> list[Choice]:
    out: list[Choice] = []
    for marker in state["markers"][role]:
        if marker["kind"] != "opportunity":
            continue
        for bid in live_battles(state, role):
            out.append(
                {
                    "action": {"type": "seize", "marker": marker["id"], "battle": bid},
                    "label": f"Seize with {state['battles'][bid]['name']} (marker 0-{marker['range']})",
                }
            )
    out.append({"action": {"type": "no_seize"}, "label": "Let the roll go ahead"})
    return out


def seize_act(state: State, role: str, action: dict) -> None:
    if action["type"] == "no_seize":
        continuation_roll(state)
        return
    marker = next(m for m in state["markers"][role] if m["id"] == action["marker"])
    state["markers"][role].remove(marker)  # BR-6.3c
    state["seizure"] = {"role": role, "range": marker["range"], "battle": action["battle"]}
    add_event(
        state,
        f"{role.title()} plays a Seizure Opportunity (0-{marker['range']}) "
        f"for {state['battles'][action['battle']]['name']}.",
    )
    if any(m["kind"] == "negation" for m in state["markers"][state["player"]]):
        state["phase"] = "negate"
        state["decider"] = state["player"]
        return
    seizure_roll(state)


def negate_choices(state: State, role: str) -> list[Choice]:
    out: list[Choice] = [
        {"action": {"type": "negate", "marker": m["id"]}, "label": "Play Seizure Negation"}
        for m in state["markers"][role]
        if m["kind"] == "negation"
    ]
    out.append({"action": {"type": "allow"}, "label": "Let the seizure roll go ahead"})
    return out


def negate_act(state: State, role: str, action: dict) -> None:
    if action["type"] == "negate":
        marker = next(m for m in state["markers"][role] if m["id"] == action["marker"])
        state["markers"][role].remove(marker)
        state.pop("seizure")
        add_event(state, f"{role.title()} negates the seizure.")  # BR-6.3g, A5
        continuation_roll(state)
        return
    seizure_roll(state)


def seizure_roll(state: State) -> None:
    """BR-6.3e/f/m: within the range the seizing Battle activates (not automatic); above it the original
    player gets an automatic activation. The continuation DRM resets either way (BR-6.2k)."""
    seizure = state.pop("seizure")
    state.pop("nominee", None)
    dr = rules.roll(state)
    seizer = seizure["role"]
    add_event(state, f"Seizure roll: DR {dr} (needs 0-{seizure['range']}).", dr=dr)
    if dr <= seizure["range"]:
        state["player"] = seizer
        state["chain"] = 0
        begin_activation(state, "battle", [seizure["battle"]], False)
    else:
        start_automatic(state, other(seizer))


BANNER_REACH = 3  # interpretation of BR-15.2b: a moved banner goes up to three hexes


def banner_choices(state: State, role: str) -> list[Choice]:
    """BR-15.2b: a banner may be moved (here within three hexes), not into an enemy unit's hex nor onto
    another banner (stacking)."""
    bid = state["act"]["battles"][0]
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
            {"action": {"type": "place_banner", "hex": h}, "label": f"Plant the banner at {h}", "target": f"hex:{h}"}
        )
    return out


def banner_act(state: State, role: str, action: dict) -> None:
    """BR-15.2c, A37: routed units within one hex of the old position roll: 5 or more, eliminated."""
    bid = state["act"]["battles"][0]
    old = state["battles"][bid]["banner"]
    for uid in banner_rallies(state, bid):
        dr = rules.roll(state)
        add_event(state, f"{uid} sees its banner leave: DR {dr}.", dr=dr)
        if dr >= 5:
            rules.eliminate(state, uid, "abandoned by its banner")
    state["battles"][bid]["banner"] = action["hex"]
    add_event(state, f"The banner of {state['battles'][bid]['name']} moves {old}→{action['hex']}.")
    state["activations"] += 1
    finish_activation(state, True)


PHASES = {
    "activate": (activate_choices, activate_act),
    "banner": (banner_choices, banner_act),
    "pursue": (pursuit.choices, pursue_act),
    "join": (join_choices, join_act),
    "move": (move_choices, move_act),
    "shock": (shock_choices, shock_act),
    "pending": (pending_choices, pending_act),
    "nominate": (nominate_choices, nominate_act),
    "seize": (seize_choices, seize_act),
    "negate": (negate_choices, negate_act),
}


def choices(state: State, role: str) -> list[Choice]:
    if state["phase"] == "over" or state["decider"] != role:
        return []
    return PHASES[state["phase"]][0](state, role)


def act(state: State, role: str, action: dict) -> None:
    if state["phase"] == "over":
        raise IllegalAction("The battle is over")
    PHASES[state["phase"]][1](state, role, action)
