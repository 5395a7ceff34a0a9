"""What the Action Phase asks of the player to act, and what the others are told meanwhile (R3-1.2)."""

from __future__ import annotations

from games.engines.base import Text, msg

from .board import side_name


def action_prompt(state: dict, role: str) -> Text:
    action_phase = state["action_phase"]
    asked = {
        "transit": "Choose where the moving block goes next, or stop.",
        "group": "Choose a block of the activated group to move, or finish.",
        "sea": "Choose where the block sails.",
        "recruit": "Choose where to place the recruit.",
        "main": "Name the border of your Main Attack; blocks across other borders are reserves.",
    }.get(action_phase["mode"])
    if asked:
        return msg(asked)
    return msg(
        "Action Phase: {ap} AP left. Activate an area, sea move, recruit, or end.", ap=action_phase["action_points"]
    )


ACTION_WAITING = {
    "transit": "{side} is moving a block ({ap} AP left).",
    "group": "{side} is moving blocks of an activated group ({ap} AP left).",
    "sea": "{side} is making a sea move ({ap} AP left).",
    "recruit": "{side} is placing a recruit ({ap} AP left).",
    "main": "{side} is naming the Main Attack ({ap} AP left).",
    None: "{side} is choosing the next action ({ap} AP left).",
}


def action_waiting(state: dict, who: str) -> Text:
    action_phase = state["action_phase"]
    return msg(
        ACTION_WAITING.get(action_phase["mode"], ACTION_WAITING[None]),
        side=side_name(who),
        ap=action_phase["action_points"],
    )
