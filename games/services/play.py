"""What players do in a match: act, take back, resign."""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from games import languages
from games.engines.base import IllegalAction, State, name
from games.languages import platform_msg
from games.models import Action, ActionKind, Match, MatchStatus
from games.replay import state_before_last_move

from .errors import Conflict, IllegalMove, NotAllowed, ServiceError
from .locking import lock_match
from .log import append_record
from .visibility import check_visible


def submit_action(
    match_id: int,
    user,
    role: str,
    action: dict,
    expected_seq: int,
    idempotency_key: str | None = None,
    reason: str = "",
) -> Action:
    """Apply one move: lock, check, engine apply, append, cache, snapshot, notify (ARCHITECTURE §3).

    Returns the new log record, or the earlier one when ``idempotency_key`` was already used for the
    same move. Raises a ServiceError and writes nothing otherwise. ``reason`` notes on the record who
    really chose the move when it is not the seat's player (the computer, on timeout or vacation).

    Statements of a move, all in one transaction: BEGIN; the locked match and its seats (two SELECTs in one
    round trip on PostgreSQL, ``lock_match``); when a turn starts or ends, the seated users joined to
    their profiles (one SELECT, ``attach_users``: the clocks and the mail need them); then, in
    one round trip on PostgreSQL (``statements.one_round_trip``), the log record (INSERT), the match cache
    (UPDATE) and, when a turn starts or ends, the seats concerned (one UPDATE for all) and one INSERT per
    outbox row (``append_record``);
    COMMIT. Nothing is read twice: the seats loaded with the lock serve the checks, the log and the
    notification receivers; the state is serialised once, for its hash and its row; nothing is written for
    pending takeback requests (they lapse by derivation, games.services.takeback). On PostgreSQL every one
    of these statements is prepared once per connection (``statements.statement_cursor``).
    """
    try:
        with transaction.atomic():
            match = lock_match(match_id)
            try:
                state = checked_move(match, user, role, action, expected_seq)
            except ServiceError:
                # A retry of a recorded move is always refused here (the match moved on), so the key is
                # looked up only then: a move that passes costs no lookup (a reused key that passes is
                # refused by the key's unique constraint, below).
                earlier = recorded(match, idempotency_key) if idempotency_key else None  # query, on refusal only
                if earlier is None:
                    raise
                if (earlier.user_id, earlier.role, earlier.payload) != (user.pk, role, action):
                    raise Conflict(KEY_REUSED) from None
                return earlier
            return append_record(
                match,
                kind=ActionKind.MOVE,
                role=role,
                user=user,
                payload=action,
                state=state,
                result=match.engine.result(state),
                reason=reason,
                idempotency_key=idempotency_key,
            )
    except IntegrityError:
        if idempotency_key and recorded(Match(pk=match_id), idempotency_key) is not None:
            raise Conflict(KEY_REUSED) from None
        # Without row locks (SQLite) two writers can race to the same seq: the unique constraint decides.
        raise Conflict(_("Another action was recorded at the same time; reload and try again")) from None


KEY_REUSED = "This idempotency key was already used for a different action"


def checked_move(match: Match, user, role: str, action: dict, expected_seq: int) -> State:
    """The state after ``action``, or a ServiceError saying why it is refused (nothing is written)."""
    check_seat(match, user, role)
    check_playing(match)
    check_sequence(match, expected_seq)
    if role not in match.active_roles:
        raise NotAllowed(_("It is not {role}'s turn").format(role=languages.side_name(match.engine, role)))
    try:
        return match.engine.apply(match.state, role, action)
    except IllegalAction as exc:
        raise IllegalMove(str(exc), engine=match.engine, record=exc.message) from None


def recorded(match: Match, idempotency_key: str) -> Action | None:
    return Action.objects.filter(match=match, idempotency_key=idempotency_key).first()


def undo(match_id: int, user, role: str, expected_seq: int | None = None) -> Action:
    """Retract ``role``'s own last move while nothing was revealed, no chance used, nobody else acted."""
    with transaction.atomic():
        match = lock_match(match_id)
        check_seat(match, user, role)
        check_playing(match)
        if expected_seq is not None:
            check_sequence(match, expected_seq)
        engine = match.engine
        target, before = state_before_last_move(match, engine)
        if target is None:
            raise IllegalMove(_("There is nothing to undo"))
        if target.role != role:
            raise IllegalMove(_("You can only undo your own last action"))
        others_since = match.actions.filter(seq__gt=target.seq, kind=ActionKind.MOVE).exclude(role=role)
        if others_since.exists():
            raise IllegalMove(_("Another player has acted since; the action can no longer be undone"))
        if match.actions.filter(seq__gt=target.seq, kind=ActionKind.UPGRADE).exists():
            raise IllegalMove(_("The rules were upgraded since; the action can no longer be undone"))
        if not engine.is_undoable(before, match.state, role):
            raise IllegalMove(_("That action used chance or revealed hidden information; it cannot be undone"))
        return append_record(
            match,
            kind=ActionKind.UNDO,
            role=role,
            user=user,
            payload={"retracts": [target.seq]},
            state=before,
            result=engine.result(before),  # the match is active, so no resign/adjudication stands
        )


def resign(match_id: int, user, role: str) -> Action:
    """Concede: the other role wins (with more than two roles, the game is recorded without a winner)."""
    with transaction.atomic():
        match = lock_match(match_id)
        check_seat(match, user, role)
        check_playing(match)
        reason = platform_msg(gettext_noop("{side} resigned"), side=name(f"side:{role}"))
        return record_result(match, ActionKind.RESIGN, role, user, opponent_wins(match, role, reason))


def opponent_wins(match: Match, loser: str, reason: dict) -> dict:
    """The result when ``loser`` leaves the match; ``reason`` is a record (``platform_msg``)."""
    others = [r for r in match.engine.roles if r != loser]
    return {"winner": others[0] if len(others) == 1 else None, "scores": {}, "reason": reason}


def record_result(match: Match, kind: str, role: str, user, result: dict, reason: str = "") -> Action:
    """End the match with a result the engine did not produce (resign, forfeit, adjudication).

    Call inside a transaction holding the match row lock. The engine state is unchanged.
    """
    return append_record(
        match, kind=kind, role=role, user=user, payload=result, state=match.state, result=result, reason=reason
    )


def check_seat(match: Match, user, role: str) -> None:
    check_visible(match, user)  # before any other check: a stranger learns nothing of a private match
    if role not in match.roles_of(user):
        raise NotAllowed(
            _("You do not hold the {role} seat in this match").format(role=languages.side_name(match.engine, role))
        )
    profile = getattr(user, "profile", None)
    if profile is not None and profile.banned:
        raise NotAllowed(_("Your account is suspended"))


def check_playing(match: Match) -> None:
    if match.status != MatchStatus.ACTIVE:
        raise Conflict(
            _("The match is {status}; no actions are accepted").format(status=match.get_status_display().lower())
        )
    if match.engine_version != match.engine.version:  # never play old rules' states under new code
        raise Conflict(_("The rules of this match are being upgraded; no actions are accepted until then"))


def check_sequence(match: Match, expected_seq: int) -> None:
    if expected_seq != match.seq:
        raise Conflict(
            _("Stale: the match is at #{seq}, your action was made at #{expected}").format(
                seq=match.seq, expected=expected_seq
            )
        )
