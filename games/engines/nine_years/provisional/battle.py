"""PROVISIONAL 16 Battle: dice, hits, outcome, leader loss, retreat, Famous Victory (all numbers ours)."""

from __future__ import annotations

from games.engines.base import Rng, add_event

from ..board import NEIGHBOURS, controller, is_fortress, may_use_link, name
from ..counters import corps_dice, effective_tr, eliminate_corps, hit_corps
from ..data.powers import other
from ..data.tracks import FAMOUS_MARGIN, HIT_ON
from ..stacking import corps_at, corps_count, fits, leaders_at, over_limit, overstack_penalty, stacking_limit
from ..victory import famous_victory, leader_captured, leader_killed
from .supply import enemy_present

State = dict


def best_tr(state: State, leaders: list[str], corps: list[str]) -> int:
    """16.2: the highest effective TR among the force's leaders adds that many dice (NY-3.1f, A5)."""
    return max((effective_tr(state, lid, corps) for lid in leaders), default=0)


def battle_dice(state: State, leaders: list[str], corps: list[str], bonus: int = 0) -> int:
    """16.2 / NY-3.2.1b-c: corps dice (full 1, reduced 1/2, rounded up once) plus TR plus any bonus."""
    return corps_dice(state, corps) + best_tr(state, leaders, corps) + bonus


def dice_text(rolls: list[int]) -> str:
    """Dice as a sentence reads them: "rolled 5, 6, 3"."""
    return f"rolled {', '.join(map(str, rolls))}" if rolls else "no dice"


def roll_hits(rng: Rng, dice: int) -> tuple[list[int], int]:
    rolls = [rng.die() for _ in range(dice)]
    return rolls, sum(r >= HIT_ON for r in rolls)


def take_hits(state: State, corps: list[str], hits: int) -> None:
    """16.2: each hit flips a full corps, then eliminates reduced ones (here the first that qualifies: a storm
    at sea, where nobody chooses)."""
    for _ in range(hits):
        candidates = hit_candidates(state, corps)
        if not candidates:
            return
        hit_corps(state, candidates[0])


def hit_candidates(state: State, corps: list[str]) -> list[str]:
    """16.2: the corps the next hit may fall on: a full one while any is left, else a reduced one."""
    alive = [c for c in corps if state["corps"][c]["space"] not in ("pool", "removed")]
    full = [c for c in alive if state["corps"][c]["full"]]
    return full or alive


def field(state: State, space: str, side: str) -> tuple[list[str], list[str]]:
    """The side's units in the space that are not a garrison inside a besieged fortress (NY-4.3f)."""
    corps = [c for c in corps_at(state, space, side) if not state["corps"][c]["garrison"]]
    leaders = [lid for lid in leaders_at(state, space, side) if not state["leaders"][lid].get("garrison")]
    return leaders, corps


def retreat_spaces(state: State, space: str, side: str, within_limit: int | None = None) -> list[str]:
    """16.4: the adjacent spaces held by the side, free of enemy corps, along links the side may use. With
    ``within_limit`` (a voluntary move of that many corps, NY-4.1.2d) only spaces where they fit."""
    return sorted(
        b
        for b, red in NEIGHBOURS[space]
        if may_use_link(state, side, space, b, red)
        and controller(state, b) == side
        and not enemy_present(state, b, side)
        and (within_limit is None or fits(b, corps_count(state, b, side) + within_limit))
    )


def retreat_space(state: State, space: str, side: str, within_limit: int | None = None) -> str | None:
    """Where a force goes when nobody is asked (avoiding battle, the Revolution's Bourbons): the qualifying
    space holding fewest friendly corps, then by id."""
    options = [(corps_count(state, b, side), b) for b in retreat_spaces(state, space, side, within_limit)]
    return min(options)[1] if options else None


def retreat(state: State, side: str, leaders: list[str], corps: list[str], dest: str | None, home: str) -> None:
    """16.4: the loser moves, disordered; with nowhere to go its corps are eliminated and its leaders captured.
    A mandatory retreat may end over the limit (NY-4.1.2d); the penalty (NY-4.1.3a) is the caller's."""
    if dest is None:
        for cid in corps:
            eliminate_corps(state, cid)
        for lid in leaders:
            leader_captured(state, lid, other(side), home)
        return
    for cid in corps:
        state["corps"][cid].update(space=dest, disordered=True)
    for lid in leaders:
        state["leaders"][lid].update(space=dest, disordered=True)


def penalty_after(state: State, side: str, dest: str | None) -> None:
    """NY-4.1.3a where nobody is asked (the Revolution's Bourbons): the automated choice of stacking.py."""
    reduced = overstack_penalty(state, dest, side) if dest else []
    if reduced:
        add_event(state, f"Over-stacked in {name(dest)}: {len(reduced)} corps reduced (4.1.3)", at=[f"space:{dest}"])


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
        f"Battle of {name(space)}: the {attacker.title()} {dice_text(a_rolls)} ({a_hits} hits) against the "
        f"{defender.title()} {dice_text(d_rolls)} ({d_hits} hits); the {winner.title()} win",
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
        f"No battle at {name(space)}: the {loser.title()} leaders there have no corps and withdraw",
        at=[f"space:{space}"],
    )
    _settle(state, space, attacker, origin, winner, home, [])
    return winner


def proceed(state: State) -> bool:
    """Work through the battle's remaining steps; True while an owner must decide (phase set for him).

    A decision is asked only where it matters: the corps a loss may fall on are of different powers and will
    not all take every loss they can, or the loser has more than one space to retreat to."""
    battle = state["battle"]
    while battle["todo"]:
        step = battle["todo"][0]
        if step["kind"] == "retreat":
            if _retreat_step(state, battle, step):
                return True
            continue
        candidates = _step_candidates(state, step)
        if step["count"] <= 0 or not candidates:
            battle["todo"].pop(0)
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
    return _step_candidates(state, state["battle"]["todo"][0])


def take_loss(state: State, cid: str) -> None:
    """One loss on ``cid``: a hit (16.2) or an over-stacking reduction (NY-4.1.3a)."""
    step = state["battle"]["todo"][0]
    if step["kind"] == "hits":
        hit_corps(state, cid)
    else:
        state["corps"][cid]["full"] = False
        add_event(state, f"Over-stacked in {name(step['space'])}: {cid} reduced (4.1.3)", at=[f"space:{step['space']}"])
    step["count"] -= 1


def _retreat_step(state: State, battle: dict, step: dict) -> bool:
    """16.4: the attacker falls back whence it came; a beaten defender leaves one corps inside its own
    fortress as garrison (NY-4.3f) and the owner picks among the spaces he may retreat to."""
    space, loser = battle["space"], step["side"]
    leaders, corps = field(state, space, loser)
    if not leaders and not corps:
        battle["todo"].pop(0)
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
    return retreat_spaces(state, state["battle"]["space"], state["battle"]["todo"][0]["side"])


def retreat_to(state: State, dest: str | None) -> None:
    """The retreat itself, then NY-4.1.3a's reduction as the owner's next decision."""
    battle = state["battle"]
    loser = battle["todo"].pop(0)["side"]
    leaders, corps = field(state, battle["space"], loser)
    retreat(state, loser, leaders, corps, dest, battle["home"])
    limit = stacking_limit(dest) if dest else None
    if limit is not None and over_limit(state, dest, loser):
        full = [c for c in corps_at(state, dest, loser) if state["corps"][c]["full"]]
        excess = len(full) - limit // 2
        battle["todo"].append({"kind": "reduce", "side": loser, "space": dest, "count": excess})


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
        "todo": [*hits, {"kind": "retreat", "side": loser}],
    }
    proceed(state)
