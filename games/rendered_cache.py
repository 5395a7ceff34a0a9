"""The cache of what a reader sees at one record (``games.views.rendered``, the API's match): one entry per
(match, log head, status, engine version, record shown, reader's roles, language, drawing code).

Each entry is a pure function of its key, so nothing ever invalidates one: a move, an undo or a pause
changes the key. A spectator (no role) and each set of roles have entries of their own, so no reader is
ever handed what was drawn for another's eyes, and each language has its own.
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from django.core.cache import cache

from games import engines
from games.models import Match

T = TypeVar("T")

LIFETIME_SECONDS = 24 * 3600  # entries are never stale, only unused: a day keeps the ones players return to


def cache_key(part: str, match: Match, roles: list[str], seq: int | None, lang: str) -> str:
    shown = "now" if seq is None else seq
    log = f"{match.pk}:{match.head_hash}:{match.seq}:{match.status}:{match.engine_version}"
    return f"rendered:{part}:{log}:{shown}:{','.join(roles)}:{lang}:{code_revision(match.game)}"


def cached_part(part: str, match: Match, roles: list[str], seq: int | None, lang: str, render: Callable[[], T]) -> T:
    """``render()``'s result for that reader and record, computed once (``part`` names what it renders)."""
    key = cache_key(part, match, roles, seq, lang)
    value = cache.get(key)
    if value is None:
        value = render()
        cache.set(key, value, LIFETIME_SECONDS)
    return value


@functools.cache
def code_revision(game: str) -> str:
    """A digest of the engine's package, the views that draw and the templates: a deploy that draws
    differently, or keeps its parts in another shape (even at the same engine version), reads new entries,
    never the ones kept by the code it replaced."""
    digest = hashlib.sha256()
    package = Path(engines.get(game).__class__.__module__.replace(".", "/")).parent
    base = Path(__file__).resolve().parents[1]
    for root in (package, Path("games/views"), Path("games/templates"), Path("locale")):
        for path in sorted((base / root).rglob("*")):
            if path.is_file() and path.suffix in {".py", ".html", ".svg", ".json", ".mo"}:
                digest.update(path.read_bytes())
    return digest.hexdigest()[:12]
