"""The Sekigahara engine: the contract methods over the phase table (``sequence``)."""

from __future__ import annotations

from typing import Any

from games.engines.base import Action, Choice, Engine, IllegalAction, State, json_copy, msg

from . import svg
from .common import refresh_control
from .evaluation import evaluate
from .panels import render_panels
from .sampling import sample_state
from .sequence import TABLE
from .setup import initial_state
from .texts import CATALOGUES
from .view import view as make_view

# Actions a timed-out player takes when they are legal (otherwise the first legal choice).
PASSES = ("pass", "no_challenge", "no_second", "end_movement", "end_move", "halt", "muster_done")
MOVEMENT_PHASES = ("level", "move", "pick", "march", "muster")
SHARED = ("log", "faces", "cards")  # append-only or never changed after set-up


class SekigaharaEngine(Engine):
    slug = "sekigahara"
    title = "Sekigahara: The Unification of Japan"
    # RULES.md, Stand-ins: what the sources do not give is invented, and the rules page lists it.
    stand_in_notice = (
        "The mix of blocks in the bags, two set-up blocks and part of the Mori rule are stand-ins, "
        "not the published game"
    )
    version = 5
    catalogues = CATALOGUES
    changes = {
        2: "Rules corrections (see the rules page, version 2): the attacker deploys first when he can; castle "
        "control is refreshed before the final score and the Reinforcement step; the challenged player picks the "
        "card he shows; a group that used its allowance may still buy its forced march; overruns work both ways "
        "on arrival; Leadership is optional; an activation that moves nothing costs no move.",
        3: "The map shows where the other side's last moves went (marches, retreats, battles, sieges, musters, "
        "activations, control); a draw, a drop-off or a hidden muster is one line in its owner's log (the others "
        "see a line naming only how many).",
        4: "The game's inner records use the rulebook's words; no rule changed.",
        5: "Choices, prompts, the log and the result read in English or Russian (the rulebook's terms, the names "
        "in Cyrillic), and so do the map and the panels.",
    }
    roles = ("ishida", "tokugawa")
    passes = PASSES
    options: dict[str, dict[str, Any]] = {
        "initiative_tie": {
            "choices": ["attacker", "defender"],
            "default": "attacker",
            "label": "Battle initiative at equal Impact (AMB-02)",
        }
    }

    def setup(self, seed: int, options: dict[str, Any]) -> State:
        return initial_state(seed, options)

    def active_roles(self, state: State) -> list[str]:
        return TABLE.active_roles(state)

    def legal_actions(self, state: State, role: str) -> list[Choice]:
        return TABLE.legal_actions(state, role)

    def apply(self, state: State, role: str, action: Action) -> State:
        self.check_legal(state, role, action)
        return self.apply_trusted(state, role, action)

    def apply_trusted(self, state: State, role: str, action: Action) -> State:
        new = self.copy(state)
        TABLE.apply(new, role, action)
        if new["phase"] != "over":
            refresh_control(new)
        return new

    @staticmethod
    def copy(state: State) -> State:
        new = json_copy({k: v for k, v in state.items() if k not in SHARED})
        new.update(faces=state["faces"], cards=state["cards"], log=list(state["log"]))
        return new

    def view(self, state: State, role: str | None) -> dict[str, Any]:
        if role is not None and role not in self.roles:
            raise IllegalAction(msg("Unknown role {role}", role=repr(role)))
        return make_view(state, role, TABLE.prompt(state, role))

    def result(self, state: State) -> dict[str, Any] | None:
        return state["result"]

    def sample_state(self, view: dict[str, Any], role: str, seed: int) -> State:
        return sample_state(view, role, seed)

    def evaluate(self, state: State, role: str) -> float:
        return evaluate(state, role)

    def render_svg(self, view: dict[str, Any]) -> str:
        return svg.render(view)

    def render_panels(self, view: dict[str, Any]) -> str:
        return render_panels(view)

    def render_picture(self, view: dict[str, Any]) -> str:
        return svg.render_picture(view)

    def is_undoable(self, before: State, after: State, role: str) -> bool:
        """Only movement steps that revealed nothing: no card shown or drawn, no block lost or shown."""
        if not super().is_undoable(before, after, role):
            return False
        if before["phase"] not in MOVEMENT_PHASES or after["phase"] not in MOVEMENT_PHASES:
            return False
        dead = [sum(w == "dead" for w in st["where"].values()) for st in (before, after)]
        revealed = any(e.get("reveal") for e in after["log"][len(before["log"]) :])
        return before["hands"] == after["hands"] and dead[0] == dead[1] and not revealed
