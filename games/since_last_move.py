"""What happened since a player last acted: the events of their own view that are new to them.

"Last acted" is read from the log (the role's newest record, whatever its kind), never from a clock,
and both sides of the comparison are that role's own views (``presentation.engine_view``), so only
events the player may already see are ever counted.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from typing import Any

from django.core.cache import cache

from .models import Match
from .presentation import engine_view
from .replay import OlderEngine, position_at, replayable_from, replays


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


def event_seqs(
    match: Match, role: str | None, view_log: list[dict[str, Any]], upto: int | None = None
) -> list[int | None]:
    """For each event of ``view_log`` (``role``'s view after record ``upto``, default now), the record
    after which it first appeared, so a line of the log can open that moment of the history (None: a
    point the current engine cannot redraw, or a view whose log is not the filtered state log).

    The state's log only grows, except when a record retracts earlier ones (undo, takeback, rewind):
    the state is then replayed without them and its log is cut back to what it was. So the event at
    raw index ``r`` of the log now was added by the record just after the last one whose log was at most
    ``r`` long. Each record stores its log's length (``Action.log_length``, written with it); records
    older than that column are measured once by a replay and remembered in the cache.
    """
    upto = match.seq if upto is None else upto
    start = replayable_from(match)
    if start is None or match.state is None:
        return [None] * len(view_log)
    state_log = position_at(match, upto).state.get("log", []) if upto != match.seq else match.state.get("log", [])
    raw = [i for i, e in enumerate(state_log) if e.get("for") is None or (role is not None and role in e["for"])]
    if len(raw) != len(view_log):
        return [None] * len(view_log)
    lengths = [_setup_log_length(match)]
    records = match.actions.filter(seq__lte=upto).order_by("seq").values_list("seq", "log_length", "hash")
    for seq, length, record_hash in records:
        lengths.append(length if length is not None else _replayed_log_length(match, seq, record_hash))
    # lowest[s]: the shortest the log was at any point from record s on (a suffix minimum, non-decreasing).
    lowest = lengths[:]
    for s in range(len(lowest) - 2, -1, -1):
        lowest[s] = min(lowest[s], lowest[s + 1])
    seqs: list[int | None] = []
    for r in raw:
        first = bisect_right(lowest, r)  # the first record from which the log always held index r
        seqs.append(first if first >= start else None)
    return seqs


def _setup_log_length(match: Match) -> int:
    return len(match.engine.setup(match.seed, match.options).get("log", []))


def _replayed_log_length(match: Match, seq: int, record_hash: str) -> int:
    """The log's length after an old record (one without ``log_length``), replayed once and cached
    (under the record's chain hash, which names it and everything before it)."""
    key = f"log-length:{match.engine_version}:{record_hash}"
    length = cache.get(key)
    if length is None:
        try:
            length = len(position_at(match, seq).state.get("log", []))
        except OlderEngine:
            length = 0  # before the rules upgrade: no link goes there anyway
        cache.set(key, length, timeout=None)
    return length
