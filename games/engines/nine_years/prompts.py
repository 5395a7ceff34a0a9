"""What each role is asked now, or what the other side is doing (ARCHITECTURE §2.1 ``view["prompt"]``)."""

from __future__ import annotations

from typing import Any

from games.engines.base import Text, msg

from .board import name, side_name
from .counters import leader_name

State = dict


def _where(state: State) -> Any:
    if state.get("battle"):
        return name(state["battle"]["space"])
    return name(state["move"]["path"][-1]) if state.get("move") else ""


def _leader(state: State) -> Any:
    return leader_name(state["move"]["leader"]) if state.get("move") else ""


# phase -> (asked of the active role, told to everyone else); fields filled by ``prompt``.
PROMPTS: dict[str, tuple[str, str]] = {
    "first": ("You have the initiative: choose who goes first in {year}", "The {who} choose who goes first in {year}"),
    "savoy": ("Declare Savoy neutral (7.2.1), or leave it at war", "The {who} decide whether Savoy becomes neutral"),
    "displace": (
        "Savoy is neutral: choose where your forces in {displaced} go (7.2.1)",
        "The {who} choose where their forces leaving Savoy go",
    ),
    "reinforce": (
        "Spend your {resource_points} resource points on repairs and new corps, then end reinforcements",
        "The {who} are placing reinforcements",
    ),
    "card": ("Play an Action card", "The {who} choose an Action card to play"),
    "action": ("Choose an action ({left} left on this card), or end the round", "The {who} are taking actions"),
    "transfer": ("Choose where the transferred corps goes", "The {who} are transferring a corps"),
    "move": (
        "Move {leader} ({movement_points} MP left): march, sail, take control or end the move",
        "The {who} are moving {leader}",
    ),
    "intercept": (
        "The enemy entered {where}: intercept with a leader and the corps he takes, or let them pass",
        "The {who} may intercept at {where}",
    ),
    "avoid": (
        "The enemy attacks you at {where}: accept battle or try to avoid it",
        "The {who} decide whether to accept battle at {where}",
    ),
    "losses": (
        "Battle of {where}: choose the corps that takes the next loss ({count} to take)",
        "The {who} are choosing which corps take their losses",
    ),
    "retreat": ("You lost the battle of {where}: choose where to retreat", "The {who} are choosing where to retreat"),
}


def prompt(state: State, role: str | None) -> Text:
    """The bar above the board, for ``role`` (None: a spectator)."""
    if state["result"] is not None:
        return msg("The game is over. {reason}", reason=state["result"]["reason"])
    if not state["active"] or state["phase"] not in PROMPTS:
        return ""
    who = state["active"][0]
    ask, wait = PROMPTS[state["phase"]]
    battle = state.get("battle")
    fields = {
        "who": side_name(who),
        "year": state["year"],
        "resource_points": state["resource_points"][who],
        "left": state["round"]["left"] if state.get("round") else 0,
        "movement_points": state["move"]["movement_points"] if state.get("move") else 0,
        "leader": _leader(state),
        "where": _where(state),
        "count": battle["to_resolve"][0].get("count", 0) if battle and battle["to_resolve"] else 0,
        "displaced": name(state["displace"][0]["space"]) if state.get("displace") else "",
    }
    template = ask if role == who else wait
    # Only the fields the sentence uses are stored in the record.
    return msg(template, **{k: v for k, v in fields.items() if "{" + k + "}" in template})
