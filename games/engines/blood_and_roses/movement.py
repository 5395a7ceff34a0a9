"""Phase B (4.0e, 7.0-11.0): movement and fire. The activated units move by destination (the engine
works out the path), face, fire, dismount or enter; leaders ride alone; Battle Cry and Treachery! are
played at its start. Its end hands over to the sequencer: Phase C (``"shock"``) in a Battle activation,
else the end of the activation (``"end_activation"``); results owed by a player on the way (retreats,
counter-charges against fire) hand over to ``"owed"`` first."""

from __future__ import annotations

import heapq
from collections.abc import Callable

from games.engines.base import Choice, add_event
from games.engines.base.messages import msg
from games.engines.base.messages import name as name_ref
from games.engines.base.phases import Handover, Phase, hand_over

from . import charge, combat_results, leaders, missile
from .board import (
    adjacent_enemies,
    battle_map,
    committed,
    enemy_units_of,
    entry_cost,
    hex_target,
    in_command_units,
    is_missile,
    leaders_at,
    movement_allowance,
    occupant,
    side_of_unit,
)
from .common import State, stanleys_join, stanleys_waiting
from .data.tables import LEADER_MA
from .hexgrid import DIR_NAMES, VERTEX_NAMES, distance
from .names import unit_name
from .other_effects import battle_cry, other_effect_choices, treachery
from .prompts import movement_prompt
from .texts import ACTIVATION_TEXTS, battle_name, leader_name, side


def begin_activation(
    state: State,
    kind: str,
    battles: list[str],
    automatic: bool = True,
    units: list[str] | None = None,
    *,
    ambush: bool = False,
    uncommanded: tuple[str, ...] | list[str] = (),
) -> Handover:
    """Phase B starts: command status fixed for the activation (BR-5.2c); replacements placed (4.0c, A39).
    ``ambush``: the hidden unit springs it alone (BR-16.1b); ``uncommanded``: units back from a pursuit
    (BR-14.9n)."""
    role = state["player"]
    leaders.replace_leaders(state, role)
    state["activation"] = {"kind": kind, "battles": battles, "automatic": automatic}
    state["activations"] += 1
    state["acted"] = {}
    state["reacted"] = []
    state["counter_charged"] = []
    state["charge_hexes"] = []
    state["hitters"] = []
    state["defended"] = []
    state["selected"] = None
    state["selected_leader"] = None
    state["leaders_done"] = []
    state["fresh"] = True
    occ = occupant(state)
    state["men_at_arms_adjacent"] = {
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
            "in_command": uid in commanded or kind == "army",
            "adjacent_at_start": adj,
            "continued_attacks": 0,
            "hit": False,
        }
    names = [battle_name(state, b) for b in battles]
    add_event(state, msg(ACTIVATION_TEXTS[automatic, kind], side=side(role), battles=names))
    if ambush:
        uid = members[0]
        state["activation"]["ambush"] = True
        state["acted"][uid]["in_command"] = True  # BR-16.1b, BR-5.2e
        state["acted"][uid]["mp"] = 2 * movement_allowance(state["units"][uid])
    for uid in uncommanded:
        state["acted"][uid]["in_command"] = False  # BR-14.9n, BR-5.2e
    return hand_over("opening")  # the other player's Battle Cry or Treachery! first (BR-6.3i/j)


def open_moves(state: State) -> None:
    """Phase B proper: the active player moves and fires."""
    state["phase"] = "move"
    state["decider"] = state["player"]


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
    if near and not acted["in_command"]:
        return None  # BR-5.3b
    if not acted["in_command"] and acted["adjacent_at_start"]:
        return None  # BR-5.3e
    if acted["in_command"] and set(near) & set(acted["adjacent_at_start"]):
        return None  # BR-7.1g
    if state["activation"].get("ambush") and any(
        b.get("banner") == dst and b["side"] != role for b in state["battles"].values()
    ):
        return None  # BR-16.1b
    if not acted["in_command"]:
        for lid in leaders_at(state, dst):
            if state["leaders"][lid]["side"] != role:
                return None  # BR-5.3d
        if any(b.get("banner") == dst and b["side"] != role for b in state["battles"].values()):
            return None
    if state["activation"]["kind"] == "army":
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
    finish: Choice = {"action": {"type": "done"}, "label": msg("{unit} has finished", unit=name)}
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
                    {
                        "action": {"type": "enter", "hex": h},
                        "label": msg("{unit} enters at {hex}", unit=name, hex=h),
                        "target": f"hex:{h}",
                    }
                )
        return out
    if not acted["fired"] and acted["mp"] > 0:
        for h, (cost, path) in destinations(state, uid).items():
            out.append(
                {
                    "action": {"type": "move", "hex": h, "path": path},
                    "label": msg("{unit} moves to {hex} ({cost} MP)", unit=name, hex=h, cost=cost),
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
                "label": msg("{unit} faces {facing}", unit=name, facing=name_ref(f"dir:{VERTEX_NAMES[v]}")),
                "target": f"facing:{uid}:{v}",
            }
        )
    if stacked:
        return out  # BR-10.0g: it must move on
    if is_missile(u["type"]) and not acted["fired"] and not u.get("rout") and state["activation"]["kind"] == "battle":
        out.extend(fire_choices(state, uid))
    if u["type"] == "MM" and not acted["moved"] and acted["in_command"] and not adjacent:
        dismount = {
            "action": {"type": "dismount"},
            "label": msg("{unit} dismount (2 MP)", unit=name),
            "target": f"unit:{uid}",
        }
        out.append(dismount)  # BR-7.4b
    return out


def fire_choices(state: State, uid: str) -> list[Choice]:
    """BR-11.2: each enemy the missile unit may fire at, with the range and the fire DRM."""
    out: list[Choice] = []
    for target in enemy_units_of(state, side_of_unit(state, uid)):
        if missile.can_fire_at(state, uid, target):
            label = msg(
                "{unit} fire at {target} (range {range}, {drm})",
                unit=unit_name(state, uid),
                target=unit_name(state, target),
                range=distance(state["units"][uid]["hex"], state["units"][target]["hex"]),
                drm=f"{missile.fire_drm(state, uid, target):+d}",
            )
            out.append({"action": {"type": "fire", "target": target}, "label": label, "target": f"unit:{target}"})
    return out


def movable_leaders(state: State, role: str) -> list[str]:
    """BR-6.1a/b: leaders of the activated Battles, and a CinC who leads no Battle, may move alone."""
    out = []
    for lid, leader in sorted(state["leaders"].items()):
        if leader["side"] != role or not leader.get("hex") or lid in state["leaders_done"]:
            continue
        if leader.get("battle") in state["activation"]["battles"] or (
            leader.get("cinc") and leader.get("battle") is None
        ):
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
    if state["activation"]["kind"] == "army" and any(distance(dst, e) <= 3 for e in enemies):
        return None
    return min(costs)


def leader_choices(state: State, role: str) -> list[Choice]:
    sel = state["selected_leader"]
    lid = sel["id"]
    here = state["leaders"][lid]["hex"]
    out: list[Choice] = [
        {"action": {"type": "leader_done"}, "label": msg("{leader} stops", leader=leader_name(state, lid))}
    ]
    occ = occupant(state)
    for d, n in enumerate(battle_map(state).neighbours[here]):
        if n is None:
            continue
        cost = leader_step_cost(state, lid, here, n, occ)
        if cost is not None and cost <= sel["mp"]:
            out.append(
                {
                    "action": {"type": "lead", "hex": n},
                    "label": msg(
                        "{leader} rides {direction} to {hex}",
                        leader=leader_name(state, lid),
                        direction=name_ref(f"dir:{DIR_NAMES[d]}"),
                        hex=n,
                    ),
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
    if state["selected_leader"] is not None:
        return leader_choices(state, role)
    out: list[Choice] = other_effect_choices(state, role) if state.get("fresh") else []
    for lid in movable_leaders(state, role):
        out.append(
            {
                "action": {"type": "select_leader", "leader": lid},
                "label": msg("Move {leader} alone", leader=leader_name(state, lid)),
                "target": f"leader:{lid}",
            }
        )
    for uid, acted in sorted(state["acted"].items()):
        if not acted["done"] and uid in state["units"]:
            target = {"target": f"unit:{uid}"} if state["units"][uid]["hex"] else {}
            label = msg("Move or fire with {unit}", unit=unit_name(state, uid))
            out.append({"action": {"type": "select", "unit": uid}, "label": label, **target})
    if not any(must_enter(state, uid) for uid, a in state["acted"].items() if not a["done"] and uid in state["units"]):
        out.append({"action": {"type": "end_moves"}, "label": "End movement and fire"})
    return out


def ambush_strikes(state: State, uid: str) -> None:
    """BR-16.1c: every Disordered enemy unit next to the ambusher retreats at once (no leader check)."""
    for enemy in sorted(adjacent_enemies(state, uid)):
        if enemy in state["units"] and state["units"][enemy].get("disordered"):
            add_event(state, msg("{unit} falls back before the ambush.", unit=unit_name(state, enemy)))
            combat_results.apply_result(state, enemy, "R", [state["units"][uid]["hex"]], None)


def move_unit(state: State, uid: str, dst: str, cost: int) -> None:
    """One step of movement (BR-7.1a-h): MP spent, leaders along, reaction fire, stop next to an enemy."""
    u = state["units"][uid]
    acted = state["acted"][uid]
    src = u["hex"]
    role = side_of_unit(state, uid)
    if src is not None:
        for lid in leaders_at(state, src):
            leader = state["leaders"][lid]
            if leader["side"] == role and (
                leader.get("battle") in state["activation"]["battles"] or leader.get("cinc")
            ):
                leader["hex"] = dst  # BR-7.1h, BR-6.1b
    elif acted["mp"] == movement_allowance(u):
        bl = state["leaders"].get(state["battles"][u["battle"]]["leader"])
        if bl and bl.get("hex") is None and not bl.get("dead"):
            bl["hex"] = dst  # BR-7.5f
    u["hex"] = dst
    acted["mp"] = max(0, acted["mp"] - cost)
    acted["moved"] = True
    combat_results.capture_leaders(state, dst, role)
    m = battle_map(state)
    if src is not None and entry_cost(m, src, dst, u["type"])[1]:
        combat_results.terrain_disorder(state, uid)  # BR-7.1n "D", A41
    missile.reaction_fire(state, uid, dst)
    if uid not in state["units"]:
        return
    if adjacent_enemies(state, uid):
        acted["mp"] = 0  # BR-7.1f
    stanley_contact(state, uid)


def move_along(state: State, uid: str, path: list[str]) -> list[str]:
    """A whole move, step by step (BR-7.1a): it ends early when reaction fire hits the unit (a result to
    carry out, or the unit gone or moved) or a step is no longer allowed. Returns the hexes entered."""
    entered = []
    for h in path:
        unit = state["units"].get(uid)
        cost = None if unit is None else may_enter(state, uid, unit["hex"], h, occupant(state))
        if cost is None or state["pending"]:
            break
        move_unit(state, uid, h, cost)
        entered.append(h)
        if uid not in state["units"] or state["units"][uid]["hex"] != h:
            break
    if uid not in state["units"]:
        state["selected"] = None
    return entered


def stanley_contact(state: State, uid: str) -> None:
    """Bosworth stand-in: a Yorkist unit next to an uncommitted Stanley unit brings the Stanleys in."""
    if not stanleys_waiting(state) or side_of_unit(state, uid) != "york":
        return
    m = battle_map(state)
    occ = occupant(state)
    for n in m.neighbours[state["units"][uid]["hex"]]:
        holder = occ.get(n) if n else None
        if holder and not committed(state, holder):
            stanleys_join(state, msg("{unit} came up to them", unit=unit_name(state, uid)))
            return


def ambusher_joins(state: State) -> None:
    """BR-16.1e: after its activation the ambushing unit joins its Battle (Battle Flight count unchanged)."""
    ambush = state.get("ambush")
    if state["activation"].get("ambush") and ambush["unit"] in state["units"]:
        state["units"][ambush["unit"]]["battle"] = ambush["joins"]


def end_moves_act(state: State, role: str, action: dict) -> Handover:
    state["fresh"] = False
    return end_moves(state)


def select(state: State, role: str, action: dict) -> None:
    state["fresh"] = False
    state["selected"] = action["unit"]


def select_leader(state: State, role: str, action: dict) -> None:
    state["fresh"] = False
    state["selected_leader"] = {"id": action["leader"], "mp": LEADER_MA}
    state["leaders_done"].append(action["leader"])


def leader_done(state: State, role: str, action: dict) -> None:
    state["fresh"] = False
    state["selected_leader"] = None


def lead(state: State, role: str, action: dict) -> None:
    state["fresh"] = False
    sel = state["selected_leader"]
    lid = sel["id"]
    sel["mp"] -= leader_step_cost(state, lid, state["leaders"][lid]["hex"], action["hex"], occupant(state))
    state["leaders"][lid]["hex"] = action["hex"]


UnitAct = Callable[[State, str, dict], None]


def with_selected(act: UnitAct) -> Callable[[State, str, dict], Handover | None]:
    """An action of the selected unit; the results it leaves owed are chosen before play goes on."""

    def handler(state: State, role: str, action: dict) -> Handover | None:
        state["fresh"] = False
        act(state, state["selected"], action)
        return hand_over("owed", resume="move") if state["pending"] else None

    return handler


def done(state: State, uid: str, action: dict) -> None:
    state["acted"][uid]["done"] = True
    state["selected"] = None
    if state["activation"].get("ambush") and state["units"][uid]["hex"] is not None:
        ambush_strikes(state, uid)


def enter(state: State, uid: str, action: dict) -> None:
    add_event(
        state,
        msg("{unit} enters the field at {hex}.", unit=unit_name(state, uid), hex=action["hex"]),
        at=[hex_target(action["hex"])],
    )  # BR-7.5
    move_unit(state, uid, action["hex"], may_enter(state, uid, None, action["hex"], occupant(state)))
    if uid not in state["units"]:
        state["selected"] = None


def move(state: State, uid: str, action: dict) -> None:
    """The move is logged with the hexes it went through, before the reaction fire it drew."""
    start, before = state["units"][uid]["hex"], len(state["log"])
    entered = move_along(state, uid, action["path"])
    if entered:
        add_event(
            state,
            msg("{unit} moves {start}→{end}.", unit=unit_name(state, uid), start=start, end=entered[-1]),
            path=[hex_target(h) for h in (start, *entered)],
        )
        state["log"].insert(before, state["log"].pop())


def face(state: State, uid: str, action: dict) -> None:
    u = state["units"][uid]
    turn = min((action["facing"] - u["facing"]) % 6, (u["facing"] - action["facing"]) % 6)
    u["facing"] = action["facing"]
    state["acted"][uid]["faced"] += turn  # BR-8.0g: not movement


def fire(state: State, uid: str, action: dict) -> None:
    acted = state["acted"][uid]
    acted["fired"] = True
    acted["mp"] = 0  # BR-11.2c
    target = action["target"]
    if charge.counter_charge_fire_path(state, target, uid) is not None:  # BR-13.9a/b
        state["fire_cc"] = {"firer": uid, "target": target}
        state["pending"].append({"kind": "cc_fire", "unit": target, "role": side_of_unit(state, target)})
    else:
        missile.active_fire(state, uid, target)
    if uid not in state["units"]:
        state["selected"] = None


def dismount(state: State, uid: str, action: dict) -> None:
    add_event(state, msg("{unit} dismounts.", unit=unit_name(state, uid)))  # named as the riders it was
    u = state["units"][uid]
    u["type"] = "DM"  # BR-7.4c/d
    state["acted"][uid]["mp"] = max(0, movement_allowance(u) - 2)


def end_moves(state: State) -> Handover:
    """Phase B ends; Phase C only in a Battle activation (BR-4.0e/f)."""
    if state["activation"].get("ambush"):
        uid = state["ambush"]["unit"]
        if uid in state["units"] and state["units"][uid]["hex"] and not state["acted"][uid]["done"]:
            state["acted"][uid]["done"] = True
            ambush_strikes(state, uid)
            if state["pending"]:
                return hand_over("owed", resume="end_moves")  # the retreats it caused come first
    state["selected"] = None
    state["selected_leader"] = None
    for bid in state["activation"]["battles"]:
        if bid in state["reinforcements"] and any(
            u["battle"] == bid and u["hex"] is None for u in state["units"].values()
        ):
            state["battles"][bid]["must_enter"] = True  # BR-7.5e
    return hand_over("shock" if state["activation"]["kind"] == "battle" else "end_activation")


PHASE = Phase(
    "move",
    move_choices,
    {
        "battle_cry": battle_cry,
        "treachery": treachery,
        "end_moves": end_moves_act,
        "select": select,
        "select_leader": select_leader,
        "leader_done": leader_done,
        "lead": lead,
        "done": with_selected(done),
        "enter": with_selected(enter),
        "move": with_selected(move),
        "face": with_selected(face),
        "fire": with_selected(fire),
        "dismount": with_selected(dismount),
    },
    prompt=movement_prompt,
)
