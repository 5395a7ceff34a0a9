"""Takeback by agreement: a player asks to take back their own moves from an earlier point, after
another player has moved; the others accept or decline.

An accepted takeback is a TAKEBACK log record retracting the moves (like an undo or a moderator's
rewind: nothing is edited or deleted). A declined or lapsed request changes nothing. Only moves after
which nothing used chance or revealed hidden information can be taken back: every step is checked
with the engine's ``is_undoable``, as undo checks its one step.

A request holds for the position it was asked at: any new log record lapses it, and so does
``REQUEST_LIFETIME`` without an answer. Both are derived, never written by a move: a request holds
while its ``at_seq`` is the match's seq (``open_request``), and ``expire_stale`` marks the lapsed ones
when requests are listed or answered.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import timedelta
from itertools import islice
from typing import Any

from django.db import transaction
from django.db.models import Q, Subquery
from django.utils import timezone
from django.utils.translation import gettext as _

from games import signals
from games.engines.base import State
from games.models import Action, ActionKind, Match, MatchStatus, Snapshot, TakebackRequest, TakebackStatus
from games.replay import effective_moves, effective_moves_newest_first, replay_stored, replayable_from

from .errors import Conflict, IllegalMove, NotAllowed, NotFound
from .locking import lock_match
from .log import append_record
from .play import check_playing, check_seat
from .visibility import check_visible

# How many effective moves back a takeback may reach: bounds the replay a page or a request costs.
TAKEBACK_DEPTH = 20
REQUEST_LIFETIME = timedelta(hours=48)


@dataclass(frozen=True)
class Point:
    """Where a takeback may go: before the requester's move ``seq``, retracting ``retracts``."""

    seq: int
    retracts: list[int]
    state: State  # the engine state right before move ``seq``
    action: dict  # move ``seq`` itself, which the requester knows by its label

    @property
    def moves(self) -> int:
        return len(self.retracts)


def takeback_points(match: Match, role: str, records: Sequence[Any] | None = None) -> list[Point]:
    """The points ``role`` may ask to take back to now, newest first (none while nobody else moved).

    ``records``: the log in brief, oldest first (``since_last_move.log_records``), when the caller has
    read it already: their marks often show that there is no point without reading a move."""
    if match.status != MatchStatus.ACTIVE or role not in match.engine.roles:
        return []
    if match.engine_version != match.engine.version:  # no old rules' states under new code (nor a takeback)
        return []
    if records is not None:
        recent = list(islice(effective_moves(reversed(records)), TAKEBACK_DEPTH))
        if _none_reachable(match, role, recent[::-1]):
            return []
    moves, start = _read_back(match)
    if _none_reachable(match, role, moves[-TAKEBACK_DEPTH:]):
        return []  # known from the records alone: most positions, after a die or a card drawn
    return _points(match, role, *_replayed(match, moves, start))


def open_request(match: Match) -> TakebackRequest | None:
    """The request waiting for an answer, if any (at most one per match)."""
    fresh = timezone.now() - REQUEST_LIFETIME
    pending = match.takebacks.filter(status=TakebackStatus.PENDING, at_seq=match.seq, created_at__gte=fresh)
    return pending.select_related("requested_by__profile").first()


def is_open(request: TakebackRequest, match: Match) -> bool:
    """Whether ``request``, already read, is the one ``open_request`` would find."""
    fresh = timezone.now() - REQUEST_LIFETIME
    return request.status == TakebackStatus.PENDING and request.at_seq == match.seq and request.created_at >= fresh


def others(match: Match, role: str) -> list[str]:
    """The roles whose consent a takeback of ``role``'s moves needs."""
    return [r for r in match.engine.roles if r != role]


def ask(match_id: int, user, role: str, to_seq: int) -> TakebackRequest:
    """Ask the other players to take back ``role``'s moves from record ``to_seq`` on."""
    expire_stale(match_id)
    with transaction.atomic():
        match = lock_match(match_id)
        check_seat(match, user, role)
        check_playing(match)
        if open_request(match) is not None:
            raise Conflict("A takeback request is already waiting for an answer")
        point = point_before(match, role, to_seq)
        request = TakebackRequest.objects.create(
            match=match,
            role=role,
            requested_by=user,
            to_seq=point.seq,
            retracts=point.retracts,
            at_seq=match.seq,
            created_at=timezone.now(),
        )
        signals.takeback_asked.send(Match, match=match, request=request)
        return request


def answer(match_id: int, request_id: int, user, role: str, accept: bool) -> TakebackRequest:
    """Accept or decline a request as ``role``; once every other role accepted, the moves are retracted."""
    expire_stale(match_id)
    with transaction.atomic():
        match = lock_match(match_id)
        check_visible(match, user)  # first: a stranger learns nothing of a private match's requests
        request = TakebackRequest.objects.filter(pk=request_id, match=match).first()
        if request is None:
            raise NotFound(f"No takeback request {request_id} in match {match_id}")
        check_seat(match, user, role)
        if role == request.role:
            raise NotAllowed(_("You cannot answer your own takeback request"))
        if request.status != TakebackStatus.PENDING:
            raise Conflict(_("This takeback request is {status}").format(status=request.get_status_display().lower()))
        check_playing(match)
        request.answered_by, request.answered_at = user, timezone.now()
        if not accept:
            request.status = TakebackStatus.DECLINED
            request.save()
        else:
            request.accepted_roles = sorted({*request.accepted_roles, role})
            if set(request.accepted_roles) >= set(others(match, request.role)):
                _take_back(match, request)
            else:
                request.save()
        signals.takeback_answered.send(Match, match=match, request=request)
        return request


def _take_back(match: Match, request: TakebackRequest) -> Action:
    """Append the TAKEBACK record (the request is marked accepted first: the new record lapses the rest)."""
    point = point_before(match, request.role, request.to_seq)
    if point.retracts != request.retracts:
        raise Conflict(_("The moves of this request can no longer be taken back"))
    request.status = TakebackStatus.ACCEPTED
    request.save()
    engine = match.engine
    record = append_record(
        match,
        kind=ActionKind.TAKEBACK,
        role=request.role,
        user=request.requested_by,
        payload={"retracts": point.retracts},
        state=point.state,
        result=engine.result(point.state),  # the match is active, so no resign/adjudication stands
        reason=f"agreed by {', '.join(request.accepted_roles)}",
    )
    request.record = record
    request.save(update_fields=["record"])
    return record


def point_before(match: Match, role: str, to_seq: int) -> Point:
    """The point before ``role``'s move ``to_seq``, or a refusal that says why there is none."""
    target = match.actions.filter(seq=to_seq).first()
    if target is None or target.kind != ActionKind.MOVE:
        raise IllegalMove(_("Record #{seq} is not a move").format(seq=to_seq))
    if target.role != role:
        raise IllegalMove(_("You can only take back your own moves"))
    if match.engine_version != match.engine.version:  # the states would be the old rules' under new code
        raise IllegalMove(_("The rules of this match are being upgraded; no actions are accepted until then"))
    moves, states = _recent(match)
    if to_seq not in [move.seq for move in moves]:
        if moves and len(moves) == TAKEBACK_DEPTH and to_seq < moves[0].seq:
            raise IllegalMove(_("Only the last {n} moves can be taken back").format(n=TAKEBACK_DEPTH))
        raise IllegalMove(_("Record #{seq} was already taken back").format(seq=to_seq))
    if all(move.role == role for move in moves if move.seq > to_seq):
        raise IllegalMove(_("Nobody else has moved since: undo your own moves instead"))
    point = next((p for p in _points(match, role, moves, states) if p.seq == to_seq), None)
    if point is None:
        raise IllegalMove("A move since then used chance or revealed hidden information; it cannot be taken back")
    return point


def _points(match: Match, role: str, moves: list[Action], states: list[State]) -> list[Point]:
    """``role``'s points among ``moves``, each with the state right before it (``states[i]`` before
    ``moves[i]``, the last one the state now)."""
    engine = match.engine
    steps = _walk(role, moves, lambda i: engine.is_undoable(states[i], states[i + 1], moves[i].role))
    return [Point(moves[index].seq, retracts, states[index], moves[index].payload) for index, retracts in steps]


def _walk(role: str, moves: list[Action], undoable: Callable[[int], bool]) -> list[tuple[int, list[int]]]:
    """Walking back from the newest move, each of ``role``'s moves with another role's move after it (its
    index and the moves taking it back retracts), up to the first step that is not undoable: nothing before
    that can be reached by retracting."""
    points: list[tuple[int, list[int]]] = []
    retracts: list[int] = []
    someone_else = False
    for index in reversed(range(len(moves))):
        move = moves[index]
        if not undoable(index):
            break
        retracts.insert(0, move.seq)
        someone_else = someone_else or move.role != role
        if move.role == role and someone_else:
            points.append((index, list(retracts)))
    return points


def _none_reachable(match: Match, role: str, moves: list[Action]) -> bool:
    """Whether the marks written with ``moves`` (``Action.undoable``) already show that ``role`` has no point
    to go back to. False when one lacks it, or was recorded under older rules (before an upgrade)."""
    since = replayable_from(match) or 0
    if any(move.undoable is None or move.seq <= since for move in moves):
        return False
    return not _walk(role, moves, lambda i: moves[i].undoable)


def _recent(match: Match) -> tuple[list[Action], list[State]]:
    """The last ``TAKEBACK_DEPTH`` effective moves and the states around them (``states[i]`` is the
    state before ``moves[i]``, the last one the state now)."""
    return _replayed(match, *_read_back(match))


def _read_back(match: Match) -> tuple[list[Action], State | None]:
    """The effective moves since the nearest snapshot at least ``TAKEBACK_DEPTH`` moves back, oldest
    first, and that snapshot's state (None: since the setup)."""
    snapshots = set(Snapshot.objects.filter(match=match).values_list("seq", flat=True))
    newest_first: list[Action] = []
    for move in effective_moves_newest_first(match):
        if len(newest_first) >= TAKEBACK_DEPTH and move.seq in snapshots:
            return list(reversed(newest_first)), Snapshot.objects.get(match=match, seq=move.seq).state
        newest_first.append(move)
    return list(reversed(newest_first)), None


def _replayed(match: Match, moves: list[Action], start: State | None) -> tuple[list[Action], list[State]]:
    """``_recent`` from what ``_read_back`` read."""
    engine = match.engine
    states = [start if start is not None else engine.setup(match.seed, match.options)]
    for move in moves:
        states.append(replay_stored(engine, states[-1], move))
    return moves[-TAKEBACK_DEPTH:], states[-TAKEBACK_DEPTH - 1 :]


def expire_stale(match_id: int) -> None:
    """Mark the requests that lapsed (a record came after the one they were asked at, or
    ``REQUEST_LIFETIME`` passed unanswered): on their own, before any answer or listing, so that a
    refusal that follows does not roll the mark back. Moves write nothing for this (see the module)."""
    now = timezone.now()
    seq_now = Match.objects.filter(pk=match_id).values("seq")
    TakebackRequest.objects.filter(match_id=match_id, status=TakebackStatus.PENDING).filter(
        Q(created_at__lt=now - REQUEST_LIFETIME) | ~Q(at_seq=Subquery(seq_now))
    ).update(status=TakebackStatus.EXPIRED, answered_at=now)
