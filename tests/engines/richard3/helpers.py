"""Helpers to build positions for the Richard III rule tests."""

from __future__ import annotations

from games.engines.base.phases import hand_over
from games.engines.richard3 import ENGINE, movement
from games.engines.richard3.board import BLOCK_IDS
from games.engines.richard3.data.blocks import BLOCKS
from games.engines.richard3.data.cards import CARDS
from games.engines.richard3.sequence import TABLE
from games.engines.richard3.turn_record import new_turn_record

# One card id per (ap, event)
PLAIN = {4: 7, 3: 13, 2: 20}
EVENT = {CARDS[c][1]: c for c in CARDS if CARDS[c][1]}


def fresh(seed: int = 1, scenario: str = "1460") -> dict:
    return ENGINE.setup(seed, {"scenario": scenario})


def clear(state: dict, keep: tuple[str, ...] = ()) -> dict:
    """Take every block off the map (to the pool) except the heirs and those kept."""
    for b in BLOCK_IDS:
        rec = state["blocks"][b]
        if rec["at"] not in ("off", "minor", "out", "dead", "pool") and b not in keep:
            if BLOCKS[b]["kind"] == "heir":
                continue
            rec["at"] = "pool"
    return state


def put(state: dict, bid: str, area: str, steps: int | None = None) -> None:
    twin = BLOCKS[bid]["twin"]
    if twin and state["blocks"][twin]["at"] not in ("dead",):
        state["blocks"][twin].update(at="off", strength=0)
    state["blocks"][bid].update(at=area, strength=BLOCKS[bid]["steps"] if steps is None else steps, down=False)


def park_heirs(state: dict) -> None:
    """Send the heirs on the map to their side's exile so test areas stay clean."""
    for b in BLOCK_IDS:
        if BLOCKS[b]["kind"] == "heir" and state["blocks"][b]["at"] not in ("minor", "dead", "off", "out"):
            state["blocks"][b]["at"] = "France" if BLOCKS[b]["side"] == "lancaster" else "Calais"


def action_phase(state: dict, role: str, card: int, p1: str | None = None) -> dict:
    other = "york" if role == "lancaster" else "lancaster"
    state["played"] = {role: card, other: PLAIN[2]}
    state["player1"] = p1 or role
    state["turn_record"] = new_turn_record()
    movement.enter_action_phase(state, role)
    return state


def enter(state: dict, step: str, **args) -> dict:
    """Run a step of the sequence of play (``sequence.STEPS``) and every step it hands over to."""
    TABLE.run(state, hand_over(step, **args))
    return state


def do(state: dict, role: str, **action) -> dict:
    """Apply an action; a battle action for a block first selects that block when the owner must pick one."""
    if "block" in action and action["type"] not in ("select", "take", "move", "ship", "recruit", "regroup"):
        select = {"type": "select", "block": action["block"]}
        if state.get("battle") and any(c["action"] == select for c in ENGINE.legal_actions(state, role)):
            state = ENGINE.apply(state, role, select)
    return ENGINE.apply(state, role, action)


def types(state: dict, role: str) -> set[str]:
    return {c["action"]["type"] for c in ENGINE.legal_actions(state, role)}


def acts(state: dict, role: str, kind: str) -> list[dict]:
    return [c["action"] for c in ENGINE.legal_actions(state, role) if c["action"]["type"] == kind]


def move(state: dict, role: str, area: str, bid: str, path: list[str], stop: bool = False) -> dict:
    """Activate (if needed), move one block along ``path``."""
    if state["action_phase"]["mode"] is None:
        state = do(state, role, type="activate", area=area)
    state = do(state, role, type="move", block=bid)
    for to in path:
        state = do(state, role, type="step", to=to)
    if stop and state["action_phase"]["mode"] == "transit":
        state = do(state, role, type="stop")
    return state


class FixedDice:
    """Patch board.roll to return fixed dice (context manager for rule tests)."""

    def __init__(self, monkeypatch, *rolls: list[int]) -> None:
        import games.engines.richard3.board as board_mod
        import games.engines.richard3.combat as combat_mod

        seq = list(rolls)

        def fake(state, n):
            dice = seq.pop(0)
            assert len(dice) == n, (dice, n)
            return list(dice)

        monkeypatch.setattr(board_mod, "roll", fake)
        monkeypatch.setattr(combat_mod, "roll", fake)


def battle_at(
    state: dict,
    area: str,
    attacker: str,
    entries: dict,
    defenders: list[str],
    p1: str | None = None,
    reserves: tuple[str, ...] = (),
    treason: str | None = None,
) -> dict:
    """Set up a battle: ``entries`` maps an attacker border key to the blocks that crossed it (first is main)."""
    from games.engines.richard3 import battle

    for bid in defenders:
        if state["blocks"][bid]["at"] != area:
            put(state, bid, area)
    rec = {"attacker": attacker, "main": next(iter(entries)), "entries": {attacker: {}}, "reserves": list(reserves)}
    for key, bids in entries.items():
        rec["entries"][attacker][key] = list(bids)
        for bid in bids:
            put(state, bid, area)
    state["turn_record"] = new_turn_record()
    state["turn_record"]["attacks"][area] = rec
    state["turn_record"]["treason"] = treason
    state["player1"] = p1 or attacker
    state["action_phase"] = None
    state["phase"] = "battle"
    state["battle"] = None
    battle.start_battle(state, area)
    battle.settle(state)
    return state


def ship(state: dict, role: str, bid: str) -> dict:
    """Start a sea move from the block's area and pick the block."""
    state = do(state, role, type="sea", area=state["blocks"][bid]["at"])
    return do(state, role, type="ship", block=bid)
