"""The only code that changes a tournament: every interface (pages, API, admin, beat) calls these."""

from .standings import BUCHHOLZ, SONNEBORN_BERGER, Row, standings
from .tournaments import (
    DEFAULT_TIME_CONTROL,
    MAX_PLAYERS,
    TIEBREAKS,
    adjudicate_pairing,
    cancel_tournament,
    create_tournament,
    current_tournaments_of,
    edit_tournament,
    join_tournament,
    leave_tournament,
    match_ended,
    start_due_tournaments,
    start_tournament,
    table,
    withdraw_banned_players,
)

__all__ = [
    "BUCHHOLZ",
    "DEFAULT_TIME_CONTROL",
    "MAX_PLAYERS",
    "SONNEBORN_BERGER",
    "TIEBREAKS",
    "Row",
    "adjudicate_pairing",
    "cancel_tournament",
    "create_tournament",
    "current_tournaments_of",
    "edit_tournament",
    "join_tournament",
    "leave_tournament",
    "match_ended",
    "standings",
    "start_due_tournaments",
    "start_tournament",
    "table",
    "withdraw_banned_players",
]
