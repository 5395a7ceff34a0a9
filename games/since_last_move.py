"""What happened since a player last acted, and when each event of a reader's log first appeared.

Both follow from the log's records in brief (``log_records``, read once per rendering) and the length of
the state's log each record left behind (``Action.log_length``), never from a replay: the state's log only
grows, except when a record retracts earlier ones (undo, takeback, rewind, upgrade), which cuts it back to
what it was. A reader's log is the state's log filtered for its role (``engines.base.log_for``, the engine
contract), so only events the player may already see are ever counted, and an event is new to a player
when it first appeared after their last record ("last acted": the role's newest record, whatever its kind).
"""

from __future__ import annotations

import functools
import json
from bisect import bisect_right
from dataclasses import dataclass
from typing import Any, NamedTuple

from django.core.cache import cache
from django.db import connections, router

from . import engines
from .engines import base
from .models import Action, Match
from .presentation import engine_view
from .replay import RETRACTING_KINDS, OlderEngine, position_at, replayable_from, replays
from .services import statements


class Record(NamedTuple):
    """One log record, in brief."""

    seq: int
    kind: str
    role: str
    reason: str
    log_length: int | None  # the state's log length after it (None: written before the column)
    hash: str
    undoable: bool | None  # a move's mark for takebacks (``Action.undoable``)
    payload: dict | None  # a retracting record's, which names what it retracts (``replay.retracted_by``)


def log_records(match: Match) -> list[Record]:
    """Every record of ``match``'s log in brief, oldest first."""
    connection = connections[router.db_for_read(Action)]
    # query: the log in brief (written out: the ORM took longer to build it than the database to run it)
    (rows,) = statements.select_together(connection, (_records_sql(), [*RETRACTING_KINDS, match.pk]))
    read = [statements.converted(Action, row, connection, _NOT_IN_RECORD) for row in rows]
    return [Record(*(values[i] for i in _RECORD_ORDER)) for values in read]


_NOT_IN_RECORD = tuple(f.name for f in Action._meta.concrete_fields if f.name not in Record._fields)
# Where each of Record's fields stands among the columns read (``column_list`` order, the model's).
_READ = [f.name for f in Action._meta.concrete_fields if f.name not in _NOT_IN_RECORD]
_RECORD_ORDER = [_READ.index(name) for name in Record._fields]


@functools.cache
def _records_sql() -> str:
    quote = statements.connection_for(Action).ops.quote_name
    columns = statements.column_list(Action, "a", leave_out=_NOT_IN_RECORD)
    # Only a retracting record's payload is read: it names what it retracts (a move's is of no use here).
    kinds = ", ".join(["%s"] * len(RETRACTING_KINDS))
    payload = f"a.{quote('payload')}"
    columns = columns.replace(payload, f"CASE WHEN a.{quote('kind')} IN ({kinds}) THEN {payload} END")
    return f"SELECT {columns} FROM {quote(Action._meta.db_table)} a WHERE a.match_id = %s ORDER BY a.seq"


@dataclass(frozen=True)
class SinceLastMove:
    since_seq: int  # the role's newest record at or before the point looked at (0: it never acted)
    first_new: int  # index in the view's log of the first new event
    events: list[dict[str, Any]]  # the new events, oldest first

    @property
    def count(self) -> int:
        return len(self.events)


def since_last_move(
    match: Match,
    role: str | None,
    seq: int | None = None,
    view: dict[str, Any] | None = None,
    records: list[Record] | None = None,
) -> SinceLastMove | None:
    """The events of ``role``'s view at record ``seq`` (default: now) that first appeared after its last
    record: also an event taken back since and played again alike, for it happened again.

    ``view``, ``records``: that view and ``log_records``, when the caller already has them. None for
    spectators and unstarted matches.
    """
    if role is None or match.state is None:
        return None
    upto = match.seq if seq is None else seq
    records = log_records(match) if records is None else records
    last = max((r.seq for r in records if r.role == role and r.seq <= upto), default=0)
    now_log = (view if view is not None else engine_view(match, role, seq) or {}).get("log", [])
    # Nothing new, or acted before a rules upgrade (no point the current rules recorded to compare with).
    appeared = first_appearances(match, role, now_log, upto, records) if last != upto and replays(match, last) else None
    if appeared is None:
        return SinceLastMove(last, len(now_log), [])
    first_new = bisect_right(appeared, last)  # the appearances only grow along the log
    return SinceLastMove(last, first_new, now_log[first_new:])


def event_seqs(
    match: Match,
    role: str | None,
    view_log: list[dict[str, Any]],
    upto: int | None = None,
    records: list[Record] | None = None,
) -> list[int | None]:
    """For each event of ``view_log`` (``role``'s view after record ``upto``, default now), the record
    after which it first appeared, so a line of the log can open that moment of the history (None: a
    point the current engine cannot redraw)."""
    upto = match.seq if upto is None else upto
    records = log_records(match) if records is None else records
    start = replayable_from(match, records)
    appeared = first_appearances(match, role, view_log, upto, records) if start is not None else None
    if appeared is None:
        return [None] * len(view_log)
    return [seq if seq >= start else None for seq in appeared]


def first_appearances(
    match: Match, role: str | None, view_log: list[dict[str, Any]], upto: int, records: list[Record]
) -> list[int] | None:
    """For each event of ``view_log``, the record from which the state's log always held it (0: set up
    with the match). None when the match's state is unknown or ``view_log`` is not ``role``'s lines of the
    state's log at ``upto`` (an engine breaking the contract draws no links rather than wrong ones).

    The event at raw index ``r`` of the state's log was added by the record just after the last one whose
    log was at most ``r`` long.
    """
    if match.state is None:
        return None
    state_log = position_at(match, upto).state.get("log", []) if upto != match.seq else match.state.get("log", [])
    lines = {id(e) for e in base.log_for(state_log, role)}
    if len(lines) != len(view_log):
        return None
    raw = [i for i, e in enumerate(state_log) if id(e) in lines]  # where each line stands in the state's log
    lengths = [setup_log_length(match)]
    for record in records:
        if record.seq > upto:
            break
        lengths.append(record.log_length if record.log_length is not None else _replayed_log_length(match, record))
    # lowest[s]: the shortest the log was at any point from record s on (a suffix minimum, non-decreasing).
    lowest = lengths[:]
    for s in range(len(lowest) - 2, -1, -1):
        lowest[s] = min(lowest[s], lowest[s + 1])
    return [bisect_right(lowest, r) for r in raw]  # the first record from which the log always held index r


def setup_log_length(match: Match) -> int:
    """The log's length before any record."""
    return _setup_log_length(match.game, match.seed, json.dumps(match.options, sort_keys=True))


@functools.lru_cache(maxsize=4096)
def _setup_log_length(game: str, seed: int, options: str) -> int:
    # The engine is deterministic: a match's setup is drawn once per process, not on every page.
    return len(engines.get(game).setup(seed, json.loads(options)).get("log", []))


def _replayed_log_length(match: Match, record: Record) -> int:
    """The log's length after an old record (one without ``log_length``), replayed once and cached
    (under the record's chain hash, which names it and everything before it)."""
    key = f"log-length:{match.engine_version}:{record.hash}"
    length = cache.get(key)
    if length is None:
        try:
            length = len(position_at(match, record.seq).state.get("log", []))
        except OlderEngine:
            length = 0  # before the rules upgrade: no link goes there anyway
        cache.set(key, length, timeout=None)
    return length
