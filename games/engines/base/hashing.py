"""Canonical JSON and state hashes: the identity of a state or a log record."""

from __future__ import annotations

import hashlib
import json
from typing import Any

import orjson


def canonical_json(value: Any) -> str:
    """Sorted keys, no spaces, UTF-8 kept: equal values always give equal strings.

    orjson writes it several times faster than the json module and the very same text for everything a
    state or a log record holds (strings, 64-bit ints, bools, null, lists, string-keyed dicts); what
    orjson refuses (bigger ints, non-string keys) is written by the json module. States and actions hold
    no floats; were one there, orjson writes it in the shortest form that reads back the same.
    """
    try:
        return orjson.dumps(value, option=orjson.OPT_SORT_KEYS).decode("utf-8")
    except orjson.JSONEncodeError:
        return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def state_hash(state: Any) -> str:
    """SHA-256 hex digest of the canonical JSON."""
    return text_hash(canonical_json(state))


def text_hash(text: str) -> str:
    """SHA-256 hex digest of a canonical JSON text already made (``state_hash`` without serialising again)."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()
