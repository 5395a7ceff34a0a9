"""Creating, joining and starting matches."""

from __future__ import annotations

import secrets

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games import engines, languages, signals
from games.engines.base import IllegalAction, state_hash
from games.models import Match, MatchStatus, Seat, TimeoutPolicy
from games.replay import genesis_hash

from .commitments import check_commitment_cap, lock_players
from .errors import Conflict, IllegalMove, NotAllowed
from .locking import lock_match
from .log import sync_active_seats
from .permissions import check_not_computer
from .visibility import check_visible


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
    capped: bool = True,
) -> Match:
    """A new open match with one empty seat per role; the creator takes ``role`` (random if None).
    ``capped=False`` skips the commitment cap, for a tournament's rounds (its sign-up was capped)."""
    try:
        engine = engines.get(game)
    except KeyError as exc:
        raise IllegalMove(str(exc.args[0])) from None
    try:
        resolved = engine.resolve_options(options)
    except IllegalAction as exc:
        raise IllegalMove(str(exc), engine=engine, record=exc.message) from None
    if role is not None and role not in engine.roles:
        raise IllegalMove(
            _("Unknown role {role!r}; roles are {roles}").format(role=role, roles=", ".join(engine.roles))
        )
    if timeout_policy not in TimeoutPolicy.values:
        raise IllegalMove(_("Unknown timeout policy {policy!r}").format(policy=timeout_policy))
    with transaction.atomic():
        if capped:
            lock_players(user)
            check_commitment_cap(user)
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


def join_match(
    match_id: int, user, role: str | None = None, invite_token: str | None = None, *, capped: bool = True
) -> Match:
    """Take a free seat (``role``, or a random free one); the match starts when every seat is taken.
    ``capped=False`` skips the commitment cap, as for ``create_match``."""
    check_not_computer(user)
    with transaction.atomic():
        match = lock_match(match_id)
        if match.is_private and invite_token != match.invite_token and not match.roles_of(user):
            check_visible(match, user)  # without its invite link, to a stranger, a private match is not there
            raise NotAllowed(_("This match is private: join it through its invite link"))  # a moderator
        if match.status != MatchStatus.OPEN:
            raise Conflict(_("This match is not open for joining"))
        if match.roles_of(user):
            raise Conflict(_("You already have a seat in this match"))
        if capped:
            lock_players(user)
            check_commitment_cap(user)
        _take_seat(match, user, role)
    return match


def fill_seat(match: Match, user, role: str | None = None) -> None:
    """Seat ``user`` in the locked open ``match`` without the joining checks (privacy, commitment cap):
    the computer's seat in a match created against it (games.computer)."""
    if match.status != MatchStatus.OPEN:
        raise Conflict(_("This match is not open for joining"))
    _take_seat(match, user, role)


def _take_seat(match: Match, user, role: str | None) -> None:
    free = [seat for seat in match.seats.all() if seat.user_id is None]
    if role is None:
        if not free:
            raise Conflict(_("No free seat in this match"))
        seat = free[secrets.randbelow(len(free))]
    else:
        seat = next((s for s in match.seats.all() if s.role == role), None)
        if seat is None:
            raise IllegalMove(_("Unknown role {role!r}").format(role=role))
        if seat.user_id is not None:
            raise Conflict(_("The {role} seat is taken").format(role=languages.side_name(match.engine, role)))
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
    match.started_at = match.last_activity_at = timezone.now()
    match.save()
    sync_active_seats(match)
    signals.match_started.send(Match, match=match)
