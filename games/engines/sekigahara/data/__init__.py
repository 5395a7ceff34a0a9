"""Sekigahara components as plain Python data (facts only; no rules)."""
