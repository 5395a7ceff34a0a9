"""Rebuilding a match's state from its log, and verifying log, snapshots and cache against it.

Retractions (undo, agreed takeback, moderator rewind) only ever remove the newest effective records, so the effective
moves form a stack and the state right after an effective move ``m`` depends on ``m`` alone. That is
what makes snapshots keyed by move sequence number valid whatever was retracted later.

Engine versions (ARCHITECTURE §2.2): only the current engine's code exists, so only the part of a log
the current engine recorded is replayed: every record of a match on the current version that was never
upgraded, or the records from its last UPGRADE on (that record replays the effective moves from the
start through the new engine). Older records are checked by the hash chain alone.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from games.engines.base import Engine, State, canonical_json, state_hash
from games.languages import current_language

from .models import Action, ActionKind, Match, Snapshot

RESULT_KINDS = (ActionKind.RESIGN, ActionKind.FORFEIT, ActionKind.ADJUDICATE)
# An UPGRADE retracts only when a moderator dropped the records the new rules refuse ("retracts").
RETRACTING_KINDS = (ActionKind.UNDO, ActionKind.REWIND, ActionKind.TAKEBACK, ActionKind.UPGRADE)


def genesis_hash(match: Match, engine_version: int | None = None) -> str:
    """The chain's anchor: covers game, engine version, options and seed, so none can be swapped.

    ``engine_version`` is the version the match started on (default: the match's, before any upgrade).
    """
    record = {
        "match": match.pk,
        "game": match.game,
        "engine_version": match.engine_version if engine_version is None else engine_version,
        "options": match.options,
        "seed": match.seed,
    }
    return hashlib.sha256(canonical_json(record).encode("utf-8")).hexdigest()


def retracted_by(record: Action) -> list[int]:
    """The seqs a retracting record retracts (an UPGRADE usually retracts nothing)."""
    if record.kind == ActionKind.UPGRADE:
        return record.payload.get("retracts", [])
    return record.payload["retracts"]


@dataclass
class LogReading:
    """What the log says once retractions are applied; fed one record at a time, oldest first."""

    moves: list[Action] = field(default_factory=list)  # effective moves, oldest first
    result_record: Action | None = None  # the standing resign/forfeit/adjudication, if any

    def feed(self, record: Action) -> None:
        if record.kind == ActionKind.MOVE:
            self.moves.append(record)
        elif record.kind in RETRACTING_KINDS:
            retracted = set(retracted_by(record))
            self.moves = [m for m in self.moves if m.seq not in retracted]
            if self.result_record is not None and self.result_record.seq in retracted:
                self.result_record = None
        elif record.kind in RESULT_KINDS:
            self.result_record = record

    def with_record(self, record: Action) -> LogReading:
        """The reading once ``record`` (perhaps not saved) is added; this one stays as it was."""
        after = LogReading(moves=list(self.moves), result_record=self.result_record)
        after.feed(record)
        return after


def replay_stored(engine: Engine, state: State, move: Action) -> State:
    """The state after ``move``, a move of this match's log that the current engine accepted when it was
    recorded: the engine is deterministic, so its legality is not checked again (most of a replay's
    cost). ``check`` replays with ``apply`` and is what finds a log that no longer replays."""
    return engine.apply_trusted(state, move.role, move.payload)


def read_log(records: Iterable[Action]) -> LogReading:
    reading = LogReading()
    for record in records:
        reading.feed(record)
    return reading


def effective_moves_newest_first(match: Match) -> Iterator[Action]:
    """Effective moves from the newest back, reading the log backwards only as far as asked."""
    return effective_moves(match.actions.order_by("-seq").iterator(chunk_size=64))


def effective_moves(newest_first: Iterable[Any]) -> Iterator[Any]:
    """The effective moves among log records given newest first (``Action`` rows, or records in brief
    with the same ``seq``, ``kind`` and ``payload``, as ``since_last_move.log_records`` reads them).

    Retractions only ever remove the newest effective moves, so a record's retractions are known
    before the records they name are reached.
    """
    retracted: set[int] = set()
    for record in newest_first:
        if record.kind in RETRACTING_KINDS:
            retracted.update(retracted_by(record))
        elif record.kind == ActionKind.MOVE and record.seq not in retracted:
            yield record


def state_before_last_move(match: Match, engine: Engine) -> tuple[Action | None, State]:
    """The newest effective move and the state just before it, from the nearest snapshot."""
    moves = effective_moves_newest_first(match)
    last = next(moves, None)
    if last is None:
        return None, engine.setup(match.seed, match.options)
    snapshots = set(Snapshot.objects.filter(match=match, seq__lt=last.seq).values_list("seq", flat=True))
    pending: list[Action] = []
    state = None
    for move in moves:
        if move.seq in snapshots:
            state = Snapshot.objects.get(match=match, seq=move.seq).state
            break
        pending.append(move)
    if state is None:
        state = engine.setup(match.seed, match.options)
    for move in reversed(pending):
        state = replay_stored(engine, state, move)
    return last, state


def state_after_moves(
    match: Match, engine: Engine, moves: list[Action], use_snapshots: bool = True, checked: bool = False
) -> State:
    """The engine state after the given effective moves, starting from the newest usable snapshot.

    ``checked``: ``moves`` were never replayed in this order (an imported retraction), so each is checked
    as a player's move is and an illegal one raises ``IllegalAction``."""
    start, state = 0, None
    if use_snapshots and moves:
        wanted = [m.seq for m in moves]
        snapshot = Snapshot.objects.filter(match=match, seq__in=wanted).order_by("-seq").first()
        if snapshot is not None:
            state = snapshot.state
            start = wanted.index(snapshot.seq) + 1
    if state is None:
        state = engine.setup(match.seed, match.options)
    for move in moves[start:]:
        state = engine.apply(state, move.role, move.payload) if checked else replay_stored(engine, state, move)
    return state


@dataclass
class Position:
    state: State
    result: dict | None
    seq: int


class OlderEngine(Exception):
    """A point of the log recorded by an older engine version: the current engine cannot rebuild it."""

    def __init__(self, match: Match, seq: int) -> None:
        engine = match.engine
        super().__init__(
            _(
                "The position after #{seq} was recorded under an older version of the {game} rules; "
                "this server runs version {version} and cannot redraw it"
            ).format(seq=seq, game=engine.text(engine.title, current_language()), version=engine.version)
        )


def replayable_from(match: Match, records: Sequence[Any] | None = None) -> int | None:
    """The first log point the current engine recorded: 0 (all of it), its last UPGRADE, or None (none).

    ``records``, when the caller has read them (the whole log in brief, ``since_last_move.log_records``),
    tell the last UPGRADE without a query. Asked several times for one page: kept on the match object for
    as long as its log and version stand.
    """
    if match.engine_version != match.engine.version:
        return None
    standing = (match.seq, match.engine_version)
    known = getattr(match, "_replayable_from", None)
    if known is None or known[0] != standing:
        if records is not None:
            last = max((r.seq for r in records if r.kind == ActionKind.UPGRADE), default=0)
        else:
            upgrades = match.actions.filter(kind=ActionKind.UPGRADE).order_by("-seq")
            last = upgrades.values_list("seq", flat=True).first() or 0
        known = match._replayable_from = (standing, last)
    return known[1]


def replays(match: Match, seq: int) -> bool:
    """Whether the current engine recorded (and so can rebuild) the point right after record ``seq``."""
    start = replayable_from(match)
    return start is not None and seq >= start


def position_at(match: Match, seq: int | None = None) -> Position:
    """The state (and result) right after log record ``seq`` (default: the latest).

    A point the current engine did not record raises ``OlderEngine``, except the latest: the cache.
    """
    engine = match.engine
    target = match.seq if seq is None else seq
    if not replays(match, target):
        if target == match.seq:
            return Position(state=match.state, result=match.result, seq=target)
        raise OlderEngine(match, target)
    reading = read_log(match.actions.filter(seq__lte=target).order_by("seq"))
    state = state_after_moves(match, engine, reading.moves)
    return Position(state=state, result=platform_result(engine, state, reading.result_record), seq=target)


def platform_result(engine: Engine, state: State, result_record: Action | None) -> dict | None:
    if result_record is not None:
        return result_record.payload
    return engine.result(state)


@dataclass
class Verification:
    """What ``check`` found. ``problems`` (first mismatch first) make it fail; ``older`` does not."""

    problems: list[str] = field(default_factory=list)
    tampered: bool = False  # the hash chain is broken: a record was altered, removed or inserted
    older: str = ""  # records recorded by an older engine version: checked by the hash chain alone

    @property
    def verdict(self) -> str:
        if self.tampered:
            return "TAMPERED"
        return "BROKEN" if self.problems else "OK"


def verify(match: Match) -> list[str]:
    """The problems ``check`` finds (an empty list: everything stored agrees with the log)."""
    return check(match).problems


def check(match: Match) -> Verification:
    """Check the hash chain of every record, replay what the current engine recorded, compare the rest.

    Chain and upgrade records are checked whatever the version; states are replayed only from the
    point the current engine took over (see ``replayable_from``); snapshots and cache against both.
    """
    found = Verification()
    problems = found.problems
    engine = match.engine
    records = list(match.actions.order_by("seq"))
    if match.engine_version > engine.version:
        problems.append(f"engine version {match.engine_version} stored, newer than the engine's {engine.version}")
        return found
    if match.state is None:
        if records:
            problems.append("match has log records but no started state")
        return found

    upgrades = [r for r in records if r.kind == ActionKind.UPGRADE]
    replay_from = (upgrades[-1].seq if upgrades else 0) if match.engine_version == engine.version else None
    version = upgrades[0].payload.get("from_version") if upgrades else match.engine_version
    prev = genesis_hash(match, version)
    replayed: dict[int, State] = {}  # move seq -> state right after it (current engine)
    reading = LogReading()
    state = engine.setup(match.seed, match.options) if replay_from == 0 else None
    recorded = ""  # the state hash the previous record carries
    for expected_seq, record in enumerate(records, start=1):
        where = f"action #{record.seq}"
        chain = len(problems)
        if record.seq != expected_seq:
            problems.append(f"{where}: gap or duplicate in the sequence (expected #{expected_seq})")
        if record.prev_hash != prev:
            problems.append(f"{where}: prev_hash does not link to the record before it")
        if record.compute_hash() != record.hash:
            problems.append(f"{where}: hash does not match its content (record altered)")
        found.tampered = found.tampered or len(problems) > chain
        prev = record.hash
        if record.kind == ActionKind.UPGRADE:
            version = _check_upgrade(problems, where, record, version, recorded)
        try:
            reading.feed(record)
            if replay_from is None or record.seq < replay_from:
                recorded = record.state_hash
                continue
            if record.seq == replay_from:  # the last upgrade: every effective move through this engine
                state = _replay_moves(engine, match, reading.moves, replayed)
            else:
                state = _state_after(engine, match, reading.moves, replayed)
        except Exception as exc:  # any engine failure is a verification failure, reported not raised
            problems.append(f"{where}: replay failed: {exc}")
            return found
        if record.kind == ActionKind.MOVE:
            replayed[record.seq] = state
        if state_hash(state) != record.state_hash:
            problems.append(f"{where}: replayed state differs from the recorded state hash")
        recorded = record.state_hash

    if version != match.engine_version:
        problems.append(f"cache: engine version {match.engine_version}, the log's upgrades lead to {version}")
    if replay_from is None:
        found.older = (
            f"recorded on an older engine (version {match.engine_version}, the engine is at {engine.version}): "
            f"{len(records)} records checked by the hash chain only, states not replayed"
        )
        _check_recorded(problems, match, records, reading)
    else:
        if replay_from:
            found.older = (
                f"records #1–#{replay_from - 1} recorded on older engine versions: checked by the hash chain "
                f"and replayed as a whole by the upgrade at #{replay_from}"
            )
        _check_replayed(problems, match, engine, state, replayed, reading)
    if match.head_hash != prev:
        problems.append("cache: head hash differs from the last record's hash")
    last_seq = records[-1].seq if records else 0
    if match.seq != last_seq:
        problems.append(f"cache: seq {match.seq}, log ends at #{last_seq}")
    return found


def _check_upgrade(problems: list[str], where: str, record: Action, version: int | None, recorded: str) -> int | None:
    """An UPGRADE continues the version chain and starts from the state the record before it left."""
    payload = record.payload
    start, end = payload.get("from_version"), payload.get("to_version")
    if start != version or not (isinstance(start, int) and isinstance(end, int) and start < end):
        problems.append(f"{where}: upgrade from version {start} to {end}, the log was at {version}")
    if recorded and payload.get("old_state_hash") != recorded:
        problems.append(f"{where}: upgrade's old state hash differs from the record before it")
    return end


def _check_recorded(problems: list[str], match: Match, records: list[Action], reading: LogReading) -> None:
    """Snapshots and cache of a match the engine cannot replay: against the hashes the log recorded."""
    by_seq = {r.seq: r for r in records}
    for snapshot in match.snapshots.order_by("seq"):
        record = by_seq.get(snapshot.seq)
        if record is None or record.kind != ActionKind.MOVE:
            problems.append(f"snapshot @{snapshot.seq}: not after a move of the log")
        elif not snapshot.state_hash == state_hash(snapshot.state) == record.state_hash:
            problems.append(f"snapshot @{snapshot.seq}: differs from the recorded state hash")
    if records and not match.state_hash == state_hash(match.state) == records[-1].state_hash:
        problems.append("cache: cached state differs from the last record's state hash")
    if reading.result_record is not None and match.result != reading.result_record.payload:
        problems.append("cache: cached result differs from the standing result record")


def _check_replayed(
    problems: list[str], match: Match, engine: Engine, state: State, replayed: dict[int, State], reading: LogReading
) -> None:
    """Snapshots and cache against the states this engine replayed."""
    for snapshot in match.snapshots.order_by("seq"):
        if snapshot.seq not in replayed:
            problems.append(f"snapshot @{snapshot.seq}: not after a move of the log")
        elif state_hash(snapshot.state) != state_hash(replayed[snapshot.seq]) or snapshot.state_hash != state_hash(
            snapshot.state
        ):
            problems.append(f"snapshot @{snapshot.seq}: differs from the replayed state")
    if state_hash(match.state) != state_hash(state) or match.state_hash != state_hash(state):
        problems.append("cache: cached state differs from the replayed state")
    result = platform_result(engine, state, reading.result_record)
    if match.result != result:
        problems.append("cache: cached result differs from the replayed result")
    expected_active = [] if result else engine.active_roles(state)
    if list(match.active_roles) != expected_active:
        problems.append("cache: cached active roles differ from the replayed ones")


def _replay_moves(engine: Engine, match: Match, moves: list[Action], replayed: dict[int, State]) -> State:
    """Every effective move from the start, remembering the state after each."""
    state = engine.setup(match.seed, match.options)
    for move in moves:
        state = engine.apply(state, move.role, move.payload)
        replayed[move.seq] = state
    return state


def _state_after(engine: Engine, match: Match, moves: list[Action], replayed: dict[int, State]) -> State:
    """State after ``moves``, from states replayed earlier in this verification (never stored ones).

    Only the newest move can be new: every earlier effective move was replayed when it was fed.
    """
    if not moves:
        return engine.setup(match.seed, match.options)
    last = moves[-1]
    if last.seq in replayed:
        return replayed[last.seq]
    before = replayed[moves[-2].seq] if len(moves) > 1 else engine.setup(match.seed, match.options)
    return engine.apply(before, last.role, last.payload)


def verify_and_flag(match: Match) -> Verification:
    """``check``, then remember the outcome on the match (the moderators' "replay failed" list)."""
    found = check(match)
    failed = bool(found.problems)
    if failed != match.replay_failed:
        Match.objects.filter(pk=match.pk).update(replay_failed=failed)
        match.replay_failed = failed
    return found
