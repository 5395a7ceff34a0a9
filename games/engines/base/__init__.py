"""The engine contract shared by every game: base class, RNG, errors, hashing, events."""

from .engine import Action, Choice, Engine, State, json_copy
from .errors import IllegalAction
from .events import add_event, visible_events
from .hashing import canonical_json, state_hash, text_hash
from .rng import Rng

__all__ = [
    "Action",
    "Choice",
    "Engine",
    "IllegalAction",
    "Rng",
    "State",
    "add_event",
    "canonical_json",
    "json_copy",
    "state_hash",
    "text_hash",
    "visible_events",
]
