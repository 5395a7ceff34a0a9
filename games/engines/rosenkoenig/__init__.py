"""Rosenkönig (The Rose King, Kosmos 1997): two-player territory game with a shared crown."""

from .engine import RosenkoenigEngine

ENGINE = RosenkoenigEngine()

__all__ = ["ENGINE", "RosenkoenigEngine"]
