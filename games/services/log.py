"""The one place that appends to a match's log and refreshes everything derived from it."""

from __future__ import annotations

from django.conf import settings
from django.db import connections, router
from django.utils import timezone

from games import signals
from games.engines.base import State, state_hash
from games.models import Action, ActionKind, Match, MatchStatus, Seat, Snapshot


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
    # query: the log record (INSERT)
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
    # query: the cache on the match row (UPDATE of these columns only; an upgrade also moves the version)
    match.save(update_fields=CACHE_FIELDS + UPGRADE_FIELDS if kind == ActionKind.UPGRADE else CACHE_FIELDS)

    turn_changed = mark_turns(match, previous_active)
    # Receivers write the outbox rows and set the clocks of ``turn_changed`` seats in memory
    # (notifications.receivers.on_action_recorded); the seats are saved once, below.
    signals.action_recorded.send(Match, match=match, record=record, previous_active_roles=previous_active)
    save_turns(turn_changed)
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


# What append_record changes on the match row and on the seats whose turn starts or ends.
CACHE_FIELDS = ["seq", "head_hash", "state", "state_hash", "result", "active_roles", "status", "finished_at"]
# What an UPGRADE record also changes (games.services.upgrades: the version, and a refusal's flag taken back).
UPGRADE_FIELDS = ["engine_version", "flagged", "flag_reason", "upgrade_refused"]
TURN_FIELDS = ["is_active", *Seat.CLOCK_FIELDS]


def save_turns(seats: list[Seat]) -> None:
    """Save the turn flag and clock of ``seats``: one parameterised UPDATE by primary key, sent once for
    all of them (``executemany``, which psycopg pipelines: one round trip on PostgreSQL however many
    seats; bulk_update's CASE expressions would cost more to build than that round trip)."""
    if not seats:
        return
    connection = connections[router.db_for_write(Seat)]
    quote = connection.ops.quote_name
    fields = [Seat._meta.get_field(name) for name in TURN_FIELDS]
    assignments = ", ".join(f"{quote(field.column)} = %s" for field in fields)
    sql = f"UPDATE {quote(Seat._meta.db_table)} SET {assignments} WHERE {quote(Seat._meta.pk.column)} = %s"
    params = [
        [*(field.get_db_prep_save(getattr(seat, field.attname), connection) for field in fields), seat.pk]
        for seat in seats
    ]
    with connection.cursor() as cursor:
        # query: one UPDATE per seat whose turn started or ended, flag and clock together, in one round trip
        cursor.executemany(sql, params)


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
    for seat in match.loaded_seats():
        if seat.is_active != (seat.role in active):
            seat.is_active = seat.role in active
            seat.save(update_fields=["is_active"])
