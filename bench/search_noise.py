"""Can the computer's search tell its moves apart? The noise of its rollouts beside the gaps between moves.

    python -m bench.search_noise [--engines blood_and_roses,nine_years] [--samples 30] [--level normal]

The search (engines.base.search) scores a move by the mean of rollouts from states sampled behind the
side's view. It can only prefer a move to the rollout policy's own pick when the gap between their means
is larger than the rollouts' noise allows at the iterations it affords. For positions of a game played by
the rollout policy, this takes the policy's first ``--candidates`` choices in its order of preference and
plays ``--samples`` rollouts from each, as deep as the level's search, printing:

- ``sd``: the spread of one rollout's score from the policy's pick;
- ``gap``: each other candidate's mean minus the pick's;
- ``paired sd``: the spread of that difference when both rollouts share the sampled state and the dice
  (common random numbers), beside the unpaired spread the search's independent iterations have;
- ``needed``: the rollouts per move that would tell the largest gap from zero at 95 %, unpaired and paired;

then, per engine, the medians beside the rollouts one decision at the level affords in all (its step
budget over a rollout's steps, shared among all the moves it tries).
"""

from __future__ import annotations

import argparse
import math
import statistics
from dataclasses import dataclass

from games import engines
from games.engines.base import Action, Engine, Rng, State
from games.engines.base.duel import by_policy, play
from games.engines.base.search import LEVELS, SAMPLE_STEPS, STEP_WEIGHTS, policy_order, rollout, rollout_policy

POSITIONS = range(40, 640, 40)  # actions into the game
Z = 1.96


@dataclass
class Position:
    sd: float
    gaps: list[float]
    paired_sds: list[float]
    steps: int  # engine steps a rollout took, on average

    def needed(self, paired: bool) -> float:
        """Rollouts per move to tell the largest gap from zero at 95 %: the spread of a difference is the
        paired one, or that of two independent rollouts."""
        if not self.gaps:
            return math.inf
        index = max(range(len(self.gaps)), key=lambda i: abs(self.gaps[i]))
        spread = self.paired_sds[index] if paired else self.sd * math.sqrt(2)
        return math.inf if self.gaps[index] == 0 else (Z * spread / self.gaps[index]) ** 2


def measure(engine: Engine, state: State, role: str, candidates: list[Action], samples: int, turns: int) -> Position:
    """Each candidate's rollouts as the search scores them (search.rollout), sample by sample on the same
    sampled state and dice."""
    view, policy = engine.view(state, role), rollout_policy(engine)
    scores: list[list[float]] = [[] for _ in candidates]
    steps = 0
    for sample in range(samples):
        for index, action in enumerate(candidates):
            score, spent = rollout(engine, view, role, action, policy, 1000 + sample, turns)
            scores[index].append(score)
            steps += spent
    first = scores[0]
    differences = [[mine - theirs for mine, theirs in zip(other, first, strict=True)] for other in scores[1:]]
    return Position(
        sd=statistics.pstdev(first),
        gaps=[statistics.mean(difference) for difference in differences],
        paired_sds=[statistics.pstdev(difference) for difference in differences],
        steps=steps // (samples * len(candidates)),
    )


def report(engine: Engine, level_name: str, samples: int, candidates: int) -> None:
    level = LEVELS[level_name]
    turns = level.max_depth
    positions: list[Position] = []
    for actions in POSITIONS:
        seats = dict.fromkeys(engine.roles, by_policy(next(iter(sorted(engine.policies)), "uniform")))
        state = play(engine, 31, seats, max_actions=actions)
        for role in engine.active_roles(state):
            choices = engine.legal_actions(state, role)
            if len(choices) < 3:
                continue
            preferred = policy_order(rollout_policy(engine), state, role, choices, candidates, Rng.from_seed(5))
            found = measure(engine, state, role, preferred, samples, turns)
            if any(found.gaps) or any(found.paired_sds):
                positions.append(found)  # else the moves led to the same states: nothing to tell apart
            gaps = " ".join(f"{gap:+.3f}" for gap in found.gaps)
            paired = " ".join(f"{sd:.3f}" for sd in found.paired_sds)
            print(
                f"{engine.slug:16} {actions:4} {role:10} {len(choices):4}  sd {found.sd:.3f}  gaps {gaps}  "
                f"paired sd {paired} (unpaired {found.sd * math.sqrt(2):.3f})  "
                f"needed {found.needed(False):7.0f} unpaired, {found.needed(True):7.0f} paired",
                flush=True,
            )
    if not positions:
        print(f"{engine.slug:16} no position with three choices or more")
        return
    rollout_steps = statistics.median(position.steps for position in positions) + SAMPLE_STEPS
    afforded = level.steps / STEP_WEIGHTS.get(engine.slug, 1.0) / rollout_steps
    print(
        f"{engine.slug:16} median sd {statistics.median(p.sd for p in positions):.3f}, "
        f"largest gap {statistics.median(max(map(abs, p.gaps), default=0.0) for p in positions):.3f}, "
        f"needed per move {statistics.median(p.needed(False) for p in positions):.0f} unpaired and "
        f"{statistics.median(p.needed(True) for p in positions):.0f} paired; "
        f"{level.name} affords about {afforded:.0f} rollouts a decision in all ({turns} turns deep)",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--engines", default="blood_and_roses,nine_years", help="Comma-separated slugs")
    parser.add_argument("--samples", type=int, default=30, help="Rollouts from each candidate move")
    parser.add_argument("--candidates", type=int, default=4, help="The rollout policy's first choices compared")
    parser.add_argument("--level", default="normal", choices=sorted(LEVELS))
    args = parser.parse_args()
    for slug in args.engines.split(","):
        report(engines.get(slug), args.level, args.samples, args.candidates)


if __name__ == "__main__":
    main()
