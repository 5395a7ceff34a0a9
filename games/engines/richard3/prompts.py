"""One prompt per phase: what the phase asks of the role to act, and what the others are told meanwhile."""

from __future__ import annotations

from collections.abc import Callable

from games.engines.base import Text, msg
from games.engines.base.phases import ActiveFn, PromptFn

from .board import side_name

Asked = Callable[[dict, str], Text]


def prompt(asked: Asked, waiting: Asked, active: ActiveFn) -> PromptFn:
    """``asked(state, role)`` for a role to act; for the others, ``waiting(state, who)`` for each who acts."""

    def phase_prompt(state: dict, role: str | None) -> Text:
        deciders = active(state)
        if role not in deciders:
            waits = [waiting(state, who) for who in deciders]
            if len(waits) == 2:
                return msg("{first} {second}", first=waits[0], second=waits[1])
            return waits[0] if waits else msg("Waiting.")
        return asked(state, role)

    return phase_prompt


def over_prompt(state: dict, role: str | None) -> Text:
    over = state["over"]
    return msg("Game over: {side} wins ({reason}).", side=side_name(over["winner"]), reason=msg(over["reason"]))
