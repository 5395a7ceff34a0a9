"""Legal games through an engine alone, each replayed to check determinism."""

import json
import time
from collections import Counter

from django.core.management.base import BaseCommand, CommandError

from games import engines
from games.engines.base import state_hash
from games.engines.base.playout import policy_names, random_playout, replay


class Command(BaseCommand):
    help = (
        "Play N legal games of a game and replay each; fails on any exception, broken invariant or mismatch. "
        "Games are played by the engine's mixed policy when it has one of its own (so most reach contact), "
        "else uniformly at random."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--games", type=int, default=100)
        parser.add_argument("--seed", type=int, default=1, help="Seed of the first game; game i uses seed+i")
        parser.add_argument("--options", default="{}", help="Match options as JSON")
        parser.add_argument(
            "--policy", default="", help="uniform, mixed or one of the engine's (default: mixed if any)"
        )

    def handle(self, *args, slug, games, seed, options, policy, **kwargs):
        try:
            engine = engines.get(slug)
        except KeyError as exc:
            raise CommandError(exc.args[0]) from None
        names = policy_names(engine)
        policy = policy or names[-1]
        if policy not in names:
            raise CommandError(f"{slug} has no policy {policy!r}; it has: {', '.join(names)}")
        options = json.loads(options)
        failures, total_actions = [], 0
        reached: Counter[str] = Counter()
        started = time.perf_counter()
        for game_seed in range(seed, seed + games):
            try:
                played = random_playout(engine, game_seed, options, policy=policy)
                again = replay(engine, game_seed, options, played.actions)
                if state_hash(again) != played.final_hash:
                    failures.append(f"seed {game_seed}: replay differs from the original game")
                elif engine.result(played.final_state) is None:
                    failures.append(f"seed {game_seed}: game stopped without a result")
                total_actions += len(played.actions)
                reached.update(engine.milestones(played.final_state))
            except Exception as exc:  # report every kind of engine failure with its seed
                failures.append(f"seed {game_seed}: {type(exc).__name__}: {exc}")
        elapsed = time.perf_counter() - started
        done = games - len(failures)
        marks = "".join(f", {count} reached {name}" for name, count in sorted(reached.items()))
        self.stdout.write(
            f"{slug}: {games} games ({policy}) in {elapsed:.2f}s ({games / elapsed:.1f} games/s), "
            f"mean {total_actions / max(done, 1):.1f} actions per game{marks}, {len(failures)} failures"
        )
        for failure in failures[:20]:
            self.stdout.write(self.style.ERROR(f"  {failure}"))
        if failures:
            raise CommandError(f"{len(failures)} of {games} playouts failed")
