"""One phase table per engine: what a phase offers, who acts in it, and one handler per action type.

A game's sequence of play is a set of phases (``state["phase"]`` names the current one). Each phase
declares, in one ``Phase`` record:

- ``name``: the value of ``state["phase"]`` while it runs;
- ``choices(state, role)``: the legal choices of ``role`` (the engine's ``legal_actions``);
- ``handlers``: action type -> ``handler(state, role, action)``; the table picks the handler once, so
  nothing below branches on the phase or the action type again;
- ``prompt(state, role)``: what the phase asks of ``role`` (optional; the table's default otherwise);
- ``active(state)``: the roles to act now (optional; the table's default otherwise).

Phases never start each other. A handler that ends its phase (or needs another one to run first)
returns a ``Handover``: the name of a *step* and its arguments. The engine's one sequencer, the
``steps`` of the table, carries it out; a step may hand over again, until one returns None (cf. 18xx's
``next_round!`` and Rally the Troops' state tables). So phase modules import shared helpers only, never
each other, and the order of play is read in one place. Where the hand-over happens deep in a phase's
helpers, they may ``mark_hand_over(state, step, ...)`` instead of returning it: the table takes the mark
out of the state once the handler (or step) returns, so it is never stored; it must be the last thing
the action does.

    table = PhaseTable([move_phase, shock_phase], steps={"shock": shock.enter, ...}, active=deciders)
    table.legal_actions(state, role); table.apply(state, role, action); table.run(state, hand_over("shock"))
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .engine import Action, Choice, State
from .errors import IllegalAction
from .messages import Text


@dataclass(frozen=True)
class Handover:
    """What the sequencer runs next: ``steps[step](state, **args)``."""

    step: str
    args: Mapping[str, Any] = field(default_factory=dict)


def hand_over(step: str, **args: Any) -> Handover:
    return Handover(step, args)


MARK = "_hand_over"  # the state key of a marked hand-over while an action runs (never stored)


def mark_hand_over(state: State, step: str, **args: Any) -> None:
    """Hand over once the running handler or step returns (see the module docstring)."""
    if MARK in state:
        raise RuntimeError(f"Two hand-overs in one step: {state[MARK][0]!r} and {step!r}")
    state[MARK] = (step, args)


Handler = Callable[[State, str, Action], Handover | None]
Step = Callable[..., Handover | None]
ChoicesFn = Callable[[State, str], list[Choice]]
PromptFn = Callable[[State, str | None], Text]  # a message record (engines.base.messages)
ActiveFn = Callable[[State], list[str]]


@dataclass(frozen=True)
class Phase:
    name: str
    choices: ChoicesFn
    handlers: Mapping[str, Handler]
    prompt: PromptFn | None = None
    active: ActiveFn | None = None


class PhaseTable:
    """The phases of one engine, looked up by ``state[key]``, and the steps its sequencer knows.

    ``over`` names the phases in which nobody acts (the game has ended)."""

    def __init__(
        self,
        phases: Iterable[Phase],
        steps: Mapping[str, Step],
        *,
        active: ActiveFn,
        prompt: PromptFn | None = None,
        key: str = "phase",
        over: tuple[str, ...] = ("over",),
    ) -> None:
        self.phases = {p.name: p for p in phases}
        self.steps = dict(steps)
        self.default_active = active
        self.default_prompt = prompt
        self.key = key
        self.over = over

    def phase(self, state: State) -> Phase | None:
        """The running phase; None once the game is over."""
        name = state[self.key]
        if name in self.over:
            return None
        try:
            return self.phases[name]
        except KeyError:
            raise IllegalAction(f"Unknown phase {name!r}") from None

    def active_roles(self, state: State) -> list[str]:
        phase = self.phase(state)
        if phase is None:
            return []
        return (phase.active or self.default_active)(state)

    def legal_actions(self, state: State, role: str) -> list[Choice]:
        phase = self.phase(state)
        if phase is None or role not in self.active_roles(state):
            return []
        return phase.choices(state, role)

    def prompt(self, state: State, role: str | None) -> Text | None:
        """What ``role`` is asked now (None: a spectator); the table's default once the game is over."""
        phase = self.phase(state)
        fn = phase.prompt if phase is not None and phase.prompt is not None else self.default_prompt
        return fn(state, role) if fn is not None else None

    def handler(self, state: State, action: Action) -> Handler:
        phase = self.phase(state)
        if phase is None:
            raise IllegalAction("The game is over")
        handler = phase.handlers.get(action.get("type", ""))
        if handler is None:
            raise IllegalAction(f"No action {action.get('type')!r} in phase {phase.name!r}")
        return handler

    def apply(self, state: State, role: str, action: Action) -> None:
        """Carry out ``action`` on ``state`` (changed in place), then every hand-over it leads to."""
        self.run(state, self.handler(state, action)(state, role, action))

    def run(self, state: State, handover: Handover | None) -> None:
        """The sequencer: run steps until one hands over to nobody."""
        while True:
            marked = state.pop(MARK, None)
            if handover is not None and marked is not None:
                raise RuntimeError(f"A hand-over both returned ({handover.step!r}) and marked ({marked[0]!r})")
            if marked is not None:
                handover = Handover(*marked)
            if handover is None:
                return
            handover = self.steps[handover.step](state, **handover.args)
