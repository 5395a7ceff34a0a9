"""Shared state queries and small state changes used by every rule module."""

from __future__ import annotations

from games.engines.base import Choice, Rng, State, Text, add_event, msg, name, plural
from games.engines.base.phases import PromptFn

from .data.blocks import DAIMYO_SIDE, FACES, Face
from .data.cards import CARD_KINDS, CardKind
from .data.locations import CAPITALS, CASTLES, DISCS, LOCATIONS, MUSTER

SIDES = ("ishida", "tokugawa")
# Each side as a name reference of the names table (``data.names``): "Ishida" / «Ишида».
NAMES = {side: name(f"side:{side}") for side in SIDES}
OFF_MAP = ("bag", "reinf", "mori", "dead")


def other(role: str) -> str:
    return "tokugawa" if role == "ishida" else "ishida"


INITIALS = {side: side[0].upper() for side in SIDES}  # SK-3.1a: a block's id starts with its side's initial


def side_of(block: str) -> str:
    """Block ids start with I (gold, Ishida) or T (black, Tokugawa): SK-3.1a."""
    return "ishida" if block[0] == "I" else "tokugawa"


def face(state: State, block: str) -> Face:
    return FACES[state["faces"][block]]


def card(state: State, card_id: str) -> CardKind:
    return CARD_KINDS[state["cards"][card_id]]


def loc_name(loc: str) -> dict[str, str]:
    """A location as a name reference (its board target id is also its key in the names table)."""
    assert loc in LOCATIONS, loc
    return name(f"location:{loc}")


def face_name(state: State, block: str) -> dict[str, str]:
    """A block's design as a name reference ("Ukita 3" / «Укита 3»)."""
    return name(f"face:{state['faces'][block]}")


def disc_name(disc: str) -> dict[str, str]:
    return name(f"disc:{disc}")


def choice(label: Text, target: str | None = None, **action: object) -> Choice:
    """A choice; ``target`` names the thing on the board it is about (ARCHITECTURE §2.1), if any."""
    out: Choice = {"action": dict(action), "label": label}
    if target is not None:
        out["target"] = target
    return out


def asked(what: str) -> PromptFn:
    """A phase's prompt: the players to act now must do ``what`` (an English phrase, a msgid); the others
    wait for them."""

    def phase_prompt(state: State, role: str | None) -> Text:
        if role in state["active"]:
            return msg("You must {what}.", what=msg(what))
        active = [NAMES[r] for r in state["active"]]
        names = active[0] if len(active) == 1 else msg("{first} and {second}", first=active[0], second=active[1])
        return msg("Waiting for {names} to {what}.", names=names, what=msg(what))

    return phase_prompt


def loc_target(loc: str) -> str:
    """The board target of a location."""
    return f"location:{loc}"


def block_target(block: str) -> str:
    """The board target of one of the acting player's own blocks (drawn with its id only for him)."""
    return f"block:{block}"


def card_target(card_id: str) -> str:
    """The board target of a card in the acting player's hand."""
    return f"card:{card_id}"


def stacks(state: State) -> dict[str, dict[str, list[str]]]:
    """location -> side -> block ids on the map (SK-7.1b: a stack is one side's blocks in one place)."""
    out: dict[str, dict[str, list[str]]] = {}
    for block, where in sorted(state["where"].items()):
        if where not in OFF_MAP:
            out.setdefault(where, {"ishida": [], "tokugawa": []})[side_of(block)].append(block)
    return out


def blocks_at(state: State, loc: str, side: str) -> list[str]:
    initial = INITIALS[side]
    return sorted(b for b, w in state["where"].items() if w == loc and b[0] == initial)


def blocks_in(state: State, area: str, side: str) -> list[str]:
    return blocks_at(state, area, side)


def discs_at(state: State, loc: str) -> list[str]:
    """SK-8.9.3a: a living disc is always inside its castle."""
    return [d for d, where in DISCS.items() if where == loc and state["discs"][d]]


def unique_by_face(state: State, blocks: list[str]) -> list[str]:
    """One representative block per face: equal faces are interchangeable choices."""
    seen: set[str] = set()
    out = []
    for b in blocks:
        if state["faces"][b] not in seen:
            seen.add(state["faces"][b])
            out.append(b)
    return out


def unique_by_kind(state: State, cards: list[str]) -> list[str]:
    seen: set[str] = set()
    out = []
    for c in sorted(cards):
        if state["cards"][c] not in seen:
            seen.add(state["cards"][c])
            out.append(c)
    return out


def block_label(state: State, block: str) -> Text:
    return msg("{face} ({block})", face=face_name(state, block), block=block)


def card_label(state: State, card_id: str) -> Text:
    return msg("{card} [{bid}]", card=name(f"cardkind:{state['cards'][card_id]}"), bid=card(state, card_id).bid)


# --- cards ------------------------------------------------------------------------------------


def draw_cards(state: State, role: str, n: int) -> None:
    """Draw n cards; an empty deck is rebuilt from the shuffled discard pile (SK-3.3f)."""
    drawn = []
    for _ in range(n):
        if not state["decks"][role]:
            if not state["discards"][role]:
                break
            rng = Rng(state["rng"])
            state["decks"][role] = rng.shuffled(state["discards"][role])
            state["rng"] = rng.state
            state["discards"][role] = []
            add_event(state, msg("{side} shuffles the discard pile into a new deck.", side=NAMES[role]))
        drawn.append(state["decks"][role].pop())
    state["hands"][role].extend(drawn)
    state["hands"][role].sort()
    if drawn:
        count = plural("{side} draws {n} card.", "{side} draws {n} cards.", len(drawn), side=NAMES[role])
        add_event(state, count, not_for=[role])
        names = [card_label(state, c) for c in drawn]
        add_event(state, msg("You draw: {cards}.", cards=names), only_for=[role])


def discard(state: State, role: str, card_id: str, why: str) -> None:
    """``why``: a constant English phrase (a msgid), "movement level"."""
    """SK-3.3d: a discarded or played card is shown face up."""
    state["hands"][role].remove(card_id)
    state["discards"][role].append(card_id)
    add_event(
        state, msg("{side} discards {card} ({why}).", side=NAMES[role], card=card_label(state, card_id), why=msg(why))
    )


# --- control ----------------------------------------------------------------------------------


def refresh_control(state: State) -> None:
    """SK-4.3b/c, SK-4.3d, AMB-06, AMB-27: who holds each castle; drop sieges that ended."""
    # Run after every action, so in every step of the computer's search: it reads only which sides have
    # blocks where, and where the living discs are, not the sorted stacks.
    occupied = {(where, block[0]) for block, where in state["where"].items()}
    discs = {where for disc, where in DISCS.items() if state["discs"][disc]}  # SK-8.9.3a
    for loc in sorted(state["sieges"]):
        siege = state["sieges"][loc]
        inside = [b for b in siege["blocks"] if state["where"].get(b) == loc]
        siege["blocks"] = inside
        if (loc, INITIALS[other(siege["side"])]) not in occupied or (not inside and loc not in discs):
            del state["sieges"][loc]
    for loc, owner in CASTLES.items():
        if loc in state["sieges"]:
            state["castles"][loc] = state["sieges"][loc]["side"]
            continue
        present = [s for s in SIDES if (loc, INITIALS[s]) in occupied or (s == "ishida" and loc in discs)]
        if len(present) == 1:
            state["castles"][loc] = present[0]
        elif not present:
            state["castles"][loc] = owner


def castles_of(state: State, role: str) -> int:
    return sum(1 for s in state["castles"].values() if s == role)


def resources_of(state: State, role: str) -> int:
    return sum(1 for s in state["resources"].values() if s == role)


def enter_location(state: State, role: str, loc: str) -> None:
    """SK-4.2b, AMB-07: moving (or retreating, mustering) into a Resource Location takes it."""
    if loc in state["resources"] and state["resources"][loc] != role:
        state["resources"][loc] = role
        add_event(
            state, msg("{side} takes control of {loc}.", side=NAMES[role], loc=loc_name(loc)), at=[f"location:{loc}"]
        )


def has_leadership(state: State, role: str, loc: str) -> bool:
    """SK-7.3.4a-e: a friendly leader, an own-colour castle the player controls, or his capital."""
    if CASTLES.get(loc) == role and state["castles"].get(loc) == role:
        return True
    if CAPITALS.get(loc) == role:
        return True
    return any(face(state, b).leader for b in blocks_at(state, loc, role))


# --- elimination ------------------------------------------------------------------------------


def kill(state: State, block: str) -> None:
    """SK-8.7.2c, SK-8.7.3a: a lost block is revealed and removed for good."""
    state["where"][block] = "dead"
    add_event(state, msg("{side} loses {face}.", side=NAMES[side_of(block)], face=face_name(state, block)))


def kill_disc(state: State, disc: str) -> None:
    state["discs"][disc] = False
    add_event(state, msg("The {disc} disc is eliminated.", disc=disc_name(disc)))


def instant_winner(state: State) -> str | None:
    """SK-2.1a-d: Ishida block killed / Hideyori captured -> Tokugawa; Ieyasu killed -> Ishida."""
    dead = {state["faces"][b] for b, w in state["where"].items() if w == "dead"}
    if "tokugawa_ieyasu" in dead:
        return "ishida"  # SK-2.1d: a double kill goes to Ishida
    if "ishida_mitsunari" in dead or not state["discs"]["hideyori"]:
        return "tokugawa"
    return None


def end_game(state: State, winner: str | None, reason: Text) -> None:
    state["phase"] = "over"
    state["active"] = []
    state["result"] = {"winner": winner, "scores": vp_scores(state), "reason": reason}
    add_event(state, msg("Game over: {reason}", reason=reason))


def vp_scores(state: State) -> dict[str, int]:
    """SK-2.2b, SK-2.2d: 2 VP per castle, 1 VP per Resource Location (capitals included)."""
    return {r: 2 * castles_of(state, r) + resources_of(state, r) for r in SIDES}


def check_instant(state: State) -> bool:
    """SK-2.1e: call after all losses of a combat, overrun or retreat chain are applied."""
    winner = instant_winner(state)
    if winner is None:
        return False
    if winner == "ishida":
        reason = msg("Tokugawa Ieyasu was killed: Ishida wins at once.")
    elif not state["discs"]["hideyori"]:
        reason = msg("Toyotomi Hideyori was captured: Tokugawa wins at once.")
    else:
        reason = msg("Ishida Mitsunari was killed: Tokugawa wins at once.")
    end_game(state, winner, reason)
    return True


# --- what more than one phase asks (phase modules never import each other) ---------------------


def combat_locations(state: State, role: str) -> list[str]:
    """SK-8.1b, AMB-19: every location with both sides, except where only this side is besieged."""
    foe = other(role)
    out = []
    for loc, here in sorted(stacks(state).items()):
        if not here[role] or loc in state["resolved"]:
            continue
        siege = state["sieges"].get(loc)
        if siege and siege["side"] == role:
            if any(b not in siege["blocks"] for b in here[role]):
                out.append(loc)  # SK-8.9.6c: relief arrived -> battle
        elif here[foe] or (foe == "ishida" and discs_at(state, loc)):
            out.append(loc)
    return out


def can_muster_into(state: State, role: str, loc: str) -> bool:
    """SK-7.2.4a, AMB-16: into enemy blocks only if map blocks already made the combat there."""
    if not blocks_at(state, loc, other(role)):
        return True
    if state["sieges"].get(loc, {}).get("side") == role:
        return True
    return any(b in state["movement"]["moved"] for b in blocks_at(state, loc, role))


def muster_locations(state: State, role: str) -> list[str]:
    """SK-7.2.2a: Muster locations in the player's colour (showing one of his daimyo's mon)."""
    return [loc for loc, clans in MUSTER.items() if DAIMYO_SIDE[clans[0]] == role and can_muster_into(state, role, loc)]
