"""A purposeful playout policy (engines.base.playout): march on enemy spaces, fight when stronger, fall back to
a threatened capital, spend every card and RP. The computer player rolls out with it (issue 32), the CI
playouts mix it with uniform play, and ``bench.nine_years_balance`` measures the stand-in's balance with it.
Rules of thumb, not rules: it never decides what is legal, only which legal choice to take."""

from __future__ import annotations

from functools import cache

from games.engines.base import Choice, Rng, State

from .board import NEIGHBOURS, fortress_strength, printed_vp
from .data.cards import ACTION_CARDS
from .data.powers import other, side_of
from .provisional.battle import battle_dice, field


def _value(space: str) -> int:
    return fortress_strength(space) or printed_vp(space) or 1


@cache
def _distances(start: str) -> dict[str, int]:
    seen, queue = {start: 0}, [start]
    for here in queue:
        for nxt, _ in NEIGHBOURS[here]:
            if nxt not in seen:
                seen[nxt] = seen[here] + 1
                queue.append(nxt)
    return seen


def _toward_enemy(state: dict, space: str, side: str) -> int:
    """How close ``space`` is to the nearest space the enemy holds (higher is closer)."""
    enemy = [s for s, holder in state["control"].items() if holder == other(side)]
    far = _distances(space)
    return -min((far[s] for s in enemy if s in far), default=9)


def _odds(state: dict, space: str, side: str, mine: list[str] | None = None) -> int:
    """Own dice minus enemy dice in ``space`` (``mine``: the force that would fight there)."""
    own_leaders, own_corps = field(state, space, side)
    if mine is not None:
        own_leaders, own_corps = [state["move"]["leader"]], mine
    their_leaders, their_corps = field(state, space, other(side))
    return battle_dice(state, own_leaders, own_corps) - battle_dice(state, their_leaders, their_corps)


KEEP = {"bourbon": ("paris",), "alliance": ("amsterdam", "vienna")}  # the automatic-victory targets (6.2)


def _threatened(state: dict, role: str) -> list[str]:
    """Own capitals an enemy corps stands within 3 links of, with fewer own corps inside than near them."""
    out = []
    for capital in KEEP[role]:
        near = _distances(capital)
        enemy = sum(
            1
            for v in state["corps"].values()
            if v["space"] in near
            and near[v["space"]] <= 3
            and v["space"] != capital
            and state["control"].get(v["space"]) is not None
            and _side(v) != role
        )
        own = sum(1 for v in state["corps"].values() if v["space"] == capital and _side(v) == role)
        if state["control"][capital] == role and enemy > own:
            out.append(capital)
    return out


def _side(corps: dict) -> str:
    return side_of(corps["power"])


def _score_move(state: dict, role: str, action: dict) -> float:
    move = state["move"]
    here = move["path"][-1]
    kind = action["type"]
    if kind == "convert":
        return 30 + _value(here)
    threatened = _threatened(state, role)
    if kind == "stop":
        if here in threatened:
            return 40
        return 25 if fortress_strength(here) and state["control"][here] != role else 0
    dest = action["to"]
    if threatened and move["corps"]:
        return 18 - min(_distances(dest).get(c, 9) for c in threatened)
    if dest in move["path"]:
        return -10
    holder = state["control"][dest]
    if any(field(state, dest, other(role))):
        return 20 + _odds(state, dest, role, move["corps"]) if _odds(state, dest, role, move["corps"]) > 0 else -5
    if holder != role and move["corps"]:
        return 15 + _value(dest)
    return 5 + _toward_enemy(state, dest, role)


SIMPLE = {
    "replace": 8, "rally": 6, "naval": 5, "transfer": 2, "line": 1, "end_round": 0, "repair": 6, "raise": 5,
    "done": 0, "decline": 0, "no_intercept": 0, "first": 0, "transfer_to": 0, "displace": 0,
}  # fmt: skip


def _score(state: dict, role: str, action: dict) -> float:
    kind = action["type"]
    if kind == "play_card":
        return ACTION_CARDS[action["card"]]
    if kind == "campaign":
        return 10 + 2 * action["corps"] if action["corps"] else 1
    if kind in ("step", "sail", "convert", "stop"):
        return _score_move(state, role, action)
    if kind == "intercept":
        return action["corps"]
    if kind in ("accept", "avoid"):
        strong = _odds(state, state["move"]["path"][-1], role) >= 0
        return 1 if (kind == "accept") == strong else 0
    if kind == "neutralise_savoy":
        return 5 if role == "bourbon" else -1
    if kind == "retreat":
        return -sum(1 for v in state["corps"].values() if v["space"] == action["to"])
    if kind == "lose":
        return 0
    return SIMPLE[kind]


def purposeful(state: State, role: str, choices: list[Choice], rng: Rng) -> Choice:
    """The best-scoring choice by the rules of thumb above; ties broken at random."""
    scored = [(_score(state, role, c["action"]), c) for c in choices]
    best = max(s for s, _ in scored)
    top = [c for s, c in scored if s == best]
    return top[rng.below(len(top))]
