"""Scenario builders for the Sekigahara tests: place chosen blocks and cards on a cleared board."""

from __future__ import annotations

from games.engines.base import IllegalAction
from games.engines.sekigahara import ENGINE
from games.engines.sekigahara.common import refresh_control
from games.engines.sekigahara.movement import enter_movement


def fresh(seed: int = 1) -> dict:
    return ENGINE.setup(seed, ENGINE.resolve_options({}))


def blank(seed: int = 1) -> dict:
    """A set-up state with every block back in its bag and empty hands (discs stay)."""
    state = fresh(seed)
    for b in state["where"]:
        state["where"][b] = "bag"
    for role in ("ishida", "tokugawa"):
        state["decks"][role].extend(state["hands"][role])
        state["hands"][role] = []
    return state


def put(state: dict, face: str, where: str) -> str:
    """Move one block of ``face`` from the bag to ``where``; returns its id."""
    for b in sorted(state["faces"]):
        if state["faces"][b] == face and state["where"][b] == "bag":
            state["where"][b] = where
            return b
    raise AssertionError(f"no {face} block left in the bag")


def give(state: dict, role: str, kind: str) -> str:
    """Move one card of ``kind`` from the deck (or discards) into ``role``'s hand."""
    for pile in (state["decks"][role], state["discards"][role]):
        for c in sorted(pile):
            if state["cards"][c] == kind:
                pile.remove(c)
                state["hands"][role].append(c)
                state["hands"][role].sort()
                return c
    raise AssertionError(f"no {kind} card left for {role}")


def deck_top(state: dict, role: str, kinds: list[str]) -> list[str]:
    """Put cards of these kinds on top of the deck (drawn first, in order)."""
    ids = []
    for kind in kinds:
        c = next(c for c in sorted(state["decks"][role]) if state["cards"][c] == kind and c not in ids)
        ids.append(c)
    for c in ids:
        state["decks"][role].remove(c)
    state["decks"][role].extend(reversed(ids))
    return ids


def movement(state: dict, role: str, level: str = "full") -> dict:
    """Put ``role`` at the start of his Movement Phase with ``level`` already paid."""
    state["first"] = role
    state["half"] = 0
    refresh_control(state)
    enter_movement(state, role)
    state["movement"]["level"] = level
    from games.engines.sekigahara.movement import LEVELS

    _, moves, costs = LEVELS[level]
    state["movement"].update(moves_left=moves, musters_left=0 if level == "none" else 1, muster_costs_move=costs)
    state["phase"] = "move"
    return state


def act(state: dict, role: str, **action) -> dict:
    return ENGINE.apply(state, role, action)


def types(state: dict, role: str) -> list[str]:
    return [c["action"]["type"] for c in ENGINE.legal_actions(state, role)]


def actions(state: dict, role: str, kind: str) -> list[dict]:
    return [c["action"] for c in ENGINE.legal_actions(state, role) if c["action"]["type"] == kind]


def illegal(state: dict, role: str, **action) -> bool:
    try:
        ENGINE.apply(state, role, action)
    except IllegalAction:
        return True
    return False


def march(state: dict, role: str, src: str, blocks: list[str], path: list[str]) -> dict:
    """Activate ``src``, pick ``blocks`` and march along ``path`` (stopping when the engine stops)."""
    state = act(state, role, type="activate", loc=src)
    for b in blocks:
        state = act(state, role, type="add", block=b)
    state = act(state, role, type="go")
    for loc in path:
        state = act(state, role, type="step", to=loc)
    return state


def deploy(state: dict, role: str, face: str, kind: str | None = None) -> dict:
    """Deploy a block of ``face`` with a card of ``kind`` (None: a free leader)."""
    for a in actions(state, role, "deploy"):
        if state["faces"][a["block"]] != face:
            continue
        if (kind is None and a["card"] is None) or (a["card"] and state["cards"][a["card"]] == kind):
            return act(state, role, **a)
    raise AssertionError(f"cannot deploy {face} with {kind}")


def battle(
    attacker: str,
    att_faces: list[str],
    def_faces: list[str],
    loc: str = "minakuchi",
    came_from: str = "kyoto",
    att_cards: tuple[str, ...] = (),
    def_cards: tuple[str, ...] = (),
) -> tuple[dict, list[str], list[str]]:
    """A battle at ``loc`` declared by ``attacker`` whose blocks entered from ``came_from``."""
    defender = "tokugawa" if attacker == "ishida" else "ishida"
    state = blank()
    att = [put(state, f, loc) for f in att_faces]
    dfn = [put(state, f, loc) for f in def_faces]
    for k in att_cards:
        give(state, attacker, k)
    for k in def_cards:
        give(state, defender, k)
    state = movement(state, attacker)
    for b in att:
        state["movement"]["entered_from"][b] = came_from
        state["movement"]["moved"].append(b)
    state = act(state, attacker, type="end_movement")
    state = act(state, attacker, type="combat", loc=loc)
    return state, att, dfn


def where(state: dict, blocks: list[str]) -> list[str]:
    return [state["where"][b] for b in blocks]


def en(text: object) -> str:
    """A message record (label, prompt, log event, result reason) as its English sentence."""
    return ENGINE.text(text, "en")
