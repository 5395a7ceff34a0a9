"""Choices owed by a player in the middle of a phase (``state["pending"]``, phase ``pending``):
retreats (14.4) and Retreat-or-Disorder (14.1e), retreat before combat and the advance after it (12.2),
counter-charges against a shock, a charge or fire (13.6-13.9), the facing after an advance or a retreat
(12.4c, 14.4c). ``enter`` stops play for them; once none is owed, play resumes where it stopped by a
hand-over to the sequencer (``"end_moves"``, ``"proceed"``, ``"after_combat"``) or in Phase B."""

from __future__ import annotations

from collections.abc import Callable

from games.engines.base import Choice, add_event
from games.engines.base.messages import msg
from games.engines.base.messages import name as name_ref
from games.engines.base.phases import Handover, Phase, hand_over

from . import charge, combat_results, dice, missile, shock_resolution
from .board import front_hexes, leaders_at, occupant, side_of_unit
from .common import State
from .hexgrid import VERTEX_NAMES
from .names import unit_name
from .prompts import owed_prompt


def enter(state: State, resume: str = "shock") -> Handover | None:
    """Play stops for choices owed (``state["pending"]``); ``resume`` says where it goes on afterwards."""
    state["resume"] = state.get("resume") or resume
    state["phase"] = "pending"
    return next_pending(state)


def next_pending(state: State) -> Handover | None:
    """The owner of the first owed choice decides; once none is owed, play resumes where it stopped."""
    settle_pending(state)
    if state["pending"]:
        state["decider"] = state["pending"][0]["role"]
        return None
    resume = state.pop("resume", "shock")
    state["phase"] = "shock" if resume == "shock" else "move"
    state["decider"] = state["player"]
    if resume == "end_moves":
        return hand_over("end_moves")
    if resume == "move":
        if state["selected"] not in state["units"]:
            state["selected"] = None
        return None
    combat = state.get("combat")
    if combat and combat["stage"] in ("cc", "resolve"):
        return hand_over("proceed")
    return hand_over("after_combat")


GONE_DROPS = (
    "retreat",
    "rbc",
    "retreat_or_disorder",
    "face",
    "countercharge",
)  # choices owed by a unit that may be gone


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
                combat_results.cannot_retreat(state, p["unit"], p["from_fire"])
        elif p["kind"] == "rbc_advance" and not rbc_advances(state, p):
            state["pending"].pop(0)
        else:
            return


def owed_hexes(state: State, p: dict) -> dict[str, str | None]:
    """The hexes a retreat owed may go to now (hex -> friendly missile unit's hex passed through)."""
    uid = p["unit"]
    if p["kind"] == "retreat":
        return combat_results.retreat_hexes(state, uid, p["away_from"], p["from_fire"])
    if p["kind"] == "rbc":
        return dict.fromkeys(shock_resolution.retreat_before_combat_options(state, state["combat"]["attackers"], uid))
    return dict.fromkeys(combat_results.retreat_options(state, uid, p["away_from"], None))


def rbc_advances(state: State, p: dict) -> list[tuple[str, str]]:
    """BR-12.2f/g: (attacker, vacated hex) pairs an attacker may advance by."""
    order = shock_resolution.priority(state, p["attackers"], p["chargers"])
    return [(a, h) for a in order for h in sorted(p["hexes"]) if shock_resolution.may_advance(state, a, h, False)]


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
                "label": msg("{unit} advances into {hex}", unit=unit_name(state, a), hex=h),
                "target": f"hex:{h}",
            }
            for a, h in rbc_advances(state, p)
        ]
        return [*out, {"action": {"type": "no_advance"}, "label": "No advance"}]
    uid = p["unit"]
    name = unit_name(state, uid)
    text = "{unit} retreats before combat to {hex}" if kind == "rbc" else "{unit} retreats to {hex}"
    out = [
        {"action": {"type": "retreat", "hex": h}, "label": msg(text, unit=name, hex=h), "target": f"hex:{h}"}
        for h in owed_hexes(state, p)
    ]
    if kind == "rbc":
        out.append({"action": {"type": "stand"}, "label": msg("{unit} stands and fights", unit=name)})
    if kind == "retreat_or_disorder":
        out.append({"action": {"type": "disorder"}, "label": msg("{unit} is Disordered instead", unit=name)})
    return out


def countercharge_choices(state: State, p: dict) -> list[Choice]:
    uid = p["unit"]
    name = unit_name(state, uid)
    out: list[Choice] = [
        {
            "action": {"type": "countercharge"},
            "label": msg("{unit} counter-charges", unit=name),
            "target": f"unit:{uid}",
        }
    ]
    combat = state.get("combat")
    if p["kind"] == "countercharge" and combat["chargers"] and len(combat["chargers"]) < len(combat["attackers"]):
        out[0]["label"] = msg("{unit} counter-charges the charge", unit=name)  # BR-13.6f: the charge or the shock
        out.append(
            {
                "action": {"type": "countercharge", "against": "shock"},
                "label": msg("{unit} counter-charges the shock", unit=name),
                "target": f"unit:{uid}",
            }
        )
    out.append({"action": {"type": "no_countercharge"}, "label": msg("{unit} does not counter-charge", unit=name)})
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
            "label": msg(
                "{unit} keeps facing {facing}" if v == current else "{unit} faces {facing}",
                unit=name,
                facing=name_ref(f"dir:{VERTEX_NAMES[v]}"),
            ),
            "target": f"facing:{uid}:{v}",
        }
        for v in order
    ]


OwedAct = Callable[[State, dict, dict], None]


def owed(act: OwedAct) -> Callable[[State, str, dict], Handover | None]:
    """A handler for the first choice owed: ``act(state, owed, action)``, then the next one owed."""

    def handler(state: State, role: str, action: dict) -> Handover | None:
        act(state, state["pending"].pop(0), action)
        return next_pending(state)

    return handler


def retreat(state: State, p: dict, action: dict) -> None:
    uid, h = p["unit"], action["hex"]
    if p["kind"] == "retreat":
        combat_results.take_retreat(state, uid, h, owed_hexes(state, p)[h])
    elif p["kind"] == "retreat_or_disorder":
        combat_results.retreat_to(state, uid, h)
    else:
        retreat_before_combat(state, uid, h)


def disorder(state: State, p: dict, action: dict) -> None:
    combat_results.disorder(state, p["unit"])  # BR-14.1e


def countercharge(state: State, p: dict, action: dict) -> None:
    if p["kind"] == "cc_fire":
        counter_charge_fire(state, p["unit"], True)
    else:
        counter_charge(state, p["unit"], action.get("against") != "shock")


def no_countercharge(state: State, p: dict, action: dict) -> None:
    if p["kind"] == "cc_fire":
        counter_charge_fire(state, p["unit"], False)  # the fire is still resolved


def nothing(state: State, p: dict, action: dict) -> None:
    """The owner lets it be: the unit stands (BR-12.2), or the attacker does not advance."""


def face(state: State, p: dict, action: dict) -> None:
    state["units"][p["unit"]]["facing"] = action["facing"]


def advance(state: State, p: dict, action: dict) -> None:
    shock_resolution.advance(state, action["unit"], action["hex"])  # BR-12.2f/g: the attacker's choice
    state["pending"].insert(0, {"kind": "face", "unit": action["unit"], "role": p["role"]})  # BR-12.4c


def retreat_before_combat(state: State, uid: str, h: str) -> None:
    """BR-12.2c/e/g: the defender steps back Disordered; against two the attack goes on against the
    other; once no defender is left, the attacker may advance into a vacated hex (BR-12.2f)."""
    old = state["units"][uid]["hex"]
    combat_results.retreat_to(state, uid, h)
    combat_results.disorder(state, uid)  # BR-12.2e
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
    plan = charge.counter_charge_fire_path(state, mm, firer) if attempt else None
    ok = False
    if plan is not None:
        state["counter_charged"].append(mm)
        turn = 1 if plan[0] != state["units"][mm]["facing"] else 0
        dr = dice.roll(state)
        ok = dr + turn <= 5
        text = (
            "{unit} counter-charges the firer: DR {dr}{drm} vs 5: success."
            if ok
            else "{unit} counter-charges the firer: DR {dr}{drm} vs 5: failure."
        )
        add_event(state, msg(text, unit=unit_name(state, mm), dr=dr, drm=f"{turn:+d}"), dr=dr)
    start = state["units"][mm]["hex"]
    missile.active_fire(state, firer, mm)
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
    outcome = shock_resolution.resolve_shock(state, mm, firer, not knight.get("disordered"))
    shock_resolution.attacker_leader_checks(state, [mm], [outcome["attacker_result"]])
    shock_resolution.attacker_result(state, [mm], outcome["attacker_result"], outcome["hex"])
    cont = outcome["continued"]
    if (
        firer not in state["units"]
        and not state["pending"]
        and shock_resolution.may_advance(state, mm, target_hex, cont)
    ):
        shock_resolution.advance(state, mm, target_hex)
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
        outcomes = [shock_resolution.resolve_shock(state, mm, t, [], -phases, defenders=len(targets)) for t in targets]
        shock_resolution.attacker_leader_checks(state, [mm], [o["attacker_result"] for o in outcomes])
        for o in outcomes:
            shock_resolution.attacker_result(state, [mm], o["attacker_result"], o["hex"])
        cont = any(o["continued"] for o in outcomes)
        vacated = sorted(o["hex"] for o in outcomes if o["hex"] not in occupant(state))
        if vacated and not state["pending"] and shock_resolution.may_advance(state, mm, vacated[0], cont):
            shock_resolution.advance(state, mm, vacated[0])
        phases += 1


def counter_charge(state: State, uid: str, versus_charge: bool) -> None:
    """BR-13.6e/f/g, BR-13.7a-c, BR-13.8a/b/c/e: one attempt per enemy activation; +1 if the knight must
    turn one vertex; vs a charge 4 or less turns it into a shock, vs a shock 5 or less gives -2 (even
    when chargers among the attackers keep the Charge Table)."""
    combat = state["combat"]
    versus_charge = versus_charge and bool(combat["chargers"])
    facing = charge.counter_charge_facing(state, uid, combat["attackers"])
    state["counter_charged"].append(uid)
    turn = 1 if facing != state["units"][uid]["facing"] else 0
    dr = dice.roll(state)
    limit = 4 if versus_charge else 5
    ok = dr + turn <= limit
    text = (
        "{unit} counter-charges: DR {dr}{drm} vs {limit}: success."
        if ok
        else "{unit} counter-charges: DR {dr}{drm} vs {limit}: failure."
    )
    add_event(state, msg(text, unit=unit_name(state, uid), dr=dr, drm=f"{turn:+d}", limit=limit), dr=dr)
    if not ok:
        return
    state["units"][uid]["facing"] = facing
    if versus_charge:
        combat["chargers"] = []  # BR-13.7b: the charges are resolved as a shock
    else:
        combat["countered"].append(uid)  # BR-13.8b/d


PHASE = Phase(
    "pending",
    pending_choices,
    {
        "retreat": owed(retreat),
        "disorder": owed(disorder),
        "countercharge": owed(countercharge),
        "no_countercharge": owed(no_countercharge),
        "stand": owed(nothing),
        "no_advance": owed(nothing),
        "face": owed(face),
        "advance": owed(advance),
    },
    prompt=owed_prompt,
)
