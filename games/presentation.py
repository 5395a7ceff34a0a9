"""What one user may see of a match: the single source for the API, the pages and the emails."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from . import languages
from .models import Match, MatchStatus
from .rendered_cache import cached_part
from .replay import OlderEngine, position_at, replays
from .services.errors import IllegalMove
from .services.visibility import visible_to


def may_watch(match: Match, user) -> bool:
    """Public matches are open to spectators, private ones to their players and moderators."""
    return visible_to(match, user)


def parse_seq(match: Match, raw: str | None) -> int | None:
    """A requested history point (``?seq=``): None for the present, else a valid record number."""
    if raw in (None, ""):
        return None
    try:
        seq = int(raw)
    except ValueError:
        raise IllegalMove(_("seq must be a whole number")) from None
    if not 0 <= seq <= match.seq:
        raise IllegalMove(_("seq must be between 0 and {last}").format(last=match.seq))
    if seq == match.seq:
        return None
    if not replays(match, seq):
        raise IllegalMove(str(OlderEngine(match, seq)))
    return seq


def viewer_role(match: Match, user) -> str | None:
    """The role whose eyes the user looks through; None (spectator) for non-players."""
    roles = match.roles_of(user)
    return roles[0] if roles else None


def _position_for(match: Match, roles: list[str], lang: str) -> dict[str, Any]:
    """The view through the first of ``roles`` (a spectator's without one) and the choices of each."""
    engine = match.engine
    view = engine_view(match, roles[0] if roles else None)
    return {
        "view": languages.view_in(engine, view, lang) if view is not None else None,
        "legal_actions": {
            role: languages.choices_in(engine, role_choices, lang)
            for role, role_choices in legal_actions_for_roles(match, roles).items()
        },
    }


def seats_summary(match: Match) -> list[dict[str, Any]]:
    """The seats in seat order; read with ``models.seats_with_users`` (no query per seat)."""
    return [
        {
            "role": seat.role,
            "user": seat.user.get_username() if seat.user else None,
            "name": seat.user.profile.name if seat.user else None,
            "computer": bool(seat.user and seat.user.profile.is_computer),
            "active": seat.is_active,
            "deadline": seat.deadline.isoformat() if seat.deadline else None,
        }
        for seat in match.seats.all()
    ]


def engine_view(match: Match, role: str | None, seq: int | None = None) -> dict[str, Any] | None:
    """The engine's view for ``role``, now or right after log record ``seq``."""
    if match.state is None:
        return None
    state = match.state if seq is None or seq == match.seq else position_at(match, seq).state
    return match.engine.view(state, role)


def legal_actions_for(match: Match, user) -> dict[str, list]:
    return legal_actions_for_roles(match, match.roles_of(user))


def legal_actions_for_roles(match: Match, roles: list[str]) -> dict[str, list]:
    """The choices of each of ``roles`` that must act now."""
    if match.status != MatchStatus.ACTIVE or match.state is None or match.engine_version != match.engine.version:
        return {}  # nothing to play: not running, or waiting for its rules upgrade
    engine = match.engine
    return {role: engine.legal_actions(match.state, role) for role in roles if role in match.active_roles}


def match_for(match: Match, user, lang: str = languages.DEFAULT) -> dict[str, Any]:
    """The match for the API, its engine texts in ``lang`` with the records beside them
    (``label_record``, ``prompt_record``, ``text_record``)."""
    engine = match.engine
    roles = match.roles_of(user)
    # The view and the choices follow from the log, the status and the reader's roles alone: computed once.
    position = cached_part("api", match, roles, None, lang, lambda: _position_for(match, roles, lang))
    return {
        "id": match.pk,
        "game": match.game,
        "title": languages.text(engine, engine.title, lang),
        "status": match.status,
        "seq": match.seq,
        "active_roles": list(match.active_roles),
        "seats": seats_summary(match),
        "my_roles": roles,
        "options": match.options,
        "time_control": match.time_control,
        "timeout_policy": match.timeout_policy,
        **position,
        "result": languages.result_in(engine, match.result, lang),
    }
