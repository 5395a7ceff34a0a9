"""What moderators do to matches and players. Every interface (the admin) calls these.

Each action checks the moderator's permission, takes a reason, runs in one transaction holding the
match row lock, writes a ``ModerationRecord`` (who, what, when, why, before/after) and tells the
players through ``signals.moderator_acted``. Log changes go through ``log.append_record`` like every
other record: the log stays append-only and replayable.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from games import engines, signals
from games.engines.base import IllegalAction
from games.models import LIVE, Action, ActionKind, Match, MatchStatus, ModerationRecord, Seat
from games.presentation import raw_log
from games.replay import (
    RETRACTING_KINDS,
    LogReading,
    Verification,
    platform_result,
    read_log,
    state_after_moves,
    verify,
    verify_and_flag,
)

from . import upgrades
from .errors import Conflict, IllegalMove, NotAllowed
from .locking import lock_match
from .log import append_as_recorded, append_record
from .matches import start_match
from .play import record_result

MODERATE_MATCH = "games.moderate_match"
MODERATE_USER = "games.moderate_user"
EXPORT_KEYS = ("game", "engine_version", "options", "seed", "seats", "actions", "state_hash", "result")


# --- matches -------------------------------------------------------------------------------------
def extend_deadline(match_id: int, moderator, role: str, by: timedelta, reason: str) -> ModerationRecord:
    """Give ``role`` more time: the deadline moves ``by`` later, counted from now if already past."""
    if by <= timedelta(0):
        raise IllegalMove("The extension must be a positive duration")
    with transaction.atomic():
        match = _locked(match_id, moderator, reason, allowed=LIVE)
        seat = _seat(match, role)
        if seat.deadline is None:
            raise Conflict(f"The {role} seat has no running deadline to extend")
        before = seat.deadline
        seat.deadline = max(before, timezone.now()) + by
        seat.save(update_fields=["deadline"])
        return _audit(
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
        match = _locked(match_id, moderator, reason, allowed=(MatchStatus.ACTIVE,))
        match.status = MatchStatus.PAUSED
        match.paused_at = now or timezone.now()
        match.save(update_fields=["status", "paused_at"])
        signals.match_paused.send(Match, match=match)
        return _audit(
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
        match = _locked(match_id, moderator, reason, allowed=(MatchStatus.PAUSED,))
        paused_at = match.paused_at
        match.status = MatchStatus.ACTIVE
        match.save(update_fields=["status"])
        signals.match_resumed.send(Match, match=match)
        match.paused_at = None
        match.save(update_fields=["paused_at"])
        return _audit(
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
        match = _locked(match_id, moderator, reason, allowed=(*LIVE, MatchStatus.FINISHED))
        if winner is not None and winner not in match.engine.roles:
            raise IllegalMove(f"Unknown role {winner!r}; roles are {', '.join(match.engine.roles)}")
        before = {"status": match.status, "result": match.result, "seq": match.seq}
        result = {"winner": winner, "scores": {}, "reason": "adjudicated by a moderator"}
        record = record_result(match, ActionKind.ADJUDICATE, "", moderator, result, reason=reason)
        if match.paused_at is not None:  # a paused match ends here: no clock to restart
            match.paused_at = None
            match.save(update_fields=["paused_at"])
        return _audit(
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
        match = _locked(match_id, moderator, reason, allowed=(MatchStatus.OPEN, *LIVE))
        seat = _seat(match, role)
        if not new_user.is_active or _banned(new_user):
            raise IllegalMove(f"{new_user.get_username()} is suspended and cannot take a seat")
        if match.roles_of(new_user):
            raise Conflict(f"{new_user.get_username()} already holds a seat in this match")
        before = seat.user.get_username() if seat.user else None
        seat.user = new_user
        seat.joined_at = timezone.now()
        seat.save(update_fields=["user", "joined_at"])
        if match.status == MatchStatus.OPEN and all(s.user_id for s in match.seats.all()):
            start_match(match)
        return _audit(
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
        match = _locked(match_id, moderator, reason, allowed=(*LIVE, MatchStatus.FINISHED))
        engine = match.engine
        if match.engine_version != engine.version:  # the states to return to were made by older rules
            raise Conflict(
                f"The match is on engine version {match.engine_version}, the engine at {engine.version}: "
                "upgrade it first (upgrade_matches, or rewind and upgrade)"
            )
        payload, after = _retraction(match, to_seq)
        state = state_after_moves(match, engine, after.moves)
        before = _position(match)
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
        return _audit(
            moderator,
            "rewind",
            reason,
            match=match,
            before=before,
            after={**_position(match), "to_seq": to_seq, "record": record.seq, "retracts": payload["retracts"]},
        )


def rewind_and_upgrade(match_id: int, moderator, reason: str) -> ModerationRecord:
    """For a match whose upgrade was refused: drop the first record the current rules refuse and every
    record after it still in effect, and upgrade, in one UPGRADE record that retracts them.

    The refused record is found again now (the stored refusal may be out of date); refused when the
    match upgrades cleanly (``upgrade_matches`` does that) or is already on the current version.
    """
    with transaction.atomic():
        match = _locked(match_id, moderator, reason, allowed=LIVE)
        engine = match.engine
        if match.engine_version >= engine.version:
            raise Conflict(f"The match is already on engine version {engine.version}")
        refusal = upgrades.replay_moves(match, engine, read_log(match.actions.order_by("seq")).moves)
        if not isinstance(refusal, upgrades.Refusal):
            raise Conflict("Every record is legal under the current rules: upgrade it with upgrade_matches")
        payload, after = _retraction(match, refusal.seq - 1, kind=ActionKind.UPGRADE)
        replayed = upgrades.replay_moves(match, engine, after.moves)
        if isinstance(replayed, upgrades.Refusal):  # cannot happen: these moves replayed before the refused one
            raise Conflict(f"Record #{replayed.seq} is refused as well: {replayed.reason}")
        before = {**_position(match), "engine_version": match.engine_version}
        record = upgrades.append_upgrade(
            match, engine, after, replayed, retracts=payload["retracts"], user=moderator, reason=reason
        )
        return _audit(
            moderator,
            "rewind_and_upgrade",
            reason,
            match=match,
            before=before,
            after={
                **_position(match),
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
        match = _locked(match_id, moderator, reason, allowed=(MatchStatus.OPEN, *LIVE))
        before = {"status": match.status}
        match.status = MatchStatus.ABANDONED
        match.finished_at = now or timezone.now()
        match.paused_at = None
        match.save(update_fields=["status", "finished_at", "paused_at"])
        Seat.objects.filter(match=match).update(is_active=False, deadline=None)
        return _audit(moderator, "cancel", reason, match=match, before=before, after={"status": match.status})


def clear_flag(match_id: int, moderator, reason: str) -> ModerationRecord:
    """The moderator has dealt with what flagged the match."""
    with transaction.atomic():
        match = _locked(match_id, moderator, reason)
        if not match.flagged:
            raise Conflict("This match is not flagged")
        before = {"flagged": True, "flag_reason": match.flag_reason}
        match.flagged, match.flag_reason = False, ""
        match.save(update_fields=["flagged", "flag_reason"])
        return _audit(moderator, "clear_flag", reason, match=match, before=before, after={"flagged": False})


def check_replay(match_id: int, moderator) -> Verification:
    """Replay the match from scratch (like ``replay_match --verify``) and record whether it failed."""
    _check_permission(moderator, MODERATE_MATCH)
    return verify_and_flag(Match.objects.get(pk=match_id))


def export_match(match_id: int, moderator, reason: str) -> dict[str, Any]:
    """The match's full record, seed included (the import format). Audited: it reveals the seed."""
    with transaction.atomic():
        match = _locked(match_id, moderator, reason)
        if match.state is None:
            raise Conflict("The match has not started: there is nothing to export")
        data = {**raw_log(match, include_seed=True), "state_hash": match.state_hash}
        ModerationRecord.objects.create(
            moderator=moderator, action="export", match=match, reason=reason, after={"seq": match.seq}
        )
    return data


def import_match(data: dict[str, Any], moderator, reason: str) -> ModerationRecord:
    """Create a new match from an export by submitting each record again through ``append_record``.

    Records an older engine version made (before the last UPGRADE) are copied as recorded; the UPGRADE
    replays them through this engine. Every other record must reproduce its exported state hash, the
    new match must pass ``verify`` and end on the exported state hash; otherwise nothing is written and
    the first difference is reported.
    """
    _check_permission(moderator, MODERATE_MATCH)
    _check_reason(reason)
    engine, seats, records = _parse_export(data)
    upgrade_seqs = [exported["seq"] for exported, _ in records if exported["kind"] == ActionKind.UPGRADE]
    with transaction.atomic():
        match = Match.objects.create(
            game=engine.slug,
            engine_version=_started_version(records, engine.version),
            options=data["options"],
            seed=data["seed"],
            created_by=moderator,
            time_control={"kind": "none"},
            rated=False,  # a copy of a match must not count for ratings twice
        )
        Seat.objects.bulk_create(
            Seat(match=match, role=role, user=user, joined_at=timezone.now()) for role, user in seats.items()
        )
        start_match(match)
        reading = LogReading()
        for exported, user in records:
            if upgrade_seqs and exported["seq"] < upgrade_seqs[-1]:  # only the older engine could replay it
                record = _copy_recorded(match, exported, user)
            else:
                record = _resubmit(match, reading, exported, user)
            if record.state_hash != exported["state_hash"]:
                raise IllegalMove(f"Record #{record.seq} replays to a different state than the exported one")
            reading.feed(record)
        problems = verify(match)
        if problems:
            raise IllegalMove(f"The imported match does not verify: {problems[0]}")
        if match.state_hash != data["state_hash"]:
            raise IllegalMove("The imported match ends on a different state than the exported one")
        if match.result != data["result"]:
            raise IllegalMove("The imported match ends with a different result than the exported one")
        return _audit(
            moderator,
            "import",
            reason,
            match=match,
            before={"source_match": data.get("match"), "state_hash": data["state_hash"]},
            after=_position(match),
        )


def _parse_export(data: Any) -> tuple:
    """Check everything that can be checked before writing: game, version, options, users, records."""
    if not isinstance(data, dict):
        raise IllegalMove("An export is a JSON object")
    missing = [key for key in EXPORT_KEYS if key not in data]
    if missing:
        raise IllegalMove(f"The export lacks: {', '.join(missing)}")
    try:
        engine = engines.get(data["game"])
    except KeyError as exc:
        raise IllegalMove(str(exc.args[0])) from None
    if data["engine_version"] != engine.version:
        raise IllegalMove(
            f"Exported with {engine.slug} engine version {data['engine_version']}, this server runs version "
            f"{engine.version}: the log would not replay the same"
        )
    try:
        if engine.resolve_options(data["options"]) != data["options"]:
            raise IllegalMove("The exported options are incomplete for this engine")
    except IllegalAction as exc:
        raise IllegalMove(exc.message) from None
    if not isinstance(data["seed"], int):
        raise IllegalMove("The exported seed must be an integer")
    seats = data["seats"]
    if not isinstance(seats, dict) or sorted(seats) != sorted(engine.roles):
        raise IllegalMove(f"The export must seat exactly the roles {', '.join(engine.roles)}")
    actions = data["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, dict) for a in actions):
        raise IllegalMove("The exported actions must be a list of records")
    names = {name for name in seats.values() if name} | {a.get("user") for a in actions if a.get("user")}
    users = {u.get_username(): u for u in get_user_model().objects.filter(username__in=names)}
    unknown = sorted(names - set(users))
    if unknown or not all(seats.values()):
        raise IllegalMove(f"Unknown or missing users in the export: {', '.join(unknown) or 'an empty seat'}")
    records = []
    for expected_seq, exported in enumerate(actions, start=1):
        if exported.get("seq") != expected_seq:
            raise IllegalMove(f"The exported records must be numbered from 1 without gaps (#{expected_seq})")
        if exported.get("kind") not in ActionKind.values or "payload" not in exported or "state_hash" not in exported:
            raise IllegalMove(f"Record #{expected_seq} is not a valid log record")
        records.append((exported, users.get(exported.get("user"))))
    return engine, {role: users[name] for role, name in seats.items()}, records


def _started_version(records: list, current: int) -> int:
    """The engine version the exported match started on: the first upgrade's, else the current one."""
    for exported, _ in records:
        if exported["kind"] == ActionKind.UPGRADE:
            version = exported["payload"].get("from_version")
            if not isinstance(version, int) or not 0 < version < current:
                raise IllegalMove(f"Record #{exported['seq']}: not a valid upgrade")
            return version
    return current


def _copy_recorded(match: Match, exported: dict, user) -> Action:
    return append_as_recorded(
        match,
        kind=exported["kind"],
        role=exported.get("role", ""),
        user=user,
        payload=exported["payload"],
        reason=exported.get("reason", ""),
        hash_=exported["state_hash"],
    )


def _resubmit(match: Match, reading: LogReading, exported: dict, user) -> Action:
    """Append one exported record the way the service that made it would have."""
    engine = match.engine
    kind, role, payload = exported["kind"], exported.get("role", ""), exported["payload"]
    seq = match.seq + 1
    if kind == ActionKind.MOVE:
        if role not in match.active_roles:
            raise IllegalMove(f"Record #{seq}: it is not {role}'s turn")
        try:
            state = engine.apply(match.state, role, payload)
        except IllegalAction as exc:
            raise IllegalMove(f"Record #{seq}: {exc.message}") from None
        result = platform_result(engine, state, reading.result_record)
    elif kind == ActionKind.UPGRADE:  # the last one: every effective move through this engine
        after = _read_with(reading, Action(seq=seq, kind=kind, payload=payload))
        replayed = upgrades.replay_moves(match, engine, after.moves)
        if isinstance(replayed, upgrades.Refusal):
            raise IllegalMove(f"Record #{seq}: the upgrade refuses record #{replayed.seq}: {replayed.reason}")
        match.engine_version = engine.version
        upgrades.refresh_snapshots(match, replayed)
        state, result = replayed.state, platform_result(engine, replayed.state, after.result_record)
    elif kind in RETRACTING_KINDS:
        try:
            after = _read_with(reading, Action(seq=seq, kind=kind, payload=payload))
            state = state_after_moves(match, engine, after.moves)
        except (KeyError, TypeError, IllegalAction) as exc:
            raise IllegalMove(f"Record #{seq}: not a valid retraction ({exc})") from None
        result = platform_result(engine, state, after.result_record)
    else:  # a result record: the state stays as it is
        state, result = match.state, payload
    return append_record(
        match,
        kind=kind,
        role=role,
        user=user,
        payload=payload,
        state=state,
        result=result,
        reason=exported.get("reason", ""),
    )


# --- users ---------------------------------------------------------------------------------------
def ban_user(user, moderator, reason: str, now: datetime | None = None) -> ModerationRecord:
    """Suspend ``user``: they can no longer log in or act; their live matches are flagged for a moderator."""
    _check_permission(moderator, MODERATE_USER)
    _check_reason(reason)
    if user.pk == moderator.pk:
        raise IllegalMove("You cannot ban yourself")
    with transaction.atomic():
        profile = type(user.profile).objects.select_for_update().get(user=user)
        if profile.banned:
            raise Conflict(f"{user.get_username()} is already banned")
        profile.banned_at, profile.ban_reason = now or timezone.now(), reason
        profile.save(update_fields=["banned_at", "ban_reason"])
        user.is_active = False
        user.save(update_fields=["is_active"])
        record = _audit(
            moderator,
            "ban",
            reason,
            target_user=user,
            before={"banned": False, "is_active": True},
            after={"banned": True, "banned_at": profile.banned_at.isoformat(), "is_active": False},
        )
        for match in Match.objects.filter(seats__user=user, status__in=LIVE).distinct().order_by("pk"):
            _flag(match, moderator, f"{user.get_username()} was banned: {reason}")
    return record


def unban_user(user, moderator, reason: str) -> ModerationRecord:
    """Lift a ban. Matches flagged by the ban stay flagged until a moderator clears them."""
    _check_permission(moderator, MODERATE_USER)
    _check_reason(reason)
    with transaction.atomic():
        profile = type(user.profile).objects.select_for_update().get(user=user)
        if not profile.banned:
            raise Conflict(f"{user.get_username()} is not banned")
        before = {"banned": True, "banned_at": profile.banned_at.isoformat(), "ban_reason": profile.ban_reason}
        profile.banned_at, profile.ban_reason = None, ""
        profile.save(update_fields=["banned_at", "ban_reason"])
        user.is_active = True
        user.save(update_fields=["is_active"])
        return _audit(
            moderator, "unban", reason, target_user=user, before=before, after={"banned": False, "is_active": True}
        )


def set_vacation_allowance(user, moderator, days: int, reason: str) -> ModerationRecord:
    """Change how many vacation days a year ``user`` may take."""
    _check_permission(moderator, MODERATE_USER)
    _check_reason(reason)
    if not 0 <= days <= 366:
        raise IllegalMove("The allowance is between 0 and 366 days")
    with transaction.atomic():
        profile = type(user.profile).objects.select_for_update().get(user=user)
        before = profile.vacation_allowance_days
        profile.vacation_allowance_days = days
        profile.save(update_fields=["vacation_allowance_days"])
        return _audit(
            moderator,
            "vacation_allowance",
            reason,
            target_user=user,
            before={"vacation_allowance_days": before},
            after={"vacation_allowance_days": days},
        )


# --- helpers -------------------------------------------------------------------------------------
def _check_permission(moderator, permission: str) -> None:
    if not (moderator.is_active and moderator.is_staff and moderator.has_perm(permission)):
        raise NotAllowed("Only moderators may do this")


def _check_reason(reason: str) -> None:
    if not reason or not reason.strip():
        raise IllegalMove("A moderator action needs a reason")


def _locked(match_id: int, moderator, reason: str, allowed: tuple | None = None) -> Match:
    _check_permission(moderator, MODERATE_MATCH)
    _check_reason(reason)
    match = lock_match(match_id)
    if allowed is not None and match.status not in allowed:
        raise Conflict(f"Not possible while the match is {match.get_status_display().lower()}")
    return match


def _seat(match: Match, role: str) -> Seat:
    seat = match.seat_for(role)
    if seat is None:
        raise IllegalMove(f"Unknown role {role!r}; roles are {', '.join(match.engine.roles)}")
    return seat


def _banned(user) -> bool:
    profile = getattr(user, "profile", None)
    return profile is not None and profile.banned


def _flag(match: Match, moderator, why: str) -> ModerationRecord:
    before = {"flagged": match.flagged, "flag_reason": match.flag_reason}
    match.flagged = True
    match.flag_reason = f"{match.flag_reason}\n{why}".strip()
    match.save(update_fields=["flagged", "flag_reason"])
    return _audit(moderator, "flag", why, match=match, before=before, after={"flagged": True, "flag_reason": why})


def _retraction(match: Match, to_seq: int, kind: str = ActionKind.REWIND) -> tuple[dict, LogReading]:
    """The ``retracts`` payload that returns the match to right after ``to_seq``, and the log read with it.

    Refused when nothing after ``to_seq`` is in effect, or when the position at ``to_seq`` cannot be
    restored by retracting (a record it depends on was itself retracted or superseded since).
    """
    if not 0 <= to_seq < match.seq:
        raise IllegalMove(f"Rewind to a record between #0 and #{match.seq - 1}")
    records = list(match.actions.order_by("seq"))
    now = read_log(records)
    then = read_log(r for r in records if r.seq <= to_seq)
    retracts = [m.seq for m in now.moves if m.seq > to_seq]
    if now.result_record is not None and now.result_record.seq > to_seq:
        retracts.append(now.result_record.seq)
    if not retracts:
        raise IllegalMove(f"Nothing after #{to_seq} is still in effect: the match is already there")
    payload = {"retracts": sorted(retracts)}
    after = _read_with(now, Action(seq=match.seq + 1, kind=kind, payload=payload))
    if _effective(after) != _effective(then):
        raise Conflict(
            f"The position at #{to_seq} depends on records retracted or replaced since; "
            "rewind to a record after the last retraction"
        )
    return payload, after


def _read_with(reading: LogReading, record: Action) -> LogReading:
    """The reading once ``record`` (not yet saved) is added, leaving ``reading`` as it was."""
    after = LogReading(moves=list(reading.moves), result_record=reading.result_record)
    after.feed(record)
    return after


def _effective(reading: LogReading) -> tuple:
    result = reading.result_record
    return [m.seq for m in reading.moves], result.seq if result is not None else None


def _position(match: Match) -> dict[str, Any]:
    return {"seq": match.seq, "state_hash": match.state_hash, "status": match.status, "result": match.result}


def _audit(moderator, action: str, reason: str, *, match=None, target_user=None, before=None, after=None):
    """Write the audit record and, for a match, tell its players (in this transaction)."""
    record = ModerationRecord.objects.create(
        moderator=moderator,
        action=action,
        match=match,
        target_user=target_user,
        reason=reason,
        before=before or {},
        after=after or {},
    )
    if match is not None:
        signals.moderator_acted.send(Match, match=match, record=record)
    return record
