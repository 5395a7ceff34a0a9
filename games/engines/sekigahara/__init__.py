"""Sekigahara: The Unification of Japan (GMT), the two-player block game of the 1600 campaign."""

from .engine import SekigaharaEngine

ENGINE = SekigaharaEngine()

__all__ = ["ENGINE"]
