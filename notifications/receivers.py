"""Reactions to match and vacation signals: keep the clocks, then write the outbox rows.

Every signal is sent inside the transaction that made the change, so what is written here commits
(or rolls back) with it.
"""

from __future__ import annotations

from datetime import timedelta

from django.dispatch import receiver
from django.utils import timezone

from accounts.vacation import vacation_ended, vacation_started
from games import signals
from games.models import Action, ActionKind, ChatMessage, Match, MatchStatus, Seat
from games.tournaments.signals import tournament_event

from . import clocks
from .models import Kind, Notification
from .outbox import enqueue, seated
from .presence import is_watching

# A player who has neither moved nor chatted in a match for this long, and is not watching it
# (``presence``), is "away" and gets chat by mail.
AWAY = timedelta(minutes=15)


@receiver(signals.match_started)
def on_match_started(sender, match: Match, **kwargs) -> None:
    at = match.started_at or timezone.now()
    for seat in seated(match):
        clocks.set_up(match, seat)
        if seat.is_active:
            clocks.start_turn(match, seat, at)
        seat.save(update_fields=clocks.CLOCK_FIELDS)
        enqueue(seat.user, Kind.STARTED, match=match, role=seat.role, payload=_deadline(seat))


@receiver(signals.action_recorded)
def on_action_recorded(sender, match: Match, record: Action, previous_active_roles: list[str], **kwargs) -> None:
    # The seats are the match's loaded seats: append_record saves the clocks set here together with the
    # turn flags, in one UPDATE after this signal (games.services.log), so nothing is saved here.
    before, now = set(previous_active_roles), set(match.active_roles)
    if before == now:
        return  # no turn started or ended: no clock to move, nobody to tell (and no user to load)
    for seat in seated(match):
        if seat.role in before and seat.role not in now:
            moved = record.kind == ActionKind.MOVE and record.role == seat.role
            clocks.end_turn(match, seat, record.created_at, moved=moved)
        elif seat.role in now and seat.role not in before:
            clocks.start_turn(match, seat, record.created_at)
            # only on becoming active, never on every step of an opponent
            enqueue(seat.user, Kind.TURN, match=match, role=seat.role, payload=_deadline(seat))


@receiver(signals.match_finished)
def on_match_finished(sender, match: Match, **kwargs) -> None:
    for seat in seated(match):
        enqueue(seat.user, Kind.FINISHED, match=match, role=seat.role, payload={"result": match.result})


@receiver(tournament_event)
def on_tournament_event(sender, tournament, event: str, players: list, **kwargs) -> None:
    payload = {
        "tournament": tournament.pk,
        "name": tournament.name,
        "event": event,
        "round": tournament.current_round,
        "winner": tournament.winner.get_username() if tournament.winner else None,
    }
    key = f"tournament:{tournament.pk}:{event}:{tournament.current_round}"
    for user in players:
        enqueue(user, Kind.TOURNAMENT, payload=payload, dedupe_key=f"{key}:{user.pk}")


@receiver(signals.match_paused)
def on_match_paused(sender, match: Match, **kwargs) -> None:
    at = match.paused_at or timezone.now()
    if match.paused_at is None:
        Match.objects.filter(pk=match.pk).update(paused_at=at)
        match.paused_at = at
    for seat in seated(match):
        clocks.stop(match, seat, at)
        seat.save(update_fields=clocks.CLOCK_FIELDS)
        enqueue(seat.user, Kind.PAUSED, match=match, role=seat.role)


@receiver(signals.match_resumed)
def on_match_resumed(sender, match: Match, **kwargs) -> None:
    at = timezone.now()
    Match.objects.filter(pk=match.pk).update(paused_at=None)
    match.paused_at = None
    for seat in seated(match):
        clocks.resume(match, seat, at)
        seat.save(update_fields=clocks.CLOCK_FIELDS)
        enqueue(seat.user, Kind.RESUMED, match=match, role=seat.role, payload=_deadline(seat))


@receiver(signals.moderator_acted)
def on_moderator_acted(sender, match: Match, record, **kwargs) -> None:
    payload = {"action": record.action, "reason": record.reason}
    for seat in seated(match):
        enqueue(seat.user, Kind.MODERATOR, match=match, role=seat.role, payload=payload)


@receiver(signals.match_upgraded)
def on_match_upgraded(sender, match: Match, record: Action, **kwargs) -> None:
    keys = ("from_version", "to_version", "changes")
    payload = {key: record.payload[key] for key in keys}
    for seat in seated(match):
        enqueue(seat.user, Kind.UPGRADED, match=match, role=seat.role, payload=payload)


@receiver(signals.chat_posted)
def on_chat_posted(sender, message: ChatMessage, **kwargs) -> None:
    match = message.match
    since = message.created_at - AWAY
    for seat in seated(match):
        user = seat.user
        if user.pk == message.user_id or is_watching(match.pk, user.pk) or _was_here(match, user, since, message.pk):
            continue
        if Notification.objects.filter(match=match, user=user, kind=Kind.CHAT, status="pending").exists():
            continue  # one unread chat notice per match is enough
        payload = {"author": message.user.profile.name, "text": message.text[:500]}
        enqueue(user, Kind.CHAT, match=match, role=seat.role, payload=payload)


@receiver(signals.invitation_sent)
def on_invitation_sent(sender, match: Match, user, by, **kwargs) -> None:
    enqueue(user, Kind.INVITATION, match=match, payload={"by": by.profile.name})


@receiver(vacation_started)
def on_vacation_started(sender, user, at, **kwargs) -> None:
    for seat in _playing_seats(user):
        clocks.stop(seat.match, seat, at)
        seat.save(update_fields=clocks.CLOCK_FIELDS)


@receiver(vacation_ended)
def on_vacation_ended(sender, user, at, **kwargs) -> None:
    for seat in _playing_seats(user):
        clocks.resume(seat.match, seat, at)
        seat.save(update_fields=clocks.CLOCK_FIELDS)


def _playing_seats(user) -> list[Seat]:
    return list(
        Seat.objects.select_related("match", "user__profile").filter(
            user=user, is_active=True, match__status=MatchStatus.ACTIVE
        )
    )


def _was_here(match: Match, user, since, message_pk: int) -> bool:
    acted = match.actions.filter(user=user, created_at__gte=since).exists()
    chatted = match.chat.filter(user=user, created_at__gte=since).exclude(pk=message_pk).exists()
    return acted or chatted


def _deadline(seat: Seat) -> dict:
    return {"deadline": seat.deadline.isoformat() if seat.deadline else None}
