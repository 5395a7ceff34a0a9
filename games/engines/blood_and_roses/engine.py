"""The Blood & Roses engine: the contract methods (ARCHITECTURE §2) over the phase table (``sequence``)."""

from __future__ import annotations

from typing import Any

from games.engines.base import Action, Choice, Engine, IllegalAction, State, json_copy
from games.engines.base.messages import untranslated

from . import panels, svg
from .battles import NAMES, battle, load
from .evaluation import evaluate
from .invariants import stacking_violations
from .policy import purposeful, tactical
from .sampling import sample_state
from .sequence import TABLE
from .setup import initial_state
from .state import copy_state
from .svg_terrain import shipped_layers
from .texts import CATALOGUES
from .view import view as make_view

# Actions a timed-out player takes when legal, best first (else the first legal choice).
PASSES = (
    "let_begin",
    "no_seize",
    "allow",
    "done",
    "leader_done",
    "resolve",
    "resolve_declared",
    "end_moves",
    "end_shock",
    "stand",
    "no_countercharge",
    "disorder",
    "no_pursuit",
    "end",
    "pass",
)


class BloodAndRosesEngine(Engine):
    slug = "blood_and_roses"
    title = "Blood & Roses"
    stand_in_notice = "The battle map, its armies and the player-aid tables are stand-ins, not the published game"
    version = 8
    changes = {
        2: "Phase C: every shock and charge is declared first (an attacker and its target or targets, with any "
        "units joining it); then the declared combats are resolved in the order declared and none may be "
        "cancelled (12.1c). A game started earlier may go on differently.",
        3: "Retreats: the hexes offered are worked out when the player chooses, so two retreating units never "
        "end in one hex, and a unit passing through a friendly missile unit takes its hex before that unit "
        "falls back (10.0g, 14.4d). After a retreat or an advance the unit may take a new facing (12.4c, "
        "14.4c); the advance after a retreat before combat is the attacker's choice (12.2f). A knight that "
        "starts the shock phase next to an enemy may not charge (13.3b). Leaders roll once for a Retreat "
        "result and also when their attacking unit must retreat or be Disordered (5.5e). A Routed unit "
        "moves one hex whatever it costs (14.5c). Bosworth stand-ins: Flight Levels 16 and 16 (were York "
        "18, Lancaster 14), nightfall after 60 activations (was 40). A unit's move is one choice: its "
        "destination, reached by the cheapest path; facing is chosen by clicking an "
        "arrow around the unit.",
        4: 'The log says where things happened, so the page can draw them: each move (a new line, "moves '
        'A→B"), retreat and advance carries the hexes it went through, and each entry, fire, shock, charge, '
        "rally and rout the hexes where it happened. No rule changed.",
        5: "The game's inner records use the rulebook's words instead of abbreviations. No rule changed: games "
        "already started go on exactly as before.",
        6: "Russian and English: every choice, prompt and log line reads in the reader's language, with the "
        "rulebook's names and terms; the board, panels and picture are drawn in it too. The log of games started "
        "earlier keeps its English lines. No rule changed.",
        7: 'The log names units as the choices do ("Norfolk\'s longbowmen 1", not "Y-LB1"), in every event and '
        "Flight Point note, also for units eliminated, fled or pursuing; a line that opens with a unit's name "
        "starts with a capital letter. No rule changed: games already started go on exactly as before.",
        8: "Battle Cry and Treachery! may also be played at the start of the other side's activation, as the "
        "rulebook says (6.3i/j): a player who holds one with a use is asked, on the board, before the other side "
        "moves, and may let the activation begin instead.",
    }
    catalogues = CATALOGUES
    roles = ("york", "lancaster")
    passes = PASSES
    options: dict[str, dict[str, Any]] = {
        "battle": {"choices": list(NAMES), "default": "bosworth", "label": "Battle (stand-in layout)"},
        "battle_flight": {"choices": [True, False], "default": True, "label": "Battle Flight (optional rule 14.8)"},
        "pursuit": {
            "choices": [True, False],
            "default": True,
            "label": "Pursuit (optional rule 14.9, with Battle Flight)",
        },
    }

    copy = staticmethod(copy_state)

    def setup(self, seed: int, options: dict[str, Any]) -> State:
        options = self.resolve_options(options)
        return initial_state(seed, options, battle(options["battle"]))

    def setup_custom(self, seed: int, data: dict[str, Any], options: dict[str, Any] | None = None) -> State:
        """A game on a battle given as data (the tests' purpose-made battle), validated by the loader."""
        resolved = self.resolve_options({k: v for k, v in (options or {}).items() if k != "battle"})
        return initial_state(seed, resolved, load(data), custom=data)

    def active_roles(self, state: State) -> list[str]:
        return TABLE.active_roles(state)

    def legal_actions(self, state: State, role: str) -> list[Choice]:
        return TABLE.legal_actions(state, role)

    def apply(self, state: State, role: str, action: Action) -> State:
        self.check_legal(state, role, action)
        return self.apply_trusted(state, role, action)

    def apply_trusted(self, state: State, role: str, action: Action) -> State:
        """``apply`` without the legality check, which lists every legal action again (about three
        quarters of ``apply``'s time in a game's Phase B)."""
        new = self.copy(state)
        TABLE.apply(new, role, action)
        return new

    def view(self, state: State, role: str | None) -> dict[str, Any]:
        return make_view(state, role)

    policies = {"purposeful": purposeful, "tactical": tactical}
    computer_policy = "tactical"

    def sample_state(self, view: dict[str, Any], role: str, seed: int) -> State:
        return sample_state(view, role, seed)

    def evaluate(self, state: State, role: str) -> float:
        return evaluate(state, role)

    def is_undoable(self, before: State, after: State, role: str) -> bool:
        """No take-back once chance was used, nor of a step that opened the other player's window for Battle
        Cry or Treachery! (BR-6.3i/j): the window showed that he holds such a marker with a use, which his
        hidden markers (BR-2.2h) did not."""
        if not super().is_undoable(before, after, role):
            return False
        return not (after["phase"] == "opening" and after["decider"] != role)

    def invariant_violations(self, state: State) -> list[str]:
        return stacking_violations(state)

    def milestones(self, state: State) -> list[str]:
        """ "contact": a shock or a charge was fought."""
        lines = (untranslated(e["text"]) for e in state["log"] if "dr" in e)
        fought = any(" shocks " in line or " charges " in line for line in lines)
        return ["contact"] if fought else []

    def result(self, state: State) -> dict[str, Any] | None:
        return json_copy(state["result"]) if state.get("result") else None

    def render_svg(self, view: dict[str, Any]) -> str:
        return svg.render(view)

    def render_panels(self, view: dict[str, Any]) -> str:
        return panels.render(view)

    def render_picture(self, view: dict[str, Any]) -> str:
        return svg.render_picture(view)

    def layer(self, name: str) -> str | None:
        return shipped_layers().get(name)

    def check_legal(self, state: State, role: str, action: Action) -> None:
        if not isinstance(action, dict):
            raise IllegalAction('An action is a JSON object with a "type" key')
        super().check_legal(state, role, action)
