"""The forces on the map, shared by the phases: who stands where, their dice, hits and retreats (16),
who may follow a leader (13.5.1), where captured leaders go, which corps may be repaired (12.3)."""

from __future__ import annotations

from games.engines.base import Rng, Text, add_event, msg, plural

from ..board import NEIGHBOURS, controller, may_use_link, name
from ..counters import corps_dice, effective_tr, eliminate_corps, hit_corps, ratings
from ..data.powers import ALLIANCE, BOURBON, other, side_of
from ..data.spaces import ES_BOX, SPACES
from ..data.tracks import HIT_ON
from ..powers import capital_held
from ..stacking import activation_cap, corps_at, corps_count, fits, leaders_at, may_repair_or_place, overstack_penalty
from ..victory import leader_captured
from .common import State
from .supply import enemy_present, has_loc


def best_tr(state: State, leaders: list[str], corps: list[str]) -> int:
    """16.2: the highest effective TR among the force's leaders adds that many dice (NY-3.1f, A5)."""
    return max((effective_tr(state, lid, corps) for lid in leaders), default=0)


def battle_dice(state: State, leaders: list[str], corps: list[str], bonus: int = 0) -> int:
    """16.2 / NY-3.2.1b-c: corps dice (full 1, reduced 1/2, rounded up once) plus TR plus any bonus."""
    return corps_dice(state, corps) + best_tr(state, leaders, corps) + bonus


def dice_text(rolls: list[int]) -> Text:
    """Dice as a sentence reads them: "rolled 5, 6, 3"."""
    return msg("rolled {dice}", dice=", ".join(map(str, rolls))) if rolls else msg("no dice")


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
        add_event(
            state,
            plural(
                "Over-stacked in {space}: {n} corps reduced",
                "Over-stacked in {space}: {n} corps reduced",
                len(reduced),
                space=name(dest),
            ),
            at=[f"space:{dest}"],
            rule="4.1.3",
        )


def homes(state: State) -> dict[str, str]:
    """Where captured leaders return (STAND-IN): Paris while the Bourbon hold it, the E/S box for the Alliance."""
    return {BOURBON: "paris" if controller(state, "paris") == BOURBON else "out", ALLIANCE: ES_BOX}


def force_from(state: State, lid: str, side: str, exclude: list[str]) -> list[str]:
    """13.5.1 / NY-3.1g: up to CR corps (full first), never more than the limit from an over-limit space
    (NY-4.1.3d); disordered, garrisoned or already active corps stay behind."""
    space = state["leaders"][lid]["space"]
    ready = [
        c
        for c in corps_at(state, space, side)
        if not state["corps"][c]["disordered"] and not state["corps"][c]["garrison"] and c not in exclude
    ]
    ready.sort(key=lambda c: (not state["corps"][c]["full"], c))
    return ready[: activation_cap(state, space, side, ratings(state, lid)[1])]


def repairable(state: State, side: str) -> list[str]:
    """12.3: a reduced corps in a space its side holds, with a LOC (11), its capital held (NY-7.1.2c) and the
    space within the limit (NY-4.1.3b)."""
    result = []
    for cid, c in sorted(state["corps"].items()):
        space = c["space"]
        if c["full"] or space not in SPACES or side_of(c["power"]) != side or c["garrison"]:
            continue
        if controller(state, space) != side or not capital_held(state, c["power"]):
            continue
        if may_repair_or_place(state, space, side) and has_loc(state, space, c["power"]):
            result.append(cid)
    return result
