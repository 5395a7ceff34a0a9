"""Takeback points and outcomes in players' words: named by the move they go back to (its label, for the
one who made it) and by the number the event log gives the first event they take back, never by log
record numbers."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games import languages
from games.engines.base import State
from games.languages import current_language
from games.models import Match, TakebackRequest, TakebackStatus


def point_words(match: Match, role: str, state: State, action: dict, viewer: str, lang: str | None = None) -> str:
    """'before your Play N, III (event 7, turn 3)' for the mover; 'before red's move (event 7)' for others.
    ``state`` is the state before the move ``action``; its label is in ``lang`` (default: the current language)."""
    engine = match.engine
    view = engine.view(state, viewer)
    where = [_("event {number}").format(number=len(view.get("log", [])) + 1)]
    if isinstance(view.get("turn"), int):
        where.append(_("turn {number}").format(number=view["turn"]))
    if viewer != role:  # the mover's own label may name what the others may not see
        return _("before {role}'s move ({where})").format(
            role=languages.side_name(match.engine, role, lang), where=", ".join(where)
        )
    label = next((c["label"] for c in engine.legal_actions(state, role) if c["action"] == action), _("move"))
    label = engine.text(label, lang or current_language())
    return _("before your {move} ({where})").format(move=label, where=", ".join(where))


def outcome_words(match: Match, request: TakebackRequest, viewer: str) -> str:
    """One sentence on a closed request, as ``viewer`` reads it."""
    mine = viewer == request.role
    # " by Bob": the answering player, when one answered (a request may also lapse on its own).
    by = _(" by {name}").format(name=request.answered_by.profile.name) if request.answered_by else ""
    if request.status != TakebackStatus.ACCEPTED:
        status = request.get_status_display().lower()
        text = (
            _("Your takeback request was {status}{by}.") if mine else _("{role}'s takeback request was {status}{by}.")
        )
        return text.format(role=languages.side_name(match.engine, request.role), status=status, by=by)
    moves = len(request.retracts)
    taken_back = match.actions.get(seq=request.to_seq).payload
    back_to = point_words(match, request.role, match.state, taken_back, viewer)
    if mine:
        text = ngettext(
            "Your takeback was accepted{by}: {n} move taken back, to {point}.",
            "Your takeback was accepted{by}: {n} moves taken back, to {point}.",
            moves,
        )
    else:
        text = ngettext(
            "{role}'s takeback was accepted{by}: {n} move taken back, to {point}.",
            "{role}'s takeback was accepted{by}: {n} moves taken back, to {point}.",
            moves,
        )
    return text.format(role=languages.side_name(match.engine, request.role), by=by, n=moves, point=back_to)
