"""PROVISIONAL 8 Sequence of Play, in one place: the phase table and the one sequencer.

One year is 1 Event Phase, 2 Reinforcement Phase, 3 Campaign Phase, 4 (King William's War is rolled in step 1a),
5 Winter Quarters Phase A-F. The year's automatic steps run from a queue in the state (``YEAR``); a step that
needs a player's decision sets the phase and waits. Phases (``state["phase"]``), each in its module:
``first`` (``initiative``), ``savoy`` and ``displace`` (``savoy``), ``reinforce`` (``reinforcement``),
``card``, ``action`` and ``transfer`` (``campaign``), ``move``, ``intercept`` and ``avoid`` (``movement``),
``losses`` and ``retreat`` (``battle``); ``auto`` while steps run, ``over`` once the game has ended. Phase
modules import shared helpers only, never each other: a phase that ends hands over to a step of ``STEPS``,
and only this module knows what comes next."""

from __future__ import annotations

from games.engines.base import Action, Rng, add_event, msg
from games.engines.base.phases import Handover, PhaseTable

from ..data.powers import other
from ..decks import add_1693_cards
from ..powers import may_neutralise_savoy, savoy_joins
from ..prompts import prompt
from ..victory import london_check
from . import battle, campaign, events, initiative, kww, movement, reinforcement, savoy, siege, winter
from .common import State, rolling
from .scenario import glorious_revolution

YEAR_START = ["savoy_entry", "cards_1693", "initiative"]


def rest_of_year(first: str) -> list[str]:
    second = other(first)
    return [
        "king_williams_war",
        f"event:{first}",
        f"event:{second}",
        "promotions",
        "income",
        f"reinforce:{first}",
        f"reinforce:{second}",
        "campaign",
        "winter_attrition",
        "winter_recovery",
        "winter_london",
        "winter_revolution",
        "winter_savoy",
        "winter_victory",
        "next_year",
    ]


def savoy_entry(state: State, rng: Rng, role: str) -> None:
    if state["year"] == 1690 and state["savoy"] == "neutral":
        savoy_joins(state)  # NY-7.2.1b


def cards_1693(state: State, rng: Rng, role: str) -> None:
    if state["year"] == 1693:
        add_1693_cards(state, rng)  # NY-5.2.2b


def revolution(state: State, rng: Rng, role: str) -> None:
    if winter.revolution_deadline(state):
        glorious_revolution(state)


def savoy_in_winter(state: State, rng: Rng, role: str) -> None:
    if state["year"] >= winter.SAVOY_FROM:
        ask_savoy(state)


def next_year(state: State, rng: Rng, role: str) -> None:
    state["year"] += 1
    state["steps"] = list(YEAR_START)
    add_event(state, msg("— {year} —", year=state["year"]))


# The year's steps by the name stored in ``state["steps"]`` (``name:role`` for a side's step).
YEAR = {
    "savoy_entry": savoy_entry,
    "cards_1693": cards_1693,
    "initiative": lambda state, rng, role: initiative.start(state),
    "king_williams_war": lambda state, rng, role: kww.kww_roll(state, rng),  # NY-8c: step 1a (provisional content)
    # NY-5.1b: every year, 1688 included
    "event": lambda state, rng, role: savoy.ask(state, events.resolve(state, rng, role)),
    "promotions": lambda state, rng, role: reinforcement.promotions(state),
    "income": lambda state, rng, role: reinforcement.income(state),
    "reinforce": lambda state, rng, role: reinforcement.start(state, role),
    "campaign": lambda state, rng, role: campaign.start(state, rng),
    "winter_attrition": lambda state, rng, role: winter.attrition(state),
    "winter_recovery": lambda state, rng, role: winter.recover(state),
    "winter_london": lambda state, rng, role: london_check(state),  # 19 C, NY-6.1.1i
    "winter_revolution": revolution,
    "winter_savoy": savoy_in_winter,
    "winter_victory": lambda state, rng, role: winter.victory_check(state, rng),
    "next_year": next_year,
}


def run_step(state: State, rng: Rng, step: str) -> None:
    name, _, role = step.partition(":")
    YEAR[name](state, rng, role)


def advance(state: State) -> None:
    """Run the year's automatic steps until a player must decide or the game is over."""
    rng = Rng(state["rng"])
    while state["phase"] == "auto":
        if state["result"] is not None:
            state["phase"], state["active"] = "over", []
            break
        run_step(state, rng, state["steps"].pop(0))
    state["rng"] = rng.state


def besiege(state: State, rng: Rng, space: str, side: str, leaders: list[str], corps: list[str], home: str) -> Handover:
    """17: a move that ends in an enemy or neutral fortress besieges it, then ends."""
    fell = siege.siege(state, rng, space, side, leaders, corps, home)
    return movement.end_move(state, fell=fell)


def ask_savoy(state: State) -> None:
    """NY-7.2.1c (A8): those who may declare Savoy neutral are asked, in initiative order."""
    savoy.ask(state, [r for r in initiative.initiative_order(state) if may_neutralise_savoy(state, r)])


def end_action(state: State, turin_fell: bool = False) -> None:
    """A Campaign action is over (13.4): the next action, round or phase; Turin taken asks about Savoy."""
    campaign.after_action(state)
    if turin_fell:
        ask_savoy(state)


def lay_out_year(state: State, first: str) -> None:
    state["steps"] += rest_of_year(first)


STEPS = {
    "rest_of_year": lay_out_year,  # NY-8b: the year in the order the initiative player chose
    "move": movement.start,  # 13.5.1: an Action card's campaign starts a move
    "battle": rolling(battle.enter),  # 16 via NY-4.3b/e
    "after_battle": rolling(movement.after_battle),
    "siege": rolling(besiege),  # 17
    "end_action": end_action,
}

TABLE = PhaseTable(
    [
        initiative.PHASE,
        savoy.PHASE,
        savoy.DISPLACE,
        reinforcement.REINFORCE,
        campaign.CARD,
        campaign.ACTION,
        campaign.TRANSFER,
        movement.MOVE,
        movement.INTERCEPT,
        movement.AVOID,
        battle.LOSSES,
        battle.RETREAT,
    ],
    STEPS,
    active=lambda state: list(state["active"]),
    prompt=prompt,
)


def start(state: State) -> None:
    """The set-up is done: the first year begins."""
    state["steps"] = list(YEAR_START)
    advance(state)


def play(state: State, role: str, action: Action) -> None:
    """``action`` and everything it leads to, up to the next decision; sieges with no besieger left are
    lifted before and after the year's steps (17.6)."""
    TABLE.apply(state, role, action)
    siege.lift_sieges(state)
    advance(state)
    siege.lift_sieges(state)
