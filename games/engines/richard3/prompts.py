"""One prompt per phase: what the phase asks of the role to act, and what the others are told meanwhile."""

from __future__ import annotations

from collections.abc import Callable

from games.engines.base.phases import ActiveFn, PromptFn

Asked = Callable[[dict, str], str]


def prompt(asked: Asked, waiting: Asked, active: ActiveFn) -> PromptFn:
    """``asked(state, role)`` for a role to act; for the others, ``waiting(state, who)`` for each who acts."""

    def phase_prompt(state: dict, role: str | None) -> str:
        deciders = active(state)
        if role not in deciders:
            return " ".join(waiting(state, who) for who in deciders) or "Waiting."
        return asked(state, role)

    return phase_prompt


def over_prompt(state: dict, role: str | None) -> str:
    over = state["over"]
    return f"Game over: {over['winner'].capitalize()} wins ({over['reason']})."
