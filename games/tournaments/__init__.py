"""Tournaments: round robin, Swiss and single elimination, played as ordinary matches (ARCHITECTURE §5)."""
