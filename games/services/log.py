"""The one place that appends to a match's log and refreshes everything derived from it."""

from __future__ import annotations

from django.conf import settings
from django.utils import timezone

from games import signals
from games.engines.base import State, state_hash
from games.models import Action, ActionKind, Match, MatchStatus, Snapshot


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
    record = _chain(match, kind, role, user, payload, reason, idempotency_key, state_hash(state))

    if kind == ActionKind.MOVE and record.seq % settings.SNAPSHOT_INTERVAL == 0:
        Snapshot.objects.create(match=match, seq=record.seq, state=state, state_hash=record.state_hash)

    was_finished = match.status == MatchStatus.FINISHED
    match.seq = record.seq
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
    match.save()
    sync_active_seats(match)

    signals.action_recorded.send(Match, match=match, record=record, previous_active_roles=previous_active)
    if result and not was_finished:
        signals.match_finished.send(Match, match=match)
    return record


def append_as_recorded(match: Match, *, kind: str, role: str, user, payload: dict, reason: str, hash_: str) -> Action:
    """Copy a record an older engine version made, with the state hash it recorded (importing an
    upgraded match). Only the chain moves on: the cache is set by the UPGRADE record that follows.
    """
    record = _chain(match, kind, role, user, payload, reason, None, hash_)
    match.seq, match.head_hash = record.seq, record.hash
    match.save(update_fields=["seq", "head_hash"])
    return record


def _chain(match: Match, kind, role, user, payload, reason, idempotency_key, hash_: str) -> Action:
    """Write the next record of the hash chain."""
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
    record.save(force_insert=True)
    return record


def sync_active_seats(match: Match) -> None:
    """Mirror the cached active roles on the seats (what "your turn" queries read)."""
    active = set(match.active_roles)
    for seat in match.seats.all():
        if seat.is_active != (seat.role in active):
            seat.is_active = seat.role in active
            seat.save(update_fields=["is_active"])
