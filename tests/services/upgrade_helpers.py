"""A toy engine version bump for the upgrade tests: the next Rosenkönig version, with a rule change."""

from __future__ import annotations

from games import services
from games.engines.base import IllegalAction
from games.engines.rosenkoenig import RosenkoenigEngine
from games.models import Match
from tests.helpers import a_play_action

OLD = RosenkoenigEngine.version  # what the test matches are created on
NEW = OLD + 1  # the toy bump


class MarkedRosenkoenig(RosenkoenigEngine):
    """The next version: every step also counts itself in the state, so every state hash changes."""

    version = NEW
    changes = {NEW: "Every step is counted."}

    def apply(self, state, role, action):
        new = super().apply(state, role, action)
        new["steps"] = state.get("steps", 0) + 1
        return new


class NoDrawRosenkoenig(RosenkoenigEngine):
    """The next version: drawing a power card is no longer allowed."""

    version = NEW
    changes = {NEW: "No more drawing."}

    def legal_actions(self, state, role):
        return [c for c in super().legal_actions(state, role) if c["action"]["type"] != "draw"]

    def apply(self, state, role, action):
        if action.get("type") == "draw":
            raise IllegalAction("Drawing is no longer allowed")
        return super().apply(state, role, action)


def play_with_a_draw(match: Match, users: dict) -> Match:
    """Five moves: red plays, white plays, red draws (#3), white plays, red plays."""
    for step in range(5):
        match.refresh_from_db()
        role = match.active_roles[0]
        action = {"type": "draw"} if step == 2 else a_play_action(match, role)
        services.submit_action(match.pk, users[role], role, action, match.seq)
    match.refresh_from_db()
    return match
