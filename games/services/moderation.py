"""What moderators do to matches. Every interface (the admin) calls these.

Each action checks the moderator's permission, takes a reason, runs in one transaction holding the
match row lock, writes a ``ModerationRecord`` (who, what, when, why, before/after) and tells the
players through ``signals.moderator_acted``. Log changes go through ``log.append_record`` like every
other record: the log stays append-only and replayable. Players' moderation is in ``user_moderation``,
export and import in ``match_transfer``, what they all share in ``audit``.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from games import languages, signals
from games.languages import platform_msg
from games.models import LIVE, Action, ActionKind, Match, MatchStatus, ModerationRecord, Seat
from games.replay import (
    LogReading,
    Verification,
    platform_result,
    read_log,
    state_after_moves,
    verify_and_flag,
)

from . import upgrades
from .audit import audit, locked_for_moderation, match_position
from .errors import Conflict, IllegalMove
from .log import append_record
from .matches import start_match
from .permissions import MODERATE_MATCH, check_permission
from .play import record_result


def extend_deadline(match_id: int, moderator, role: str, by: timedelta, reason: str) -> ModerationRecord:
    """Give ``role`` more time: the deadline moves ``by`` later, counted from now if already past."""
    if by <= timedelta(0):
        raise IllegalMove(_("The extension must be a positive duration"))
    with transaction.atomic():
        match = locked_for_moderation(match_id, moderator, reason, allowed=LIVE)
        seat = _seat(match, role)
        if seat.deadline is None:
            raise Conflict(
                _("The {side} seat has no running deadline to extend").format(
                    side=languages.side_name(match.engine, role)
                )
            )
        before = seat.deadline
        seat.deadline = max(before, timezone.now()) + by
        seat.save(update_fields=["deadline"])
        return audit(
            moderator,
            "extend_deadline",
            reason,
            match=match,
            before={"role": role, "deadline": before.isoformat()},
            after={"role": role, "deadline": seat.deadline.isoformat()},
        )


def pause_match(match_id: int, moderator, reason: str, now: datetime | None = None) -> ModerationRecord:
    """Stop play and the clocks (receivers of ``match_paused`` stop them)."""
    with transaction.atomic():
        match = locked_for_moderation(match_id, moderator, reason, allowed=(MatchStatus.ACTIVE,))
        match.status = MatchStatus.PAUSED
        match.paused_at = now or timezone.now()
        match.save(update_fields=["status", "paused_at"])
        signals.match_paused.send(Match, match=match)
        return audit(
            moderator,
            "pause",
            reason,
            match=match,
            before={"status": MatchStatus.ACTIVE},
            after={"status": MatchStatus.PAUSED, "paused_at": match.paused_at.isoformat()},
        )


def resume_match(match_id: int, moderator, reason: str) -> ModerationRecord:
    """Reopen play. ``match_resumed`` receivers still see ``paused_at`` to shift the clocks by the pause."""
    with transaction.atomic():
        match = locked_for_moderation(match_id, moderator, reason, allowed=(MatchStatus.PAUSED,))
        paused_at = match.paused_at
        match.status = MatchStatus.ACTIVE
        match.save(update_fields=["status"])
        signals.match_resumed.send(Match, match=match)
        match.paused_at = None
        match.save(update_fields=["paused_at"])
        return audit(
            moderator,
            "resume",
            reason,
            match=match,
            before={"status": MatchStatus.PAUSED, "paused_at": paused_at.isoformat() if paused_at else None},
            after={"status": MatchStatus.ACTIVE},
        )


def adjudicate(match_id: int, moderator, winner: str | None, reason: str) -> ModerationRecord:
    """Set the result (``winner`` a role, or None for no winner); on a finished match it replaces the result."""
    with transaction.atomic():
        match = locked_for_moderation(match_id, moderator, reason, allowed=(*LIVE, MatchStatus.FINISHED))
        if winner is not None and winner not in match.engine.roles:
            raise _unknown_role(match, winner)
        before = {"status": match.status, "result": match.result, "seq": match.seq}
        # A record, so each reader sees it in their language (the moderator's own reason is in the audit log).
        result = {"winner": winner, "scores": {}, "reason": platform_msg(gettext_noop("adjudicated by a moderator"))}
        record = record_result(match, ActionKind.ADJUDICATE, "", moderator, result, reason=reason)
        if match.paused_at is not None:  # a paused match ends here: no clock to restart
            match.paused_at = None
            match.save(update_fields=["paused_at"])
        return audit(
            moderator,
            "adjudicate",
            reason,
            match=match,
            before=before,
            after={"status": match.status, "result": match.result, "seq": record.seq},
        )


def replace_player(match_id: int, moderator, role: str, new_user, reason: str) -> ModerationRecord:
    """Seat ``new_user`` in ``role``. The log is untouched: past records keep the user who made them."""
    with transaction.atomic():
        match = locked_for_moderation(match_id, moderator, reason, allowed=(MatchStatus.OPEN, *LIVE))
        seat = _seat(match, role)
        if not new_user.is_active or _banned(new_user):
            raise IllegalMove(_("{name} is suspended and cannot take a seat").format(name=new_user.get_username()))
        if match.roles_of(new_user):
            raise Conflict(_("{name} already holds a seat in this match").format(name=new_user.get_username()))
        before = seat.user.get_username() if seat.user else None
        seat.user = new_user
        seat.joined_at = timezone.now()
        seat.save(update_fields=["user", "joined_at"])
        if match.status == MatchStatus.OPEN and all(s.user_id for s in match.seats.all()):
            start_match(match)
        return audit(
            moderator,
            "replace_player",
            reason,
            match=match,
            target_user=new_user,
            before={"role": role, "user": before},
            after={"role": role, "user": new_user.get_username()},
        )


def rewind(match_id: int, moderator, to_seq: int, reason: str) -> ModerationRecord:
    """Return the match to the position right after log record ``to_seq``.

    Appends a REWIND record retracting every record after ``to_seq`` that is still effective (moves
    and a standing result); nothing is deleted. Refused when the position at ``to_seq`` cannot be
    restored by retracting, i.e. when a record it depends on was itself retracted or superseded since.
    """
    with transaction.atomic():
        match = locked_for_moderation(match_id, moderator, reason, allowed=(*LIVE, MatchStatus.FINISHED))
        engine = match.engine
        if match.engine_version != engine.version:  # the states to return to were made by older rules
            raise Conflict(
                _(
                    "The match is on engine version {match}, the engine at {engine}: "
                    "upgrade it first (upgrade_matches, or rewind and upgrade)"
                ).format(match=match.engine_version, engine=engine.version)
            )
        payload, after = _retraction(match, to_seq)
        state = state_after_moves(match, engine, after.moves)
        before = match_position(match)
        record = append_record(
            match,
            kind=ActionKind.REWIND,
            role="",
            user=moderator,
            payload=payload,
            state=state,
            result=platform_result(engine, state, after.result_record),
            reason=reason,
        )
        return audit(
            moderator,
            "rewind",
            reason,
            match=match,
            before=before,
            after={**match_position(match), "to_seq": to_seq, "record": record.seq, "retracts": payload["retracts"]},
        )


def rewind_and_upgrade(match_id: int, moderator, reason: str) -> ModerationRecord:
    """For a match whose upgrade was refused: drop the first record the current rules refuse and every
    record after it still in effect, and upgrade, in one UPGRADE record that retracts them.

    The refused record is found again now (the stored refusal may be out of date); refused when the
    match upgrades cleanly (``upgrade_matches`` does that) or is already on the current version.
    """
    with transaction.atomic():
        match = locked_for_moderation(match_id, moderator, reason, allowed=LIVE)
        engine = match.engine
        if match.engine_version >= engine.version:
            raise Conflict(_("The match is already on engine version {version}").format(version=engine.version))
        refusal = upgrades.replay_moves(match, engine, read_log(match.actions.order_by("seq")).moves)
        if not isinstance(refusal, upgrades.Refusal):
            raise Conflict(_("Every record is legal under the current rules: upgrade it with upgrade_matches"))
        payload, after = _retraction(match, refusal.seq - 1, kind=ActionKind.UPGRADE)
        replayed = upgrades.replay_moves(match, engine, after.moves)
        if isinstance(replayed, upgrades.Refusal):  # cannot happen: these moves replayed before the refused one
            raise Conflict(
                _("Record #{seq} is refused as well: {reason}").format(seq=replayed.seq, reason=replayed.reason)
            )
        before = {**match_position(match), "engine_version": match.engine_version}
        record = upgrades.append_upgrade(
            match, engine, after, replayed, retracts=payload["retracts"], user=moderator, reason=reason
        )
        return audit(
            moderator,
            "rewind_and_upgrade",
            reason,
            match=match,
            before=before,
            after={
                **match_position(match),
                "engine_version": match.engine_version,
                "refused": {"seq": refusal.seq, "reason": refusal.reason},
                "record": record.seq,
                "retracts": record.payload["retracts"],
            },
        )


def cancel_match(match_id: int, moderator, reason: str, now: datetime | None = None) -> ModerationRecord:
    """Abandon the match without a result.

    Cancelling is not a game event, so nothing is appended to the log (it still replays and verifies
    as it is); the status, the seats' turn flags and deadlines are platform data around it.
    """
    with transaction.atomic():
        match = locked_for_moderation(match_id, moderator, reason, allowed=(MatchStatus.OPEN, *LIVE))
        before = {"status": match.status}
        match.status = MatchStatus.ABANDONED
        match.finished_at = match.last_activity_at = now or timezone.now()
        match.paused_at = None
        match.save(update_fields=["status", "finished_at", "last_activity_at", "paused_at"])
        Seat.objects.filter(match=match).update(is_active=False, deadline=None)
        return audit(moderator, "cancel", reason, match=match, before=before, after={"status": match.status})


def clear_flag(match_id: int, moderator, reason: str) -> ModerationRecord:
    """The moderator has dealt with what flagged the match."""
    with transaction.atomic():
        match = locked_for_moderation(match_id, moderator, reason)
        if not match.flagged:
            raise Conflict(_("This match is not flagged"))
        before = {"flagged": True, "flag_reason": match.flag_reason}
        match.flagged, match.flag_reason = False, ""
        match.save(update_fields=["flagged", "flag_reason"])
        return audit(moderator, "clear_flag", reason, match=match, before=before, after={"flagged": False})


def check_replay(match_id: int, moderator) -> Verification:
    """Replay the match from scratch (like ``replay_match --verify``) and record whether it failed."""
    check_permission(moderator, MODERATE_MATCH)
    return verify_and_flag(Match.objects.get(pk=match_id))


def _seat(match: Match, role: str) -> Seat:
    seat = match.seat_for(role)
    if seat is None:
        raise _unknown_role(match, role)
    return seat


def _unknown_role(match: Match, role: str) -> IllegalMove:
    roles = ", ".join(match.engine.roles)
    return IllegalMove(_("Unknown role {role!r}; roles are {roles}").format(role=role, roles=roles))


def _banned(user) -> bool:
    profile = getattr(user, "profile", None)
    return profile is not None and profile.banned


def _retraction(match: Match, to_seq: int, kind: str = ActionKind.REWIND) -> tuple[dict, LogReading]:
    """The ``retracts`` payload that returns the match to right after ``to_seq``, and the log read with it.

    Refused when nothing after ``to_seq`` is in effect, or when the position at ``to_seq`` cannot be
    restored by retracting (a record it depends on was itself retracted or superseded since).
    """
    if not 0 <= to_seq < match.seq:
        raise IllegalMove(_("Rewind to a record between #0 and #{last}").format(last=match.seq - 1))
    records = list(match.actions.order_by("seq"))
    now = read_log(records)
    then = read_log(r for r in records if r.seq <= to_seq)
    retracts = [m.seq for m in now.moves if m.seq > to_seq]
    if now.result_record is not None and now.result_record.seq > to_seq:
        retracts.append(now.result_record.seq)
    if not retracts:
        raise IllegalMove(_("Nothing after #{seq} is still in effect: the match is already there").format(seq=to_seq))
    payload = {"retracts": sorted(retracts)}
    after = now.with_record(Action(seq=match.seq + 1, kind=kind, payload=payload))
    if _effective(after) != _effective(then):
        raise Conflict(
            _(
                "The position at #{seq} depends on records retracted or replaced since; "
                "rewind to a record after the last retraction"
            ).format(seq=to_seq)
        )
    return payload, after


def _effective(reading: LogReading) -> tuple:
    result = reading.result_record
    return [m.seq for m in reading.moves], result.seq if result is not None else None
