"""PROVISIONAL 14 Movement: land steps, conversion (14.4), sea moves (14.5), interception (14.6) and
avoiding battle (14.7). A Campaign action moves one leader with up to CR corps (NY-3.1g).

Phases ``move`` (the mover), ``intercept`` and ``avoid`` (the other side). A battle hands over to ``battle``,
a move that ends in an enemy fortress to ``siege``; the sequence brings the move back (``after_battle``,
``end_move``)."""

from __future__ import annotations

from games.engines.base import Action, Choice, Rng, add_event, msg, plural
from games.engines.base.phases import Handover, Phase, hand_over

from ..board import NEIGHBOURS, controller, is_fortress, link_cost, may_use_link, name, sea_zones, side_name
from ..counters import effective_tr, leader_name
from ..data.powers import ALLIANCE, BOURBON, other
from ..data.spaces import SPACES
from ..data.tracks import AVOID_ON, CONVERT_MP, FIRST_YEAR, INTERCEPT_ON, MP
from ..stacking import activation_cap, corps_count, fits, overstack_penalty, stacking_limit
from ..victory import change_control
from . import lines
from .common import State, with_rng
from .forces import best_tr, field, force_from, homes, retreat, retreat_space, take_hits
from .scenario import glorious_revolution


def start(state: State, lid: str, side: str, count: int) -> None:
    """13.5.1: the owner chose how many of the corps that may follow the leader go with him (NY-3.1g)."""
    state["move"] = {
        "leader": lid,
        "corps": force_from(state, lid, side, state["acted"])[:count],
        "movement_points": MP,
        "path": [state["leaders"][lid]["space"]],
        "side": side,
    }
    state["phase"] = "move"
    state["active"] = [side]


def _must_stop(state: State, space: str, side: str) -> bool:
    """14.3 / 17.1: a force stops on enemy units and at an enemy or neutral fortress."""
    leaders, corps = field(state, space, other(side))
    return bool(leaders or corps) or (is_fortress(space) and controller(state, space) != side)


def _relief(state: State, space: str, side: str) -> bool:
    """NY-4.1.2c (17.6.1): entering one's own besieged fortress to relieve it may exceed the limit."""
    return is_fortress(space) and controller(state, space) == side and any(field(state, space, other(side)))


def may_enter(state: State, space: str, side: str, movers: int, mp_after: int) -> bool:
    """NY-4.1.2b/d: a force may pass through a full space but may not end its move over the limit, so it
    enters a full space only if it can still go on from there to a space where its move may end."""
    if _room(state, space, side, movers):
        return True
    return not _must_stop(state, space, side) and _can_end_beyond(state, space, side, movers, mp_after)


def _room(state: State, space: str, side: str, movers: int) -> bool:
    """The movers may end here: within the limit (the movers already counted where they stand), or a relief."""
    here = state["move"]["path"][-1] if state.get("move") else None
    count = corps_count(state, space, side) + (0 if space == here else movers)
    return fits(space, count) or _relief(state, space, side)


def _can_end_beyond(state: State, here: str, side: str, movers: int, mp: int) -> bool:
    """Whether some march of at most ``mp`` MP on from ``here`` ends where the move may legally end."""
    for nxt, red in NEIGHBOURS[here]:
        cost = link_cost(red)
        if cost > mp or not may_use_link(state, side, here, nxt, red):
            continue
        if _room(state, nxt, side, movers):
            return True
        if not _must_stop(state, nxt, side) and _can_end_beyond(state, nxt, side, movers, mp - cost):
            return True
    return False


def may_stop(state: State, space: str, side: str) -> bool:
    return fits(space, corps_count(state, space, side)) or _relief(state, space, side)


def sea_targets(state: State, move: dict) -> list[str]:
    """14.5: from a port, before moving, to another port of a sea zone the side controls (the Alliance may
    cross the Atlantic in 1688 before the Revolution whoever holds it: the 'Protestant wind', 20.2.5)."""
    here, side = move["path"][-1], move["side"]
    if len(move["path"]) > 1:
        return []
    ports: set[str] = set()
    for zone in sea_zones(here):
        wind = (
            side == ALLIANCE and zone == "atlantic" and not state["glorious_revolution"] and state["year"] == FIRST_YEAR
        )
        if state["seas"][zone] == side or wind:
            ports |= {p for p in SPACES if zone in sea_zones(p) and p != here}
    return sorted(
        p
        for p in ports
        if may_use_link(state, side, here, p, False) and may_enter(state, p, side, len(move["corps"]), 0)
    )


def may_convert(state: State, move: dict) -> bool:
    """14.4 / NY-2.3.3: an unfortified enemy or neutral space changes hands for CONVERT_MP extra MP."""
    here, side = move["path"][-1], move["side"]
    if is_fortress(here) or stacking_limit(here) is None or controller(state, here) == side:
        return False
    return bool(move["corps"]) and move["movement_points"] >= CONVERT_MP and not any(field(state, here, other(side)))


def move_choices(state: State, role: str) -> list[Choice]:
    move = state["move"]
    here, side = move["path"][-1], move["side"]
    out = []
    if may_stop(state, here, side):
        out.append(
            {
                "action": {"type": "stop"},
                "label": msg("End the move in {space}", space=name(here)),
                "target": f"space:{here}",
            }
        )
    if may_convert(state, move):
        out.append(
            {
                "action": {"type": "convert"},
                "label": msg("Take control of {space} (14.4, {mp} MP)", space=name(here), mp=CONVERT_MP),
                "target": f"space:{here}",
            }
        )
    for nxt, red in NEIGHBOURS[here]:
        cost = link_cost(red)
        if (
            cost <= move["movement_points"]
            and may_use_link(state, side, here, nxt, red)
            and may_enter(state, nxt, side, len(move["corps"]), move["movement_points"] - cost)
        ):
            out.append(
                {
                    "action": {"type": "step", "to": nxt},
                    "label": msg("March to {space} ({mp} MP)", space=name(nxt), mp=cost),
                    "target": f"space:{nxt}",
                }
            )
    for port in sea_targets(state, move):
        out.append(
            {
                "action": {"type": "sail", "to": port},
                "label": msg("Sail to {space} (all MP)", space=name(port)),
                "target": f"space:{port}",
            }
        )
    return out or [{"action": {"type": "stop"}, "label": msg("End the move in {space}", space=name(here))}]


def intercept_choices(state: State, role: str) -> list[Choice]:
    out: list[Choice] = [{"action": {"type": "no_intercept"}, "label": "Do not intercept"}]
    here = state["move"]["path"][-1]
    for lid in interceptors(state, here, role):
        for n in range(1, len(intercept_force(state, lid, role, here)) + 1):
            out.append(
                {
                    "action": {"type": "intercept", "leader": lid, "corps": n},
                    "label": plural(
                        "Intercept with {leader} and {n} corps",
                        "Intercept with {leader} and {n} corps",
                        n,
                        leader=leader_name(lid),
                    ),
                    "target": f"leader:{lid}",
                }
            )
    return out


def avoid_choices(state: State, role: str) -> list[Choice]:
    return [
        {"action": {"type": "accept"}, "label": "Accept battle"},
        {"action": {"type": "avoid"}, "label": "Try to avoid battle (14.7)"},
    ]


def interceptors(state: State, space: str, side: str) -> list[str]:
    """14.6 / NY-4.3e (A26): into a space the interceptor controls, from an adjacent space along a link he
    may use (the Bourbon too against a dark-red entry, NY-2.1.4c), never over the limit (NY-4.1.2e)."""
    if controller(state, space) != side or any(field(state, space, side)):
        return []
    out = []
    for b, red in NEIGHBOURS[space]:
        if not may_use_link(state, side, b, space, red):
            continue
        for lid in field(state, b, side)[0]:
            if state["leaders"][lid]["disordered"]:
                continue
            if intercept_force(state, lid, side, space):
                out.append(lid)
    return sorted(out)


def intercept_force(state: State, lid: str, side: str, space: str) -> list[str]:
    """NY-4.1.2e: the interceptor brings up to CR corps but no more than fit the space, so that the
    interception never leaves it over the limit (a leader with more corps than fit takes fewer)."""
    limit = stacking_limit(space)
    corps = force_from(state, lid, side, [])
    return corps if limit is None else corps[: max(0, limit - corps_count(state, space, side))]


def _place(state: State, leaders: list[str], corps: list[str], space: str) -> None:
    for lid in leaders:
        state["leaders"][lid]["space"] = space
    for cid in corps:
        state["corps"][cid]["space"] = space


def arrive(state: State, rng: Rng) -> Handover | None:
    """14.2-14.7: what happens on entering a space."""
    move = state["move"]
    here, side = move["path"][-1], move["side"]
    enemy = other(side)
    def_leaders, def_corps = field(state, here, enemy)
    if def_leaders or def_corps:
        move["movement_points"] = 0
        if def_leaders and field(state, here, side)[1]:
            # NY-4.3b: accept battle or try to avoid it (a mover without corps brings no battle, battle.py)
            state["phase"], state["active"] = "avoid", [enemy]
            return None
        return hand_over("battle", rng=rng)
    if (
        here in state["lines"]
        and controller(state, here) != side
        and not lines.bypass(state, rng, [move["leader"]], move["corps"])
    ):
        move["movement_points"] = 0
    if is_fortress(here) and controller(state, here) != side:
        move["movement_points"] = 0
    if interceptors(state, here, enemy):
        state["phase"], state["active"] = "intercept", [enemy]
        return None
    return go_on(state, rng)


def go_on(state: State, rng: Rng) -> Handover | None:
    """The mover is asked again; a force with no MP left ends its move."""
    move = state["move"]
    state["phase"], state["active"] = "move", [move["side"]]
    return finish(state, rng) if move["movement_points"] == 0 else None


def after_battle(state: State, rng: Rng) -> Handover | None:
    """The battle is over: the Revolution if the Alliance won in London; the winning mover ends its move."""
    move = state["move"]
    here, side = move["path"][-1], move["side"]
    winner = state["battle"]["winner"]
    state["battle"] = None
    state["phase"], state["active"] = "move", [side]
    if winner == ALLIANCE and here == "london" and not state["glorious_revolution"]:
        glorious_revolution(state)
    if winner == side:
        move["corps"] = [c for c in move["corps"] if state["corps"][c]["space"] == here]
        move["movement_points"] = 0
        return finish(state, rng)
    return end_move(state, fell=False)


def finish(state: State, rng: Rng) -> Handover | None:
    """End of a move: stacking is checked (NY-4.1.2a, NY-4.1.3a); a force in an enemy or neutral fortress
    besieges it (17); then the move ends."""
    move = state["move"]
    here, side = move["path"][-1], move["side"]
    overstack_penalty(state, here, side)
    corps = [c for c in move["corps"] if state["corps"][c]["space"] == here]
    if (
        here == "london"
        and side == ALLIANCE
        and not state["glorious_revolution"]
        and corps
        and not any(field(state, here, BOURBON))
    ):
        glorious_revolution(state)  # 20.2.5: an Alliance army ends its move in an undefended London
    if is_fortress(here) and controller(state, here) != side:
        leaders = [move["leader"]] if state["leaders"][move["leader"]]["space"] == here else []
        home = homes(state)[other(side)]
        return hand_over("siege", rng=rng, space=here, side=side, leaders=leaders, corps=corps, home=home)
    return end_move(state, fell=False)


def end_move(state: State, fell: bool) -> Handover:
    """The move is over: the leader and his corps have acted this turn (FAQ); the Campaign action is spent.
    Taking Turin opens Savoy's neutrality (NY-7.2.1c, A8)."""
    move = state["move"]
    state["acted"] += [move["leader"], *move["corps"]]
    return hand_over("end_action", turin_fell=fell and move["path"][-1] == "turin")


def march(state: State, rng: Rng, role: str, action: Action) -> Handover | None:
    """14.2: a step along a link, for its MP."""
    here = state["move"]["path"][-1]
    return _travel(state, rng, action["to"], link_cost(dict(NEIGHBOURS[here])[action["to"]]), "march")


def sail(state: State, rng: Rng, role: str, action: Action) -> Handover | None:
    """14.5: a sea move costs all MP; a storm on a 1 costs one step (observed in play)."""
    move = state["move"]
    if rng.die() == 1:
        take_hits(state, move["corps"], 1)
        move["corps"] = [c for c in move["corps"] if state["corps"][c]["space"] == move["path"][-1]]
        add_event(state, "A storm at sea costs a step")
    return _travel(state, rng, action["to"], move["movement_points"], "sail")


def _travel(state: State, rng: Rng, dest: str, cost: int, verb: str) -> Handover | None:
    move = state["move"]
    here = move["path"][-1]
    move["movement_points"] -= cost
    _place(state, [move["leader"]], move["corps"], dest)
    move["path"].append(dest)
    add_event(
        state,
        plural(
            "{leader} with {n} corps marches to {space}"
            if verb == "march"
            else "{leader} with {n} corps sails to {space}",
            "{leader} with {n} corps marches to {space}"
            if verb == "march"
            else "{leader} with {n} corps sails to {space}",
            len(move["corps"]),
            leader=leader_name(move["leader"]),
            space=name(dest),
        ),
        path=[f"space:{here}", f"space:{dest}"],
    )
    return arrive(state, rng)


def convert(state: State, rng: Rng, role: str, action: Action) -> Handover | None:
    """14.4 / NY-6.1.1f: control changes for CONVERT_MP."""
    move = state["move"]
    here = move["path"][-1]
    move["movement_points"] -= CONVERT_MP
    change_control(state, here, role, "convert")
    add_event(
        state, msg("The {side} take control of {space}", side=side_name(role), space=name(here)), at=[f"space:{here}"]
    )
    if here == "london" and role == ALLIANCE and not state["glorious_revolution"]:
        glorious_revolution(state)
    return finish(state, rng) if move["movement_points"] == 0 else None


def stop(state: State, rng: Rng, role: str, action: Action) -> Handover | None:
    return finish(state, rng)


def let_pass(state: State, rng: Rng, role: str, action: Action) -> Handover | None:
    return go_on(state, rng)


def try_intercept(state: State, rng: Rng, role: str, action: Action) -> Handover | None:
    return intercept(state, rng, role, action["leader"], action["corps"])


def accept(state: State, role: str, action: Action) -> Handover:
    return hand_over("battle")


def try_avoid(state: State, rng: Rng, role: str, action: Action) -> Handover | None:
    return avoid(state, rng, role)


def intercept(state: State, rng: Rng, role: str, lid: str, count: int) -> Handover | None:
    """14.6: d6 + TR >= INTERCEPT_ON brings the leader and the ``count`` corps he chose; a battle follows
    (NY-4.3e)."""
    move = state["move"]
    here = move["path"][-1]
    corps = intercept_force(state, lid, role, here)[:count]
    roll, tr = rng.die(), effective_tr(state, lid, corps)
    add_event(
        state,
        msg(
            "{leader} tries to intercept at {space}: {roll} + TR {tr}",
            leader=leader_name(lid),
            space=name(here),
            roll=roll,
            tr=tr,
        ),
        at=[f"space:{here}"],
    )
    if roll + tr >= INTERCEPT_ON:
        _place(state, [lid], corps, here)
        state["phase"], state["active"] = "move", [move["side"]]
        return hand_over("battle", rng=rng)
    return go_on(state, rng)


def avoid(state: State, rng: Rng, role: str) -> Handover | None:
    """14.7: d6 + TR >= AVOID_ON lets the leaders and up to the limit of corps (NY-4.1.3d, A4) step aside;
    corps left behind still fight."""
    move = state["move"]
    here = move["path"][-1]
    leaders, corps = field(state, here, role)
    roll, tr = rng.die(), best_tr(state, leaders, corps)
    going = corps[: activation_cap(state, here, role, len(corps))]
    dest = retreat_space(state, here, role, within_limit=len(going))  # a move, not a mandatory retreat
    add_event(
        state,
        msg(
            "The {side} try to avoid battle at {space}: {roll} + TR {tr}",
            side=side_name(role),
            space=name(here),
            roll=roll,
            tr=tr,
        ),
        at=[f"space:{here}"],
    )
    state["phase"], state["active"] = "move", [move["side"]]
    if dest is None or roll + tr < AVOID_ON:
        return hand_over("battle", rng=rng)
    retreat(state, role, leaders, going, dest, homes(state)[role])
    for cid in going:
        state["corps"][cid]["disordered"] = False
    for lid in leaders:
        state["leaders"][lid]["disordered"] = False
    if any(field(state, here, role)):
        return hand_over("battle", rng=rng)
    return finish(state, rng)


MOVE = Phase(
    "move",
    move_choices,
    {"step": with_rng(march), "sail": with_rng(sail), "convert": with_rng(convert), "stop": with_rng(stop)},
)
INTERCEPT = Phase(
    "intercept", intercept_choices, {"no_intercept": with_rng(let_pass), "intercept": with_rng(try_intercept)}
)
AVOID = Phase("avoid", avoid_choices, {"accept": accept, "avoid": with_rng(try_avoid)})
