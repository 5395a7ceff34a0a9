"""PROVISIONAL 8 Sequence of Play: one year is 1 Event Phase, 2 Reinforcement Phase, 3 Campaign Phase,
4 (King William's War is rolled in step 1a), 5 Winter Quarters Phase A-F. Steps run from a queue in the state;
a step that needs a player's decision sets the phase and waits."""

from __future__ import annotations

from games.engines.base import Action, Choice, Rng, add_event

from ..board import name
from ..data.powers import ALLIANCE, BOURBON, other
from ..data.tracks import VP_START
from ..decks import add_1693_cards
from ..powers import displace_choices, displace_next, displace_to, may_neutralise_savoy, neutralise_savoy, savoy_joins
from ..victory import london_check
from . import campaign, events, kww, reinforcement, winter
from .rounds import ask_savoy, initiative_order
from .scenario import glorious_revolution

State = dict
YEAR_START = ["savoy_entry", "cards_1693", "initiative"]


def initiative_player(state: State) -> str:
    """8 (NY-8b, provisional): the side the VP track does not favour has the initiative (Bourbon at 15)."""
    return ALLIANCE if state["vp"] < VP_START else BOURBON


def rest_of_year(first: str) -> list[str]:
    second = other(first)
    return [
        "kww",
        f"event:{first}",
        f"event:{second}",
        "promotions",
        "income",
        f"reinforce:{first}",
        f"reinforce:{second}",
        "campaign",
        "wq_attrition",
        "wq_recover",
        "wq_london",
        "wq_revolution",
        "wq_savoy",
        "wq_victory",
        "next_year",
    ]


def run_step(state: State, rng: Rng, step: str) -> None:
    year = state["year"]
    name, _, role = step.partition(":")
    if name == "savoy_entry" and year == 1690 and state["savoy"] == "neutral":
        savoy_joins(state)  # NY-7.2.1b
    elif name == "cards_1693" and year == 1693:
        add_1693_cards(state, rng)  # NY-5.2.2b
    elif name == "initiative":
        state["initiative"] = initiative_player(state)
        state["phase"], state["active"] = "first", [state["initiative"]]
    elif name == "kww":
        kww.kww_roll(state, rng)  # NY-8c: step 1a of the Nine Years scenario (provisional content)
    elif name == "event":
        ask_savoy(state, events.resolve(state, rng, role))  # NY-5.1b: every year, 1688 included
    elif name == "promotions":
        reinforcement.promotions(state)
    elif name == "income":
        reinforcement.income(state)
    elif name == "reinforce":
        state["phase"], state["active"] = "reinforce", [role]
    elif name == "campaign":
        campaign.start(state, rng)
    elif name == "wq_attrition":
        winter.attrition(state)
    elif name == "wq_recover":
        winter.recover(state)
    elif name == "wq_london":
        london_check(state)  # 19 C, NY-6.1.1i
    elif name == "wq_revolution" and winter.revolution_deadline(state):
        glorious_revolution(state)
    elif name == "wq_savoy" and year >= winter.SAVOY_FROM:
        ask_savoy(state, [r for r in initiative_order(state) if may_neutralise_savoy(state, r)])
    elif name == "wq_victory":
        winter.victory_check(state, rng)
    elif name == "next_year":
        state["year"] += 1
        state["steps"] = list(YEAR_START)
        add_event(state, f"— {state['year']} —")


def advance(state: State, rng: Rng) -> None:
    """Run automatic steps until a player must decide or the game is over."""
    while state["phase"] == "auto":
        if state["result"] is not None:
            state["phase"], state["active"] = "over", []
            return
        run_step(state, rng, state["steps"].pop(0))


def choices(state: State, role: str) -> list[Choice]:
    if state["phase"] == "displace":
        where = name(state["displace"][0]["space"])
        return [
            {
                "action": {"type": "displace", "to": s},
                "label": f"Move the forces in {where} to {name(s)} (7.2.1)",
                "target": f"space:{s}",
            }
            for s in displace_choices(state)
        ]
    if state["phase"] == "savoy":
        return [
            {"action": {"type": "decline"}, "label": "Leave Savoy at war"},
            {"action": {"type": "neutralise_savoy"}, "label": "Declare Savoy neutral (7.2.1)", "target": "space:turin"},
        ]
    return [
        {"action": {"type": "first", "role": r}, "label": f"The {r.title()} go first this year"}
        for r in (role, other(role))
    ]


def act(state: State, rng: Rng, role: str, action: Action) -> None:
    if action["type"] == "first":
        state["first"] = action["role"]  # NY-8b: the initiative player chooses who goes first
        state["steps"] += rest_of_year(action["role"])
        state["phase"], state["active"] = "auto", []
        return
    if action["type"] == "neutralise_savoy":
        neutralise_savoy(state, role)
        state["savoy_ask"] = []
    if action["type"] == "displace":
        displace_to(state, action["to"])
    if displace_next(state):
        return
    asked = [r for r in state.get("savoy_ask", []) if may_neutralise_savoy(state, r)]
    if asked:
        state["savoy_ask"] = asked[1:]
        state["active"] = [asked[0]]
        return
    resume = state["resume"]
    state["resume"] = None
    state["savoy_ask"] = []
    state["phase"], state["active"] = resume["phase"], resume["active"]
