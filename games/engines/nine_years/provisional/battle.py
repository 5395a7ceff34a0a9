"""PROVISIONAL 16 Battle: dice, hits, outcome, leader loss, retreat, Famous Victory (all numbers ours)."""

from __future__ import annotations

from games.engines.base import Rng, add_event

from ..board import NEIGHBOURS, controller, is_fortress, may_use_link, name
from ..counters import corps_dice, effective_tr, eliminate_corps, hit_corps
from ..data.powers import other
from ..data.tracks import FAMOUS_MARGIN, HIT_ON
from ..stacking import corps_at, corps_count, fits, leaders_at, overstack_penalty
from ..victory import famous_victory, leader_captured, leader_killed
from .supply import enemy_present

State = dict


def best_tr(state: State, leaders: list[str], corps: list[str]) -> int:
    """16.2: the highest effective TR among the force's leaders adds that many dice (NY-3.1f, A5)."""
    return max((effective_tr(state, lid, corps) for lid in leaders), default=0)


def battle_dice(state: State, leaders: list[str], corps: list[str], bonus: int = 0) -> int:
    """16.2 / NY-3.2.1b-c: corps dice (full 1, reduced 1/2, rounded up once) plus TR plus any bonus."""
    return corps_dice(state, corps) + best_tr(state, leaders, corps) + bonus


def roll_hits(rng: Rng, dice: int) -> tuple[list[int], int]:
    rolls = [rng.die() for _ in range(dice)]
    return rolls, sum(r >= HIT_ON for r in rolls)


def take_hits(state: State, corps: list[str], hits: int) -> None:
    """16.2: each hit flips a full corps, then eliminates reduced ones (owner's choice automated: full first)."""
    for _ in range(hits):
        alive = [c for c in corps if state["corps"][c]["space"] not in ("pool", "removed")]
        if not alive:
            return
        full = [c for c in alive if state["corps"][c]["full"]]
        hit_corps(state, (full or alive)[0])


def field(state: State, space: str, side: str) -> tuple[list[str], list[str]]:
    """The side's units in the space that are not a garrison inside a besieged fortress (NY-4.3f)."""
    corps = [c for c in corps_at(state, space, side) if not state["corps"][c]["garrison"]]
    leaders = [lid for lid in leaders_at(state, space, side) if not state["leaders"][lid].get("garrison")]
    return leaders, corps


def retreat_space(state: State, space: str, side: str, within_limit: int | None = None) -> str | None:
    """16.4: an adjacent space held by the side, free of enemy corps, along a link the side may use;
    the one holding fewest friendly corps (then by id) - STAND-IN for the owner's choice. With
    ``within_limit`` (a voluntary move of that many corps, NY-4.1.2d) only spaces where they fit."""
    options = [
        (corps_count(state, b, side), b)
        for b, red in NEIGHBOURS[space]
        if may_use_link(state, side, space, b, red)
        and controller(state, b) == side
        and not enemy_present(state, b, side)
        and (within_limit is None or fits(b, corps_count(state, b, side) + within_limit))
    ]
    return min(options)[1] if options else None


def retreat(state: State, side: str, leaders: list[str], corps: list[str], dest: str | None, home: str) -> None:
    """16.4: a mandatory retreat may end over the limit (NY-4.1.2d), then NY-4.1.3a applies."""
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
    reduced = overstack_penalty(state, dest, side)
    if reduced:
        add_event(state, f"Over-stacked in {name(dest)}: {len(reduced)} corps reduced (4.1.3)")


def fight(state: State, rng: Rng, space: str, attacker: str, origin: str, home: dict[str, str]) -> str:
    """16.1-16.5: the moving force attacks every enemy unit in the space (NY-4.1.3e). Returns the winner.

    Both roll; more hits wins, a tie goes to the defender (observed). Winner's hits >= loser's + 3 is a
    Famous Victory (NY-6.1.1g). Each leader of the loser dies on a 6 (NY-6.1.1o). The loser retreats;
    a defender beaten in its own fortress leaves one corps inside as garrison (NY-4.3c/f).
    """
    defender = other(attacker)
    att_leaders, att_corps = field(state, space, attacker)
    def_leaders, def_corps = field(state, space, defender)
    line = 1 if space in state["lines"] and controller(state, space) == defender else 0  # 15.3 / 15.6
    a_rolls, a_hits = roll_hits(rng, battle_dice(state, att_leaders, att_corps))
    d_rolls, d_hits = roll_hits(rng, battle_dice(state, def_leaders, def_corps, line))
    take_hits(state, def_corps, a_hits)
    take_hits(state, att_corps, d_hits)
    winner = attacker if a_hits > d_hits else defender
    loser = other(winner)
    add_event(
        state,
        f"Battle of {name(space)}: {attacker} {a_rolls} ({a_hits} hits) against {defender} {d_rolls} "
        f"({d_hits} hits); the {winner} win",
        battle=space,
    )
    w_hits, l_hits = (a_hits, d_hits) if winner == attacker else (d_hits, a_hits)
    if w_hits >= l_hits + FAMOUS_MARGIN:
        famous_victory(state, winner)
    losers = att_leaders if loser == attacker else def_leaders
    for lid in losers:
        if rng.die() == 6:
            leader_killed(state, lid, winner)
    if winner == attacker and space in state["lines"]:
        state["lines"].remove(space)  # 15.5: a line is lost with the battle
    leaders, corps = field(state, space, loser)
    corps = [c for c in corps if state["corps"][c]["space"] == space]
    leaders = [lid for lid in leaders if state["leaders"][lid]["space"] == space]
    if loser == defender and is_fortress(space) and controller(state, space) == defender and corps:
        keep = sorted(corps, key=lambda c: (not state["corps"][c]["full"], c))[0]
        state["corps"][keep]["garrison"] = True  # NY-4.3f: one corps stays inside as garrison
        corps.remove(keep)
    dest = origin if loser == attacker else retreat_space(state, space, loser)
    retreat(state, loser, leaders, corps, dest, home[loser])
    return winner
