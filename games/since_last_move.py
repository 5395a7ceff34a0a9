"""What happened since a player last acted: the events of their own view that are new to them.

"Last acted" is read from the log (the role's newest record, whatever its kind), never from a clock,
and both sides of the comparison are that role's own views (``presentation.engine_view``), so only
events the player may already see are ever counted.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .models import Match
from .presentation import engine_view
from .replay import replays


@dataclass(frozen=True)
class SinceLastMove:
    since_seq: int  # the role's newest record at or before the point looked at (0: it never acted)
    first_new: int  # index in the view's log of the first new event
    events: list[dict[str, Any]]  # the new events, oldest first

    @property
    def count(self) -> int:
        return len(self.events)


def since_last_move(
    match: Match, role: str | None, seq: int | None = None, view: dict[str, Any] | None = None
) -> SinceLastMove | None:
    """The events of ``role``'s view at record ``seq`` (default: now) that came after its last record.

    ``view``: that view, when the caller already has it. None for spectators and unstarted matches.
    """
    if role is None or match.state is None:
        return None
    upto = match.seq if seq is None else seq
    last = match.actions.filter(role=role, seq__lte=upto).order_by("-seq").values_list("seq", flat=True).first() or 0
    now_log = (view if view is not None else engine_view(match, role, seq) or {}).get("log", [])
    if last == upto or not replays(match, last):  # nothing new, or acted before a rules upgrade (not redrawable)
        return SinceLastMove(last, len(now_log), [])
    then_log = (engine_view(match, role, last) or {}).get("log", [])
    # A retraction since may have cut the log short: what differs from the old log is new.
    common = 0
    for before, after in zip(then_log, now_log, strict=False):
        if before != after:
            break
        common += 1
    return SinceLastMove(last, common, now_log[common:])
