"""The periodic deadline work: expired vacations, reminders, overdue seats, the daily digest.

Every function takes ``now`` so tests inject time. Each seat is handled in its own transaction under
``select_for_update(skip_locked=True)``: concurrent sweepers divide the work instead of repeating it,
and a handled seat no longer matches the query (its deadline moved or was cleared).
"""

from __future__ import annotations

import logging
from collections import defaultdict
from collections.abc import Callable
from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import F, Q
from django.utils.translation import gettext_noop

from accounts.models import NotifyMode, Profile, Timeout
from accounts.vacation import VacationError, end_vacation, vacation_remaining
from games import languages
from games.computer import moves as computer_moves
from games.computer.accounts import STAND_IN_LEVEL
from games.engines.base import name
from games.languages import platform_msg
from games.models import ActionKind, Match, MatchStatus, Seat, TimeoutPolicy
from games.services import ServiceError, opponent_wins, record_result, submit_action

from .models import Kind
from .outbox import enqueue, seated

log = logging.getLogger(__name__)

# A default action is one fine-grained step: keep stepping until the role's turn is over.
MAX_DEFAULT_STEPS = 50


def sweep(now: datetime) -> dict[str, int]:
    return {
        "vacations_ended": end_expired_vacations(now),
        "timeouts": enforce_deadlines(now),
        "reminders": send_reminders(now),
    }


def end_expired_vacations(now: datetime) -> int:
    """A vacation ends by itself when the allowance runs out; the clocks restart at that moment."""
    ended = 0
    for profile in Profile.objects.filter(vacation_started_at__isnull=False).select_related("user"):
        run_out = profile.vacation_started_at + vacation_remaining(profile, profile.vacation_started_at)
        if run_out <= now:
            try:
                end_vacation(profile.user, run_out)
                ended += 1
            except VacationError:
                pass  # ended by the player meanwhile
    return ended


def overdue_seats(now: datetime, limit: int = 500) -> list[int]:
    """Indexed on (is_active, deadline). A flagged match is in a moderator's hands: its clocks wait."""
    rows = Seat.objects.filter(is_active=True, deadline__lte=now, match__flagged=False).order_by("deadline")
    return list(rows.values_list("pk", flat=True)[:limit])


def enforce_deadlines(now: datetime) -> int:
    return sum(time_out(seat_pk, now) for seat_pk in overdue_seats(now))


def time_out(seat_pk: int, now: datetime) -> bool:
    """Apply the match's timeout policy to one overdue seat; False if it is not (or no longer) ours to do."""
    with transaction.atomic():
        seat = (
            Seat.objects.select_for_update(skip_locked=True)
            .filter(pk=seat_pk, is_active=True, deadline__lte=now)
            .first()
        )
        if seat is None:
            return False  # another sweeper holds it, or it was handled
        match = Match.objects.select_for_update(skip_locked=True).filter(pk=seat.match_id).first()
        if match is None or match.status != MatchStatus.ACTIVE or match.flagged:
            return False  # a move is being recorded right now (the next sweep looks again), or handed over
        deadline, role, user = seat.deadline, seat.role, seat.user
        Profile.objects.filter(user=user).update(timeouts=F("timeouts") + 1)
        Timeout.objects.create(user=user, match=match, role=role, at=deadline)
        policy, labels = match.timeout_policy, []
        if policy == TimeoutPolicy.DEFAULT_ACTION:
            labels = _play_default(match, seat)
            policy = policy if labels else TimeoutPolicy.MODERATOR  # no default move offered: a moderator decides
        if policy == TimeoutPolicy.COMPUTER:
            labels = _play_computer(match, seat)
            policy = policy if labels else TimeoutPolicy.MODERATOR  # the computer found no move: a moderator
        if policy == TimeoutPolicy.FORFEIT:
            reason = platform_msg(gettext_noop("{side} ran out of time"), side=name(f"side:{role}"))
            english = languages.text(match.engine, reason, "en")  # the log record's own note, for moderators
            record_result(match, ActionKind.FORFEIT, role, None, opponent_wins(match, role, reason), english)
        if policy == TimeoutPolicy.MODERATOR:
            match.flagged = True
            match.flag_reason = f"{role} ({user.profile.name}) ran out of time at {deadline:%Y-%m-%d %H:%M} UTC"
            match.save(update_fields=["flagged", "flag_reason"])  # the deadline stays: a moderator may extend it
        match.refresh_from_db()
        # The facts, not a sentence: each recipient's mail tells them in their language (compose).
        payload = {"role": role, "name": user.profile.name, "policy": policy, "labels": labels}
        for other in seated(match):
            enqueue(
                other.user,
                Kind.TIMEOUT,
                match=match,
                role=other.role,
                payload=payload,
                dedupe_key=f"timeout:{seat.pk}:{deadline.isoformat()}:{other.pk}",
            )
    return True


def _play_default(match: Match, seat: Seat) -> list:
    """Play the engine's default action(s) for the seat: the labels played as the engine gave them
    (records, for each recipient's language); none when the game offers none."""
    return _play_turn(match, seat, lambda: match.engine.default_action(match.state, seat.role))


def _play_computer(match: Match, seat: Seat) -> list:
    """Let the computer play the seat's turn (policy "computer"), each record's ``reason`` saying so."""
    reason = computer_moves.note(match, computer_moves.TIMEOUT_NOTE, seat.role)
    ends = computer_moves.reply_ends(STAND_IN_LEVEL)  # the turn is one reply, as when the computer plays its own
    return _play_turn(match, seat, lambda: computer_moves.choose(match, seat.role, STAND_IN_LEVEL, ends), reason)


def _play_turn(match: Match, seat: Seat, choose: Callable[[], dict | None], reason: str = "") -> list:
    """Play ``choose()``'s actions for the seat until its turn is over; the labels played."""
    engine, role = match.engine, seat.role
    labels = []
    for _ in range(MAX_DEFAULT_STEPS):
        match.refresh_from_db()
        if match.status != MatchStatus.ACTIVE or role not in match.active_roles:
            break
        action = choose()
        if action is None:
            break
        label = next((c["label"] for c in engine.legal_actions(match.state, role) if c["action"] == action), "")
        try:
            key = f"timeout:{seat.pk}:{match.seq}"
            submit_action(match.pk, seat.user, role, action, match.seq, idempotency_key=key, reason=reason)
        except ServiceError as exc:
            log.warning("Move for %s in %s on timeout refused: %s", role, match, exc.message)
            break
        labels.append(label or str(action))
    return labels


def send_reminders(now: datetime) -> int:
    """One reminder per deadline, ``reminder_lead_hours`` before it (one query per distinct lead time)."""
    sent = 0
    leads = Profile.objects.filter(reminder_lead_hours__gt=0).values_list("reminder_lead_hours", flat=True)
    for lead in sorted(set(leads)):
        due = (
            Seat.objects.filter(
                is_active=True,
                deadline__gt=now,
                deadline__lte=now + timedelta(hours=lead),
                user__profile__reminder_lead_hours=lead,
            )
            .exclude(reminded_for_deadline=F("deadline"))
            .values_list("pk", flat=True)
        )
        sent += sum(_remind(seat_pk, now) for seat_pk in due)
    return sent


def _remind(seat_pk: int, now: datetime) -> bool:
    with transaction.atomic():
        seat = Seat.objects.select_for_update(skip_locked=True).filter(pk=seat_pk, deadline__gt=now).first()
        if seat is None or seat.reminded_for_deadline == seat.deadline:
            return False
        seat.reminded_for_deadline = seat.deadline
        seat.save(update_fields=["reminded_for_deadline"])
        rows = enqueue(
            seat.user,
            Kind.REMINDER,
            match=seat.match,
            role=seat.role,
            payload={"deadline": seat.deadline.isoformat()},
            dedupe_key=f"reminder:{seat.pk}:{seat.deadline.isoformat()}",
        )
    return bool(rows)


def send_digests(now: datetime) -> int:
    """One mail a day to each digest reader listing every match where it is their move."""
    digest = Q(notify_mode=NotifyMode.DIGEST) | Q(notify_mode="", user__profile__notify_mode=NotifyMode.DIGEST)
    seats = Seat.objects.filter(digest, is_active=True, match__status=MatchStatus.ACTIVE).select_related("user")
    by_user: dict = defaultdict(list)
    for seat in seats.order_by("match_id"):
        by_user[seat.user].append(seat.match_id)
    sent = 0
    for user, match_ids in by_user.items():
        with transaction.atomic():
            rows = enqueue(
                user, Kind.DIGEST, payload={"matches": match_ids}, dedupe_key=f"digest:{user.pk}:{now.date()}"
            )
        sent += bool(rows)
    return sent
