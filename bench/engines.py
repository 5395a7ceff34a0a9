"""Engine speed: a random whole game per engine, and the replay of its log.

    python -m bench.engines [--games 30] [SLUG ...]

Pure engine work (no database): the cost the platform pays per game in replays and playouts.
"""

from __future__ import annotations

import argparse
import statistics
import time

from games import engines
from games.engines.base.playout import random_playout, replay


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("slugs", nargs="*", help="Engines to measure (default: all)")
    parser.add_argument("--games", type=int, default=30)
    args = parser.parse_args()
    chosen = [engines.get(slug) for slug in args.slugs] or sorted(engines.all(), key=lambda e: e.slug)

    print(f"{'engine':16} {'games':>5} {'actions':>8} {'play median':>12} {'play max':>9} {'replay median':>14}")
    for engine in chosen:
        play, again, actions = [], [], []
        for seed in range(1, args.games + 1):
            started = time.perf_counter()
            game = random_playout(engine, seed)
            play.append(time.perf_counter() - started)
            started = time.perf_counter()
            replay(engine, seed, None, game.actions)
            again.append(time.perf_counter() - started)
            actions.append(len(game.actions))
        print(
            f"{engine.slug:16} {args.games:5} {statistics.mean(actions):8.0f} "
            f"{statistics.median(play) * 1000:9.1f} ms {max(play) * 1000:6.0f} ms "
            f"{statistics.median(again) * 1000:11.1f} ms"
        )


if __name__ == "__main__":
    main()
