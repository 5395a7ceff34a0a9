"""The Nine Years engine: the contract methods over the phase table and sequencer (``provisional/sequence.py``)."""

from __future__ import annotations

from typing import Any

from games.engines.base import Action, Choice, Engine, IllegalAction, State, json_copy, msg

from . import panels, svg
from .evaluation import evaluate
from .policy import purposeful
from .provisional import sequence
from .sampling import sample_state
from .setup import initial_state
from .texts import CATALOGUES
from .view import view as make_view


class NineYearsEngine(Engine):
    slug = "nine_years"
    title = "Nine Years: The War of the Grand Alliance"
    stand_in_notice = "Map, cards, set-up and rules sections 8–20 are stand-ins, not the published game"
    version = 7
    changes = {
        2: "Rules corrections: an Automatic Victory is checked before the peace roll; Event cards are drawn from "
        "1688 (rule 5.1); forces displaced from Savoy go where they fit; passing through a full space needs only a "
        "way on, not 2 MP; an interceptor brings the corps that fit; new victory bands; the owner of the forces "
        "now makes their choices (corps taken, retreat, losses, where forces leaving Savoy go).",
        3: "Events say where on the map they happened (marches, battles, sieges, placements, cards on a space), "
        "so the page can draw the other side's moves; the map names leaders and is legible at its first zoom; "
        "hands, tracks and events are shown beside it.",
        4: 'Events and choices name cards by title (stand-in Action cards as "a 2-action card"), sides and regions '
        "by name, and dice as numbers; a battle needs corps on both sides: leaders without corps roll no dice and "
        "withdraw as the loser (rule 4.3b, see the notes on the rules page).",
        5: 'Corps are named by power and number ("French corps 3") in choices and events; the game\'s inner records '
        "use the rulebook's words. No rule changed.",
        6: "Every choice, prompt, event and result reads in English or Russian, with the names from the Russian "
        "rulebook; the map, panels and mail picture are drawn in the reader's language. No rule changed.",
        7: "The card “Savoy's separate peace” cites its rule as the rulebook numbers it (rule 7.2.1d–h). No rule "
        "changed.",
    }
    roles = ("bourbon", "alliance")
    catalogues = CATALOGUES
    # What a timed-out player does when it is legal (otherwise the first legal choice).
    passes = ("done", "end_round", "stop", "decline", "no_intercept", "accept")
    policies = {"purposeful": purposeful}
    computer_policy = "purposeful"
    options: dict[str, dict[str, Any]] = {
        # NY-1.1.1b: the campaign game with No Peace Without Spain (20.3) is not available; only this scenario.
        "scenario": {
            "choices": ["nine_years"],
            "default": "nine_years",
            "label": "Scenario (20.1; stand-in map, cards and set-up)",
        },
    }

    def setup(self, seed: int, options: dict[str, Any]) -> State:
        state = initial_state(seed, self.resolve_options(options))
        sequence.start(state)
        return state

    def active_roles(self, state: State) -> list[str]:
        return list(state["active"])

    def legal_actions(self, state: State, role: str) -> list[Choice]:
        return sequence.TABLE.legal_actions(state, role)

    def apply(self, state: State, role: str, action: Action) -> State:
        self.check_legal(state, role, action)
        return self.apply_trusted(state, role, action)

    def apply_trusted(self, state: State, role: str, action: Action) -> State:
        """``apply`` without building the legal choices to look ``action`` up in (issue 32)."""
        new = self.copy(state)
        sequence.play(new, role, action)
        return new

    @staticmethod
    def copy(state: State) -> State:
        """The log is append-only (its events are never changed), so it is shared, not copied."""
        new = json_copy({k: v for k, v in state.items() if k != "log"})
        new["log"] = list(state["log"])
        return new

    def view(self, state: State, role: str | None) -> dict[str, Any]:
        if role is not None and role not in self.roles:
            raise IllegalAction(msg("Unknown role {role}", role=role))
        return make_view(state, role)

    def result(self, state: State) -> dict[str, Any] | None:
        return state["result"]

    def render_svg(self, view: dict[str, Any]) -> str:
        return svg.render(view)

    def render_panels(self, view: dict[str, Any]) -> str:
        return panels.render_panels(view)

    def render_picture(self, view: dict[str, Any]) -> str:
        return panels.render_picture(view)

    def sample_state(self, view: dict[str, Any], role: str, seed: int) -> State:
        return sample_state(view, role, seed)

    def evaluate(self, state: State, role: str) -> float:
        return evaluate(state, role)

    def is_undoable(self, before: State, after: State, role: str) -> bool:
        """Only steps that used no chance and revealed no card (no deal, no event drawn)."""
        if not super().is_undoable(before, after, role):
            return False
        return before["hands"] == after["hands"] and before["decks"] == after["decks"]
