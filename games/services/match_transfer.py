"""A match's full record out and in: the moderators' export (seed included, audited) and the import that
rebuilds a match from it by submitting every record again (also how the golden games are stored)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games import engines
from games.engines.base import IllegalAction
from games.languages import current_language
from games.models import Action, ActionKind, Match, ModerationRecord, Seat
from games.replay import RETRACTING_KINDS, LogReading, platform_result, state_after_moves, verify

from . import upgrades
from .audit import audit, audit_hidden_read, check_reason, locked_for_moderation, match_position
from .errors import Conflict, IllegalMove, NotAllowed
from .log import append_as_recorded, append_record
from .matches import start_match
from .permissions import MODERATE_MATCH, check_permission, is_moderator
from .visibility import OVER, may_read_hidden

EXPORT_KEYS = ("game", "engine_version", "options", "seed", "seats", "actions", "state_hash", "result")


def match_record(match: Match, include_seed: bool) -> dict[str, Any]:
    """The full record of a match: the export format, which ``import_match`` reads back."""
    data: dict[str, Any] = {
        "match": match.pk,
        "game": match.game,
        "engine_version": match.engine_version,
        "options": match.options,
        "status": match.status,
        "result": match.result,
        "seats": {seat.role: seat.user.get_username() if seat.user else None for seat in match.seats.all()},
        "actions": [
            {
                "seq": a.seq,
                "kind": a.kind,
                "role": a.role,
                "user": a.user.get_username() if a.user else None,
                "payload": a.payload,
                "reason": a.reason,
                "created_at": a.created_at.isoformat(),
                "state_hash": a.state_hash,
                "hash": a.hash,
            }
            for a in match.actions.select_related("user").order_by("seq")
        ],
    }
    if include_seed:
        data["seed"] = match.seed
    return data


def read_raw_record(match: Match, reader, via: str) -> dict[str, Any]:
    """The record with every hidden move, for the API's log and the page's export (SECURITY.md): public
    with the seed once the match is over; before that a moderator's read, never a player's, each one
    audited (``via`` says where: "api", "page")."""
    if match.status in OVER:
        return match_record(match, include_seed=True)
    check_no_player_reads_hidden(match, reader)
    if not may_read_hidden(match, reader):
        raise NotAllowed(_("The raw log is published when the match is over"))
    audit_hidden_read(match, reader, via)
    return match_record(match, include_seed=False)


def check_no_player_reads_hidden(match: Match, reader) -> None:
    """A moderator who plays in a match in progress is a player there: their opponent's moves stay hidden."""
    if match.status not in OVER and is_moderator(reader) and match.roles_of(reader):
        raise NotAllowed(_("You play in this match: its hidden moves are published to you when it is over"))


def export_match(match_id: int, moderator, reason: str) -> dict[str, Any]:
    """The match's full record, seed included (the import format). Audited: it reveals the seed."""
    with transaction.atomic():
        match = locked_for_moderation(match_id, moderator, reason)
        check_no_player_reads_hidden(match, moderator)
        if match.state is None:
            raise Conflict(_("The match has not started: there is nothing to export"))
        data = {**match_record(match, include_seed=True), "state_hash": match.state_hash}
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
    check_permission(moderator, MODERATE_MATCH)
    check_reason(reason)
    engine, seats, records = _parse_export(data)
    upgrade_seqs = [exported["seq"] for exported, _user in records if exported["kind"] == ActionKind.UPGRADE]
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
                raise IllegalMove(
                    _("Record #{seq} replays to a different state than the exported one").format(seq=record.seq)
                )
            reading.feed(record)
        problems = verify(match)
        if problems:
            raise IllegalMove(_("The imported match does not verify: {problem}").format(problem=problems[0]))
        if match.state_hash != data["state_hash"]:
            raise IllegalMove(_("The imported match ends on a different state than the exported one"))
        if match.result != data["result"]:
            raise IllegalMove(_("The imported match ends with a different result than the exported one"))
        return audit(
            moderator,
            "import",
            reason,
            match=match,
            before={"source_match": data.get("match"), "state_hash": data["state_hash"]},
            after=match_position(match),
        )


def _parse_export(data: Any) -> tuple:
    """Check everything that can be checked before writing: game, version, options, users, records."""
    if not isinstance(data, dict):
        raise IllegalMove(_("An export is a JSON object"))
    missing = [key for key in EXPORT_KEYS if key not in data]
    if missing:
        raise IllegalMove(_("The export lacks: {keys}").format(keys=", ".join(missing)))
    try:
        engine = engines.get(data["game"])
    except KeyError as exc:
        raise IllegalMove(str(exc.args[0])) from None
    if data["engine_version"] != engine.version:
        raise IllegalMove(
            _(
                "Exported with {game} engine version {exported}, this server runs version {version}: "
                "the log would not replay the same"
            ).format(game=engine.slug, exported=data["engine_version"], version=engine.version)
        )
    try:
        if engine.resolve_options(data["options"]) != data["options"]:
            raise IllegalMove(_("The exported options are incomplete for this engine"))
    except IllegalAction as exc:
        raise IllegalMove(str(exc), engine=engine, record=exc.message) from None
    if not isinstance(data["seed"], int):
        raise IllegalMove(_("The exported seed must be an integer"))
    seats = data["seats"]
    if not isinstance(seats, dict) or sorted(seats) != sorted(engine.roles):
        raise IllegalMove(_("The export must seat exactly the roles {roles}").format(roles=", ".join(engine.roles)))
    actions = data["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, dict) for a in actions):
        raise IllegalMove(_("The exported actions must be a list of records"))
    names = {name for name in seats.values() if name} | {a.get("user") for a in actions if a.get("user")}
    users = {u.get_username(): u for u in get_user_model().objects.filter(username__in=names)}
    unknown = sorted(names - set(users))
    if unknown or not all(seats.values()):
        names = ", ".join(unknown) or _("an empty seat")
        raise IllegalMove(_("Unknown or missing users in the export: {names}").format(names=names))
    records = []
    for expected_seq, exported in enumerate(actions, start=1):
        if exported.get("seq") != expected_seq:
            raise IllegalMove(
                _("The exported records must be numbered from 1 without gaps (#{seq})").format(seq=expected_seq)
            )
        if exported.get("kind") not in ActionKind.values or "payload" not in exported or "state_hash" not in exported:
            raise IllegalMove(_("Record #{seq} is not a valid log record").format(seq=expected_seq))
        records.append((exported, users.get(exported.get("user"))))
    return engine, {role: users[name] for role, name in seats.items()}, records


def _started_version(records: list, current: int) -> int:
    """The engine version the exported match started on: the first upgrade's, else the current one."""
    for exported, _user in records:
        if exported["kind"] == ActionKind.UPGRADE:
            version = exported["payload"].get("from_version")
            if not isinstance(version, int) or not 0 < version < current:
                raise IllegalMove(_("Record #{seq}: not a valid upgrade").format(seq=exported["seq"]))
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
            raise IllegalMove(_("Record #{seq}: it is not {role}'s turn").format(seq=seq, role=role))
        try:
            state = engine.apply(match.state, role, payload)
        except IllegalAction as exc:
            refusal = engine.text(exc.message, current_language())
            raise IllegalMove(_("Record #{seq}: {refusal}").format(seq=seq, refusal=refusal)) from None
        result = platform_result(engine, state, reading.result_record)
    elif kind == ActionKind.UPGRADE:  # the last one: every effective move through this engine
        after = reading.with_record(Action(seq=seq, kind=kind, payload=payload))
        replayed = upgrades.replay_moves(match, engine, after.moves)
        if isinstance(replayed, upgrades.Refusal):
            raise IllegalMove(
                _("Record #{seq}: the upgrade refuses record #{refused}: {reason}").format(
                    seq=seq, refused=replayed.seq, reason=replayed.reason
                )
            )
        match.engine_version = engine.version
        upgrades.refresh_snapshots(match, replayed)
        state, result = replayed.state, platform_result(engine, replayed.state, after.result_record)
    elif kind in RETRACTING_KINDS:
        try:
            after = reading.with_record(Action(seq=seq, kind=kind, payload=payload))
            state = state_after_moves(match, engine, after.moves, checked=True)
        except (KeyError, TypeError, IllegalAction) as exc:
            raise IllegalMove(
                _("Record #{seq}: not a valid retraction ({problem})").format(seq=seq, problem=exc)
            ) from None
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
