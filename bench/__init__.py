"""Benchmarks: each module prints its results (`python -m bench.<name>`)."""
