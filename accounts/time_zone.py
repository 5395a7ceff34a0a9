"""The time zone a player reads times in: saved on their profile, else UTC (pages and mail alike)."""

from __future__ import annotations

import contextlib
import zoneinfo
from datetime import UTC, tzinfo
from functools import cache

from babel import Locale
from babel.core import get_global
from babel.dates import get_timezone_location


def zone_of(profile) -> tzinfo:
    """The profile's saved zone; none, or an unknown name, reads UTC."""
    return zone_named(profile.timezone if profile is not None else "")


def zone_named(name: str) -> tzinfo:
    """The zone called ``name``; an empty or unknown name reads UTC."""
    with contextlib.suppress(zoneinfo.ZoneInfoNotFoundError, ValueError, TypeError):
        if name:
            return zoneinfo.ZoneInfo(name)
    return UTC


@cache
def zone_choices(lang: str) -> tuple[tuple[str, tuple[tuple[str, str], ...] | str], ...]:
    """The zones a player picks from, as a reader of ``lang`` names them: UTC, then each country (by its name
    in that language) with its cities ("Россия": "Москва", "Екатеринбург"...). Babel's CLDR data gives the
    names; zone aliases that CLDR places in no country (``Asia/Calcutta``) are left out, as are ``Etc/*``."""
    territories = get_global("zone_territories")
    countries = Locale.parse(lang).territories
    grouped: dict[str, list[tuple[str, str]]] = {}
    for zone in zoneinfo.available_timezones() & territories.keys():
        country = countries.get(territories[zone], territories[zone])
        grouped.setdefault(country, []).append((zone, get_timezone_location(zone, lang, return_city=True)))
    by_country = tuple(
        (country, tuple(sorted(cities, key=lambda c: c[1].casefold()))) for country, cities in grouped.items()
    )
    return (("UTC", "UTC"), *sorted(by_country, key=lambda group: group[0].casefold()))
