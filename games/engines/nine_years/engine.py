"""The Nine Years engine: the contract methods over one phase table (a module per decision)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.engines.base import Action, Choice, Engine, IllegalAction, Rng, State, json_copy
from games.engines.base.phases import Handler, Phase, PhaseTable

from . import panels, svg
from .provisional import campaign, movement, reinforcement, sequence
from .provisional.scenario import initial_state
from .provisional.siege import lift_sieges
from .view import view as make_view


def with_rng(act: Callable[[State, Rng, str, Action], None]) -> Handler:
    """A module's ``act(state, rng, role, action)`` as a handler: the RNG is read from the state and put back."""

    def handler(state: State, role: str, action: Action) -> None:
        rng = Rng(state["rng"])
        act(state, rng, role, action)
        state["rng"] = rng.state

    return handler


# phase -> (its module, the action types it takes); each module's ``choices`` and ``act`` play it. The
# automatic steps between decisions are run by ``sequence.advance`` after every action.
PLAYED_BY = {
    "first": (sequence, ("first",)),
    "savoy": (sequence, ("decline", "neutralise_savoy")),
    "displace": (sequence, ("displace",)),
    "reinforce": (reinforcement, ("done", "repair", "raise")),
    "card": (campaign, ("play_card",)),
    "action": (campaign, ("end_round", "campaign", "transfer", "replace", "rally", "naval", "line")),
    "transfer": (campaign, ("transfer_to",)),
    "move": (movement, ("step", "sail", "convert", "stop")),
    "intercept": (movement, ("no_intercept", "intercept")),
    "avoid": (movement, ("accept", "avoid")),
    "losses": (movement, ("lose",)),
    "retreat": (movement, ("retreat",)),
}
TABLE = PhaseTable(
    [
        Phase(name, module.choices, dict.fromkeys(types, with_rng(module.act)))
        for name, (module, types) in PLAYED_BY.items()
    ],
    {"campaign": movement.start},  # 13.5.1: an Action card's campaign starts a move
    active=lambda state: list(state["active"]),
)
# What a timed-out player does when it is legal (otherwise the first legal choice).
DEFAULTS = ("done", "end_round", "stop", "decline", "no_intercept", "accept")


class NineYearsEngine(Engine):
    slug = "nine_years"
    title = "Nine Years: The War of the Grand Alliance"
    stand_in_notice = "Map, cards, set-up and rules sections 8–20 are stand-ins, not the published game"
    version = 4
    changes = {
        2: "Issue 21: an Automatic Victory is checked before the peace roll; Event cards are drawn from 1688 "
        "(seed 5.1); forces displaced from Savoy go where they fit; passing through a full space needs only a "
        "way on, not 2 MP; an interceptor brings the corps that fit; new victory bands; owner choices "
        "(corps taken, retreat, losses, where forces leaving Savoy go) offered to the player.",
        3: "Issue 23: events say where on the map they happened (marches, battles, sieges, placements, cards on a "
        "space), so the page can draw the other side's moves; the map names leaders and is legible at its first "
        "zoom; hands, tracks and events beside it.",
        4: 'Issue 23: event texts and choices name cards by title (stand-in Action cards as "a 2-action card"), '
        "never by code, sides and regions by name, dice as numbers, not lists; a battle needs corps on both "
        "sides: leaders without corps roll no dice and withdraw as the loser (RULES.md, NY-4.3b).",
    }
    roles = ("bourbon", "alliance")
    passes = DEFAULTS
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
        state["steps"] = list(sequence.YEAR_START)
        rng = Rng(state["rng"])
        sequence.advance(state, rng)
        state["rng"] = rng.state
        return state

    def active_roles(self, state: State) -> list[str]:
        return list(state["active"])

    def legal_actions(self, state: State, role: str) -> list[Choice]:
        return TABLE.legal_actions(state, role)

    def apply(self, state: State, role: str, action: Action) -> State:
        self.check_legal(state, role, action)
        new = self.copy(state)
        TABLE.apply(new, role, action)
        rng = Rng(new["rng"])
        lift_sieges(new)
        sequence.advance(new, rng)
        lift_sieges(new)
        new["rng"] = rng.state
        return new

    @staticmethod
    def copy(state: State) -> State:
        """The log is append-only (its events are never changed), so it is shared, not copied."""
        new = json_copy({k: v for k, v in state.items() if k != "log"})
        new["log"] = list(state["log"])
        return new

    def view(self, state: State, role: str | None) -> dict[str, Any]:
        if role is not None and role not in self.roles:
            raise IllegalAction(f"Unknown role {role!r}")
        return make_view(state, role)

    def result(self, state: State) -> dict[str, Any] | None:
        return state["result"]

    def render_svg(self, view: dict[str, Any]) -> str:
        return svg.render(view)

    def render_panels(self, view: dict[str, Any]) -> str:
        return panels.render_panels(view)

    def render_picture(self, view: dict[str, Any]) -> str:
        return panels.render_picture(view)

    def is_undoable(self, before: State, after: State, role: str) -> bool:
        """Only steps that used no chance and revealed no card (no deal, no event drawn)."""
        if not super().is_undoable(before, after, role):
            return False
        return before["hands"] == after["hands"] and before["decks"] == after["decks"]
