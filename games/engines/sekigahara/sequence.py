"""SK-6.1, SK-6.4, SK-10a: the order of weeks, turns A and B, and each player's two phases; the phase
table and its one sequencer.

Each phase (``state["phase"]``) is played by one module: ``discard`` (reinforcement), ``bid`` and
``first`` (initiative), ``level``, ``pay``, ``move``, ``pick``, ``march`` (movement), ``muster``,
``combat`` and ``siege_choice`` (combat), ``deploy``, ``second``, ``challenge``, ``refute``, ``losses``,
``retreat`` (battle), ``siege_losses`` (siege). Each module exports its phases (``Phase`` records: the
choices, one handler per action type and the prompt). Phase modules never import each other nor this
module: when one ends, it marks a hand-over (``mark_hand_over``) to a step of ``STEPS`` and only this
module says what comes next.
"""

from __future__ import annotations

from games.engines.base import State, add_event, msg
from games.engines.base.phases import PhaseTable

from . import battle, combat, initiative, movement, muster, reinforcement, siege
from .common import NAMES, check_instant, end_game, other, refresh_control, vp_scores
from .data.setup import WEEKS


def mover(state: State) -> str:
    """SK-6.4a: the first player acts in the first half of each turn, the other in the second."""
    return state["first"] if state["half"] == 0 else other(state["first"])


def start_half(state: State) -> None:
    role = mover(state)
    add_event(
        state,
        msg(
            "Week {week}, turn {turn}: Movement Phase of {side}.",
            week=state["week"],
            turn=state["turn"],
            side=NAMES[role],
        ),
    )
    movement.enter_movement(state, role)


def end_combat_phase(state: State) -> None:
    """After a Combat Phase: the other player's half, turn B, the next week, or the end."""
    refresh_control(state)  # SK-4.3b/c: the last combat's result counts for scoring and the 6th card
    if check_instant(state):
        return
    state["battle"] = None
    state["resolved"] = []
    if state["half"] == 0:
        state["half"] = 1
        start_half(state)
        return
    state["half"] = 0
    if state["turn"] == "A":  # SK-6.4b: same first player in turn B
        state["turn"] = "B"
        start_half(state)
        return
    if state["week"] >= WEEKS:  # SK-6.4c, SK-10a/b, SK-2.2a-c
        finish_game(state)
        return
    state["week"] += 1
    state["turn"] = "A"
    reinforcement.enter_reinforcement(state)


def finish_game(state: State) -> None:
    scores = vp_scores(state)
    winner = "ishida" if scores["ishida"] >= scores["tokugawa"] else "tokugawa"  # SK-2.2c: tie -> Ishida
    end_game(
        state,
        winner,
        msg(
            "End of week {week}: Ishida {ishida} VP, Tokugawa {tokugawa} VP; {side} wins.",
            week=WEEKS,
            ishida=scores["ishida"],
            tokugawa=scores["tokugawa"],
            side=NAMES[winner],
        ),
    )


STEPS = {
    "start_half": start_half,  # SK-6.4a: a player's Movement Phase
    "muster": muster.enter_muster,  # SK-7.2: a Muster during movement
    "combat": combat.enter_combat,  # SK-8.1a: his Combat Phase
    "combat_menu": combat.menu,  # the next combat, or the end of the Combat Phase
    "battle": battle.enter_battle,
    "siege": battle.enter_siege,
    "siege_losses": siege.siege_losses,
    "end_combat_phase": end_combat_phase,  # the other half, turn B, the next week or the end
    "turn_order_bid": initiative.enter_bid,  # SK-6.3: the turn-order bid
}

TABLE = PhaseTable(
    [
        reinforcement.PHASE,
        initiative.BID,
        initiative.FIRST,
        movement.LEVEL,
        movement.PAY,
        movement.MOVE,
        movement.PICK,
        movement.MARCH,
        muster.PHASE,
        combat.COMBAT,
        combat.SIEGE_CHOICE,
        battle.DEPLOY,
        battle.SECOND,
        battle.CHALLENGE,
        battle.REFUTE,
        battle.LOSSES,
        battle.RETREAT,
        siege.PHASE,
    ],
    STEPS,
    active=lambda state: list(state["active"]),
    prompt=lambda state, role: state["result"]["reason"],  # once the game is over
)
