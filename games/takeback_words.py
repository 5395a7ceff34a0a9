"""Takeback points and outcomes in players' words: named by the move they go back to (its label, for the
one who made it) and by the number the event log gives the first event they take back, never by log
record numbers."""

from __future__ import annotations

from games.engines.base import State
from games.languages import current_language
from games.models import Match, TakebackRequest, TakebackStatus


def point_words(match: Match, role: str, state: State, seq: int, viewer: str, lang: str | None = None) -> str:
    """'before your Play N, III (event 7, turn 3)' for the mover; 'before red's move (event 7)' for others.
    The move's label is in ``lang`` (default: the current language)."""
    engine = match.engine
    view = engine.view(state, viewer)
    where = [f"event {len(view.get('log', [])) + 1}"]
    if isinstance(view.get("turn"), int):
        where.append(f"turn {view['turn']}")
    if viewer != role:  # the mover's own label may name what the others may not see
        return f"before {role}'s move ({', '.join(where)})"
    action = match.actions.get(seq=seq).payload
    label = next((c["label"] for c in engine.legal_actions(state, role) if c["action"] == action), "move")
    label = engine.text(label, lang or current_language())
    return f"before your {label} ({', '.join(where)})"


def outcome_words(match: Match, request: TakebackRequest, viewer: str) -> str:
    """One sentence on a closed request, as ``viewer`` reads it."""
    asker = "Your" if viewer == request.role else f"{request.role.capitalize()}'s"
    by = f" by {request.answered_by.profile.name}" if request.answered_by else ""
    if request.status != TakebackStatus.ACCEPTED:
        return f"{asker} takeback request was {request.get_status_display().lower()}{by}."
    moves = len(request.retracts)
    back_to = point_words(match, request.role, match.state, request.to_seq, viewer)
    return f"{asker} takeback was accepted{by}: {moves} move{'s' if moves != 1 else ''} taken back, to {back_to}."
