"""The Richard III engine: setup, turn sequence and dispatch to the phase modules (R3-1.0)."""

from __future__ import annotations

from typing import Any

from games.engines.base import Action, Choice, Engine, IllegalAction, Rng, State, add_event, json_copy

from . import battle, cards_phase, movement, political, supply
from .board import BLOCK_IDS, ROLES, other, owner, senior_heir_in_play, status
from .data.blocks import BLOCKS
from .data.scenarios import SETUP_1460, SETUP_1469, SETUP_1485
from .panels import render_panels
from .svg import render, render_picture
from .view import make_view

TURNS_PER_CAMPAIGN = 7  # R3-1.0a
SCENARIOS = {
    "1460": {"setup": SETUP_1460, "king": "lancaster", "campaign": 1, "last": 3},
    "1469": {"setup": SETUP_1469, "king": "york", "campaign": 2, "last": 2},
    "1485": {"setup": SETUP_1485, "king": "york", "campaign": 3, "last": 3},
}
PASSIVE = ("end", "done", "keep", "pass", "skip", "spare", "stop")


def rescue_henry(state: State) -> None:
    """1469: the captive Henry VI is freed once Lancaster holds London alone (scenario rule)."""
    if state["blocks"]["L_HenryVI"]["at"] == "prisoner" and status(state, "Middlesex", "lancaster") == "friendly":
        state["blocks"]["L_HenryVI"]["at"] = "Middlesex"
        add_event(state, "Henry VI is rescued in London!")


class Richard3Engine(Engine):
    slug = "richard3"
    title = "Richard III: The Wars of the Roses"
    version = 4
    changes = {
        2: "Rules audit (RULES.md, Audit): the most senior heir is King or Pretender at every Supply Phase; "
        "regrouping blocks stay hidden; both players always answer the redeal question; a block turning "
        "to the Attacker in round 4 withdraws where its owner chooses; a dead mercenary stays face down "
        "until 8.5; Calais is open to Kent and Salisbury only under the Calais conditions; blocks that "
        "attacked by sea may retreat or regroup to their own exile areas.",
        3: "Where a new Pretender stands is no longer told to his opponent (only a new King's location is "
        "announced, R3-6.8.1b).",
        4: "Events carry board marks (path/at) for the page's trails; a move, sail, recruit, regroup or supply "
        "loss is one line in each reader's log (no longer twice for its owner); a block picked for a sea move, "
        "or a pool block picked to recruit, can be taken back before anything is paid.",
    }
    roles = ROLES
    # RULES.md: a timed-out player passes where passing is legal.
    passes = PASSIVE
    options = {
        "scenario": {"choices": ["1460", "1469", "1485"], "default": "1460", "label": "Scenario"},
        # A3: the text gives two Events to the Pretender; English v1.02 compares their AP first.
        "two_events": {"choices": ["pretender", "compare_ap"], "default": "pretender", "label": "Two Event cards"},
    }

    # --- setup ----------------------------------------------------------------------------------
    def setup(self, seed: int, options: dict[str, Any]) -> State:
        scenario = options.get("scenario", "1460")
        spec = SCENARIOS[scenario]
        blocks = {}
        for b in BLOCK_IDS:
            at = spec["setup"][b]
            full = at not in ("off", "out", "dead")
            blocks[b] = {"at": at, "s": BLOCKS[b]["steps"] if full else 0, "down": False}  # R3-4.1a
        king = spec["king"]
        state: State = {
            "scenario": scenario,
            "two_events": options.get("two_events", "pretender"),
            "rng": Rng.from_seed(seed).state,
            "log": [],
            "campaign": spec["campaign"],
            "last_campaign": spec["last"],
            "turn": 1,
            "king": king,  # R3-0.1c
            "crowned": {"lancaster": None, "york": None},
            "minors_due": {"lancaster": 0, "york": 0},
            "blocks": blocks,
            "hands": {"lancaster": [], "york": []},
            "deck": [],
            "played": {"lancaster": None, "york": None},
            "p1": None,
            "phase": "card",
            "t": movement.new_turn_record(),
            "act": None,
            "battle": None,
            "sup": None,
            "pol": None,
            "over": None,
        }
        for side in ROLES:
            state["crowned"][side] = senior_heir_in_play(state, side)
        if blocks["L_HenryVI"]["at"] == "prisoner":
            state["crowned"]["lancaster"] = "L_HenryVI"  # the captive Pretender (1469)
        add_event(
            state,
            f"Scenario {scenario}: {king.capitalize()} is King, {other(king).capitalize()} is Pretender. "
            f"Campaign {state['campaign']}.",
        )
        cards_phase.deal(state)
        return state

    # --- contract -------------------------------------------------------------------------------
    def active_roles(self, state: State) -> list[str]:
        phase = state["phase"]
        if phase == "over":
            return []
        if phase == "redeal":
            return cards_phase.redeal_active(state)
        if phase == "card":
            return cards_phase.card_active(state)
        if phase == "action":
            return [state["act"]["role"]]
        if phase == "battle":
            return battle.battle_active(state)
        if phase == "supply":
            return supply.supply_active(state)
        if phase == "political":
            return political.political_active(state)
        return []

    def legal_actions(self, state: State, role: str) -> list[Choice]:
        if role not in self.active_roles(state):
            return []
        phase = state["phase"]
        if phase == "redeal":
            return cards_phase.redeal_choices(state, role)
        if phase == "card":
            return cards_phase.card_choices(state, role)
        if phase == "action":
            return movement.action_choices(state, role)
        if phase == "battle":
            return battle.battle_choices(state, role)
        if phase == "supply":
            return supply.supply_choices(state, role)
        return political.political_choices(state, role)

    def apply(self, state: State, role: str, action: Action) -> State:
        self.check_legal(state, role, action)
        state = self.copy(state)
        phase = state["phase"]
        if phase == "redeal":
            cards_phase.apply_redeal(state, role, action)
        elif phase == "card":
            if cards_phase.apply_play(state, role, action):
                movement.start_action_phase(state, state["p1"])
        elif phase == "action":
            if movement.apply_action(state, role, action):
                if role == state["p1"]:  # R3-1.2a
                    movement.start_action_phase(state, other(role))
                else:
                    state["act"] = None
                    battle.start_battle_phase(state)  # R3-1.3a
        elif phase == "battle":
            battle.apply_battle(state, role, action)
        elif phase == "supply":
            supply.apply_supply(state, role, action)
        elif phase == "political":
            political.apply_political(state, role, action)
        else:
            raise IllegalAction("The game is over")
        self.advance(state)
        return state

    def advance(self, state: State) -> None:
        """Run the automatic steps between decisions (R3-1.0c)."""
        rescue_henry(state)
        while not state.get("over"):
            phase = state["phase"]
            if phase == "battle" and state["battle"] is None and not battle.contested_areas(state):
                supply.start_supply(state)
            elif phase == "supply" and state["sup"]["ask"] == {"kind": "done"}:
                self.end_turn(state)
            elif phase == "political" and state["pol"]["ask"] == {"kind": "done"}:
                state["campaign"] += 1
                state["turn"] = 1
                state["pol"] = None
                add_event(state, f"Campaign {state['campaign']} begins.")
                cards_phase.deal(state)  # R3-8.5d
            else:
                return

    def end_turn(self, state: State) -> None:
        state["sup"] = None
        state["played"] = {"lancaster": None, "york": None}
        state["t"] = movement.new_turn_record()
        state["p1"] = None
        if state["turn"] >= TURNS_PER_CAMPAIGN:  # R3-8.0a
            political.start_political(state)
            return
        state["turn"] += 1
        state["phase"] = "card"

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
