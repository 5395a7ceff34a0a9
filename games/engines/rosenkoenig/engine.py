"""The Rosenkönig engine: the contract methods on top of ``rules``, ``scoring`` and ``svg``."""

from __future__ import annotations

from typing import Any

from ..base import Action, Choice, Engine, State, visible_events
from . import rules, svg
from .data import CARDS, ROLES
from .scoring import decide, scores
from .svg import DRAW_PILE_TARGET, card_target


def _choice(role: str, move: rules.Move) -> Choice:
    label = CARDS[move["card"]]["label"]
    to = rules.cell_text(move["to"])
    if move["type"] == "play":
        text = f"Play {label}: crown to {to}, place a {role} stone"
    else:
        text = f"Hero + {label}: crown to {to}, flip the {rules.opponent(role)} stone"
    return {"action": {"type": move["type"], "card": move["card"]}, "label": text, "target": card_target(move["card"])}


class RosenkoenigEngine(Engine):
    slug = "rosenkoenig"
    title = "Rosenkönig"
    version = 2
    changes = {
        2: "Events say where on the board they happened (the crown's move and the stone's cell), so the page can "
        "draw your opponent's moves; each player sees the board from their own side, hands beside the board.",
    }
    roles = ROLES
    # A timed-out player draws if allowed (it changes no stone and spends no hero), else plays, else moves
    # a hero. Passing is never a legal choice in this game (RK-PLAY-3).
    passes = ("draw", "play", "hero")
    options = {}

    def setup(self, seed: int, options: dict[str, Any]) -> State:
        return rules.new_game(seed)

    def active_roles(self, state: State) -> list[str]:
        return [] if state["end"] is not None else [state["turn"]]

    def legal_actions(self, state: State, role: str) -> list[Choice]:
        if role not in self.active_roles(state):
            return []
        found = rules.moves(state, role)
        choices = [_choice(role, m) for m in found if m["type"] == "play"]
        if rules.can_draw(state, role):
            size = len(state["hands"][role])
            label = f"Draw a power card ({size} in hand)"
            choices.append({"action": {"type": "draw"}, "label": label, "target": DRAW_PILE_TARGET})
        choices += [_choice(role, m) for m in found if m["type"] == "hero"]
        return choices

    def apply(self, state: State, role: str, action: Action) -> State:
        rules.check_action(state, role, action)
        new = self.copy(state)
        if action["type"] == "draw":
            rules.draw(new, role)
        else:
            rules.play(new, role, action["card"], hero=action["type"] == "hero")
        rules.finish_turn(new, role)
        return new

    def result(self, state: State) -> dict[str, Any] | None:
        if state["end"] is None:
            return None
        outcome = decide(state["board"])
        outcome["reason"] = f"The game ended because {rules.END_REASONS[state['end']]}. {outcome['reason']}."
        return outcome

    def view(self, state: State, role: str | None) -> dict[str, Any]:
        # A11: everything is public except the draw-pile order (and the RNG).
        board = state["board"]
        return {
            "role": role,
            "roles": list(ROLES),
            "board": dict(board),
            "crown": list(state["crown"]),
            "hands": {r: list(state["hands"][r]) for r in ROLES},
            "heroes": dict(state["heroes"]),
            "discard": list(state["discard"]),
            "draw_pile_count": len(state["draw_pile"]),
            "supply": state["supply"],
            "stones": {r: sum(1 for owner in board.values() if owner == r) for r in ROLES},
            "scores": scores(board),
            "turn": state["turn"],
            "result": self.result(state),
            "active_roles": self.active_roles(state),
            "prompt": self._prompt(state, role),
            "log": visible_events(state["log"], role),
        }

    def _prompt(self, state: State, role: str | None) -> str:
        if state["end"] is not None:
            outcome = self.result(state)
            assert outcome is not None
            return f"Game over. {outcome['reason']}"
        mover = rules.name(state["turn"])
        mover_role = state["turn"]
        kinds = {m["type"] for m in rules.moves(state, mover_role)}
        options = []
        if "play" in kinds:
            options.append("play a power card")
        if rules.can_draw(state, mover_role):
            options.append("draw a power card")
        if "hero" in kinds:
            options.append(f"use a hero with a power card ({state['heroes'][mover_role]} left)")
        if role != mover_role:
            # The waiting player (and a spectator) is told what the mover may do.
            return f"{mover} is choosing a move (they may " + ", or ".join(options) + ")."
        return f"Your move, {mover}: " + ", or ".join(options) + "."

    def render_svg(self, view: dict[str, Any]) -> str:
        return svg.render(view)

    def render_panels(self, view: dict[str, Any]) -> str:
        return svg.render_panels(view)

    def render_picture(self, view: dict[str, Any]) -> str:
        return svg.render_picture(view)

    def is_undoable(self, before: State, after: State, role: str) -> bool:
        # A draw reveals a new card (and may reshuffle): never undoable. Plays and heroes are.
        return before["rng"] == after["rng"] and before["draw_pile"] == after["draw_pile"]
