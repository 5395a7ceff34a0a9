"""Errors the services raise; each carries the HTTP status an interface should answer with."""

from __future__ import annotations

from typing import Any


class ServiceError(Exception):
    """``message`` is English. An engine's refusal also keeps the engine and its message record, so an
    interface shows it in the reader's language (``text``; ARCHITECTURE §2.4)."""

    status = 400

    def __init__(self, message: str, *, engine: Any = None, record: Any = None) -> None:
        super().__init__(message)
        self.message = message
        self.engine = engine
        self.record = record

    def text(self, lang: str) -> str:
        """The message in ``lang`` ("en"/"ru")."""
        if self.engine is not None and self.record is not None:
            return self.engine.text(self.record, lang)
        return str(self.message)


class IllegalMove(ServiceError):
    """The engine (or the service's own checks) refused the input. Nothing was written."""

    status = 400


class NotAllowed(ServiceError):
    """Not your seat, not your turn, not your match. Nothing was written."""

    status = 403


class NotFound(ServiceError):
    status = 404


class Conflict(ServiceError):
    """The client's picture is out of date (stale sequence number, match not in that status)."""

    status = 409


class TooMany(ServiceError):
    """Over a rate limit (settings.RATE_LIMITS). Nothing was written."""

    status = 429
