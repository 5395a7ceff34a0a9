"""Richard III: The Wars of the Roses (Columbia Games) rule engine."""

from .engine import Richard3Engine

ENGINE = Richard3Engine()

__all__ = ["ENGINE", "Richard3Engine"]
