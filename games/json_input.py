"""JSON from clients, decoded with a depth limit: deep nesting is bad input (400), never a crash (500).

A few kilobytes of ``[[[[…]]]]`` made json raise RecursionError, and shallower but still deep values
could exhaust the stack later (serializers, the engines' canonical JSON). No move, option or login
needs more than a few levels.
"""

from __future__ import annotations

import json
from typing import Any

MAX_DEPTH = 32


class TooDeep(ValueError):
    pass


def loads(text: str | bytes) -> Any:
    """``json.loads`` that raises ValueError (json's own, or TooDeep) on any bad input."""
    try:
        value = json.loads(text)
    except RecursionError:
        raise TooDeep(f"JSON nested deeper than {MAX_DEPTH} levels") from None
    check_depth(value)
    return value


def check_depth(value: Any) -> None:
    """Raise TooDeep when ``value`` nests more than MAX_DEPTH arrays or objects (walked without recursion)."""
    pending = [(value, 1)]
    while pending:
        item, depth = pending.pop()
        if isinstance(item, dict | list):
            if depth > MAX_DEPTH:
                raise TooDeep(f"JSON nested deeper than {MAX_DEPTH} levels")
            children = item.values() if isinstance(item, dict) else item
            pending.extend((child, depth + 1) for child in children)
