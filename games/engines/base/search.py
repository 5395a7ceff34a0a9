"""The computer player over the engine contract (issue 32): information-set Monte Carlo tree search, or,
where the engine has a policy of its own, that policy's pick challenged by its next choices on rollouts.

It is handed a side's view, never the state (fair by construction): every iteration samples a state
the side could be in (``Engine.sample_state``), plays it forward and scores it with ``Engine.evaluate``.
Deterministic: the same view, seed and level give the same move whatever the true hidden state, since
every random draw comes from ``seed`` and the budget is counted in engine steps, not seconds.

Where the engine has no policy of its own (the rollouts play the uniform choice), one iteration of the tree
search:
1. sample a state behind the view (a determinization);
2. descend the tree of the searching side's own decisions: a node is the sequence of its own actions
   since the root (an open-loop tree), so it stands for every state those actions may lead to, and
   each child is scored by UCB over the iterations in which its action was legal (availability
   counts: the legal choices differ between determinizations). Progressive widening lets a node try
   a new child only as its visits grow;
3. below the tree, every side plays the rollout policy until the game ends or ``Level.max_depth``
   actions have been played (``play_out``);
4. the state reached is scored by ``evaluate`` for the searching side, and the score is added to
   every edge taken.
The move is the root's most tried action.

Where the engine names a policy for the computer (``Engine.computer_policy``: Blood & Roses' "tactical",
Nine Years' "purposeful"), the tree search did not beat it: a second's budget gives a few dozen
iterations, spread by UCB over a dozen children whose means differ by less than their noise
(``bench.search_noise``), so its move was its policy's or one taken by chance.
There the move is the policy's pick unless one of its next ``CHALLENGERS`` choices scores better on the
same rollouts (``_Challenge``): the policy improved by rollouts, a move at a time.

The other sides' decisions are never tree nodes: they play the rollout policy, in the tree as below it.
Branching on them would let the tree split on what the searching side cannot see (the opponent's
moves with hidden blocks, cards it holds), which is information the side does not have, and would
spread a budget of a few hundred iterations over nodes it could never fill. The price: the search
assumes the opponent plays like the policy.

Simultaneous choices (several active roles, e.g. secret bids): every active role's action is picked
from the same state before any of them is applied, so no side's pick sees another's.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, cast

import orjson

from .engine import Action, Choice, Engine, Policy, State
from .playout import uniform
from .rng import Rng

EXPLORATION = 0.7  # UCB's exploration weight for scores in [0, 1]
WIDENING = 0.5  # a node visited n times may have tried ceil(n ** WIDENING) of its children
# Where the engine has a policy of its own, the move is its pick unless one of its next choices does
# better on the same rollouts (``_Challenge``).
CHALLENGERS = 3
# Standard errors of the difference by which a challenger must beat the pick. Two, not one: the pick is
# set against the best of its three challengers, chosen on the very rollouts that judge it, so a lead of one
# error often comes by chance. On 187 Blood & Roses positions one overturned 41 picks and two overturn 14,
# and against the purposeful policy the computer won 65 % with one, 71 % with two (72 % with KEPT_FOR_PICKS).
MARGIN = 2.0
# Fewer common rollouts than this cannot tell a challenger's gap from the noise (bench.search_noise), so
# the pick stands: a search hurried by its reply's time scores each candidate only once or a few times.
LEAST_COMMON_ROLLOUTS = 5
SAMPLE_STEPS = 2  # what sampling a state costs, counted in engine steps
NOISE_SCALE = 1_000_000  # noise is drawn as an integer share of this
# No decision searches longer than this on the platform's clock, so that none holds a core for long.
THINKING_SECONDS = 1.7
# The decisions of a reply (a Blood & Roses activation moves unit by unit, a Sekigahara turn block by block)
# share their level's ``reply_seconds``. The tree search keeps this share of it for the decisions still to
# come: while more than half of it is left, each searches its least; after that, each is the engine's default
# action, the pass or "done" that a player whose time ran out plays, which wraps the turn up (a random move
# would only lengthen it), and the rest of the time is for recording those moves.
KEPT_FOR_LATER = 0.25
# The challenge keeps less: once its reply is down to this share, each decision is its policy's pick, a few
# milliseconds, so that a Blood & Roses activation's last units and the last round of rollouts still end
# within the reply's time (with none kept, its replies passed two seconds by up to 0.16 s).
KEPT_FOR_PICKS = 0.1
# The least search: the tree search's first tenth of its budget, which still scores its choices.
LEAST_SEARCH = 0.1

# What one engine step (legal_actions, a policy pick and apply_trusted) costs in each engine, relative
# to Rosenkönig's, measured by ``python -m bench.bots --calibrate`` on one core: a level's budget is in
# Rosenkönig steps, so that it takes about the same time in every engine. An engine not listed weighs 1.
# Measured on quiet cores (2026-11-29). Sekigahara's and Richard III's steps have got quicker since
# (2026-12-02) and their weights were kept: the same moves, in less time.
STEP_WEIGHTS: dict[str, float] = {"blood_and_roses": 24.0, "nine_years": 14.1, "richard3": 7.0, "sekigahara": 4.4}


@dataclass(frozen=True)
class Level:
    name: str
    steps: int  # engine steps a decision may spend, in Rosenkönig steps (0: no search, the rollout policy)
    max_depth: int  # actions an iteration plays before ``Engine.evaluate`` scores it
    noise: float  # share of decisions taken uniformly at random (the easy level's mistakes)
    reply_seconds: float = 2.0  # what the decisions of one reply may take together on the platform's clock


LEVELS: dict[str, Level] = {
    level.name: level
    for level in (
        # A glance ahead (about 0.06 s of one core) and a random move one decision in four: sensible
        # moves with mistakes, also where an engine has no policy of its own to play.
        Level("easy", steps=800, max_depth=6, noise=0.25),
        # A median of 0.25-0.65 s of one core a decision (bench.bots, 2026-12-02; the lobby says "a second or
        # so"): a few of Rosenkönig's, whose iterations are short, reach THINKING_SECONDS; a reply within two
        # seconds. Strong: three times the search, and three times the reply's time.
        Level("normal", steps=20_000, max_depth=12, noise=0.0),
        Level("strong", steps=60_000, max_depth=20, noise=0.0, reply_seconds=6.0),
    )
}


def choose_action(
    engine: Engine,
    view: dict[str, Any],
    role: str,
    *,
    seed: int,
    level: Level,
    reply_left: Callable[[], float] | None = None,
) -> Action:
    """The action ``role`` takes, seeing only ``view``. ``reply_left`` (the platform's clock; engines have
    none) gives the seconds left of the reply this decision belongs to, which starts at the level's
    ``reply_seconds``; it may end the search early. Without it the move depends only on view, seed and level."""
    rng = Rng.from_seed(seed)
    policy = rollout_policy(engine)
    state = engine.sample_state(view, role, rng.next_u64())
    choices = engine.legal_actions(state, role)
    if not choices:
        raise ValueError(f"{role} has no choice in this {engine.slug} position")
    if len(choices) == 1:
        return choices[0]["action"]
    if rng.below(NOISE_SCALE) < level.noise * NOISE_SCALE:
        return uniform(state, role, choices, rng)["action"]
    if level.steps == 0:
        return policy(state, role, choices, rng)["action"]
    if reply_left is not None and plays_at_once(engine, level, reply_left()):
        if policy is not uniform:
            return policy(state, role, choices, rng)["action"]
        return cast(Action, engine.default_action(state, role))  # never None: the role has choices
    budget = int(level.steps / STEP_WEIGHTS.get(engine.slug, 1.0))
    out_of_time = cut(reply_left, kept_seconds(engine, level))
    if policy is not uniform:
        return _Challenge(engine, view, role, policy, level.max_depth, rng).decide(state, choices, budget, out_of_time)
    least = budget * LEAST_SEARCH
    search = _Search(engine, role, policy, level.max_depth, rng)
    while True:  # at least one iteration, so that the root has a tried child
        search.iterate(engine.sample_state(view, role, rng.next_u64()))
        if search.steps >= budget or (search.steps >= least and out_of_time is not None and out_of_time()):
            return search.best()


def kept_seconds(engine: Engine, level: Level) -> float:
    """What a decision's search leaves of its reply for the decisions still to come: ``KEPT_FOR_PICKS`` where
    the engine's policy is challenged, which then plays its pick at once, else ``KEPT_FOR_LATER``, of which
    the tree search spends half on its least searches before it plays the default action."""
    return level.reply_seconds * (KEPT_FOR_PICKS if engine.computer_policy else KEPT_FOR_LATER)


def plays_at_once(engine: Engine, level: Level, left: float) -> bool:
    """Whether a decision begun with ``left`` seconds of its reply plays without searching: the challenge's
    pick once its kept time is reached, the tree search's default action (which wraps the turn up) once half
    of its kept time is gone."""
    kept = kept_seconds(engine, level)
    return left <= (kept if engine.computer_policy else kept / 2)


def cut(reply_left: Callable[[], float] | None, kept: float) -> Callable[[], bool] | None:
    """Whether a decision's search must stop, asked as it goes: it has searched ``THINKING_SECONDS``, or its
    reply has only ``kept`` seconds left. None without a clock."""
    if reply_left is None:
        return None
    started = reply_left()

    def out_of_time() -> bool:
        left = reply_left()
        return left <= kept or started - left >= THINKING_SECONDS

    return out_of_time


def rollout_policy(engine: Engine) -> Policy:
    """The policy the engine names for the computer (``Engine.computer_policy``), else the uniform choice."""
    return engine.policies[engine.computer_policy] if engine.computer_policy else uniform


def action_key(action: Action) -> bytes:
    return orjson.dumps(action, option=orjson.OPT_SORT_KEYS)


@dataclass
class _Edge:
    action: Action
    visits: int = 0
    total: float = 0.0  # the sum of the scores of the iterations through it
    available: int = 0  # iterations that reached its node with its action legal
    child: _Node | None = None

    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


@dataclass
class _Node:
    visits: int = 0
    edges: dict[bytes, _Edge] = field(default_factory=dict)  # in the order they were tried


class _Search:
    def __init__(self, engine: Engine, role: str, policy: Policy, max_depth: int, rng: Rng) -> None:
        self.engine, self.role, self.policy, self.max_depth, self.rng = engine, role, policy, max_depth, rng
        self.root = _Node()
        self.steps = 0

    def iterate(self, state: State) -> None:
        self.steps += SAMPLE_STEPS
        state["log"] = []  # the search reads no event
        engine, node, taken, played = self.engine, self.root, [], 0
        while node is not None and played < self.max_depth and (active := engine.active_roles(state)):
            picks: list[tuple[str, Action]] = []
            for role in active:  # every pick from the same state: a simultaneous choice sees no other
                choices = engine.legal_actions(state, role)
                if role == self.role and node is not None:
                    edge = self._select(node, state, choices)
                    taken.append(edge)
                    if edge.visits == 0:
                        node = None  # a new edge: the tree grows by one, the rest is rollout
                    else:
                        node = edge.child = edge.child or _Node()
                    picks.append((role, edge.action))
                else:
                    picks.append((role, self.policy(state, role, choices, self.rng)["action"]))
            state, steps = apply_picks(engine, state, picks)
            self.steps += steps
            played += 1
        state, steps = play_out(engine, state, self.policy, self.rng, self.max_depth - played)
        score = engine.evaluate(state, self.role)
        self.steps += steps + 1
        for edge in taken:
            edge.visits += 1
            edge.total += score

    def _select(self, node: _Node, state: State, choices: list[Choice]) -> _Edge:
        """UCB over the tried children legal here, after trying a new one if the node's visits allow."""
        node.visits += 1
        keyed = [(action_key(choice["action"]), choice) for choice in choices]
        tried = [node.edges[key] for key, _ in keyed if key in node.edges]
        untried = [choice for key, choice in keyed if key not in node.edges]
        if untried and (not tried or len(tried) < math.ceil(node.visits**WIDENING)):
            pick = self.policy(state, self.role, untried, self.rng)
            edge = node.edges[action_key(pick["action"])] = _Edge(pick["action"])
            tried.append(edge)
        for edge in tried:
            edge.available += 1
        return max(tried, key=_ucb)

    def best(self) -> Action:
        """The most tried action at the root (then the best scored, then the first tried)."""
        return max(self.root.edges.values(), key=lambda edge: (edge.visits, edge.mean())).action


class _Challenge:
    """The policy's pick against its next choices, on the same rollouts: sequential halving over
    ``CHALLENGERS`` + 1 candidates, each round spending an equal share of the budget on the candidates
    left, every candidate of a round scored on the same sampled states and dice (common random numbers:
    the difference of two moves' scores then varies far less than either score, ``bench.search_noise``).
    A challenger is played only when its mean beats the pick's over their common rollouts by ``MARGIN``
    standard errors of that difference."""

    def __init__(self, engine: Engine, view: dict[str, Any], role: str, policy: Policy, depth: int, rng: Rng) -> None:
        self.engine, self.view, self.role, self.policy, self.depth, self.rng = engine, view, role, policy, depth, rng
        self.steps = 0

    def decide(
        self, state: State, choices: list[Choice], budget: int, out_of_time: Callable[[], bool] | None
    ) -> Action:
        candidates = self._candidates(state, choices)
        scores: list[dict[int, float]] = [{} for _ in candidates]  # by the rollout's seed
        alive = list(range(len(candidates)))
        rounds = math.ceil(math.log2(len(candidates)))
        for index in range(rounds):
            share = (budget - self.steps) // (rounds - index)
            per_candidate = share // len(alive) // (self.depth + SAMPLE_STEPS + 1)
            for _ in range(max(2, per_candidate)):
                seed = self.rng.next_u64()
                for candidate in alive:
                    scores[candidate][seed] = self._rollout(candidates[candidate], seed)
                if out_of_time is not None and out_of_time():
                    break
            alive.sort(key=lambda candidate: -statistics.fmean(scores[candidate].values()))
            if out_of_time is not None and out_of_time():
                break
            alive = alive[: max(1, len(alive) // 2)]
        best = alive[0]
        return candidates[best] if best and beats(scores[best], scores[0]) else candidates[0]

    def _candidates(self, state: State, choices: list[Choice]) -> list[Action]:
        """The policy's pick and the next ``CHALLENGERS`` in its order of preference."""
        return policy_order(self.policy, state, self.role, choices, CHALLENGERS + 1, self.rng)

    def _rollout(self, action: Action, seed: int) -> float:
        score, spent = rollout(self.engine, self.view, self.role, action, self.policy, seed, self.depth)
        self.steps += SAMPLE_STEPS + spent + 1
        return score


def policy_order(policy: Policy, state: State, role: str, choices: list[Choice], count: int, rng: Rng) -> list[Action]:
    """The policy's first ``count`` choices, in its order of preference: its pick, then its pick from the
    rest, and so on."""
    order: list[Action] = []
    while choices and len(order) < count:
        pick = policy(state, role, choices, rng)
        order.append(pick["action"])
        choices = [choice for choice in choices if choice is not pick]
    return order


def rollout(
    engine: Engine, view: dict[str, Any], role: str, action: Action, policy: Policy, seed: int, turns: int
) -> tuple[float, int]:
    """``role``'s score after ``action`` and then ``turns`` - 1 turns of ``policy``, from the state sampled
    behind its view with ``seed`` (the same state and dice for every action given that seed), and the
    engine steps spent. In a simultaneous choice the other sides pick from the sampled state, not seeing
    ``action``."""
    rng = Rng.from_seed(seed)
    behind = engine.sample_state(view, role, seed)
    behind["log"] = []
    picks = [
        (other, action if other == role else policy(behind, other, engine.legal_actions(behind, other), rng)["action"])
        for other in engine.active_roles(behind)
    ]
    after, first = apply_picks(engine, behind, picks)
    reached, rest = play_out(engine, after, policy, rng, turns - 1)
    return engine.evaluate(reached, role), first + rest


def beats(challenger: dict[int, float], pick: dict[int, float]) -> bool:
    """Whether the challenger's scores beat the pick's by ``MARGIN`` standard errors, over the at least
    ``LEAST_COMMON_ROLLOUTS`` rollouts both had."""
    differences = [score - pick[seed] for seed, score in challenger.items() if seed in pick]
    if len(differences) < LEAST_COMMON_ROLLOUTS:
        return False
    error = statistics.pstdev(differences) / math.sqrt(len(differences))
    return statistics.fmean(differences) > MARGIN * error


def play_out(engine: Engine, state: State, policy: Policy, rng: Rng, turns: int) -> tuple[State, int]:
    """Every side plays ``policy`` for up to ``turns`` turns (a turn: every active role's pick, made from the
    same state) or to the end of the game: the state reached and the engine steps spent. ``state`` is
    read, never changed; the states played through keep no event log."""
    steps = 0
    for _ in range(turns):
        active = engine.active_roles(state)
        if not active:
            break
        picks = [(role, policy(state, role, engine.legal_actions(state, role), rng)["action"]) for role in active]
        state, spent = apply_picks(engine, state, picks)
        steps += spent
    return state, steps


def apply_picks(engine: Engine, state: State, picks: list[tuple[str, Action]]) -> tuple[State, int]:
    """Apply the picks in turn, and the engine steps spent; after the first, one that the others made
    illegal is dropped (its role picks again from the new state)."""
    steps = 0
    for index, (role, action) in enumerate(picks):
        if index and action not in [c["action"] for c in engine.legal_actions(state, role)]:
            continue
        state = engine.apply_trusted(state, role, action)
        state["log"] = []  # unread here, and copying it would be most of the cost of the next step
        steps += 1
    return state, steps


def _ucb(edge: _Edge) -> float:
    if edge.visits == 0:
        return math.inf
    return edge.mean() + EXPLORATION * math.sqrt(math.log(edge.available) / edge.visits)
