"""How games end by playout policy: the uniform choice beside each engine's own policies.

    python -m bench.playouts [--games 100] [--seed 1] [SLUG ...]

For each engine and policy (engines.base.playout: "uniform", an engine's own such as "purposeful",
and "mixed"), plays the games and prints how they ended (the result reasons, most frequent first),
the share of games that reached each of the engine's milestones (e.g. "contact"), the mean number of
actions and the time per game. Used to tune stand-in values such as Blood & Roses' nightfall and
Flight Levels.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

from games import engines
from games.engines.base import Engine
from games.engines.base.playout import policy_names, random_playout


def summarise(engine: Engine, policy: str, seeds: range) -> str:
    reasons: Counter[str] = Counter()
    reached: Counter[str] = Counter()
    actions = 0
    started = time.perf_counter()
    for seed in seeds:
        game = random_playout(engine, seed, policy=policy)
        reasons[engine.result(game.final_state)["reason"]] += 1
        reached.update(engine.milestones(game.final_state))
        actions += len(game.actions)
    per_game = (time.perf_counter() - started) / len(seeds)
    ended = ", ".join(f"{count * 100 // len(seeds)}% {reason}" for reason, count in reasons.most_common())
    marks = " ".join(f"{name} {count * 100 // len(seeds)}%" for name, count in sorted(reached.items())) or "-"
    return (
        f"{engine.slug:16} {policy:11} {len(seeds):5} {actions / len(seeds):8.0f} {per_game * 1000:8.0f} ms"
        f"  {marks:14} {ended}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("slugs", nargs="*", help="Engines to measure (default: all)")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1, help="Seed of the first game; game i uses seed+i")
    args = parser.parse_args()
    chosen = [engines.get(slug) for slug in args.slugs] or sorted(engines.all(), key=lambda e: e.slug)
    seeds = range(args.seed, args.seed + args.games)
    print(f"{'engine':16} {'policy':11} {'games':>5} {'actions':>8} {'per game':>11}  {'reached':14} ended by")
    for engine in chosen:
        for policy in policy_names(engine):
            print(summarise(engine, policy, seeds), flush=True)


if __name__ == "__main__":
    main()
