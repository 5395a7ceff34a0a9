"""Match clocks: time controls, their presets, and the seat fields that keep them.

A seat's clock is ``bank_seconds`` (time left when ``turn_started_at`` was set) and runs only while
the role is active, the match is not paused and the player is not on vacation. ``deadline`` is
``turn_started_at + bank_seconds`` while it runs (a moderator may move it later) and NULL while it
stands still. A "fixed" control
is the same clock refilled to ``per_move`` at every turn; "bank" carries the time over, credits
``increment`` when the turn ends and never exceeds ``cap``.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from games.models import Match, MatchStatus, Seat

HOUR = 3600
DAY = 24 * HOUR

# Named time controls for the lobby (seconds).
PRESETS: dict[str, dict[str, Any]] = {
    "fast": {"kind": "bank", "initial": DAY, "increment": 12 * HOUR, "cap": 3 * DAY},
    "standard": {"kind": "bank", "initial": 3 * DAY, "increment": DAY, "cap": 7 * DAY},
    "slow": {"kind": "bank", "initial": 7 * DAY, "increment": 2 * DAY, "cap": 14 * DAY},
    "fixed-2d": {"kind": "fixed", "per_move": 2 * DAY},
    "none": {"kind": "none"},
}

_FIELDS = {"none": (), "bank": ("initial", "increment", "cap"), "fixed": ("per_move",)}
CLOCK_FIELDS = list(Seat.CLOCK_FIELDS)


def validate_time_control(time_control: dict[str, Any]) -> dict[str, Any]:
    """The time control, checked; raises ValueError with a message a player can read."""
    kind = time_control.get("kind") if isinstance(time_control, dict) else None
    if kind not in _FIELDS:
        raise ValueError(f"A time control's kind is one of: {', '.join(_FIELDS)}")
    cleaned: dict[str, Any] = {"kind": kind}
    for name in _FIELDS[kind]:
        value = time_control.get(name)
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise ValueError(f"Time control {kind!r} needs {name!r} as whole seconds ≥ 0")
        cleaned[name] = value
    if kind == "bank" and not (0 < cleaned["initial"] <= cleaned["cap"]):
        raise ValueError("A clock bank needs 0 < initial ≤ cap")
    if kind == "fixed" and cleaned["per_move"] <= 0:
        raise ValueError("A fixed deadline needs per_move > 0")
    return cleaned


def _kind(match: Match) -> str:
    return (match.time_control or {}).get("kind", "none")


def _stands_still(match: Match, seat: Seat) -> bool:
    profile = seat.user.profile if seat.user_id else None
    return match.status == MatchStatus.PAUSED or (profile is not None and profile.on_vacation)


def _run(seat: Seat, at: datetime) -> None:
    seat.turn_started_at = at
    seat.deadline = at + timedelta(seconds=seat.bank_seconds)


def _stop(seat: Seat, at: datetime) -> None:
    """Keep the time left and let the clock stand still.

    Read from the deadline, so a moderator's extension (which moves only the deadline) is kept.
    """
    if seat.deadline is not None:
        seat.bank_seconds = int((seat.deadline - at).total_seconds())
    seat.turn_started_at = None
    seat.deadline = None


def set_up(match: Match, seat: Seat) -> None:
    """A fresh clock when the match starts."""
    control = match.time_control or {}
    seat.bank_seconds = control["initial"] if _kind(match) == "bank" else None


def start_turn(match: Match, seat: Seat, at: datetime) -> None:
    """The role has become active."""
    kind = _kind(match)
    if kind == "none":
        return
    if kind == "fixed":
        seat.bank_seconds = match.time_control["per_move"]
    seat.reminded_for_deadline = None
    if _stands_still(match, seat):
        seat.turn_started_at = seat.deadline = None
    else:
        _run(seat, at)


def end_turn(match: Match, seat: Seat, at: datetime, moved: bool = True) -> None:
    """The role is no longer active: charge the time, credit the increment if it moved (bank), clear the deadline.

    ``moved`` is False when the turn was taken away (an opponent's undo, a moderator's rewind).
    """
    kind = _kind(match)
    if kind == "none":
        return
    _stop(seat, at)
    if kind == "bank":
        control = match.time_control
        credit = control["increment"] if moved else 0
        seat.bank_seconds = min(control["cap"], max(0, seat.bank_seconds) + credit)
    else:
        seat.bank_seconds = None
    seat.reminded_for_deadline = None


def stop(match: Match, seat: Seat, at: datetime) -> None:
    """Pause or vacation: the clock of an active seat stands still."""
    if _kind(match) != "none" and seat.is_active:
        _stop(seat, at)


def resume(match: Match, seat: Seat, at: datetime) -> None:
    """End of a pause or vacation: the clock runs again from where it stood."""
    stopped = seat.turn_started_at is None and seat.bank_seconds is not None
    if _kind(match) != "none" and seat.is_active and stopped and not _stands_still(match, seat):
        _run(seat, at)
