"""The only code that writes a match's log (ARCHITECTURE §1): every interface calls these."""

from .errors import Conflict, IllegalMove, NotAllowed, NotFound, ServiceError
from .locking import lock_match
from .matches import create_match, join_match, start_match
from .play import check_playing, check_seat, opponent_wins, record_result, resign, submit_action, undo

__all__ = [
    "Conflict",
    "IllegalMove",
    "NotAllowed",
    "NotFound",
    "ServiceError",
    "check_playing",
    "check_seat",
    "create_match",
    "join_match",
    "lock_match",
    "opponent_wins",
    "record_result",
    "resign",
    "start_match",
    "submit_action",
    "undo",
]
