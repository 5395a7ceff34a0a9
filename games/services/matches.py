"""Creating, joining and starting matches."""

from __future__ import annotations

import secrets
from functools import cache

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from accounts.models import Profile
from games import engines, signals
from games.engines.base import IllegalAction, state_hash
from games.models import Match, MatchStatus, Seat, TimeoutPolicy
from games.replay import genesis_hash

from . import statements
from .errors import Conflict, IllegalMove, NotAllowed, NotFound
from .log import sync_active_seats


def create_match(
    user,
    game: str,
    options: dict | None = None,
    role: str | None = None,
    *,
    time_control: dict | None = None,
    timeout_policy: str = TimeoutPolicy.FORFEIT,
    is_private: bool = False,
    rated: bool = True,
) -> Match:
    """A new open match with one empty seat per role; the creator takes ``role`` (random if None)."""
    try:
        engine = engines.get(game)
    except KeyError as exc:
        raise IllegalMove(str(exc.args[0])) from None
    try:
        resolved = engine.resolve_options(options)
    except IllegalAction as exc:
        raise IllegalMove(exc.message) from None
    if role is not None and role not in engine.roles:
        raise IllegalMove(f"Unknown role {role!r}; roles are {', '.join(engine.roles)}")
    if timeout_policy not in TimeoutPolicy.values:
        raise IllegalMove(f"Unknown timeout policy {timeout_policy!r}")
    with transaction.atomic():
        match = Match.objects.create(
            game=engine.slug,
            engine_version=engine.version,
            options=resolved,
            seed=new_seed(),
            created_by=user,
            is_private=is_private,
            invite_token=secrets.token_urlsafe(16),
            rated=rated,
            time_control=time_control or {"kind": "none"},
            timeout_policy=timeout_policy,
        )
        Seat.objects.bulk_create(Seat(match=match, role=r) for r in engine.roles)
        _take_seat(match, user, role)
    return match


def new_seed() -> int:
    """The match's secret seed: all its chance (deals, dice) follows from it."""
    return secrets.randbits(62)


def join_match(match_id: int, user, role: str | None = None, invite_token: str | None = None) -> Match:
    """Take a free seat (``role``, or a random free one); the match starts when every seat is taken."""
    with transaction.atomic():
        match = lock_match(match_id)
        if match.status != MatchStatus.OPEN:
            raise Conflict("This match is not open for joining")
        if match.is_private and invite_token != match.invite_token:
            raise NotAllowed("This match is private: join it through its invite link")
        if match.roles_of(user):
            raise Conflict("You already have a seat in this match")
        _take_seat(match, user, role)
    return match


def _take_seat(match: Match, user, role: str | None) -> None:
    free = [seat for seat in match.seats.all() if seat.user_id is None]
    if role is None:
        if not free:
            raise Conflict("No free seat in this match")
        seat = free[secrets.randbelow(len(free))]
    else:
        seat = next((s for s in match.seats.all() if s.role == role), None)
        if seat is None:
            raise IllegalMove(f"Unknown role {role!r}")
        if seat.user_id is not None:
            raise Conflict(f"The {role} seat is taken")
    seat.user = user
    seat.joined_at = timezone.now()
    seat.save(update_fields=["user", "joined_at"])
    if all(s.user_id is not None for s in match.seats.all()):
        start_match(match)


def start_match(match: Match) -> None:
    """Set up the engine state (log sequence 0) and open play."""
    engine = match.engine
    state = engine.setup(match.seed, match.options)
    match.state = state
    match.state_hash = state_hash(state)
    match.head_hash = genesis_hash(match)
    match.active_roles = engine.active_roles(state)
    match.status = MatchStatus.ACTIVE
    match.started_at = timezone.now()
    match.save()
    sync_active_seats(match)
    signals.match_started.send(Match, match=match)


def lock_match(match_id: int) -> Match:
    """The match row, locked until the end of the transaction (PostgreSQL; SQLite locks the database).

    The match comes with its seats, their users and profiles: the seat checks, the log and the notification
    receivers all read these same objects from then on (``Match.loaded_seats``), so a move reads nothing twice.
    Two statements rather than one join, which would repeat the match row (its state) on every seat's row.
    """
    try:
        pk = int(match_id)
    except (TypeError, ValueError):
        raise NotFound(f"No match {match_id}") from None
    connection = statements.connection_for(Match)
    match_sql, seats_sql = _lock_sql()
    with connection.cursor() as cursor:
        cursor.execute(match_sql, [pk])  # query: the match row, locked
        match_row = cursor.fetchone()
        if match_row is None:
            raise NotFound(f"No match {match_id}")
        cursor.execute(seats_sql, [pk])  # query: its seats joined to their users and profiles
        seat_rows = cursor.fetchall()
    match = statements.load(Match, match_row, connection)
    match._prefetched_objects_cache = {"seats": [_seat_from_row(match, row, connection) for row in seat_rows]}
    return match


_JOINED = (Seat, get_user_model(), Profile)  # the models of a seat's row, in order


def _seat_from_row(match: Match, values: tuple, connection) -> Seat:
    seat_width, user_width = (len(model._meta.concrete_fields) for model in _JOINED[:2])
    seat = statements.load(Seat, values[:seat_width], connection)
    seat.match = match
    if seat.user_id is None:
        seat.user = None
        return seat
    seat.user = statements.load(_JOINED[1], values[seat_width : seat_width + user_width], connection)
    profile_values = values[seat_width + user_width :]
    if profile_values[0] is not None:
        profile = statements.load(Profile, profile_values, connection)
        Profile.user.field.set_cached_value(profile, seat.user)
        Profile.user.field.remote_field.set_cached_value(seat.user, profile)
    return seat


@cache
def _lock_sql() -> tuple[str, str]:
    connection = statements.connection_for(Match)
    quote, features = connection.ops.quote_name, connection.features
    match, seat, user, profile = (quote(model._meta.db_table) for model in (Match, *_JOINED))
    lock = "FOR UPDATE" if features.has_select_for_update else ""
    match_sql = f"SELECT {statements.column_list(Match, 'm')} FROM {match} m WHERE m.id = %s {lock}"
    columns = ", ".join(statements.column_list(model, alias) for model, alias in zip(_JOINED, "sup", strict=True))
    seats_sql = (
        f"SELECT {columns} FROM {seat} s LEFT JOIN {user} u ON u.id = s.user_id"
        f" LEFT JOIN {profile} p ON p.user_id = u.id WHERE s.match_id = %s ORDER BY s.id"
    )
    return match_sql, seats_sql
