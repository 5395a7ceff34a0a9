"""Canonical JSON and state hashes: the identity of a state or a log record."""

from __future__ import annotations

import hashlib
import json
from typing import Any


def canonical_json(value: Any) -> str:
    """Sorted keys, no spaces, UTF-8 kept: equal values always give equal strings."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def state_hash(state: Any) -> str:
    """SHA-256 hex digest of the canonical JSON."""
    return hashlib.sha256(canonical_json(state).encode("utf-8")).hexdigest()
