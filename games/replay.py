"""Rebuilding a match's state from its log, and verifying log, snapshots and cache against it.

Retractions (undo, agreed takeback, moderator rewind) only ever remove the newest effective records, so the effective
moves form a stack and the state right after an effective move ``m`` depends on ``m`` alone. That is
what makes snapshots keyed by move sequence number valid whatever was retracted later.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from games.engines.base import Engine, State, canonical_json, state_hash

from .models import Action, ActionKind, Match, Snapshot

RESULT_KINDS = (ActionKind.RESIGN, ActionKind.FORFEIT, ActionKind.ADJUDICATE)
RETRACTING_KINDS = (ActionKind.UNDO, ActionKind.REWIND, ActionKind.TAKEBACK)


def genesis_hash(match: Match) -> str:
    """The chain's anchor: covers game, engine version, options and seed, so none can be swapped."""
    record = {
        "match": match.pk,
        "game": match.game,
        "engine_version": match.engine_version,
        "options": match.options,
        "seed": match.seed,
    }
    return hashlib.sha256(canonical_json(record).encode("utf-8")).hexdigest()


@dataclass
class LogReading:
    """What the log says once retractions are applied; fed one record at a time, oldest first."""

    moves: list[Action] = field(default_factory=list)  # effective moves, oldest first
    result_record: Action | None = None  # the standing resign/forfeit/adjudication, if any

    def feed(self, record: Action) -> None:
        if record.kind == ActionKind.MOVE:
            self.moves.append(record)
        elif record.kind in RETRACTING_KINDS:
            retracted = set(record.payload["retracts"])
            self.moves = [m for m in self.moves if m.seq not in retracted]
            if self.result_record is not None and self.result_record.seq in retracted:
                self.result_record = None
        elif record.kind in RESULT_KINDS:
            self.result_record = record


def read_log(records: Iterable[Action]) -> LogReading:
    reading = LogReading()
    for record in records:
        reading.feed(record)
    return reading


def effective_moves_newest_first(match: Match) -> Iterator[Action]:
    """Effective moves from the newest back, reading the log backwards only as far as asked.

    Retractions only ever remove the newest effective moves, so a record's retractions are known
    before the records they name are reached.
    """
    retracted: set[int] = set()
    for record in match.actions.order_by("-seq").iterator(chunk_size=64):
        if record.kind in RETRACTING_KINDS:
            retracted.update(record.payload["retracts"])
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
        state = engine.apply(state, move.role, move.payload)
    return last, state


def state_after_moves(match: Match, engine: Engine, moves: list[Action], use_snapshots: bool = True) -> State:
    """The engine state after the given effective moves, starting from the newest usable snapshot."""
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
        state = engine.apply(state, move.role, move.payload)
    return state


@dataclass
class Position:
    state: State
    result: dict | None
    seq: int


def position_at(match: Match, seq: int | None = None) -> Position:
    """The state (and result) right after log record ``seq`` (default: the latest)."""
    engine = match.engine
    records = match.actions.all() if seq is None else match.actions.filter(seq__lte=seq)
    reading = read_log(records.order_by("seq"))
    state = state_after_moves(match, engine, reading.moves)
    return Position(
        state=state, result=platform_result(engine, state, reading.result_record), seq=match.seq if seq is None else seq
    )


def platform_result(engine: Engine, state: State, result_record: Action | None) -> dict | None:
    if result_record is not None:
        return result_record.payload
    return engine.result(state)


def verify(match: Match) -> list[str]:
    """Replay from scratch and compare everything stored. Returns problems, first mismatch first."""
    problems: list[str] = []
    engine = match.engine
    if match.engine_version != engine.version:
        problems.append(f"engine version {match.engine_version} stored, engine is at {engine.version}")
    records = list(match.actions.order_by("seq"))
    if match.state is None:
        if records:
            problems.append("match has log records but no started state")
        return problems

    prev = genesis_hash(match)
    replayed: dict[int, State] = {}  # move seq -> state right after it
    reading = LogReading()
    state = engine.setup(match.seed, match.options)
    for expected_seq, record in enumerate(records, start=1):
        where = f"action #{record.seq}"
        if record.seq != expected_seq:
            problems.append(f"{where}: gap or duplicate in the sequence (expected #{expected_seq})")
        if record.prev_hash != prev:
            problems.append(f"{where}: prev_hash does not link to the record before it")
        if record.compute_hash() != record.hash:
            problems.append(f"{where}: hash does not match its content (record altered)")
        prev = record.hash
        try:
            reading.feed(record)
            state = _state_after(engine, match, reading.moves, replayed)
        except Exception as exc:  # any engine failure is a verification failure, reported not raised
            problems.append(f"{where}: replay failed: {exc}")
            return problems
        if record.kind == ActionKind.MOVE:
            replayed[record.seq] = state
        if state_hash(state) != record.state_hash:
            problems.append(f"{where}: replayed state differs from the recorded state hash")

    for snapshot in match.snapshots.order_by("seq"):
        if snapshot.seq not in replayed:
            problems.append(f"snapshot @{snapshot.seq}: not after a move of the log")
        elif state_hash(snapshot.state) != state_hash(replayed[snapshot.seq]) or snapshot.state_hash != state_hash(
            snapshot.state
        ):
            problems.append(f"snapshot @{snapshot.seq}: differs from the replayed state")

    last_seq = records[-1].seq if records else 0
    if match.seq != last_seq:
        problems.append(f"cache: seq {match.seq}, log ends at #{last_seq}")
    if match.head_hash != prev:
        problems.append("cache: head hash differs from the last record's hash")
    if state_hash(match.state) != state_hash(state) or match.state_hash != state_hash(state):
        problems.append("cache: cached state differs from the replayed state")
    result = platform_result(engine, state, reading.result_record)
    if match.result != result:
        problems.append("cache: cached result differs from the replayed result")
    expected_active = [] if result else engine.active_roles(state)
    if list(match.active_roles) != expected_active:
        problems.append("cache: cached active roles differ from the replayed ones")
    return problems


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


def verify_and_flag(match: Match) -> list[str]:
    """``verify``, then remember the outcome on the match (the moderators' "replay failed" list)."""
    problems = verify(match)
    if bool(problems) != match.replay_failed:
        Match.objects.filter(pk=match.pk).update(replay_failed=bool(problems))
        match.replay_failed = bool(problems)
    return problems
