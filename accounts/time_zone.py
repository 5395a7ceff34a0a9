"""The time zone a player reads times in: saved on their profile, else UTC (pages and mail alike)."""

from __future__ import annotations

import contextlib
import zoneinfo
from datetime import UTC, tzinfo


def zone_of(profile) -> tzinfo:
    """The profile's saved zone; none, or an unknown name, reads UTC."""
    with contextlib.suppress(zoneinfo.ZoneInfoNotFoundError, ValueError, TypeError):
        if profile is not None and profile.timezone:
            return zoneinfo.ZoneInfo(profile.timezone)
    return UTC
