"""A full state a side could be in, rebuilt from its view alone (issue 32): the computer player searches
such states, never the true one.

What the side sees is kept as it is: its own blocks and cards, the blocks revealed in a battle, the
counts of enemy blocks in every area and pool, the phase records (``public``). What it cannot see is
drawn by the seed from what the view leaves possible: which enemy block stands behind each anonymous
token and at what strength, the enemy's hand and face-down card, the undealt cards, the dice.
"""

from __future__ import annotations

from typing import Any

from games.engines.base import Rng, State, json_copy

from .board import ADJ, NEVILLES, ROLES, WALES, blocks_in, is_heir, other, owner
from .data.areas import AREAS
from .data.blocks import BLOCKS
from .data.cards import CARDS
from .movement import can_ship
from .political import home_options
from .public import GONE, PHASE_RECORDS, TOKEN, renamed
from .supply import TRAITORS

OFF_MAP = ("pool", "minor", "prisoner")  # where a block keeps its strength off the board
POOL_DOWN_ODDS = 3


def block_id(ref: dict | None) -> str | None:
    """A block named by the view (``{"name": "block:<id>"}``)."""
    return ref["name"].partition(":")[2] if ref else None


def may_die(bid: str) -> bool:
    """Blocks that are killed for good rather than sent to a pool (R3-6.8.2a, R3-6.8.3a/c, A33)."""
    info = BLOCKS[bid]
    twin = info["twin"]
    return info["kind"] == "heir" or bool(twin and is_heir(twin)) or (info["rose"] or info["name"] in NEVILLES)


def resting(bid: str) -> bool:
    """An eliminated mercenary rests face down at home, the Welsh excepted (R3-6.8.5a/b)."""
    return BLOCKS[bid]["kind"] == "mercenary" and bid != "L_Welsh"


def twin_allows(bid: str, at: str, blocks: dict[str, dict]) -> bool:
    """One version of a noble who can defect is in play, the other is "off" (R3-6.9); both die together
    and both stay out of a scenario together."""
    twin = BLOCKS[bid]["twin"]
    if twin is None:
        return at != "off"
    twin_at = blocks[twin]["at"]
    if twin_at == "off":
        return at not in ("off", "out")
    if twin_at == "out":
        return at == "out"
    if twin_at == "dead":
        return at in (GONE, "off")
    return at == "off"


def fits(bid: str, slot: dict, known: dict[str, Any]) -> bool:
    """May the hidden block ``bid`` stand where the token ``slot`` stands?"""
    at = slot["at"]
    info = BLOCKS[bid]
    if not twin_allows(bid, at, known["blocks"]):
        return False
    if slot["traitor"] and bid not in TRAITORS:
        return False  # offered for execution: a defected heir (R3-9.1e)
    if bid == known["crowned"] and at not in AREAS and at != "prisoner":
        return False  # the King or Pretender is in play (R3-3.21b)
    if (at == "prisoner") != (bid == "L_HenryVI" and known["prisoner"]):
        return False
    if is_heir(bid) and (at == GONE) != (bid in known["dead_heirs"]):
        return False  # the view names every dead heir
    if at == GONE:
        return resting(bid) or may_die(bid) or known["blocks"].get(info["twin"] or "", {}).get("at") == "dead"
    if at == "minor":
        return is_heir(bid)
    if at == "pool":
        return not is_heir(bid)  # heirs are never recruited (R3-5.4h)
    if slot["recruited"]:
        return recruit_fits(bid, at)
    return True


def recruit_fits(bid: str, area: str) -> bool:
    """Where a block recruited this turn may have been placed (R3-5.4c-i)."""
    info = BLOCKS[bid]
    kind = info["kind"]
    if kind == "bombard":
        return AREAS[area]["city"]
    if kind == "rebel":
        return AREAS[area]["kind"] == "land"
    if bid == "L_Welsh":
        return area in WALES
    return kind in ("lord", "church", "levy") and area in info["seats"]


def match(slots: list[dict], candidates: list[str], known: dict[str, Any], rng: Rng) -> list[str]:
    """A block for every token, each where it may stand, in a random order (augmenting paths, so one is
    found whenever one exists: the true state is one)."""
    holder: dict[int, str] = {}
    held: dict[str, int] = {}
    drawn = rng.shuffled(candidates)
    # Tokens alike admit the same blocks: any area is alike but for a recruit (placed by its seats).
    by_kind: dict[tuple, list[str]] = {}
    options = []
    for slot in slots:
        at = slot["at"]
        kind = ("map" if at in AREAS and not slot["recruited"] else at, slot["traitor"])
        if kind not in by_kind:
            by_kind[kind] = [b for b in drawn if fits(b, slot, known)]
        options.append(by_kind[kind])

    def place(i: int, seen: set[str]) -> bool:
        free = next((b for b in options[i] if b not in held), None)
        if free is not None:
            holder[i], held[free] = free, i
            return True
        for b in options[i]:
            if b not in seen:
                seen.add(b)
                if place(held[b], seen):
                    holder[i], held[b] = b, i
                    return True
        return False

    # the most constrained tokens first: fewer blocks to move aside later
    for i in sorted(range(len(slots)), key=lambda i: len(options[i])):
        if not place(i, set()):
            # Unreachable for a view of a real state; keep going with any block left over.
            spare = [b for b in candidates if b not in held]
            holder[i] = spare[0]
            held[spare[0]] = i
    return [holder[i] for i in range(len(slots))]


def strength(bid: str, slot: dict, rng: Rng) -> int:
    """A plausible strength: on the map 1 to full, full as often as not (recruits enter full, R3-5.4b);
    off the map full unless face down (eliminated, R3-6.8); nothing once dead, resting, off or out."""
    full = BLOCKS[bid]["steps"]
    at = slot["at"]
    if at in AREAS:
        return full if slot["recruited"] or rng.below(2) else rng.randint(1, full)
    if at in OFF_MAP and not slot["down"]:
        return full
    return 0


def face_down(slot: dict, view: dict, rng: Rng) -> bool:
    """Only pool blocks lie face down (eliminated this Campaign, R3-6.8.3b-6.8.6a), none before the
    first battles of a Campaign (all stand up at 8.5, R3-8.5a); the pool is hidden (R3-4.2a), so after
    that one in three, a guess."""
    fought = view["turn"] > 1 or view["phase"] in ("battle", "supply")
    return slot["at"] == "pool" and fought and rng.below(POOL_DOWN_ODDS) == 0


def deal(view: dict, role: str, public: dict, rng: Rng) -> tuple[dict, list[int], dict]:
    """The opponent's hand and face-down card and the undealt cards, from the cards the side has not seen."""
    opponent = other(role)
    played = {r: (e["card"] if isinstance(e, dict) else e) for r, e in view["played"].items()}
    hands = {role: [e["card"] for e in view["hand"]]}
    seen = set(hands[role]) | set(public["discards"]) | {c for c in played.values() if isinstance(c, int)}
    if public["shown_hand"] is not None:
        seen |= set(public["shown_hand"])
    unseen = rng.shuffled([c for c in CARDS if c not in seen])
    if played[opponent] == "face down":
        played[opponent] = unseen.pop()
    if public["shown_hand"] is not None:
        hands[opponent] = list(public["shown_hand"])
    else:
        size = view["hand_sizes"][opponent]
        hands[opponent], unseen = sorted(unseen[:size]), unseen[size:]
    return hands, unseen, played


def redeal_answer(redeal: dict | None, opponent: str, hand: list[int], rng: Rng) -> dict | None:
    """The opponent answered the redeal question unseen: keep, or demand one if his hand allows (R3-5.1d)."""
    if redeal and redeal["answers"].get(opponent) == "answered":
        may_claim = sum(CARDS[c][0] for c in hand) <= 13
        redeal["answers"][opponent] = "redeal" if may_claim and rng.below(2) else "keep"
    return redeal


def opponent_secrets(state: State, role: str, rng: Rng) -> None:
    """What ``public`` leaves out of the opponent's choices in progress, drawn plausibly."""
    opponent = other(role)
    action_phase = state["action_phase"]
    if action_phase and action_phase["role"] == opponent:
        sea = action_phase.get("sea")
        if action_phase["mode"] == "sea" and sea["from"] is None:
            # a coastal area he could sail from
            ports = [a for a in AREAS if any(can_ship(state, opponent, b) for b in blocks_in(state, a, opponent))]
            sea["from"] = rng.choice(ports) if ports else next(a for a in AREAS if blocks_in(state, a, opponent))
        if action_phase["mode"] == "transit":
            path = action_phase["transit"]["path"]
            for i in range(1, len(path) - 1):
                # an area the move may have crossed: next to the one before and the one after
                path[i] = next(a for a in ADJ[path[i - 1]] if path[i + 1] in ADJ[a] or path[i + 1] is None)
    ask = state["political"] and state["political"]["ask"]
    if ask and ask.get("role") == opponent and ask["kind"] == "home":
        ask["areas"] = home_options(state, ask["block"]) or [state["blocks"][ask["block"]]["at"]]


def sample_state(view: dict[str, Any], role: str, seed: int) -> State:
    rng = Rng.from_seed(seed)
    public = view["public"]
    opponent = other(role)
    blocks = {b: dict(rec) for b, rec in public["blocks"].items()}
    slots = [dict(slot) for slot in public["hidden"]]
    recruited = set(public["turn_record"]["recruited"])
    offered = set(public["supply"]["offered"]) if public["supply"] else set()
    action_phase = public["action_phase"] or {}
    for i, slot in enumerate(slots):
        token = f"{TOKEN}{i}"
        slot["recruited"] = token in recruited
        slot["traitor"] = token in offered
        # the block the opponent is recruiting stands upright (R3-5.4k)
        slot["down"] = token != action_phase.get("recruit") and face_down(slot, view, rng)
    known = {
        "blocks": blocks,
        "crowned": block_id(view["crowned"][opponent]),
        "prisoner": view["prisoner"],
        "dead_heirs": {block_id(ref) for ref in view["dead_heirs"]},
    }
    ruler = {"king": view["king"]}
    candidates = [b for b in BLOCKS if b not in blocks and owner(ruler, b) == opponent]
    chosen = match(slots, candidates, known, rng)
    for bid, slot in zip(chosen, slots, strict=True):
        at = ("resting" if resting(bid) else "dead") if slot["at"] == GONE else slot["at"]
        blocks[bid] = {"at": at, "strength": strength(bid, slot, rng), "down": slot["down"]}
    names = {f"{TOKEN}{i}": bid for i, bid in enumerate(chosen)}
    hands, deck, played = deal(view, role, public, rng)
    result = view["result"]
    state: State = {
        "scenario": view["scenario"],
        "two_events": public["two_events"],
        "rng": None,
        "log": list(view["log"]),
        "campaign": view["campaign"],
        "last_campaign": view["last_campaign"],
        "turn": view["turn"],
        "king": view["king"],
        "crowned": {r: block_id(view["crowned"][r]) for r in ROLES},
        "minors_due": dict(public["minors_due"]),
        "blocks": {b: blocks[b] for b in BLOCKS},
        "hands": hands,
        "deck": deck,
        "played": played,
        "player1": view["player1"],
        "phase": view["phase"],
        "redeal": redeal_answer(json_copy(public["redeal"]), opponent, hands[opponent], rng),
        "over": {"winner": result["winner"], "reason": result["reason"]} if result else None,
        **{part: renamed(public[part], names) for part in PHASE_RECORDS},
    }
    opponent_secrets(state, role, rng)
    state["rng"] = rng.state  # the dice go on from the seed
    return state
