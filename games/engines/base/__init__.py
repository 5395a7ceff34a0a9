"""The engine contract shared by every game: base class, RNG, errors, hashing, events."""

from .engine import Action, Choice, Engine, State, json_copy
from .errors import IllegalAction
from .events import add_event, log_for, visible_events
from .hashing import canonical_json, state_hash, text_hash
from .messages import Catalogues, Text, msg, name, plural
from .rng import Rng

__all__ = [
    "Action",
    "Catalogues",
    "Choice",
    "Engine",
    "IllegalAction",
    "Rng",
    "State",
    "Text",
    "add_event",
    "canonical_json",
    "json_copy",
    "log_for",
    "msg",
    "name",
    "plural",
    "state_hash",
    "text_hash",
    "visible_events",
]
