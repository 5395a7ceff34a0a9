"""The sequence of play in one place: the phase table and the one sequencer.

Rosenkönig has one phase, a player's turn (``turn``); it runs until ``state["end"]`` says why the game
ended. Every action hands over to ``end_turn``, which decides who moves next (RK-PLAY-1/4/5) or ends the
game (RK-END-1…3). The state names no phase (none is needed with one), so the table reads ``end``.
"""

from __future__ import annotations

from ..base import State, Text, add_event, msg
from ..base.phases import Handover, Phase, PhaseTable, hand_over
from . import turn
from .rules import has_action, name, opponent
from .scoring import END_REASONS, decide, outcome


def end_turn(state: State, mover: str) -> Handover | None:
    """Decide who moves next after ``mover``'s turn, passing for a player who cannot act."""
    if state["supply"] == 0:
        return hand_over("end_game", reason="stones")  # RK-END-2: the last stone was placed
    other = opponent(mover)
    if has_action(state, other):
        state["turn"] = other  # RK-PLAY-1, and RK-PLAY-5 / A6: a passing player resumes as soon as he can act
    elif has_action(state, mover):
        # RK-PLAY-4/5: Zugzwang; the opponent moves again. Recorded, never asked.
        add_event(
            state, msg("{side} cannot make any legal move and must pass.", side=name(other)), action="pass", role=other
        )
        state["turn"] = mover
    else:
        return hand_over("end_game", reason="blocked")  # RK-END-1 / A4
    return None


def end_game(state: State, reason: str) -> None:
    # RK-END-3: no further turns; the territories are scored.
    state["turn"] = None
    state["end"] = reason
    why, found = END_REASONS[reason], decide(state["board"])["reason"]
    add_event(state, msg("Game over: {why}. {reason}.", why=why, reason=found))


def over_prompt(state: State, role: str | None) -> Text:
    found = outcome(state)
    assert found is not None
    return msg("Game over. {reason}", reason=found["reason"])


STEPS = {
    "end_turn": end_turn,  # after every action
    "end_game": end_game,
}


class _Table(PhaseTable):
    def phase(self, state: State) -> Phase | None:
        """The turn while the game runs; None once it has ended."""
        return None if state["end"] is not None else self.phases[turn.PHASE.name]


TABLE = _Table([turn.PHASE], STEPS, active=lambda state: [state["turn"]], prompt=over_prompt)
