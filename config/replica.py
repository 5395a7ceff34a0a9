"""A PostgreSQL read replica for pages and the API, without a player ever missing their own move.

With ``DATABASE_REPLICA_URL`` set, reads may go to the ``replica`` alias; every write, every read inside a
transaction (the write path locks and re-reads there) and every read outside a web request (Celery
workers, beat, management commands) goes to the primary. Within a web request, reads go to the replica only
when the reader cannot be looking for something they just wrote or are about to act on:

- a GET or HEAD (any other method reads and writes on the primary);
- by a reader who has not written in the last ``REPLICA_LAG_SECONDS`` (a write sets a short-lived cookie:
  their next pages read the primary until the replica has surely caught up);
- of no match the reader plays: a player's own match page, fragment, board and API are read on the primary,
  so the opponent's move they were just told about is there. Other players' matches, the lobby, lists,
  profiles and rules are read from the replica.
"""

from __future__ import annotations

import contextvars
import time
from collections.abc import Callable

from django.conf import settings
from django.db import connections
from django.http import HttpRequest, HttpResponse

PRIMARY, REPLICA = "default", "replica"
PIN_COOKIE = "read_primary_until"
SAFE_METHODS = ("GET", "HEAD")
# Tables read on every request that a write just changed (a new session at login): always the primary.
PRIMARY_ONLY_APPS = {"sessions", "axes"}
MATCH_ROUTES = {"match", "match_live", "match_board", "match_chat", "match_notes", "match_export"}
MATCH_API_PREFIX = "/api/matches/"

_replica_allowed: contextvars.ContextVar[bool] = contextvars.ContextVar("replica_allowed", default=False)


class ReplicaRouter:
    """Reads to the replica only where ``ReplicaMiddleware`` allowed them and no transaction is open."""

    def db_for_read(self, model, **hints) -> str:
        if model._meta.app_label in PRIMARY_ONLY_APPS or not _replica_allowed.get():
            return PRIMARY
        return PRIMARY if connections[PRIMARY].in_atomic_block else REPLICA

    def db_for_write(self, model, **hints) -> str:
        return PRIMARY

    def allow_relation(self, obj1, obj2, **hints) -> bool:
        return True  # one database, two copies

    def allow_migrate(self, db: str, app_label: str, **hints) -> bool:
        return db == PRIMARY  # the replica follows the primary's schema by replication


def reads_replica() -> bool:
    """True while the current request may read the replica (for tests and diagnostics)."""
    return _replica_allowed.get()


class ReplicaMiddleware:
    """Decides per request whether its reads may go to the replica (the module's rules)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        token = _replica_allowed.set(self.may_read_replica(request))
        try:
            response = self.get_response(request)
        finally:
            _replica_allowed.reset(token)
        if request.method not in SAFE_METHODS and response.status_code < 400:
            lag = settings.REPLICA_LAG_SECONDS
            response.set_cookie(PIN_COOKIE, str(int(time.time()) + lag), max_age=lag, httponly=True, samesite="Lax")
        return response

    def process_view(self, request: HttpRequest, view_func, view_args, view_kwargs) -> None:
        """A match the reader plays is read on the primary (the resolver knows the match by now)."""
        if _replica_allowed.get() and self.plays_the_match(request, view_kwargs.get("pk")):
            _replica_allowed.set(False)

    @staticmethod
    def may_read_replica(request: HttpRequest) -> bool:
        if request.method not in SAFE_METHODS:
            return False
        try:
            pinned_until = int(request.COOKIES.get(PIN_COOKIE, "0"))
        except ValueError:
            pinned_until = 0
        return pinned_until <= time.time()

    @staticmethod
    def plays_the_match(request: HttpRequest, pk) -> bool:
        match = request.resolver_match
        about_a_match = match is not None and (
            match.url_name in MATCH_ROUTES or request.path.startswith(MATCH_API_PREFIX)
        )
        user = getattr(request, "user", None)
        if pk is None or not about_a_match or user is None or not user.is_authenticated:
            return False
        from games.models import Seat

        return Seat.objects.using(PRIMARY).filter(match_id=pk, user_id=user.pk).exists()
