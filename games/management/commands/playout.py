"""Random legal games through an engine alone, each replayed to check determinism."""

import json
import time

from django.core.management.base import BaseCommand, CommandError

from games import engines
from games.engines.base import state_hash
from games.engines.base.playout import random_playout, replay


class Command(BaseCommand):
    help = "Play N random legal games of a game and replay each; fails on any exception or mismatch."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--games", type=int, default=100)
        parser.add_argument("--seed", type=int, default=1, help="Seed of the first game; game i uses seed+i")
        parser.add_argument("--options", default="{}", help="Match options as JSON")

    def handle(self, *args, slug, games, seed, options, **kwargs):
        try:
            engine = engines.get(slug)
        except KeyError as exc:
            raise CommandError(exc.args[0]) from None
        options = json.loads(options)
        failures, total_actions = [], 0
        started = time.perf_counter()
        for game_seed in range(seed, seed + games):
            try:
                played = random_playout(engine, game_seed, options)
                again = replay(engine, game_seed, options, played.actions)
                if state_hash(again) != played.final_hash:
                    failures.append(f"seed {game_seed}: replay differs from the original game")
                elif engine.result(played.final_state) is None:
                    failures.append(f"seed {game_seed}: game stopped without a result")
                total_actions += len(played.actions)
            except Exception as exc:  # report every kind of engine failure with its seed
                failures.append(f"seed {game_seed}: {type(exc).__name__}: {exc}")
        elapsed = time.perf_counter() - started
        done = games - len(failures)
        self.stdout.write(
            f"{slug}: {games} games in {elapsed:.2f}s ({games / elapsed:.1f} games/s), "
            f"mean {total_actions / max(done, 1):.1f} actions per game, {len(failures)} failures"
        )
        for failure in failures[:20]:
            self.stdout.write(self.style.ERROR(f"  {failure}"))
        if failures:
            raise CommandError(f"{len(failures)} of {games} playouts failed")
