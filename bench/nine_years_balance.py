"""Nine Years side balance: how random and purposeful games end, side by side.

    python -m bench.nine_years_balance [--games 200] [--seed 1]

Plays whole games through the engine alone with two policies for both sides: uniform random legal choices,
and the engine's purposeful policy (``games/engines/nine_years/policy.py``) that plays toward enemy spaces,
fights when it is stronger and spends its cards and resource points. Prints who wins and how the games end
(automatic victory, peace roll, the last Winter Quarters; the victory band), and the final VP spread: the
figures quoted in the engine's RULES.md.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter

from games.engines.base import Rng
from games.engines.base.engine import Policy
from games.engines.base.playout import uniform
from games.engines.nine_years import ENGINE
from games.engines.nine_years.policy import purposeful


def play(seed: int, policy: Policy) -> dict:
    rng = Rng.from_seed(seed ^ 0xBA1)
    state = ENGINE.setup(seed, {})
    while state["active"]:
        role = state["active"][0]
        state = ENGINE.apply(state, role, policy(state, role, ENGINE.legal_actions(state, role), rng)["action"])
    return state


def ending(result: dict) -> tuple[str, str]:
    """(how the game ended, which band decided it) read from the result's reason."""
    reason = ENGINE.text(result["reason"])  # a message record, read in English
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
