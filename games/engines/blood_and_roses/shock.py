"""Phase C (4.0f, 12.0-14.7): shock and charge. Every attack is declared first (with the units joining
it, sub-phase ``join``), then the declared combats are resolved in order: the charge move, retreat
before combat and counter-charges (owed by the defender), the rolls, the advance and continued attacks.
Results a player must choose hand over to ``"owed"``, which resumes here (``"proceed"``,
``"after_combat"``); the end of the phase hands over to ``"end_activation"``."""

from __future__ import annotations

from typing import Any, Literal

from games.engines.base import Choice, add_event
from games.engines.base.messages import msg, name, plural
from games.engines.base.phases import Handover, Phase, hand_over

from . import charge, missile, shock_resolution
from .board import adjacent_enemies, enemy_units_of, front_hexes, leaders_at, occupant, side_of_unit
from .common import State
from .hexgrid import VERTEX_NAMES, distance
from .names import unit_name, unit_names, units_together
from .prompts import asked, shock_prompt
from .texts import side


def enter(state: State) -> None:
    """Phase C starts; which units began it next to an enemy is noted (BR-13.3b)."""
    state["phase"] = "shock"
    occ = occupant(state)
    for uid, acted in state["acted"].items():
        unit = state["units"].get(uid)
        acted["adjacent_at_shock"] = bool(unit and unit["hex"] and adjacent_enemies(state, uid, occ=occ))  # BR-13.3b


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
    if state.get("combats_resolved") and not ca_mode:
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
            if h in occ and shock_resolution.can_shock(state, uid, occ[h]) and not barred(occ[h])
        )
        if len(pair) == 2:  # BR-12.1f: one attacker against the two units in its front hexes
            out.append(
                {
                    "action": {"type": "shock", "unit": uid, "target": pair[0], "target2": pair[1]},
                    "label": shock_label(state, uid, pair),
                    "target": f"unit:{pair[1]}",
                }
            )
            continue  # BR-12.1d: it must attack every enemy unit in its front hexes
        for h in front_hexes(state, uid):
            target = occ.get(h)
            if target and not barred(target) and shock_resolution.can_shock(state, uid, target):
                out.append(
                    {
                        "action": {"type": "shock", "unit": uid, "target": target},
                        "label": shock_label(state, uid, [target]),
                        "target": f"unit:{target}",
                    }
                )
        if state["units"][uid]["type"] == "MM" and not ca_mode:
            for target in enemy_units_of(state, role):
                t = state["units"][target]
                if distance(t["hex"], state["units"][uid]["hex"]) not in (2, 3) or barred(target):
                    continue
                for facing in charge.charge_facings(state, uid, target):
                    turn = {} if facing == state["units"][uid]["facing"] else {"facing": facing}
                    out.append(
                        {
                            "action": {"type": "charge", "unit": uid, "target": target, **turn},
                            "label": charge_label(state, uid, target, facing if turn else None),
                            "target": f"unit:{target}",
                        }
                    )
    breach = [m["id"] for m in state["markers"][role] if m["kind"] == "into_the_breach"]
    if breach:  # BR-6.3l: the same attacks with the marker played
        out += [
            {
                **c,
                "action": {**c["action"], "breach": breach[0]},
                "label": msg("{attack} (Into the Breach +1)", attack=c["label"]),
            }
            for c in list(out)
        ]
    if out and musts:
        return out  # BR-14.7c: every marked unit that can still attack must declare its attack
    if state.get("declared"):
        out.append({"action": {"type": "resolve_declared"}, "label": "Resolve the declared attacks"})
    else:
        out.append({"action": {"type": "end_shock"}, "label": "End the shock phase"})
    return out


def shock_label(state: State, uid: str, targets: list[str]) -> Any:
    """A declaration's label, with the shock DRMs against each target (one, or the two in front, 12.1f)."""
    n = len(targets)
    said = [{"target": unit_name(state, t), "odds": odds(state, uid, t, n)} for t in targets]
    if n == 1:
        return msg("Declare: {unit} shocks {target} ({odds})", unit=unit_name(state, uid), **said[0])
    return msg(
        "Declare: {unit} shocks both {first} ({first_odds}) and {second} ({second_odds})",
        unit=unit_name(state, uid),
        first=said[0]["target"],
        first_odds=said[0]["odds"],
        second=said[1]["target"],
        second_odds=said[1]["odds"],
    )


def charge_label(state: State, uid: str, target: str, turning: int | None) -> Any:
    said = {"unit": unit_name(state, uid), "target": unit_name(state, target)}
    if turning is None:
        return msg("Declare: {unit} charges {target}", **said)
    return msg(
        "Declare: {unit} charges {target} (turning {facing})", facing=name(f"dir:{VERTEX_NAMES[turning]}"), **said
    )


def odds(state: State, attacker: str, defender: str, defenders: int) -> Any:
    """The shock DRMs as a player weighs them before declaring (BR-12.3j-x): the total, then each."""
    drm, parts = shock_resolution.shock_drm(state, attacker, defender, False, defenders)
    return msg("{drm}: {drms}", drm=f"{drm:+d}", drms=parts) if parts else f"{drm:+d}"


def with_facing(state: State, uid: str, facing: int, fn: Any) -> Any:
    unit = state["units"][uid]
    start = unit["facing"]
    unit["facing"] = facing
    try:
        return fn()
    finally:
        unit["facing"] = start


def close_declarations(state: State, role: str, action: dict) -> Handover | None:
    """The player ends Phase C, or resolves the attacks declared (BR-12.1c)."""
    for uid, acted in state["acted"].items():
        if acted.get("must") and uid not in declared_units(state)[0]:
            acted["must"], acted["attacked"] = False, True  # nothing left for it to attack (BR-12.1d)
    if not state.get("declared"):
        state.pop("combats_resolved", None)
        return hand_over("end_activation")
    n = len(state["declared"])
    add_event(
        state,
        plural(
            "{side} resolves the {n} declared attack.", "{side} resolves the {n} declared attacks.", n, side=side(role)
        ),
    )
    return next_combat(state)


def declare_shock(state: State, role: str, action: dict) -> None:
    declare(state, role, action, charging=False)


def declare_charge(state: State, role: str, action: dict) -> None:
    declare(state, role, action, charging=True)


def declare(state: State, role: str, action: dict, charging: bool) -> None:
    """A shock or a charge is declared; units may join it (``join``) unless it is against two."""
    attacker, defender = action["unit"], action["target"]
    acted = state["acted"][attacker]
    ca = bool(acted.get("must"))
    acted["attacked"] = True
    defenders = [defender, *([action["target2"]] if "target2" in action else [])]
    decl: dict[str, Any] = {
        "attackers": [attacker],
        "defenders": defenders,
        "charge": charging,
        "breach": bool(action.get("breach")),
        "continued_attack": ca,
    }
    if decl["charge"]:
        facing = action.get("facing", state["units"][attacker]["facing"])
        decl["facing"] = facing
        decl["path"] = with_facing(state, attacker, facing, lambda: charge.charge_path(state, attacker, defender))
        state["charge_hexes"].extend(decl["path"] or [])  # BR-13.3m: declared paths are never shared
    state["defended"].extend(defenders)  # BR-12.1e
    if action.get("breach"):
        marker = next(m for m in state["markers"][role] if m["id"] == action["breach"])
        state["markers"][role].remove(marker)  # BR-6.3l, BR-6.3c
        add_event(
            state,
            msg("{side} plays Into the Breach (+1) for {unit}.", side=side(role), unit=unit_name(state, attacker)),
        )
    text = (
        "{side} declares: {unit} will charge {targets}."
        if decl["charge"]
        else "{side} declares: {unit} will shock {targets}."
    )
    add_event(state, msg(text, side=side(role), unit=unit_name(state, attacker), targets=unit_names(state, defenders)))
    state["combat"] = {"declaring": True, "defender": defender, "attackers": [attacker], "continued_attack_phase": ca}
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
    if combat["continued_attack_phase"] or any(a.get("must") for a in state["acted"].values()):
        return []
    occ = occupant(state)

    def owes_another(uid: str) -> bool:  # BR-12.1d: it would have to attack another enemy too
        return any(
            h in occ
            and occ[h] != combat["defender"]
            and occ[h] not in state["defended"]
            and shock_resolution.can_shock(state, uid, occ[h])
            for h in front_hexes(state, uid)
        )

    return [
        uid
        for uid in sorted(state["acted"])
        if uid in state["units"]
        and uid not in combat["attackers"]
        and state["units"][uid]["hex"]
        and shock_resolution.can_shock(state, uid, combat["defender"])
        and not owes_another(uid)
    ]


def join_choices(state: State, role: str) -> list[Choice]:
    out: list[Choice] = [
        {
            "action": {"type": "join", "unit": uid},
            "label": msg(
                "{unit} joins the attack on {target}",
                unit=unit_name(state, uid),
                target=unit_name(state, state["combat"]["defender"]),
            ),
            "target": f"unit:{uid}",
        }
        for uid in joiners(state)
    ]
    out.append({"action": {"type": "resolve"}, "label": "Declare the attack (no more units join)"})
    return out


def join(state: State, role: str, action: dict) -> None:
    uid = action["unit"]
    state["combat"]["attackers"].append(uid)
    state["declaring"]["attackers"].append(uid)
    state["acted"][uid]["attacked"] = True
    add_event(
        state,
        msg(
            "{unit} joins the attack on {target}.",
            unit=unit_name(state, uid),
            target=unit_name(state, state["combat"]["defender"]),
        ),
    )
    if not joiners(state):
        finish_declaration(state)


def no_more_joiners(state: State, role: str, action: dict) -> None:
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
        return shock_resolution.can_shock(state, attacker, defender)
    finally:
        acted["attacked"] = saved


def no_combat(state: State, decl: dict, why: Any) -> None:
    """BR-12.1c: a declared combat is never cancelled; one that cannot take place is resolved as no combat."""
    add_event(
        state,
        msg(
            "No combat: {attackers} against {defenders} ({why}).",
            attackers=units_together(state, decl["attackers"]),
            defenders=unit_names(state, decl["defenders"]),
            why=why,
        ),
    )


def next_combat(state: State) -> Handover | None:
    """BR-12.1c, BR-12.3d: the declared combats are resolved in the order declared; then (BR-14.7c/d) a
    continued-attack phase for the units marked, or the end of Phase C."""
    state["phase"] = "shock"
    state["decider"] = state["player"]
    while state.get("declared"):
        decl = state["declared"].pop(0)
        started = start_combat(state, decl)
        if started == "owed":
            return hand_over("owed")
        if started == "fight":
            return proceed(state)
    state.pop("declared", None)
    occ = occupant(state)
    for uid, acted in sorted(state["acted"].items()):
        if not acted.get("must") or (
            uid in state["units"]
            and any(shock_resolution.can_shock(state, uid, occ[f]) for f in front_hexes(state, uid) if f in occ)
        ):
            continue
        acted["must"], acted["attacked"] = False, True  # BR-14.7d: no enemy in front, no marker
        add_event(
            state,
            msg("{unit} has no enemy in front: its Continued Attack marker is removed.", unit=unit_name(state, uid)),
        )
    state["combats_resolved"] = True  # the declared combats are over: Phase C only ends (or continued attacks)
    return None


def start_combat(state: State, decl: dict) -> Literal["none", "owed", "fight"]:
    """One declared combat: the charge move (with reaction fire); then ("fight") step 2 and 3 of 12.3 follow.
    "none" when it resolves as no combat; "owed" when results are owed by a player first."""
    lead = decl["attackers"][0]
    if lead not in state["units"] or state["units"][lead]["hex"] is None:
        no_combat(state, decl, msg("{unit} is gone", unit=unit_name(state, lead)))
        return "none"
    if decl["continued_attack"]:
        state["acted"][lead]["must"] = False
    charging = decl["charge"]
    defender = decl["defenders"][0]
    if charging:
        for h in decl.get("path") or []:
            if h in state["charge_hexes"]:
                state["charge_hexes"].remove(h)
        facing = decl["facing"]
        path = with_facing(state, lead, facing, lambda: charge.charge_path(state, lead, defender))
        if path is None:
            state["charge_hexes"].extend(decl.get("path") or [])
            no_combat(state, decl, msg("the charge can no longer be made"))
            return "none"
        state["units"][lead]["facing"] = facing  # BR-13.2b
        state["charge_hexes"].extend(path)  # BR-13.3m
        for h in path:
            for lid in leaders_at(state, state["units"][lead]["hex"]):
                state["leaders"][lid]["hex"] = h  # BR-7.1l
            state["units"][lead]["hex"] = h
            missile.reaction_fire(state, lead, h)  # BR-13.2c, BR-7.3b
            if lead not in state["units"] or state["units"][lead]["hex"] != h:
                break
        if lead not in state["units"] or defender not in adjacent_enemies(state, lead):
            no_combat(state, decl, msg("the charge of {unit} was stopped", unit=unit_name(state, lead)))
            if state["pending"]:
                return "owed"
            return "none"
        if state["units"][lead].get("disordered") or state["units"][lead]["type"] != "MM":
            charging = False  # BR-13.2d, BR-12.3e: a Disordered or Unhorsed charger shocks
    defenders = [d for d in decl["defenders"] if any(may_still(state, a, d) for a in decl["attackers"])]
    if not defenders:
        gone = [d for d in decl["defenders"] if d not in state["units"] or state["units"][d]["hex"] is None]
        no_combat(
            state, decl, msg("{units} gone", units=unit_names(state, gone)) if gone else msg("no longer in a front hex")
        )
        return "none"
    attackers = [a for a in decl["attackers"] if all(may_still(state, a, d) for d in defenders)]
    if lead not in attackers:
        no_combat(state, decl, msg("{unit} can no longer attack", unit=unit_name(state, lead)))
        return "none"
    for a in decl["attackers"]:
        if a not in attackers:
            add_event(
                state,
                msg(
                    "{unit} can no longer take part in the attack on {target}.",
                    unit=unit_name(state, a),
                    target=unit_name(state, defender),
                ),
            )
    state["combat"] = {
        "attacker": lead,
        "attackers": attackers,
        "defender": defenders[0],
        "chargers": [lead] if charging else [],
        "stage": "join",
        "breach": decl["breach"],
        "countered": [],
        "continued_attack_phase": decl["continued_attack"],
        "defenders": defenders,
        "vacated": [],
    }
    return "fight"


def proceed(state: State) -> Handover | None:
    """Step 2 of 12.3 for one combat: retreat before combat (12.2), then counter-charges (13.6-13.8)."""
    combat = state["combat"]
    attackers = combat["attackers"]
    if combat["stage"] == "join":
        combat["stage"] = "rbc"
    if combat["stage"] == "rbc":
        combat["stage"] = "cc"
        for defender in combat["defenders"]:
            if shock_resolution.retreat_before_combat_options(state, attackers, defender):
                state["pending"].append({"kind": "rbc", "unit": defender, "role": side_of_unit(state, defender)})
        if state["pending"]:
            return hand_over("owed")
    if combat["stage"] == "cc":
        combat["stage"] = "resolve"
        for defender in combat["defenders"]:
            if charge.counter_charge_facing(state, defender, attackers) is not None:
                owner = side_of_unit(state, defender)
                state["pending"].append({"kind": "countercharge", "unit": defender, "role": owner})
        if state["pending"]:
            return hand_over("owed")
    return resolve(state)


def resolve(state: State) -> Handover | None:
    """BR-12.3a/g/n, BR-14.1f: one roll per defender; against two defenders both rolls come first and the
    attacker's results are applied after both (they may add up)."""
    combat = state["combat"]
    pair = len(combat["defenders"])
    outcomes = []
    for defender in combat["defenders"]:
        mark_hit(state, defender)
        extra = (1 if combat["breach"] else 0) - (2 if defender in combat["countered"] else 0)  # BR-12.3x, 13.8d
        outcomes.append(
            shock_resolution.resolve_shock(
                state, combat["attackers"], defender, combat["chargers"], extra, defenders=pair
            )
        )
    shock_resolution.attacker_leader_checks(state, combat["attackers"], [o["attacker_result"] for o in outcomes])
    for outcome in outcomes:
        shock_resolution.attacker_result(state, combat["attackers"], outcome["attacker_result"], outcome["hex"])
    combat["hexes"] = [o["hex"] for o in outcomes]
    combat["continued"] = any(o["continued"] for o in outcomes)
    combat["stage"] = "after"
    if state["pending"]:
        return hand_over("owed")
    return after_combat(state)


def mark_hit(state: State, uid: str) -> None:
    if uid in state["acted"]:
        state["acted"][uid]["hit"] = True


def after_combat(state: State) -> Handover | None:
    """BR-12.4a/b/e/f/g and BR-14.7a/b/c/d/f: one attacker (by priority) advances into a vacated hex (the
    first by id when both of two are vacated); a Continued Attack marks one attacker (never Levy)."""
    combat = state.pop("combat", None)
    state["phase"] = "shock"
    state["decider"] = state["player"]
    if combat and combat.get("stage") == "after":
        advance_and_mark(state, combat)
        if state["pending"]:
            return hand_over("owed")  # BR-12.4c: the facing of the unit that advanced
    return next_combat(state)


def advance_and_mark(state: State, combat: dict) -> None:
    cont = combat["continued"]
    order = shock_resolution.priority(state, combat["attackers"], combat["chargers"])
    vacated = sorted(h for h in combat["hexes"] if h not in occupant(state))
    if vacated:
        for uid in order:
            if shock_resolution.may_advance(state, uid, vacated[0], cont):
                shock_resolution.advance(state, uid, vacated[0])
                if not cont:  # BR-12.4c: a unit advancing in a continued attack keeps its facing
                    state["pending"].append({"kind": "face", "unit": uid, "role": state["player"]})
                break
    marked = [uid for uid in order if state["units"][uid]["type"] != "Lvy"]
    if cont and marked:
        attacker = marked[0]
        acted = state["acted"][attacker]
        acted["continued_attacks"] += 1
        acted["attacked"], acted["must"] = False, True
        occ = occupant(state)
        owed = any(
            shock_resolution.can_shock(state, attacker, occ[f]) for f in front_hexes(state, attacker) if f in occ
        )
        acted["must"], acted["attacked"] = owed, not owed  # BR-14.7d: no enemy in front, no marker
        if acted["must"]:
            add_event(
                state,
                msg(
                    "{unit} must make a continued attack (−{n}).",
                    unit=unit_name(state, attacker),
                    n=acted["continued_attacks"],
                ),
            )


PHASE = Phase(
    "shock",
    shock_choices,
    {
        "end_shock": close_declarations,
        "resolve_declared": close_declarations,
        "shock": declare_shock,
        "charge": declare_charge,
    },
    prompt=shock_prompt,
)
JOIN = Phase("join", join_choices, {"join": join, "resolve": no_more_joiners}, prompt=asked("join"))
