"""What a side knows of the state beyond the board (issue 32): the phase records its computer player needs
to rebuild a state it could be in (``sampling``), with every opponent block it cannot see as an
anonymous token.

A token says only what the side saw of that block: where it stands (an area, the pool, or off the map:
gone, minor, out...) and the records that mention it (moved this turn, pinned in an attack); not
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
GONE = "gone"  # dead, or a mercenary resting in its home exile area (R3-6.8.5a)


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


def seen_at(at: str) -> str:
    """Where a hidden block is seen to stand: killed for good and resting face down are one to the side,
    since a block lost to plague or supply is named only to its owner."""
    return GONE if at in ("dead", "resting") else at


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


def opponent_secrets(records: dict, state: dict, role: str, hidden: set[str]) -> None:
    """Take out of ``records`` what the opponent knows and the side does not."""
    opponent = other(role)
    action_phase = records["action_phase"]
    if action_phase and action_phase["role"] == opponent:
        if action_phase["mode"] == "sea" and action_phase["sea"]["sailed"] == 0:
            action_phase["sea"].update({"from": None, "block": None})  # a sea move begun, not yet sailed
        if action_phase["mode"] == "transit":
            path = action_phase["transit"]["path"]
            path[1:-1] = [None] * len(path[1:-1])  # a move tells only where it started and stands now
    # The areas the opponent's blocks crossed into on the way (the log tells only where a move began and ended).
    records["turn_record"]["crossings"][opponent] = {}
    political = records["political"]
    if political:
        ask = political["ask"]
        if ask and ask.get("role") == opponent and ask["kind"] == "home":
            ask["areas"] = None  # a block's homes would name it (R3-8.3)
        # The queue lists blocks in the order of the block list: the opponent's in the order of where they stand.
        front = 1 if ask and ask.get("block") in hidden else 0
        queue = political["queue"]
        rest = [b for b in queue[front:] if b in hidden]
        rest.sort(key=lambda b: state["blocks"][b]["at"])
        spots = [i for i in range(front, len(queue)) if queue[i] in hidden]
        for i, b in zip(spots, rest, strict=True):
            queue[i] = b


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
    opponent_secrets(records, state, role, set(hidden))
    found: dict[str, list[str]] = {b: [] for b in hidden}
    mentions(records, "", set(hidden), found)
    slots = {b: {"at": seen_at(state["blocks"][b]["at"])} for b in hidden}
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
