"""The computer player's search (engines.base.search): deterministic, legal, fair, and stronger than chance."""

from __future__ import annotations

from typing import Any

import pytest

from games.engines.base import Choice, Engine, Rng, State
from games.engines.base.duel import by_policy, computer, play
from games.engines.base.search import (
    KEPT_FOR_LATER,
    KEPT_FOR_PICKS,
    LEAST_COMMON_ROLLOUTS,
    LEAST_SEARCH,
    LEVELS,
    THINKING_SECONDS,
    Level,
    beats,
    choose_action,
    cut,
)
from games.engines.rosenkoenig import ENGINE as ROSENKOENIG

from .playouts import walk

# A small search, so that whole games stay quick; the levels are measured by bench.bots.
QUICK = Level("quick", steps=400, max_depth=6, noise=0.0)


def midgame(seed: int, steps: int = 12) -> State:
    *_, last = walk(ROSENKOENIG, seed, steps=steps)
    return last


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_same_view_and_seed_give_the_same_move(seed):
    state = midgame(seed)
    role = ROSENKOENIG.active_roles(state)[0]
    view = ROSENKOENIG.view(state, role)
    assert choose_action(ROSENKOENIG, view, role, seed=5, level=QUICK) == choose_action(
        ROSENKOENIG, view, role, seed=5, level=QUICK
    )


@pytest.mark.parametrize("seed", [4, 5, 6])
def test_the_move_does_not_depend_on_the_hidden_state(seed):
    state = midgame(seed)
    role = ROSENKOENIG.active_roles(state)[0]
    view = ROSENKOENIG.view(state, role)
    other = ROSENKOENIG.sample_state(view, role, 1234)
    assert other["draw_pile"] != state["draw_pile"]  # another order of the unseen cards
    move = choose_action(ROSENKOENIG, view, role, seed=9, level=QUICK)
    assert choose_action(ROSENKOENIG, ROSENKOENIG.view(other, role), role, seed=9, level=QUICK) == move


def test_every_level_plays_a_legal_move():
    state = midgame(7)
    role = ROSENKOENIG.active_roles(state)[0]
    legal = [choice["action"] for choice in ROSENKOENIG.legal_actions(state, role)]
    for level in LEVELS.values():
        cheap = Level(level.name, min(level.steps, 200), level.max_depth, level.noise)
        assert choose_action(ROSENKOENIG, ROSENKOENIG.view(state, role), role, seed=3, level=cheap) in legal


def test_a_search_cut_short_still_plays_a_legal_move():
    state = midgame(8)
    role = ROSENKOENIG.active_roles(state)[0]
    legal = [choice["action"] for choice in ROSENKOENIG.legal_actions(state, role)]
    view = ROSENKOENIG.view(state, role)
    move = choose_action(ROSENKOENIG, view, role, seed=3, level=QUICK, reply_left=lambda: 0.0)
    assert move in legal


def test_whole_games_against_the_computer_are_legal_to_the_end():
    # duel.play applies every move with the checked apply: an illegal one would raise.
    seats = {"red": computer(QUICK), "white": by_policy("uniform")}
    assert ROSENKOENIG.result(play(ROSENKOENIG, 21, seats)) is not None


def test_the_computer_beats_the_uniform_player_in_rosenkoenig():
    """Fixed seeds, sides alternating: a deterministic check that the search is far better than chance
    (the uniform player wins about half its games against itself)."""
    wins = 0
    for game in range(4):
        side = ROSENKOENIG.roles[game % 2]
        seats = {role: computer(QUICK) if role == side else by_policy("uniform") for role in ROSENKOENIG.roles}
        wins += ROSENKOENIG.result(play(ROSENKOENIG, 1000 + game, seats))["winner"] == side
    assert wins >= 3


# --- simultaneous choices -------------------------------------------------------------------------------
class SecretPicks(Engine):
    """Both sides pick a letter at once; "same" wins if the letters match, "different" otherwise."""

    slug = "secret_picks"
    roles = ("same", "different")
    computer_policy = "spy"

    def __init__(self) -> None:
        self.seen_by_opponent: list[dict[str, str]] = []
        self.policies = {"spy": self._spy}

    def _spy(self, state: State, role: str, choices: list[Choice], chooser: Rng) -> Choice:
        if role == "different":
            self.seen_by_opponent.append(dict(state["picks"]))
        return choices[chooser.below(len(choices))]

    def setup(self, seed: int, options: dict[str, Any]) -> State:
        return {"picks": {}, "rng": seed, "log": []}

    def active_roles(self, state: State) -> list[str]:
        return [role for role in self.roles if role not in state["picks"]]

    def legal_actions(self, state: State, role: str) -> list[Choice]:
        return [{"action": {"type": "pick", "letter": letter}, "label": letter} for letter in "ab"]

    def apply(self, state: State, role: str, action: dict) -> State:
        new = self.copy(state)
        new["picks"][role] = action["letter"]
        return new

    def view(self, state: State, role: str | None) -> dict[str, Any]:
        return {"picks": {r: p for r, p in state["picks"].items() if r == role}, "log": []}

    def result(self, state: State) -> dict[str, Any] | None:
        if self.active_roles(state):
            return None
        return {"winner": "same" if len(set(state["picks"].values())) == 1 else "different"}

    def sample_state(self, view: dict[str, Any], role: str, seed: int) -> State:
        return {"picks": dict(view["picks"]), "rng": seed, "log": []}

    def evaluate(self, state: State, role: str) -> float:
        found = self.result(state)
        return 0.5 if found is None else float(found["winner"] == role)


def test_a_simultaneous_choice_is_searched_without_the_other_side_seeing_it():
    engine = SecretPicks()
    view = engine.view(engine.setup(1, {}), "same")
    choose_action(engine, view, "same", seed=2, level=QUICK)
    assert engine.seen_by_opponent  # the opponent picked in every iteration…
    assert all(picks == {} for picks in engine.seen_by_opponent)  # …never seeing the searching side's pick


# --- the policy's pick, challenged by its next choices --------------------------------------------------
class OneChoice(Engine):
    """One move among five letters, then the game is over; ``evaluate`` scores by ``value`` of the letter
    taken plus noise from the sampled state. The policy prefers "c", then the letters in order."""

    slug = "one_choice"
    roles = ("solo",)
    computer_policy = "purposeful"

    def __init__(self, value: dict[str, float]) -> None:
        self.value = value
        self.policies = {"purposeful": self._prefers_c}

    @staticmethod
    def _prefers_c(state: State, role: str, choices: list[Choice], chooser: Rng) -> Choice:
        return next((c for c in choices if c["action"]["letter"] == "c"), choices[0])

    def setup(self, seed: int, options: dict[str, Any]) -> State:
        return {"letter": None, "rng": seed, "log": []}

    def active_roles(self, state: State) -> list[str]:
        return [] if state["letter"] else ["solo"]

    def legal_actions(self, state: State, role: str) -> list[Choice]:
        return [{"action": {"type": "pick", "letter": letter}, "label": letter} for letter in "abcde"]

    def apply(self, state: State, role: str, action: dict) -> State:
        return {**state, "letter": action["letter"]}

    def view(self, state: State, role: str | None) -> dict[str, Any]:
        return {"letter": state["letter"], "log": []}

    def result(self, state: State) -> dict[str, Any] | None:
        return None

    def sample_state(self, view: dict[str, Any], role: str, seed: int) -> State:
        return {"letter": view["letter"], "rng": seed, "log": []}

    def evaluate(self, state: State, role: str) -> float:
        noise = Rng.from_seed(state["rng"]).below(1000) / 1000
        return 0.3 * noise + 0.7 * self.value.get(state["letter"], 0.0)


def test_a_search_that_cannot_tell_moves_apart_plays_its_policy():
    engine = OneChoice({})  # every letter scores alike, up to the noise
    view = engine.view(engine.setup(1, {}), "solo")
    picks = {choose_action(engine, view, "solo", seed=seed, level=QUICK)["letter"] for seed in range(30)}
    assert picks == {"c"}


def test_a_challenger_the_scores_clearly_prefer_beats_the_policys_pick():
    engine = OneChoice({"b": 1.0})  # "b" is the policy's third choice
    view = engine.view(engine.setup(1, {}), "solo")
    picks = {choose_action(engine, view, "solo", seed=seed, level=QUICK)["letter"] for seed in range(30)}
    assert picks == {"b"}


@pytest.mark.parametrize(("lead", "overturns"), [(0.15, False), (0.25, True)])
def test_a_challenger_must_lead_the_pick_by_two_standard_errors(lead, overturns):
    # Sixteen common rollouts whose differences spread by 0.4: a standard error of 0.1. The best of three
    # challengers leads by one error often by chance (it is chosen on these rollouts), so 1.5 is not enough.
    pick = dict.fromkeys(range(16), 0.5)
    challenger = {seed: 0.5 + lead + (0.4 if seed % 2 else -0.4) for seed in range(16)}
    assert beats(challenger, pick) is overturns


def test_only_the_policys_first_choices_challenge_its_pick():
    # The price of a budget spent on a few moves: "e", the policy's fifth choice, is never tried.
    engine = OneChoice({"e": 1.0})
    view = engine.view(engine.setup(1, {}), "solo")
    assert choose_action(engine, view, "solo", seed=4, level=QUICK) == {"type": "pick", "letter": "c"}


def test_the_challengers_share_each_rollouts_sampled_state(monkeypatch):
    """Common random numbers: every candidate of a round is scored on the same sampled states."""
    engine = OneChoice({"b": 1.0})
    seeds: list[int] = []
    monkeypatch.setattr(engine, "sample_state", lambda view, role, seed: seeds.append(seed) or {**view, "rng": seed})
    choose_action(engine, engine.view(engine.setup(1, {}), "solo"), "solo", seed=3, level=QUICK)
    first_round = seeds[1:]  # after the one that lists the choices
    assert len(first_round) >= 8
    assert all(first_round[i : i + 4].count(first_round[i]) == 4 for i in range(0, 8, 4))


def after_calls(count: int):
    """A reply's clock whose time is spent from its ``count``-th reading on: the challenge reads it as it
    starts, then asks once before its first rollout and once after each rollout of every candidate."""
    calls = iter(range(1, 10_000))
    return lambda: 0.0 if next(calls) >= count else 2.0


def test_a_search_hurried_by_its_reply_plays_the_policys_pick():
    # "b" is far better, but four rollouts of each move cannot tell a gap from noise; five can.
    engine = OneChoice({"b": 1.0})
    view = engine.view(engine.setup(1, {}), "solo")
    four, five = (after_calls(rollouts + 2) for rollouts in (LEAST_COMMON_ROLLOUTS - 1, LEAST_COMMON_ROLLOUTS))
    assert choose_action(engine, view, "solo", seed=3, level=QUICK, reply_left=four) == {"type": "pick", "letter": "c"}
    assert choose_action(engine, view, "solo", seed=3, level=QUICK, reply_left=five) == {"type": "pick", "letter": "b"}


@pytest.mark.parametrize("left", [0.0, QUICK.reply_seconds * KEPT_FOR_PICKS])
def test_with_only_its_kept_time_left_the_challenge_plays_the_pick_at_once(monkeypatch, left):
    engine = OneChoice({"b": 1.0})
    view = engine.view(engine.setup(1, {}), "solo")
    sampled: list[int] = []
    monkeypatch.setattr(engine, "sample_state", lambda view, role, seed: sampled.append(seed) or {**view, "rng": seed})
    assert choose_action(engine, view, "solo", seed=3, level=QUICK, reply_left=lambda: left)["letter"] == "c"
    assert len(sampled) == 1  # the state the choices are listed from: no rollout


def test_in_the_time_kept_for_later_the_tree_search_searches_its_least_then_not_at_all(monkeypatch):
    state = midgame(3)  # red has four choices
    role = ROSENKOENIG.active_roles(state)[0]
    view = ROSENKOENIG.view(state, role)
    sample = ROSENKOENIG.sample_state
    kept = QUICK.reply_seconds * KEPT_FOR_LATER

    def iterations(reply_left) -> int:
        sampled: list[int] = []
        monkeypatch.setattr(ROSENKOENIG, "sample_state", lambda *args: sampled.append(1) or sample(*args))
        choose_action(ROSENKOENIG, view, role, seed=1, level=QUICK, reply_left=reply_left)
        monkeypatch.undo()
        return len(sampled) - 1  # one lists the choices, one more each iteration

    full, least, late = (iterations(clock) for clock in (None, lambda: kept, lambda: kept / 2))
    assert 1 < least < full * 2 * LEAST_SEARCH
    assert late == 0  # no search at all (below)


def test_late_in_its_reply_the_tree_search_wraps_the_turn_up_with_the_default_action():
    state = midgame(3)
    role = ROSENKOENIG.active_roles(state)[0]
    view = ROSENKOENIG.view(state, role)
    move = choose_action(ROSENKOENIG, view, role, seed=1, level=QUICK, reply_left=lambda: 0.0)
    assert move == ROSENKOENIG.default_action(state, role)
    assert move != choose_action(ROSENKOENIG, view, role, seed=1, level=QUICK)  # not what a search would play


def test_a_decision_stops_at_its_thinking_time_or_at_the_time_its_reply_keeps_for_later():
    left = [6.0]
    out_of_time = cut(lambda: left[0], kept=1.5)
    left[0] = 6.0 - THINKING_SECONDS + 0.01
    assert not out_of_time()
    left[0] = 6.0 - THINKING_SECONDS
    assert out_of_time()  # a whole decision's time, with most of the reply still left
    left[0] = 1.6
    out_of_time = cut(lambda: left[0], kept=1.5)
    assert not out_of_time()
    left[0] = 1.5
    assert out_of_time()  # what is left is kept for the decisions still to come
    assert cut(None, kept=1.5) is None  # no clock: the search spends its whole budget
