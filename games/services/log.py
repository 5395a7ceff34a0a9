"""The one place that appends to a match's log and refreshes everything derived from it."""

from __future__ import annotations

from django.conf import settings
from django.utils import timezone

from games import signals
from games.engines.base import State, canonical_json, text_hash
from games.fields import CanonicalState
from games.models import Action, ActionKind, Match, MatchStatus, Seat, Snapshot

from . import statements
from .locking import attach_users


def append_record(
    match: Match,
    *,
    kind: str,
    role: str,
    user,
    payload: dict,
    state: State,
    result: dict | None,
    reason: str = "",
    idempotency_key: str | None = None,
) -> Action:
    """Append one record and update the cache. Call inside a transaction holding the match row lock.

    ``state`` is the engine state after the record and ``result`` the platform result (engine result,
    or the standing resign/forfeit/adjudication).
    """
    engine = match.engine
    previous_active = list(match.active_roles)
    stored = CanonicalState(canonical_json(state))  # serialised once: hashed here, stored as it is below
    record = next_record(match, kind, role, user, payload, reason, idempotency_key, text_hash(stored))
    record.log_length = len(state.get("log", []))
    if kind == ActionKind.MOVE:  # match.state is still the state before it
        record.undoable = engine.is_undoable(match.state, state, role)

    was_finished = match.status == MatchStatus.FINISHED
    match.seq = record.seq
    match.last_activity_at = record.created_at
    match.head_hash = record.hash
    match.state = state
    match.state_hash = record.state_hash
    match.result = result
    match.active_roles = [] if result else engine.active_roles(state)
    if result and not was_finished:
        match.status = MatchStatus.FINISHED
        match.finished_at = record.created_at
    elif not result and was_finished:  # a moderator rewound past the end
        match.status = MatchStatus.ACTIVE
        match.finished_at = None
    turn_changed = mark_turns(match, previous_active)
    if turn_changed:
        # query: the seated users and profiles, whom the receivers tell of their turn (clocks, mail);
        # read before the writes, so that these stay in one round trip
        attach_users(match)

    # Every write of the record goes in one round trip.
    with statements.one_round_trip(statements.connection_for(Action)):
        statements.insert(record)  # query: the log record (INSERT)
        # query: the cache on the match row (UPDATE of these columns only; an upgrade also moves the version)
        fields = CACHE_FIELDS + UPGRADE_FIELDS if kind == ActionKind.UPGRADE else CACHE_FIELDS
        statements.update([match], fields, state=stored)
        if kind == ActionKind.MOVE and record.seq % settings.SNAPSHOT_INTERVAL == 0:
            # query: every SNAPSHOT_INTERVAL moves, the state kept for replays (INSERT)
            statements.insert(Snapshot(match=match, seq=record.seq, state=stored, state_hash=record.state_hash))
        # Receivers write the outbox rows and set the clocks of ``turn_changed`` seats in memory
        # (notifications.receivers.on_action_recorded); the seats are saved once, just after.
        signals.action_recorded.send(Match, match=match, record=record, previous_active_roles=previous_active)
        save_turns(turn_changed)
    if result and not was_finished:
        signals.match_finished.send(Match, match=match)
    return record


def append_as_recorded(match: Match, *, kind: str, role: str, user, payload: dict, reason: str, hash_: str) -> Action:
    """Copy a record an older engine version made, with the state hash it recorded (importing an
    upgraded match). Only the chain moves on: the cache is set by the UPGRADE record that follows.
    """
    record = next_record(match, kind, role, user, payload, reason, None, hash_)
    statements.insert(record)  # query: the log record (INSERT)
    match.seq, match.head_hash = record.seq, record.hash
    statements.update([match], ["seq", "head_hash"])  # query: the chain's head on the match row (UPDATE)
    return record


def next_record(match: Match, kind, role, user, payload, reason, idempotency_key, hash_: str) -> Action:
    """The next record of the hash chain, not yet written."""
    record = Action(
        match=match,
        seq=match.seq + 1,
        kind=kind,
        role=role,
        user=user if getattr(user, "pk", None) else None,
        payload=payload,
        reason=reason,
        created_at=timezone.now(),
        idempotency_key=idempotency_key or None,
        state_hash=hash_,
        prev_hash=match.head_hash,
    )
    record.hash = record.compute_hash()
    return record


# What append_record changes on the match row and on the seats whose turn starts or ends.
CACHE_FIELDS = [
    "seq",
    "head_hash",
    "state",
    "state_hash",
    "result",
    "active_roles",
    "status",
    "finished_at",
    "last_activity_at",
]
# What an UPGRADE record also changes (games.services.upgrades: the version, and a refusal's flag taken back).
UPGRADE_FIELDS = ["engine_version", "flagged", "flag_reason", "upgrade_refused"]
TURN_FIELDS = ["is_active", *Seat.CLOCK_FIELDS]


def save_turns(seats: list[Seat]) -> None:
    """Save the turn flag and clock of ``seats``."""
    # query: one UPDATE per seat whose turn started or ended, flag and clock together, in one round trip
    statements.update(seats, TURN_FIELDS)


def mark_turns(match: Match, previous_active: list[str]) -> list[Seat]:
    """Set the seats' turn flags from the cached active roles, in memory; the seats whose turn started or ended."""
    before, now = set(previous_active), set(match.active_roles)
    changed = []
    for seat in match.loaded_seats():
        active = seat.role in now
        if seat.is_active != active or (seat.role in before) != active:
            seat.is_active = active
            changed.append(seat)
    return changed


def sync_active_seats(match: Match) -> None:
    """Mirror the cached active roles on the seats (what "your turn" queries read)."""
    active = set(match.active_roles)
    changed = [seat for seat in match.loaded_seats() if seat.is_active != (seat.role in active)]
    for seat in changed:
        seat.is_active = seat.role in active
    statements.update(changed, ["is_active"])  # query: the seats whose flag changed, in one UPDATE
