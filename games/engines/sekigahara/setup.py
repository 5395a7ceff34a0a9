"""SK-5: the initial set-up: decks and hands, fixed blocks, random blocks, first reinforcements."""

from __future__ import annotations

from games.engines.base import Rng, State, add_event, plural

from .common import INITIALS, NAMES, SIDES, draw_cards, loc_name, refresh_control
from .data.cards import DECKS
from .data.locations import CAPITALS, CASTLES, RESOURCES
from .data.setup import BAG_COUNTS, FIRST_REINFORCEMENTS, FIXED, HAND_SIZE, RANDOM


def draw_from_bag(state: State, rng: Rng, role: str, n: int, to: str) -> list[str]:
    """Draw up to n blocks at random from ``role``'s bag (SK-6.2g: a short bag gives what it has)."""
    drawn = []
    for _ in range(n):
        bag = sorted(b for b, w in state["where"].items() if w == "bag" and b[0] == INITIALS[role])
        if not bag:
            break
        block = bag[rng.below(len(bag))]
        state["where"][block] = to
        drawn.append(block)
    return drawn


def initial_state(seed: int, options: dict) -> State:
    rng = Rng.from_seed(seed)
    state: State = {
        "log": [],
        "options": options,
        "week": 1,  # SK-5.1a
        "turn": "A",
        "first": None,
        "half": 0,
        "phase": "bid",
        "active": list(SIDES),
        "faces": {},
        "where": {},
        "cards": {},
        "decks": {},
        "hands": {},
        "discards": {},
        "discs": {"hideyori": True, "sanada": True},
        "castles": dict(CASTLES),  # SK-4.3a
        "resources": {loc: CAPITALS.get(loc) for loc in RESOURCES},  # SK-4.2c, AMB-07d/e
        "sieges": {},
        "discards_owed": {},
        "turn_order_bids": {},
        "turn_order_winner": None,
        "movement": None,
        "group": None,
        "muster": None,
        "resolved": [],
        "battle": None,
        "result": None,
    }
    for role in SIDES:
        # Blocks: every face of the side (SK-5.1c), ids assigned at random so an id tells nothing.
        faces, bag_faces = fixed_faces(role), bag_faces_of(role)
        ids = rng.shuffled([f"{INITIALS[role]}{i:02d}" for i in range(len(faces) + len(bag_faces))])
        places = [loc for loc, fs in sorted(FIXED.items()) if _fixed_side(loc) == role for _ in fs]
        for block, f, where in zip(ids, faces + bag_faces, places + ["bag"] * len(bag_faces), strict=True):
            state["faces"][block] = f
            state["where"][block] = "mori" if where == "mori_box" else where  # SK-5.2.1a
        # Cards: SK-3.3a/b, ids assigned at random, deck shuffled.
        kinds = deck_kinds(role)
        cids = rng.shuffled([f"{role[0]}{i:02d}" for i in range(len(kinds))])
        for cid, k in zip(cids, kinds, strict=True):
            state["cards"][cid] = k
        state["decks"][role] = rng.shuffled(sorted(cids))
        state["hands"][role] = []
        state["discards"][role] = []
    for role in SIDES:
        # SK-5.2.2a-c: random blocks after the fixed ones, location named before each draw.
        for loc, n in RANDOM[role]:
            drawn = draw_from_bag(state, rng, role, n, loc)
            add_event(
                state,
                plural(
                    "{side} draws {n} random block for {loc}.",
                    "{side} draws {n} random blocks for {loc}.",
                    len(drawn),
                    side=NAMES[role],
                    loc=loc_name(loc),
                ),
                at=[f"location:{loc}"],
            )
        # SK-5.2.3a: the first wave of reinforcements.
        draw_from_bag(state, rng, role, FIRST_REINFORCEMENTS, "reinf")
    state["rng"] = rng.state
    for role in SIDES:
        draw_cards(state, role, HAND_SIZE)  # SK-5.1b
    add_event(state, "Week 1: no reinforcement step. Both players bid for the turn order.", rule="SK-6.2a")
    refresh_control(state)  # SK-4.3a: who holds each castle at the start
    return state


def fixed_faces(role: str) -> list[str]:
    """The faces of ``role``'s blocks with a set-up symbol (SK-5.2.1a), in set-up order."""
    return [f for loc, fs in sorted(FIXED.items()) for f in fs if _fixed_side(loc) == role]


def bag_faces_of(role: str) -> list[str]:
    """The faces of ``role``'s blocks that start in his bag."""
    return [f for f, n in sorted(BAG_COUNTS[role].items()) for _ in range(n)]


def deck_kinds(role: str) -> list[str]:
    """The kind of every card of ``role``'s deck (SK-3.3a)."""
    return [k for k, (_, n) in sorted(DECKS[role].items()) for _ in range(n)]


def _fixed_side(loc: str) -> str:
    return "ishida" if loc in ("osaka", "aizu", "mori_box") else "tokugawa"
