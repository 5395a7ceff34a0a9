"""The engine registry: the only door from the platform into the rule engines."""

from __future__ import annotations

from importlib import import_module

from .base import Engine

# One line per game package; each package exposes ENGINE.
_PACKAGES = (
    "blood_and_roses",
    "nine_years",
    "richard3",
    "rosenkoenig",
    "sekigahara",
)

_registry: dict[str, Engine] | None = None


def _load() -> dict[str, Engine]:
    global _registry
    if _registry is None:
        engines = [import_module(f"{__name__}.{name}").ENGINE for name in _PACKAGES]
        _registry = {engine.slug: engine for engine in engines}
    return _registry


def get(slug: str) -> Engine:
    try:
        return _load()[slug]
    except KeyError:
        raise KeyError(f"No game {slug!r}; known games: {', '.join(sorted(_load()))}") from None


def all() -> list[Engine]:  # noqa: A001 - the contract names it all()
    return list(_load().values())
