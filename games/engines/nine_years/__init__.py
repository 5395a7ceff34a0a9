"""Nine Years: The War of the Grand Alliance 1688-1697 (Compass Games): sections 1-7 as the seed gives them,
our provisional sections 8-20 (PROVISIONAL.md) and a stand-in map, counters and deck (RULES.md)."""

from .engine import NineYearsEngine

ENGINE = NineYearsEngine()

__all__ = ["ENGINE"]
