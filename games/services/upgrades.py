"""Moving live matches to the current engine version (ARCHITECTURE §2.2): never silently.

A match records the engine version it started (or was last upgraded) on. Upgrading replays its
effective moves through the current engine: when every one is still legal, an UPGRADE record notes
the versions, the old state hash and the engine's change note, and the new state becomes the match's;
otherwise nothing changes and the match is flagged for a moderator with the first refused record
(who may drop it and what follows, see ``moderation.rewind_and_upgrade``).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings
from django.db import transaction
from django.db.models import Q, QuerySet

from games import engines, signals
from games.engines.base import Engine, IllegalAction, State, state_hash
from games.models import LIVE, Action, ActionKind, Match, Snapshot
from games.replay import LogReading, platform_result, read_log

from .locking import lock_match
from .log import append_record

UPGRADED, REFUSED, STILL_REFUSED = "upgraded", "refused", "still refused"


@dataclass
class Refusal:
    """The first effective move the current engine refuses, and why."""

    seq: int
    reason: str


@dataclass
class Replayed:
    """The state after every effective move through the current engine, and the states to snapshot."""

    state: State
    snapshots: dict[int, State]


@dataclass
class Outcome:
    match_id: int
    outcome: str  # UPGRADED, REFUSED or STILL_REFUSED
    from_version: int
    to_version: int
    seq: int  # the UPGRADE record (or, dry run, the seq it would get), or the refused record
    reason: str = ""


def on_older_engine(game: str | None = None) -> QuerySet:
    """Live matches on an older version than their engine's (what ``upgrade_matches`` looks at)."""
    older = Q(pk__in=[])
    for engine in engines.all():
        if game in (None, engine.slug):
            older |= Q(game=engine.slug, engine_version__lt=engine.version)
    return Match.objects.filter(older, status__in=LIVE)


def waiting() -> QuerySet:
    """Live matches on an older engine that no upgrade was refused for yet."""
    return on_older_engine().filter(upgrade_refused__isnull=True)


def refused() -> QuerySet:
    """Live matches an upgrade was refused for (flagged for a moderator)."""
    return Match.objects.filter(status__in=LIVE, upgrade_refused__isnull=False)


def replay_moves(match: Match, engine: Engine, moves: list[Action]) -> Replayed | Refusal:
    """Every effective move from the start through ``engine``; the first refused one stops it."""
    state = engine.setup(match.seed, match.options)
    snapshots = {}
    for move in moves:
        try:
            state = engine.apply(state, move.role, move.payload)
        except IllegalAction as exc:
            return Refusal(move.seq, str(exc))  # for moderators: English
        except Exception as exc:  # an old action the new code cannot even read is refused too
            return Refusal(move.seq, f"the engine failed on it: {exc!r}")
        if move.seq % settings.SNAPSHOT_INTERVAL == 0:
            snapshots[move.seq] = state
    return Replayed(state, snapshots)


def upgrade_match(match_id: int, dry_run: bool = False) -> Outcome | None:
    """Upgrade one live match on an older version, or flag it; None when there is nothing to do.

    Runs in its own transaction holding the match row lock, so players' moves wait or come after.
    """
    with transaction.atomic():
        match = lock_match(match_id)
        engine = match.engine
        if match.status not in LIVE or match.engine_version >= engine.version:
            return None
        reading = read_log(match.actions.order_by("seq"))
        replayed = replay_moves(match, engine, reading.moves)
        if isinstance(replayed, Refusal):
            return _refuse(match, engine, replayed, dry_run)
        outcome = Outcome(match.pk, UPGRADED, match.engine_version, engine.version, match.seq + 1)
        if not dry_run:
            append_upgrade(match, engine, reading, replayed)
        return outcome


def append_upgrade(
    match: Match,
    engine: Engine,
    reading: LogReading,
    replayed: Replayed,
    *,
    retracts: list[int] | None = None,
    user=None,
    reason: str = "",
) -> Action:
    """Append the UPGRADE record (``reading``: the log once it is added), refresh snapshots, tell the players.

    Call inside a transaction holding the match row lock.
    """
    payload = {
        "from_version": match.engine_version,
        "to_version": engine.version,
        "old_state_hash": match.state_hash,
        "changes": engine.change_note(match.engine_version),
    }
    if retracts:
        payload["retracts"] = sorted(retracts)
    _unflag(match)
    match.engine_version = engine.version
    refresh_snapshots(match, replayed)
    record = append_record(
        match,
        kind=ActionKind.UPGRADE,
        role="",
        user=user,
        payload=payload,
        state=replayed.state,
        result=platform_result(engine, replayed.state, reading.result_record),
        reason=reason,
    )
    signals.match_upgraded.send(Match, match=match, record=record)
    return record


def refresh_snapshots(match: Match, replayed: Replayed) -> None:
    """Every snapshot was taken by the older engine: keep only states of the new one."""
    Snapshot.objects.filter(match=match).delete()
    Snapshot.objects.bulk_create(
        Snapshot(match=match, seq=seq, state=state, state_hash=state_hash(state))
        for seq, state in replayed.snapshots.items()
    )


def _refuse(match: Match, engine: Engine, refusal: Refusal, dry_run: bool) -> Outcome:
    """Flag the match (once per engine version and refused record); nothing else changes."""
    refused = {"to_version": engine.version, "seq": refusal.seq, "reason": refusal.reason}
    outcome = Outcome(match.pk, REFUSED, match.engine_version, engine.version, refusal.seq, refusal.reason)
    if match.upgrade_refused == refused:
        outcome.outcome = STILL_REFUSED
        return outcome
    if not dry_run:
        _unflag(match)
        match.upgrade_refused = refused
        match.flagged = True
        match.flag_reason = f"{match.flag_reason}\n{refusal_text(refused)}".strip()
        match.save(update_fields=["upgrade_refused", "flagged", "flag_reason"])
    return outcome


def refusal_text(refused: dict) -> str:
    return f"Upgrade to engine version {refused['to_version']} refused at #{refused['seq']}: {refused['reason']}"


def _unflag(match: Match) -> None:
    """Take back the flag line an earlier refusal wrote (other reasons keep the match flagged)."""
    if match.upgrade_refused is None:
        return
    ours = refusal_text(match.upgrade_refused)
    lines = [line for line in match.flag_reason.splitlines() if line != ours]
    match.flag_reason = "\n".join(lines)
    match.flagged = bool(lines)
    match.upgrade_refused = None
