"""Nine Years side balance: how random and purposeful games end, side by side.

    python -m bench.nine_years_balance [--games 200] [--seed 1]

Plays whole games through the engine alone with two policies for both sides: uniform random legal choices,
and a purposeful policy (below) that plays toward enemy spaces, fights when it is stronger and spends its
cards and resource points. Prints who wins and how the games end (automatic victory, peace roll, the last
Winter Quarters; the victory band), and the final VP spread: the figures quoted in the engine's RULES.md.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter
from collections.abc import Callable
from functools import cache

from games.engines.base import Rng
from games.engines.nine_years import ENGINE
from games.engines.nine_years.board import NEIGHBOURS, fortress_strength, printed_vp
from games.engines.nine_years.data.cards import ACTION_CARDS
from games.engines.nine_years.data.powers import other
from games.engines.nine_years.provisional.battle import battle_dice, field

Policy = Callable[[dict, str, list[dict], Rng], dict]


def uniform(state: dict, role: str, choices: list[dict], rng: Rng) -> dict:
    return choices[rng.below(len(choices))]["action"]


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
    from games.engines.nine_years.data.powers import side_of

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


def purposeful(state: dict, role: str, choices: list[dict], rng: Rng) -> dict:
    """The best-scoring choice by the rules of thumb above; ties broken at random."""
    scored = [(_score(state, role, c["action"]), c["action"]) for c in choices]
    best = max(s for s, _ in scored)
    top = [a for s, a in scored if s == best]
    return top[rng.below(len(top))]


def play(seed: int, policy: Policy) -> dict:
    rng = Rng.from_seed(seed ^ 0xBA1)
    state = ENGINE.setup(seed, {})
    while state["active"]:
        role = state["active"][0]
        state = ENGINE.apply(state, role, policy(state, role, ENGINE.legal_actions(state, role), rng))
    return state


def ending(result: dict) -> tuple[str, str]:
    """(how the game ended, which band decided it) read from the result's reason."""
    reason = result["reason"]
    how = "automatic" if reason.startswith("Automatic") else "peace roll" if reason.startswith("Peace") else "last year"
    band = next((b for b in ("Automatic", "major", "minor", "tie") if b in reason), "?")
    return how, band


def measure(policy: Policy, games: int, seed: int) -> dict:
    winners, hows, bands, vps = Counter(), Counter(), Counter(), []
    for game_seed in range(seed, seed + games):
        state = play(game_seed, policy)
        how, band = ending(state["result"])
        winners[state["result"]["winner"]] += 1
        hows[how] += 1
        bands[f"{state['result']['winner']} {band}"] += 1
        vps.append(state["vp"])
    return {"winners": winners, "hows": hows, "bands": bands, "vps": vps}


def _pct(count: int, games: int) -> str:
    return f"{100 * count / games:5.1f} %"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    started = time.perf_counter()
    runs = {
        name: measure(policy, args.games, args.seed)
        for name, policy in (("random", uniform), ("purposeful", purposeful))
    }
    print(f"Nine Years, {args.games} games per policy from seed {args.seed} ({time.perf_counter() - started:.0f} s)")
    print(f"{'':28} {'random':>10} {'purposeful':>10}")
    rows = [("winner", "winners", ("alliance", "bourbon"))]
    rows.append(("ending", "hows", ("automatic", "peace roll", "last year")))
    keys = sorted(set(runs["random"]["bands"]) | set(runs["purposeful"]["bands"]))
    rows.append(("band", "bands", tuple(keys)))
    for title, field_name, values in rows:
        for value in values:
            cells = " ".join(f"{_pct(runs[n][field_name][value], args.games):>10}" for n in runs)
            print(f"{title + ': ' + value:28} {cells}")
    for name, run in runs.items():
        vps = sorted(run["vps"])
        quartiles = f"{vps[len(vps) // 4]}–{vps[3 * len(vps) // 4]}"
        print(f"final VP ({name}): median {statistics.median(vps)}, quartiles {quartiles}")


if __name__ == "__main__":
    main()
