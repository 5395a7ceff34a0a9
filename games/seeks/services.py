"""Posting, accepting, cancelling and expiring seeks; a pairing makes the match with games.services."""

from __future__ import annotations

import zlib
from datetime import datetime, timedelta

from django.conf import settings
from django.db import connection, transaction
from django.db.models import Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from games import engines, services, timecontrols
from games.engines.base import IllegalAction
from games.models import Match, Rating
from games.seeks.matching import DEFAULT_RATING, in_range, seeks_match
from games.seeks.models import Seek, SeekStatus
from games.services.commitments import check_commitment_cap, live_match_count, lock_players
from games.services.permissions import check_not_computer

DEFAULT_TIME_CONTROL = "standard"
LIFETIME_DAYS = (1, 3, 7, 14)
DEFAULT_LIFETIME_DAYS = 7
PAIRED_SHOWN = timedelta(days=1)  # how long a paired seek stays in its player's list
QUEUE_LOCK_SPACE = 0x5EE4  # the first key of the PostgreSQL advisory locks of the seek queues


def post_seek(
    user,
    game: str,
    options: dict | None = None,
    time_control: str = DEFAULT_TIME_CONTROL,
    *,
    rated: bool = True,
    role: str = "",
    min_rating: int | None = None,
    max_rating: int | None = None,
    lifetime_days: int = DEFAULT_LIFETIME_DAYS,
) -> Seek:
    """Post a seek; it pairs at once with the oldest matching seek (the seek comes back with its match),
    else it waits in the lobby."""
    check_not_computer(user)
    fields = _checked(game, options, time_control, role, min_rating, max_rating, lifetime_days)
    check_commitment_cap(user)  # a waiting seek adds no match yet; the pairing counts again under lock
    now = timezone.now()
    with transaction.atomic():
        _lock_queue(fields["game"])
        seek = Seek.objects.create(user=user, rated=rated, expires_at=now + timedelta(days=lifetime_days), **fields)
        partner = _first_partner(seek, now)
        if partner is not None:
            _pair_seeks(partner, seek)
    return seek


def accept_seek(seek_id: int, user) -> Match:
    """Play another player's waiting seek (the lobby's "Play"): the match starts at once."""
    check_not_computer(user)
    with transaction.atomic():
        seek = _locked(seek_id)
        if seek.user_id == user.pk:
            raise services.Conflict(_("This is your own seek: wait for an opponent, or cancel it"))
        if seek.status != SeekStatus.OPEN or seek.expires_at <= timezone.now():
            raise services.Conflict(_("This seek is no longer open"))
        if not in_range(seek, rating_of(user, seek.game)):
            raise services.Conflict(_("Your rating is outside the range this player asked for"))
        lock_players(user, seek.user)
        check_commitment_cap(user)
        if _at_cap(seek.user):
            raise services.Conflict(_("The player who posted this seek cannot take on another match now"))
        match = _pair(seek, user, "")
        seek.status, seek.match = SeekStatus.PAIRED, match
        seek.save(update_fields=["status", "match"])
    return match


def cancel_seek(seek_id: int, user) -> Seek:
    """Withdraw one's own waiting seek."""
    with transaction.atomic():
        seek = _locked(seek_id)
        if seek.user_id != user.pk:
            raise services.NotFound(_("No such seek"))  # another player's seek is not theirs to see here
        if seek.status != SeekStatus.OPEN:
            raise services.Conflict(_("This seek is no longer open"))
        seek.status = SeekStatus.CANCELLED
        seek.save(update_fields=["status"])
    return seek


def expire_seeks(now: datetime | None = None) -> int:
    """The beat job: waiting seeks past their lifetime are marked expired; how many. (A pairing never takes
    one anyway: it checks the lifetime itself.) A seek a pairing holds is re-checked once it is released."""
    return Seek.objects.filter(status=SeekStatus.OPEN, expires_at__lte=now or timezone.now()).update(
        status=SeekStatus.EXPIRED
    )


def open_seeks(user, now: datetime | None = None) -> QuerySet[Seek]:
    """Other players' waiting seeks, newest first (the lobby's list)."""
    return (
        Seek.objects.filter(status=SeekStatus.OPEN, expires_at__gt=now or timezone.now())
        .exclude(user=user)
        .select_related("user__profile")
        .order_by("-created_at", "-pk")
    )


def own_seeks(user, now: datetime | None = None) -> QuerySet[Seek]:
    """The player's waiting seeks and those paired in the last day (how a waiting player learns of the
    match, besides its start's notice), newest first."""
    now = now or timezone.now()
    waiting = Q(status=SeekStatus.OPEN, expires_at__gt=now)
    paired = Q(status=SeekStatus.PAIRED, match__started_at__gt=now - PAIRED_SHOWN)
    return (
        Seek.objects.filter(waiting | paired, user=user).select_related("user__profile").order_by("-created_at", "-pk")
    )


def acceptable_by(seeks, user) -> list[Seek]:
    """The seeks whose rating range lets ``user`` play them."""
    seeks = list(seeks)
    ratings = ratings_in({seek.game for seek in seeks}, [user.pk])
    return [seek for seek in seeks if in_range(seek, ratings.get((seek.game, user.pk), DEFAULT_RATING))]


def ratings_in(games: set[str], user_ids: list[int]) -> dict[tuple[str, int], int]:
    """(game, user id) → rating, for the players who have one."""
    found = Rating.objects.filter(game__in=games, user_id__in=user_ids).values_list("game", "user_id", "rating")
    return {(game, user_id): rating for game, user_id, rating in found}


def rating_of(user, game: str) -> int:
    return ratings_in({game}, [user.pk]).get((game, user.pk), DEFAULT_RATING)


def _checked(
    game: str,
    options: dict | None,
    time_control: str,
    role: str,
    min_rating: int | None,
    max_rating: int | None,
    lifetime_days: int,
) -> dict:
    try:
        engine = engines.get(game)
    except KeyError:
        raise services.IllegalMove(_("Unknown game {game!r}").format(game=game)) from None
    if len(engine.roles) != 2:
        raise services.IllegalMove(_("Quick pairing is for two-player games"))
    try:
        resolved = engine.resolve_options(options)
    except IllegalAction as exc:
        raise services.IllegalMove(str(exc), engine=engine, record=exc.message) from None
    if time_control not in timecontrols.presets():
        raise services.IllegalMove(_("Unknown time control {key!r}").format(key=time_control))
    if role and role not in engine.roles:
        raise services.IllegalMove(
            _("Unknown role {role!r}; roles are {roles}").format(role=role, roles=", ".join(engine.roles))
        )
    if min_rating is not None and max_rating is not None and min_rating > max_rating:
        raise services.IllegalMove(_("The lowest rating must not be above the highest"))
    if lifetime_days not in LIFETIME_DAYS:
        raise services.IllegalMove(
            _("A seek lasts {choices} days").format(choices=", ".join(str(days) for days in LIFETIME_DAYS))
        )
    return {
        "game": engine.slug,
        "options": resolved,
        "time_control": time_control,
        "role": role or "",
        "min_rating": min_rating,
        "max_rating": max_rating,
    }


def _lock_queue(game: str) -> None:
    """Posting seeks of one game takes turns (a PostgreSQL advisory lock, held to the end of the transaction):
    two seeks posted at the same moment would otherwise each miss the other and both wait. SQLite locks the
    whole database for a write anyway."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s, %s)", [QUEUE_LOCK_SPACE, zlib.crc32(game.encode()) >> 1])


def _first_partner(seek: Seek, now: datetime) -> Seek | None:
    """The oldest waiting seek that pairs with ``seek`` and whose player may take on another match. Seeks
    another transaction holds (being accepted or cancelled) are skipped, never waited for."""
    candidates = list(
        Seek.objects.select_for_update(skip_locked=True)
        .filter(status=SeekStatus.OPEN, game=seek.game, time_control=seek.time_control, rated=seek.rated)
        .filter(expires_at__gt=now)
        .exclude(user_id=seek.user_id)
        .order_by("created_at", "pk")
    )
    ratings = {
        user_id: rating for (_game, user_id), rating in ratings_in({seek.game}, _users(seek, candidates)).items()
    }
    for candidate in candidates:
        if seeks_match(seek, candidate, ratings) and not _at_cap(candidate.user):
            return candidate
    return None


def _users(seek: Seek, candidates: list[Seek]) -> list[int]:
    return [seek.user_id, *(candidate.user_id for candidate in candidates)]


def _at_cap(user) -> bool:
    return live_match_count(user) >= settings.MAX_ACTIVE_MATCHES


def _pair_seeks(waiting: Seek, seek: Seek) -> None:
    """Pair the new ``seek`` with ``waiting``, both players locked and counted again first: the poster at the
    cap is refused; a waiting player who took another match since it was picked leaves ``seek`` waiting."""
    lock_players(seek.user, waiting.user)
    check_commitment_cap(seek.user)
    if _at_cap(waiting.user):
        return
    match = _pair(waiting, seek.user, seek.role)
    for paired in (waiting, seek):
        paired.status, paired.match = SeekStatus.PAIRED, match
        paired.save(update_fields=["status", "match"])


def _pair(waiting: Seek, user, role: str) -> Match:
    """The match of ``waiting`` and ``user`` (who asked for ``role``, blank: either): the waiting player
    creates it, ``user`` joins and it starts, through the same services as the lobby (mail, clocks, ratings).
    Sides are random unless one was asked for. The caller has locked both players (``lock_players``)."""
    roles = waiting.engine.roles
    waiting_role = waiting.role or (next(r for r in roles if r != role) if role else None)
    match = services.create_match(
        waiting.user,
        waiting.game,
        waiting.options,
        waiting_role,
        time_control=timecontrols.presets()[waiting.time_control],
        rated=waiting.rated,
    )
    services.join_match(match.pk, user)  # every seat taken: it starts
    match.refresh_from_db()
    return match


def _locked(seek_id: int) -> Seek:
    try:
        return Seek.objects.select_for_update().get(pk=seek_id)
    except Seek.DoesNotExist:
        raise services.NotFound(_("No such seek")) from None
