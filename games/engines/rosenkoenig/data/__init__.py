"""Rosenkönig components as plain Python data (facts only; no rules): ``components`` (board, directions,
counts) and ``cards`` (the 24 power cards, one record per line)."""
