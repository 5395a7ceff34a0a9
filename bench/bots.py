"""The computer player's strength and speed (issue 32), engine by engine.

    python -m bench.bots [--games 20] [--level normal] [--engines rosenkoenig,richard3] [--opponents uniform]
                         [--quick]
    python -m bench.bots --calibrate

For each engine whose computer-player hooks exist (the others are named and skipped): the computer at
a level against the uniform player and against each of the engine's own policies (e.g. "purposeful"),
sides alternating, with its wins, draws and losses, the 95 % Wilson interval of its share of wins, its
wins on each side, the time per decision and per reply (median, 95th percentile, max; processor time,
which a machine shared with other work disturbs less than the clock on the wall); then the computer
against itself, who wins on each side. A reply is the computer's decisions in a row, until another seat
chooses: what a player waits for (a Blood & Roses activation moves unit by unit). Its time is given as
the platform gives it (games.computer.moves): the decisions of a reply share the level's ``reply_seconds``
(or ``--reply-seconds``), each cut at ``search.THINKING_SECONDS``; ``late`` counts the decisions begun once
their reply's time was all but spent, which play the engine's default action (or the policy's pick). A
game still running after ``--max-actions`` actions is adjudicated by the engine's ``evaluate`` and counted
apart. ``--quick`` is the small size CI runs: it checks that everything plays, never the strength (noisy
at that size).

``--calibrate`` times the search's engine steps in each engine, relative to Rosenkönig's: the weights
of ``engines.base.search.STEP_WEIGHTS`` that make a level take about the same time in every engine.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections import Counter
from dataclasses import dataclass, field

from games import engines
from games.engines.base import Engine, State
from games.engines.base.duel import Seat, by_policy, play
from games.engines.base.search import LEVELS, STEP_WEIGHTS, THINKING_SECONDS, Level, choose_action, plays_at_once

QUICK_GAMES = 1
QUICK_LEVEL = Level("quick", steps=300, max_depth=10, noise=0.0)
QUICK_MAX_ACTIONS = 150
CALIBRATION_STEPS = 2_000


def hooks_missing(engine: Engine) -> str | None:
    """Why the computer cannot play ``engine`` (a hook not written yet), or None."""
    state = engine.setup(1, engine.resolve_options({}))
    role = engine.active_roles(state)[0]
    try:
        engine.evaluate(engine.sample_state(engine.view(state, role), role, 1), role)
    except NotImplementedError as missing:
        return str(missing)
    return None


def wilson(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a share."""
    if trials == 0:
        return 0.0, 1.0
    share = successes / trials
    centre = share + z * z / (2 * trials)
    spread = z * math.sqrt(share * (1 - share) / trials + z * z / (4 * trials * trials))
    return (centre - spread) / (1 + z * z / trials), (centre + spread) / (1 + z * z / trials)


@dataclass
class Series:
    """The computer's games against one opponent."""

    wins: Counter[str] = field(default_factory=Counter)  # by the computer's side
    draws: int = 0
    losses: int = 0
    games: Counter[str] = field(default_factory=Counter)
    adjudicated: int = 0
    seconds: list[float] = field(default_factory=list)  # one per decision of the computer
    replies: list[float] = field(default_factory=list)  # one per reply: its decisions' seconds together
    late: int = 0  # decisions begun with their reply's time all but spent
    replying: bool = False  # whether the computer's last decision is the last choice made in the game

    def end_reply(self) -> None:
        self.replying = False


def timed_computer(level: Level, reply_seconds: float, series: Series) -> Seat:
    """The computer as the platform runs it (games.computer.moves): the decisions of a reply share
    ``reply_seconds``, on processor time; each decision and each reply timed."""

    def seat(engine: Engine, state: State, role: str, seed: int) -> dict:
        if not series.replying:
            series.replying = True
            series.replies.append(0.0)
        started, spent_before = time.process_time(), series.replies[-1]

        def reply_left() -> float:
            return reply_seconds - spent_before - (time.process_time() - started)

        series.late += plays_at_once(engine, level, reply_left())
        action = choose_action(engine, engine.view(state, role), role, seed=seed, level=level, reply_left=reply_left)
        spent = time.process_time() - started
        series.seconds.append(spent)
        series.replies[-1] += spent
        return action

    return seat


def ending_replies(seat: Seat, others: list[Series]) -> Seat:
    """``seat``, which ends the others' replies whenever it chooses."""

    def ending(engine: Engine, state: State, role: str, seed: int) -> dict:
        for series in others:
            series.end_reply()
        return seat(engine, state, role, seed)

    return ending


def winner(engine: Engine, state: State) -> tuple[str | None, bool]:
    """Who won, and whether it was adjudicated: an unfinished game goes to the side ``evaluate`` favours."""
    found = engine.result(state)
    if found is not None:
        return found["winner"], False
    first, second = engine.roles[:2]
    score = engine.evaluate(state, first)
    return (first if score > 0.5 else second if score < 0.5 else None), True


def against(
    engine: Engine, level: Level, opponent: str, seeds: range, max_actions: int, reply_seconds: float
) -> Series:
    series = Series()
    for index, seed in enumerate(seeds):
        side = engine.roles[index % len(engine.roles)]
        seats = {
            role: timed_computer(level, reply_seconds, series)
            if role == side
            else ending_replies(by_policy(opponent), [series])
            for role in engine.roles
        }
        series.end_reply()
        won, adjudicated = winner(engine, play(engine, seed, seats, max_actions))
        judged = " (adjudicated)" if adjudicated else ""
        print(f"  {engine.slug} game {seed} against {opponent}: computer {side}, {won} won{judged}", file=sys.stderr)
        series.games[side] += 1
        series.adjudicated += adjudicated
        if won == side:
            series.wins[side] += 1
        elif won is None:
            series.draws += 1
        else:
            series.losses += 1
    return series


def row(engine: Engine, opponent: str, series: Series) -> str:
    games = sum(series.games.values())
    wins = sum(series.wins.values())
    low, high = wilson(wins, games)
    sides = " ".join(f"{role} {series.wins[role]}/{series.games[role]}" for role in engine.roles)
    return (
        f"{engine.slug:16} {opponent:11} {games:5} {wins:4}-{series.draws}-{series.losses:<3} "
        f"{wins / games:5.0%} [{low:4.0%}, {high:4.0%}]  {sides:28} {series.adjudicated:4} "
        f"{milliseconds(series.seconds)}  {milliseconds(series.replies)} {series.late:5}"
    )


def milliseconds(seconds: list[float]) -> str:
    """Median, 95th percentile and max, in milliseconds."""
    times = sorted(seconds) or [0.0]
    p95 = times[min(len(times) - 1, math.ceil(0.95 * len(times)) - 1)]
    return f"{statistics.median(times) * 1000:7.0f} {p95 * 1000:7.0f} {times[-1] * 1000:7.0f}"


def self_play(engine: Engine, level: Level, seeds: range, max_actions: int, reply_seconds: float) -> str:
    series = {role: Series() for role in engine.roles}
    seats = {
        role: ending_replies(timed_computer(level, reply_seconds, mine), [s for s in series.values() if s is not mine])
        for role, mine in series.items()
    }
    winners: Counter[str | None] = Counter()
    adjudicated = 0
    for seed in seeds:
        won, judged = winner(engine, play(engine, seed, seats, max_actions))
        winners[won] += 1
        adjudicated += judged
    sides = ", ".join(f"{role} {winners[role]}" for role in engine.roles)
    outcome = f"wins: {sides}, draws {winners[None]}, adjudicated {adjudicated}"
    return f"{engine.slug:16} self-play   {len(seeds):5}  {outcome}"


def calibrate(chosen: list[Engine]) -> None:
    """Milliseconds per 1000 search steps on positions of a random game, and the weight against Rosenkönig."""
    probe = Level("probe", steps=CALIBRATION_STEPS, max_depth=20, noise=0.0)
    per_thousand: dict[str, float] = {}
    for engine in chosen:
        if hooks_missing(engine):
            print(f"{engine.slug:16} skipped: no hooks")
            continue
        spent, searches = 0.0, 0
        for actions in (10, 40, 80, 120):
            state = play(engine, 3, dict.fromkeys(engine.roles, by_policy("uniform")), max_actions=actions)
            for role in engine.active_roles(state):
                if len(engine.legal_actions(state, role)) < 2:
                    continue  # no search: the one choice is played at once
                started = time.process_time()
                choose_action(engine, engine.view(state, role), role, seed=1, level=probe)
                spent += time.process_time() - started
                searches += 1
        # The search divides its budget by the engine's present weight: these are the steps it took.
        steps = CALIBRATION_STEPS / STEP_WEIGHTS.get(engine.slug, 1.0)
        per_thousand[engine.slug] = spent / max(searches, 1) / steps * 1000 * 1000
    base = per_thousand.get("rosenkoenig")
    for slug, ms in per_thousand.items():
        weight = f"{ms / base:5.2f}" if base else "  -"
        print(f"{slug:16} {ms:7.1f} ms per 1000 steps   weight {weight}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20, help="Games against each opponent")
    parser.add_argument("--level", default="normal", choices=sorted(LEVELS))
    parser.add_argument("--engines", default="", help="Comma-separated slugs (default: all)")
    parser.add_argument("--self-games", type=int, help="Games of the computer against itself (default: --games)")
    parser.add_argument(
        "--opponents", default="", help="Comma-separated: uniform and the engine's policies (default: all of them)"
    )
    parser.add_argument("--seed", type=int, default=1, help="Seed of the first game; game i uses seed+i")
    parser.add_argument("--max-actions", type=int, default=3_000, help="Adjudicate a game still running then")
    parser.add_argument("--quick", action="store_true", help="CI size: one short game each, a small search")
    parser.add_argument("--calibrate", action="store_true", help="Time the search's steps in each engine")
    parser.add_argument(
        "--reply-seconds",
        type=float,
        help="The time the decisions of a reply share, as the platform gives it (default: the level's; "
        "a large number gives each decision its whole search, cut at THINKING_SECONDS)",
    )
    args = parser.parse_args()
    slugs = [slug for slug in args.engines.split(",") if slug]
    named = [name for name in args.opponents.split(",") if name]
    chosen = [engines.get(slug) for slug in slugs] or sorted(engines.all(), key=lambda e: e.slug)
    if args.calibrate:
        calibrate(chosen)
        return
    level, games, max_actions = LEVELS[args.level], args.games, args.max_actions
    if args.quick:
        level, games, max_actions = QUICK_LEVEL, QUICK_GAMES, QUICK_MAX_ACTIONS
    reply_seconds = level.reply_seconds if args.reply_seconds is None else args.reply_seconds
    seeds = range(args.seed, args.seed + games)
    print(
        f"level {level.name}: {level.steps} steps, depth {level.max_depth}, a decision cut at {THINKING_SECONDS} s, "
        f"a reply at {reply_seconds} s; "
        f"{games} games per opponent"
    )
    print(
        f"{'engine':16} {'opponent':11} {'games':>5} {'W-D-L':9} {'wins':>5} {'95 % interval':13}  "
        f"{'wins by side':28} {'adj.':>4} {'decision median, p95, max ms':>23}  {'reply median, p95, max ms':>23} "
        f"{'late':>5}"
    )
    for engine in chosen:
        missing = hooks_missing(engine)
        if missing:
            print(f"{engine.slug:16} skipped: {missing}")
            continue
        offered = ["uniform", *sorted(engine.policies)]
        unknown = sorted(set(named) - set(offered))
        if unknown:
            parser.error(f"{engine.slug} has no opponent {', '.join(unknown)}; it has: {', '.join(offered)}")
        for opponent in [name for name in offered if games and (not named or name in named)]:
            series = against(engine, level, opponent, seeds, max_actions, reply_seconds)
            print(row(engine, opponent, series), flush=True)
        self_games = games if args.self_games is None or args.quick else args.self_games
        self_seeds = range(args.seed, args.seed + self_games)
        print(self_play(engine, level, self_seeds, max_actions, reply_seconds), flush=True)


if __name__ == "__main__":
    main()
