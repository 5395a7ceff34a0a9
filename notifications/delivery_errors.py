"""Errors a channel raises to stop the retries of a row at once."""


class PermanentFailure(Exception):
    """Retrying cannot help (the destination was switched off or removed)."""
