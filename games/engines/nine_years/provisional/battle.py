"""PROVISIONAL 16 Battle: dice, hits, outcome, leader loss, retreat, Famous Victory (all numbers ours).

Phases ``losses`` (16.2, NY-4.1.3a: the owner picks the corps that takes a loss) and ``retreat`` (16.4: the
loser picks where to go); a battle that is over hands over to ``after_battle``."""

from __future__ import annotations

from games.engines.base import Action, Choice, Rng, add_event, msg
from games.engines.base.phases import Handover, Phase, hand_over

from ..board import controller, is_fortress, name, side_name
from ..counters import corps_name, hit_corps
from ..data.powers import other
from ..data.tracks import FAMOUS_MARGIN
from ..stacking import corps_at, over_limit, stacking_limit
from ..victory import famous_victory, leader_killed
from .common import State
from .forces import battle_dice, dice_text, field, hit_candidates, homes, retreat, retreat_spaces, roll_hits


def fight(state: State, rng: Rng, space: str, attacker: str, origin: str, home: dict[str, str]) -> str:
    """16.1-16.5: the moving force attacks every enemy unit in the space (NY-4.1.3e). Returns the winner.

    Every die is rolled first: both forces' dice; more hits wins, a tie goes to the defender (observed);
    the winner's hits >= loser's + 3 is a Famous Victory (NY-6.1.1g); each leader of the loser dies on a 6
    (NY-6.1.1o). Then the owners' decisions follow in ``state["battle"]`` (see ``proceed``): which corps
    take the hits, where the loser retreats, which full corps an over-stacked retreat reduces.
    """
    defender = other(attacker)
    att_leaders, att_corps = field(state, space, attacker)
    def_leaders, def_corps = field(state, space, defender)
    if not att_corps or not def_corps:
        return _no_battle(state, space, attacker, origin, home, bool(att_corps))
    line = 1 if space in state["lines"] and controller(state, space) == defender else 0  # 15.3 / 15.6
    a_rolls, a_hits = roll_hits(rng, battle_dice(state, att_leaders, att_corps))
    d_rolls, d_hits = roll_hits(rng, battle_dice(state, def_leaders, def_corps, line))
    winner = attacker if a_hits > d_hits else defender
    loser = other(winner)
    add_event(
        state,
        msg(
            "Battle of {space}: the {attacker} {attacker_dice} ({attacker_hits} hits) against the {defender} "
            "{defender_dice} ({defender_hits} hits); the {winner} win",
            space=name(space),
            attacker=side_name(attacker),
            attacker_dice=dice_text(a_rolls),
            attacker_hits=a_hits,
            defender=side_name(defender),
            defender_dice=dice_text(d_rolls),
            defender_hits=d_hits,
            winner=side_name(winner),
        ),
        battle=space,
        at=[f"space:{space}"],
    )
    w_hits, l_hits = (a_hits, d_hits) if winner == attacker else (d_hits, a_hits)
    if w_hits >= l_hits + FAMOUS_MARGIN:
        famous_victory(state, winner)
    for lid in att_leaders if loser == attacker else def_leaders:
        if rng.die() == 6:
            leader_killed(state, lid, winner)
    if winner == attacker and space in state["lines"]:
        state["lines"].remove(space)  # 15.5: a line is lost with the battle
    hits = [
        {"kind": "hits", "side": attacker, "corps": att_corps, "count": d_hits},
        {"kind": "hits", "side": defender, "corps": def_corps, "count": a_hits},
    ]
    _settle(state, space, attacker, origin, winner, home, hits)
    return winner


def _no_battle(
    state: State, space: str, attacker: str, origin: str, home: dict[str, str], mover_has_corps: bool
) -> str:
    """16.1 as interpreted (RULES.md, NY-4.3b): a battle needs corps on both sides. Leaders without corps
    fight no battle and roll no dice: they withdraw as a beaten force (16.4, disordered; captured with nowhere
    to go), nobody dies, no Famous Victory; a mover without corps goes back whence it came."""
    defender = other(attacker)
    winner = attacker if mover_has_corps else defender
    loser = other(winner)
    add_event(
        state,
        msg(
            "No battle at {space}: the {side} leaders there have no corps and withdraw",
            space=name(space),
            side=side_name(loser),
        ),
        at=[f"space:{space}"],
    )
    _settle(state, space, attacker, origin, winner, home, [])
    return winner


def proceed(state: State) -> bool:
    """Work through the battle's remaining steps; True while an owner must decide (phase set for him).

    A decision is asked only where it matters: the corps a loss may fall on are of different powers and will
    not all take every loss they can, or the loser has more than one space to retreat to."""
    battle = state["battle"]
    while battle["to_resolve"]:
        step = battle["to_resolve"][0]
        if step["kind"] == "retreat":
            if _retreat_step(state, battle, step):
                return True
            continue
        candidates = _step_candidates(state, step)
        if step["count"] <= 0 or not candidates:
            battle["to_resolve"].pop(0)
        elif len({state["corps"][c]["power"] for c in candidates}) > 1 and step["count"] < _steps_left(state, step):
            state["phase"], state["active"] = "losses", [step["side"]]
            return True
        else:
            take_loss(state, candidates[0])
    return False


def _step_candidates(state: State, step: dict) -> list[str]:
    if step["kind"] == "hits":
        return hit_candidates(state, step["corps"])
    return [c for c in corps_at(state, step["space"], step["side"]) if state["corps"][c]["full"]]  # NY-4.1.3a


def _steps_left(state: State, step: dict) -> int:
    """How many losses the corps concerned can still take: when they must take them all, nobody chooses."""
    if step["kind"] == "hits":
        alive = [c for c in step["corps"] if state["corps"][c]["space"] not in ("pool", "removed")]
        return sum(2 if state["corps"][c]["full"] else 1 for c in alive)
    return len(_step_candidates(state, step))


def loss_choices(state: State) -> list[str]:
    """The corps the owner may choose for the current loss (a hit, or a reduction for over-stacking)."""
    return _step_candidates(state, state["battle"]["to_resolve"][0])


def take_loss(state: State, cid: str) -> None:
    """One loss on ``cid``: a hit (16.2) or an over-stacking reduction (NY-4.1.3a)."""
    step = state["battle"]["to_resolve"][0]
    if step["kind"] == "hits":
        hit_corps(state, cid)
    else:
        state["corps"][cid]["full"] = False
        add_event(
            state,
            msg("Over-stacked in {space}: {corps} reduced", space=name(step["space"]), corps=corps_name(cid)),
            at=[f"space:{step['space']}"],
            rule="4.1.3",
        )
    step["count"] -= 1


def _retreat_step(state: State, battle: dict, step: dict) -> bool:
    """16.4: the attacker falls back whence it came; a beaten defender leaves one corps inside its own
    fortress as garrison (NY-4.3f) and the owner picks among the spaces he may retreat to."""
    space, loser = battle["space"], step["side"]
    leaders, corps = field(state, space, loser)
    if not leaders and not corps:
        battle["to_resolve"].pop(0)
        return False
    if loser == battle["attacker"]:
        retreat_to(state, battle["origin"])
        return False
    if is_fortress(space) and controller(state, space) == loser and corps and not step.get("garrison"):
        keep = sorted(corps, key=lambda c: (not state["corps"][c]["full"], c))[0]
        state["corps"][keep]["garrison"] = True
        step["garrison"] = keep
        return _retreat_step(state, battle, step)
    options = retreat_spaces(state, space, loser)
    if len(options) > 1:
        state["phase"], state["active"] = "retreat", [loser]
        return True
    retreat_to(state, options[0] if options else None)
    return False


def retreat_choices(state: State) -> list[str]:
    return retreat_spaces(state, state["battle"]["space"], state["battle"]["to_resolve"][0]["side"])


def retreat_to(state: State, dest: str | None) -> None:
    """The retreat itself, then NY-4.1.3a's reduction as the owner's next decision."""
    battle = state["battle"]
    loser = battle["to_resolve"].pop(0)["side"]
    leaders, corps = field(state, battle["space"], loser)
    retreat(state, loser, leaders, corps, dest, battle["home"])
    limit = stacking_limit(dest) if dest else None
    if limit is not None and over_limit(state, dest, loser):
        full = [c for c in corps_at(state, dest, loser) if state["corps"][c]["full"]]
        excess = len(full) - limit // 2
        battle["to_resolve"].append({"kind": "reduce", "side": loser, "space": dest, "count": excess})


def _settle(
    state: State, space: str, attacker: str, origin: str, winner: str, home: dict[str, str], hits: list[dict]
) -> None:
    """What a battle leaves to do, in order: its hits (none when no battle was fought), then the loser's
    retreat; ``proceed`` asks for the choices they need."""
    loser = other(winner)
    state["battle"] = {
        "space": space,
        "attacker": attacker,
        "origin": origin,
        "winner": winner,
        "home": home[loser],
        "to_resolve": [*hits, {"kind": "retreat", "side": loser}],
    }
    proceed(state)


def loss_choice_list(state: State, role: str) -> list[Choice]:
    """16.2 / NY-4.1.3a: the owner picks the corps that takes the next loss (asked only when they differ)."""
    step = state["battle"]["to_resolve"][0]
    out: list[Choice] = []
    for cid in loss_choices(state):
        corps = state["corps"][cid]
        hit = step["kind"] == "hits"
        text = {
            (True, True): "Reduce {corps} for a hit ({count} to take)",
            (False, True): "Eliminate {corps} for a hit ({count} to take)",
            (True, False): "Reduce {corps} for over-stacking ({count} to take)",
            (False, False): "Eliminate {corps} for over-stacking ({count} to take)",
        }[corps["full"], hit]
        out.append(
            {
                "action": {"type": "lose", "corps": cid},
                "label": msg(text, corps=corps_name(cid), count=step["count"]),
                "target": f"corps:{cid}",
            }
        )
    return out


def retreat_choice_list(state: State, role: str) -> list[Choice]:
    return [
        {
            "action": {"type": "retreat", "to": s},
            "label": msg("Retreat to {space}", space=name(s)),
            "target": f"space:{s}",
        }
        for s in retreat_choices(state)
    ]


def enter(state: State, rng: Rng) -> Handover | None:
    """16 via NY-4.3b/e: the moving force attacks; its move ends either way. The owners' decisions in the
    battle (losses, retreat) may come first."""
    move = state["move"]
    here, side = move["path"][-1], move["side"]
    origin = move["path"][-2] if len(move["path"]) > 1 else here
    fight(state, rng, here, side, origin, homes(state))
    return None if state["battle"]["to_resolve"] else hand_over("after_battle", rng=rng)


def lose(state: State, role: str, action: Action) -> Handover | None:
    take_loss(state, action["corps"])
    return None if proceed(state) else hand_over("after_battle")


def retreat_there(state: State, role: str, action: Action) -> Handover | None:
    retreat_to(state, action["to"])
    return None if proceed(state) else hand_over("after_battle")


LOSSES = Phase("losses", loss_choice_list, {"lose": lose})
RETREAT = Phase("retreat", retreat_choice_list, {"retreat": retreat_there})
