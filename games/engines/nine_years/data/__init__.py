"""Data modules: map, counters, cards and tracks. Every value here is a STAND-IN (see RULES.md)."""
