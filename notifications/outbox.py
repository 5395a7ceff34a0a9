"""Writing outbox rows (inside the caller's transaction) and queueing their delivery on commit."""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils import timezone

from accounts.models import NotifyMode
from games.models import Match, Seat
from games.services import statements
from games.services.locking import attach_users

from .models import Channel, Kind, Notification
from .presence import HELD_CHANNELS, first_hold
from .queue import queue_delivery

# With the "digest" preference these arrive in the daily digest instead of one by one.
DIGESTED_KINDS = {Kind.STARTED, Kind.TURN, Kind.REMINDER, Kind.CHAT}
# What reaches a phone by Web Push too: what asks the player to act, or ends a match.
PUSHED_KINDS = {Kind.STARTED, Kind.TURN, Kind.REMINDER, Kind.TIMEOUT, Kind.TAKEBACK, Kind.FINISHED}


def notify_mode(user, match: Match | None) -> str:
    """The user's choice for this match: the seat's override, else the profile's.

    Read from the match's loaded seats (no query on the write path, which has them loaded).
    """
    if match is not None:
        override = next((s.notify_mode for s in match.loaded_seats() if s.user_id == user.pk and s.notify_mode), "")
        if override:
            return override
    return user.profile.notify_mode


def enqueue(
    user,
    kind: str,
    *,
    match: Match | None = None,
    role: str = "",
    payload: dict | None = None,
    dedupe_key: str | None = None,
) -> list[Notification]:
    """Write the rows this event deserves under the user's preferences; deliver them once committed."""
    mode = notify_mode(user, match)
    if mode == NotifyMode.OFF:
        return []
    channels = []
    one_by_one = mode == NotifyMode.IMMEDIATE or kind not in DIGESTED_KINDS
    if user.email and one_by_one:
        channels.append(Channel.EMAIL)
    profile = user.profile
    if profile.push_enabled and one_by_one and kind in PUSHED_KINDS:
        channels.append(Channel.PUSH)
    if profile.webhook_url and not profile.webhook_disabled:
        channels.append(Channel.WEBHOOK)
    rows = []
    now = timezone.now()
    hold = first_hold(kind, match, user.pk, now)
    for channel in channels:
        held = hold if channel in HELD_CHANNELS else None
        row = Notification(
            user=user,
            match=match,
            kind=kind,
            channel=channel,
            role=role,
            seq=match.seq if match is not None else None,
            payload=payload or {},
            dedupe_key=f"{dedupe_key}:{channel}" if dedupe_key else None,
            next_attempt_at=held or now,
            held=held is not None,
        )
        if dedupe_key is None:
            statements.insert(row)  # query: the outbox row (INSERT; in the round trip of a move's other writes)
        else:
            try:
                with transaction.atomic():  # a savepoint: a duplicate must not abort the caller's transaction
                    row.save(force_insert=True)
            except IntegrityError:
                continue  # already written for this dedupe key
        rows.append(row)
        if held is None:  # a held notice is the redelivery sweep's when its wait is over (presence)
            # On commit: the row's key is known by then, and a worker never looks for a row not yet written.
            transaction.on_commit(lambda row=row: queue_delivery(row.pk, row.channel), robust=True)
    return rows


def seated(match: Match) -> list[Seat]:
    """The taken seats with users and profiles (the match's loaded seats: no query when already loaded)."""
    attach_users(match)
    return [seat for seat in match.loaded_seats() if seat.user_id is not None]
