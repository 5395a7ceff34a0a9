"""The Rosenkönig engine: the contract only. The sequence of play is ``sequence.TABLE`` (one phase, the
turn, in ``turn``); the initial state is ``setup``; what a player sees is ``view``; the picture ``svg``."""

from __future__ import annotations

from typing import Any

from ..base import Action, Choice, Engine, IllegalAction, State
from . import sampling, svg, turn
from .data.components import ROLES
from .evaluation import evaluate
from .scoring import outcome
from .sequence import TABLE
from .setup import initial_state
from .texts import CATALOGUES
from .view import view


class RosenkoenigEngine(Engine):
    slug = "rosenkoenig"
    title = "Rosenkönig"
    version = 3
    catalogues = CATALOGUES
    changes = {
        2: "Events say where on the board they happened (the crown's move and the stone's cell), so the page can "
        "draw your opponent's moves; each player sees the board from their own side, hands beside the board.",
        3: "Choices, prompts, the log and refusals read in English or Russian (the rulebook's own terms), and so "
        "do the board and the hands; refusals no longer quote rule numbers.",
    }
    roles = ROLES
    # A timed-out player draws if allowed (it changes no stone and spends no hero), else plays, else moves
    # a hero. Passing is never a legal choice in this game (RK-PLAY-3).
    passes = ("draw", "play", "hero")
    options = {}

    def setup(self, seed: int, options: dict[str, Any]) -> State:
        return initial_state(seed)

    def active_roles(self, state: State) -> list[str]:
        return TABLE.active_roles(state)

    def legal_actions(self, state: State, role: str) -> list[Choice]:
        return TABLE.legal_actions(state, role)

    def apply(self, state: State, role: str, action: Action) -> State:
        self.check_legal(state, role, action)
        return self.apply_trusted(state, role, action)

    def apply_trusted(self, state: State, role: str, action: Action) -> State:
        # The action comes from legal_actions: the checks of check_legal would only repeat it.
        new = self.copy(state)
        TABLE.apply(new, role, action)
        return new

    def check_role(self, state: State, role: str) -> None:
        if role in self.roles and role not in self.active_roles(state):
            raise IllegalAction(turn.out_of_turn(state, role))
        super().check_role(state, role)

    def check_legal(self, state: State, role: str, action: Action) -> None:
        """Legal means one of ``legal_actions``; the message says why not."""
        self.check_role(state, role)
        if not isinstance(action, dict) or "type" not in action:
            raise IllegalAction('An action is a JSON object with a "type" key')
        if all(choice["action"] != action for choice in self.legal_actions(state, role)):
            raise IllegalAction(turn.refusal(state, role, action))

    def result(self, state: State) -> dict[str, Any] | None:
        return outcome(state)

    def view(self, state: State, role: str | None) -> dict[str, Any]:
        return view(state, role)

    def render_svg(self, view: dict[str, Any]) -> str:
        return svg.render(view)

    def render_panels(self, view: dict[str, Any]) -> str:
        return svg.render_panels(view)

    def render_picture(self, view: dict[str, Any]) -> str:
        return svg.render_picture(view)

    def sample_state(self, view: dict[str, Any], role: str, seed: int) -> State:
        return sampling.sample_state(view, seed)

    def evaluate(self, state: State, role: str) -> float:
        return evaluate(state, role)

    def is_undoable(self, before: State, after: State, role: str) -> bool:
        # A draw reveals a new card (and may reshuffle): never undoable. Plays and heroes are.
        return before["rng"] == after["rng"] and before["draw_pile"] == after["draw_pile"]
