"""SK-8.9.4: the outcome of a siege: losses inside the castle, capture, cards."""

from __future__ import annotations

from games.engines.base import Action, Choice, State, add_event, msg, plural
from games.engines.base.phases import Phase, mark_hand_over

from .common import (
    NAMES,
    asked,
    block_label,
    block_target,
    check_instant,
    choice,
    disc_name,
    discs_at,
    draw_cards,
    kill,
    kill_disc,
    loc_name,
)
from .data.locations import DISC_NAMES
from .special import siege_loss_options


def siege_loss_count(impact: int) -> int:
    """SK-8.9.4c: one block or disc per full 7 points; less than 7 does nothing."""
    return impact // 7


def siege_losses(state: State) -> None:
    """Step B: one loss per full 7 Impact; the attacker never loses anything in a siege."""
    battle = state["battle"]
    loc = battle["location"]
    impact = battle["impact"][battle["attacker"]]
    owed = battle["losses_owed"][battle["defender"]] = siege_loss_count(impact)
    add_event(
        state,
        plural(
            "Siege of {loc}: Impact {impact}, {n} loss inside.",
            "Siege of {loc}: Impact {impact}, {n} losses inside.",
            owed,
            loc=loc_name(loc),
            impact=impact,
        ),
    )
    _continue(state)


def inside_units(state: State) -> tuple[list[str], list[str]]:
    battle = state["battle"]
    siege = state["sieges"][battle["location"]]
    blocks = [b for b in siege["blocks"] if state["where"][b] == battle["location"]]
    return blocks, discs_at(state, battle["location"])


def siege_loss_choices(state: State, role: str) -> list[Choice]:
    blocks, discs = inside_units(state)
    out = []
    for unit in siege_loss_options(state, state["battle"]["location"], blocks, discs):
        if unit in DISC_NAMES:
            what, target = disc_name(unit), f"disc:{unit}"
        else:
            what, target = block_label(state, unit), block_target(unit)
        out.append(choice(msg("Lose {unit}", unit=what), target, type="siege_lose", unit=unit))
    return out


def siege_lose(state: State, role: str, action: Action) -> None:
    _remove(state, action["unit"])
    _continue(state)


def _remove(state: State, unit: str) -> None:
    battle = state["battle"]
    if unit in DISC_NAMES:
        kill_disc(state, unit)  # SK-3.4b: no card for a disc (SK-8.10d)
    else:
        kill(state, unit)
        battle["lost"][battle["defender"]] += 1
    battle["losses_owed"][battle["defender"]] -= 1


def _continue(state: State) -> None:
    """Step C: the defender chooses (automatic when everything inside is lost)."""
    battle = state["battle"]
    defender = battle["defender"]
    blocks, discs = inside_units(state)
    if battle["losses_owed"][defender] > 0 and battle["losses_owed"][defender] >= len(blocks) + len(discs):
        for unit in blocks + discs:
            _remove(state, unit)
        battle["losses_owed"][defender] = 0
    if battle["losses_owed"][defender] > 0:
        state["phase"] = "siege_losses"
        state["active"] = [defender]
        return
    _finish(state)


def _finish(state: State) -> None:
    battle = state["battle"]
    loc = battle["location"]
    blocks, discs = inside_units(state)
    if not blocks and not discs:  # Step D: the castle is taken
        del state["sieges"][loc]
        state["castles"][loc] = battle["attacker"]
        taken = msg("{side} takes the castle of {loc}.", side=NAMES[battle["attacker"]], loc=loc_name(loc))
        add_event(state, taken, at=[f"castle:{loc}"])
    # Step F / SK-8.10b/d, AMB-08: attacker redraws his cards; defender 1 card per block lost
    state["discards"][battle["attacker"]].extend(battle["cards_played"][battle["attacker"]])
    draw_cards(state, battle["attacker"], len(battle["cards_played"][battle["attacker"]]))
    battle["cards_played"][battle["attacker"]] = []
    draw_cards(state, battle["defender"], battle["lost"][battle["defender"]])
    state["resolved"].append(loc)
    if check_instant(state):
        return
    mark_hand_over(state, "combat_menu")


PHASE = Phase(
    "siege_losses", siege_loss_choices, {"siege_lose": siege_lose}, prompt=asked("choose a loss inside the castle")
)
