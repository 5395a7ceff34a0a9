"""What a side knows of the state beyond the board (issue 32): the phase records its computer player needs
to rebuild a state it could be in (``sampling``), with every opponent block it cannot see as an
anonymous token.

A token says only what the side saw of that block: where it stands (an area, the pool, or off the map:
dead, resting, out...) and the records that mention it (moved this turn, pinned in an attack); not
whether a pool block lies face down (the pool is hidden, R3-4.2a). Tokens are numbered by those public
facts alone, so their order never tells one hidden block from another.
"""

from __future__ import annotations

from typing import Any

from games.engines.base import json_copy

from .board import BLOCK_IDS, ROLES, other, owner
from .data.cards import CARDS

PHASE_RECORDS = ("turn_record", "action_phase", "battle", "supply", "political")
TOKEN = "hidden:"


def revealed(state: dict) -> set[str]:
    """Opponent blocks standing revealed in the battle being fought (R3-6.1c), as the view shows them."""
    battle = state["battle"]
    if not battle or battle["stage"] == "regroup":
        return set()
    return {b for b in BLOCK_IDS if state["blocks"][b]["at"] == battle["area"]}


def hidden_blocks(state: dict, role: str) -> list[str]:
    shown = revealed(state)
    opponent = other(role)
    return [b for b in BLOCK_IDS if owner(state, b) == opponent and b not in shown]


def mentions(value: Any, path: str, wanted: set[str], found: dict[str, list[str]]) -> None:
    """Where (as paths) each block of ``wanted`` is named in ``value``, as a value or as a key."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key in wanted:
                found[key].append(f"{path}/{key}:key")
            mentions(item, f"{path}/{key}", wanted, found)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            mentions(item, f"{path}/{i}", wanted, found)
    elif isinstance(value, str) and value in wanted:
        found[value].append(path)


def renamed(value: Any, names: dict[str, str]) -> Any:
    """``value`` with every block id (value or key) of ``names`` replaced by its new name."""
    if isinstance(value, dict):
        return {names.get(k, k): renamed(v, names) for k, v in value.items()}
    if isinstance(value, list):
        return [renamed(v, names) for v in value]
    if isinstance(value, str):
        return names.get(value, value)
    return value


def opponent_choice_in_progress(records: dict, role: str) -> None:
    """A sea move the opponent has begun but not sailed is his own secret: from where, with which block."""
    action_phase = records["action_phase"]
    if action_phase and action_phase["role"] != role and action_phase["mode"] == "sea":
        sea = action_phase["sea"]
        if sea["sailed"] == 0:
            sea.update({"from": None, "block": None})


def redeal_seen(state: dict, role: str) -> dict | None:
    """The redeal question: the opponent's answer is secret until both have answered (A5)."""
    redeal = json_copy(state.get("redeal"))
    if redeal and redeal["answers"]:
        opponent = other(role)
        if redeal["answers"].get(opponent) is not None and redeal["answers"].get(role) is None:
            redeal["answers"][opponent] = "answered"
    return redeal


def discards(state: dict) -> list[int]:
    """Cards played earlier this Campaign: every one was shown when both cards were revealed (R3-1.1b)."""
    in_play = set(state["deck"]) | {c for r in ROLES for c in state["hands"][r]} | set(state["played"].values())
    return sorted(c for c in CARDS if c not in in_play)


def public_record(state: dict, role: str) -> dict[str, Any]:
    hidden = hidden_blocks(state, role)
    records = {part: json_copy(state[part]) for part in PHASE_RECORDS}
    opponent_choice_in_progress(records, role)
    found: dict[str, list[str]] = {b: [] for b in hidden}
    mentions(records, "", set(hidden), found)
    slots = {b: {"at": state["blocks"][b]["at"]} for b in hidden}
    order = sorted(hidden, key=lambda b: (slots[b]["at"], found[b], b))
    tokens = {b: f"{TOKEN}{i}" for i, b in enumerate(order)}
    redeal = redeal_seen(state, role)
    opponent = other(role)
    shown_hand = redeal and redeal.get("claimant") == opponent and state["phase"] == "redeal"
    return {
        **renamed(records, tokens),
        "redeal": redeal,
        "two_events": state["two_events"],
        "minors_due": dict(state["minors_due"]),
        "blocks": {b: dict(rec) for b, rec in state["blocks"].items() if b not in tokens},
        "hidden": [slots[b] for b in order],
        "discards": discards(state),
        # R3-5.1d: a player demanding a redeal shows his hand until new cards are dealt.
        "shown_hand": sorted(state["hands"][opponent]) if shown_hand else None,
    }
