"""The computer's moves: chosen from the side's view alone, submitted like a person's.

The search (``games.engines.base.search``) is pure: it gets ``engine.view(state, role)``, never the state,
a seed derived from the match and the log's seq, the level, and the time left of its reply on the platform's
clock.
"""

from __future__ import annotations

import hashlib
import logging
import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import NamedTuple

from django.utils.translation import gettext_noop

from games import languages
from games.engines.base import Action, name, search
from games.languages import platform_msg
from games.models import Match, MatchStatus, Seat, seats_with_users
from games.services import Conflict, NotAllowed, submit_action

from .accounts import STAND_IN_LEVEL, level_of

log = logging.getLogger(__name__)

# A turn of fine-grained steps: the most one task plays before it leaves the rest to a new task (tasks).
MAX_STEPS = 200
# Set while a task plays: the records it makes queue no further task (it plays on itself).
playing: ContextVar[bool] = ContextVar("computer_playing", default=False)


class StandIn(NamedTuple):
    level: str
    why: str  # "" when the seat is the computer's own; else the record's note (why the computer chose)


VACATION_NOTE = gettext_noop("The computer moved for {side}, who is on vacation")
TIMEOUT_NOTE = gettext_noop("The computer moved for {side}, whose time ran out")


def stand_in(seat: Seat) -> StandIn | None:
    """Who chooses for ``seat`` now: the computer at its level, for a vacation it was asked to play
    through, or nobody (a person plays). Reads the seat's user only when it is already loaded."""
    level = level_of(seat.user_id)
    if level is not None:
        return StandIn(level, "")
    if seat.user_id is None or not Seat.user.is_cached(seat):
        return None
    profile = seat.user.profile
    if profile.on_vacation and profile.vacation_computer_moves:
        return StandIn(STAND_IN_LEVEL, VACATION_NOTE)
    return None


def move_seed(match: Match, role: str) -> int:
    """The search's seed: fixed by the match's secret seed, the log's seq and the side, so a retried task
    chooses the same move, and no two positions share a seed."""
    digest = hashlib.sha256(f"{match.seed}:{match.seq}:{role}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 2


def reply_ends(level: str) -> float:
    """When a reply that starts now must end (on ``time.monotonic``): its decisions share the level's time."""
    return time.monotonic() + search.LEVELS[level].reply_seconds


def choose(match: Match, role: str, level: str, reply_ends: float) -> Action:
    """The move the computer makes for ``role`` at ``level``, seeing only that side's view; the decisions of
    its reply share the time until ``reply_ends`` (on ``time.monotonic``)."""
    engine = match.engine
    return search.choose_action(
        engine,
        engine.view(match.state, role),
        role,
        seed=move_seed(match, role),
        level=search.LEVELS[level],
        reply_left=lambda: reply_ends - time.monotonic(),
    )


def note(match: Match, why: str, role: str) -> str:
    """The record's ``reason``: in English, as the log's other notes (a forfeit's, a moderator's) are."""
    return languages.text(match.engine, platform_msg(why, side=name(f"side:{role}")), "en") if why else ""


def stood_in(match: Match, role: str, reason: str) -> dict | None:
    """The platform record of a move the computer made for a person, told from the record's stored
    ``reason`` (``note``'s sentence), so a page can say it in its reader's language; None for any other."""
    whys = [why for why in (TIMEOUT_NOTE, VACATION_NOTE) if reason == note(match, why, role)]
    return platform_msg(whys[0], side=name(f"side:{role}")) if whys else None


def play(match_id: int, seq: int) -> int:
    """Play every move the computer owes in the match, starting at log record ``seq``; the moves played.

    Idempotent by seq: when the match is no longer at ``seq`` (a duplicate or stale task) nothing happens,
    and a move is submitted with its seq as ``expected_seq`` and key, so two tasks never both move.
    """
    played = 0
    ends = None  # the reply's clock starts at its first decision, with its level's time
    with _playing():
        for _ in range(MAX_STEPS):
            match = Match.objects.prefetch_related(seats_with_users()).get(pk=match_id)
            if match.seq != seq or match.status != MatchStatus.ACTIVE or match.engine_version != match.engine.version:
                break
            turn = next(
                (
                    (seat, who)
                    for seat in match.seats.all()
                    if seat.role in match.active_roles and (who := stand_in(seat))
                ),
                None,
            )
            if turn is None:
                break
            seat, who = turn
            ends = ends or reply_ends(who.level)
            action = choose(match, seat.role, who.level, ends)
            try:
                submit_action(
                    match.pk,
                    seat.user,
                    seat.role,
                    action,
                    seq,
                    idempotency_key=f"computer:{seq}",
                    reason=note(match, who.why, seat.role),
                )
            except (Conflict, NotAllowed):  # a person moved meanwhile, or a moderator paused the match
                break
            seq, played = seq + 1, played + 1
    return played


@contextmanager
def _playing() -> Iterator[None]:
    token = playing.set(True)
    try:
        yield
    finally:
        playing.reset(token)
