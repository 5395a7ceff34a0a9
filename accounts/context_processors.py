"""Template context for every page: the signed-in reader's name in the header."""

from __future__ import annotations

from django.http import HttpRequest

from .reading import request_reading


def reader_name(request: HttpRequest) -> dict:
    """The name from the reader's cached entry (``accounts.reading``), without loading their profile."""
    reading = request_reading(request) if hasattr(request, "user") else None
    return {"reader_name": reading.name} if reading is not None else {}
