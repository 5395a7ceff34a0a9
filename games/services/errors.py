"""Errors the services raise; each carries the HTTP status an interface should answer with."""


class ServiceError(Exception):
    status = 400

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


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
