"""The Richard III engine: the contract methods over the phase table (``sequence``)."""

from __future__ import annotations

from typing import Any

from games.engines.base import Action, Choice, Engine, State, json_copy

from .board import BLOCK_IDS, ROLES, owner
from .evaluation import evaluate
from .panels import render_panels
from .sampling import sample_state
from .sequence import TABLE, play
from .setup import initial_state
from .svg import render, render_picture
from .texts import CATALOGUES
from .view import make_view

PASSIVE = ("end", "done", "keep", "pass", "skip", "spare", "stop")


class Richard3Engine(Engine):
    slug = "richard3"
    title = "Richard III: The Wars of the Roses"
    version = 6
    catalogues = CATALOGUES
    changes = {
        2: "Rules corrections (see the notes on the rules page): the most senior heir is King or Pretender at every "
        "Supply Phase; regrouping blocks stay hidden; both players always answer the redeal question; a block "
        "turning to the Attacker in round 4 withdraws where its owner chooses; a dead mercenary stays face down "
        "until 8.5; Calais is open to Kent and Salisbury only under the Calais conditions; blocks that attacked "
        "by sea may retreat or regroup to their own exile areas.",
        3: "Where a new Pretender stands is no longer told to his opponent (only a new King's location is "
        "announced, rule 6.8.1b).",
        4: "The map shows the paths of the latest moves; a move, sail, recruit, regroup or supply loss is one line "
        "in each reader's log (no longer twice for its owner); a block picked for a sea move, or a pool block "
        "picked to recruit, can be taken back before anything is paid.",
        5: "The game's inner records use the rulebook's words; no rule changed.",
        6: "Texts in English and Russian: every choice, prompt and log line reads in each player's own language, "
        "with the rulebook's names; no rule changed.",
    }
    roles = ROLES
    # RULES.md: a timed-out player passes where passing is legal.
    passes = PASSIVE
    options = {
        "scenario": {"choices": ["1460", "1469", "1485"], "default": "1460", "label": "Scenario"},
        # A3: the text gives two Events to the Pretender; English v1.02 compares their AP first.
        "two_events": {"choices": ["pretender", "compare_ap"], "default": "pretender", "label": "Two Event cards"},
    }

    def setup(self, seed: int, options: dict[str, Any]) -> State:
        return initial_state(seed, options)

    def active_roles(self, state: State) -> list[str]:
        return TABLE.active_roles(state)

    def legal_actions(self, state: State, role: str) -> list[Choice]:
        return TABLE.legal_actions(state, role)

    def apply(self, state: State, role: str, action: Action) -> State:
        self.check_legal(state, role, action)
        state = self.copy(state)
        play(state, role, action)
        return state

    def apply_trusted(self, state: State, role: str, action: Action) -> State:
        """``apply`` without checking the action against ``legal_actions`` (it was just taken from them)."""
        state = self.copy(state)
        play(state, role, action)
        return state

    def sample_state(self, view: dict[str, Any], role: str, seed: int) -> State:
        return sample_state(view, role, seed)

    def evaluate(self, state: State, role: str) -> float:
        return evaluate(state, role)

    def view(self, state: State, role: str | None) -> dict[str, Any]:
        return make_view(self, state, role)

    def result(self, state: State) -> dict[str, Any] | None:
        over = state.get("over")
        if not over:
            return None
        winner = over["winner"]
        return {"winner": winner, "scores": {r: int(r == winner) for r in ROLES}, "reason": over["reason"]}

    def render_svg(self, view: dict[str, Any]) -> str:
        return render(view)

    def render_panels(self, view: dict[str, Any]) -> str:
        return render_panels(view)

    def render_picture(self, view: dict[str, Any]) -> str:
        return render_picture(view)

    def is_undoable(self, before: State, after: State, role: str) -> bool:
        """No take-back once chance was used or a card or battle was revealed."""
        if not super().is_undoable(before, after, role):
            return False
        if before["phase"] != after["phase"] or before.get("battle") != after.get("battle"):
            return False
        # Plague: enemy blocks lost steps or vanished, which showed their strength.
        if any(before["blocks"][b] != after["blocks"][b] for b in BLOCK_IDS if owner(before, b) != role):
            return False
        return before["phase"] in ("action", "supply", "political")

    @staticmethod
    def copy(state: State) -> State:
        out = json_copy({k: v for k, v in state.items() if k not in ("log", "blocks")})
        out["log"] = list(state.get("log", []))  # events are never changed once written
        out["blocks"] = {b: dict(rec) for b, rec in state["blocks"].items()}  # flat records
        return out
