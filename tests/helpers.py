"""Small helpers for driving matches in tests."""

from __future__ import annotations

import html
import re

from django.utils import timezone

from games import services
from games.models import Match, MatchStatus
from games.ratings import rate_match


def play_first_legal(match: Match, users_by_role: dict, steps: int | None = None) -> Match:
    """Play the first legal action of the first active role, ``steps`` times or to the end."""
    done = 0
    while steps is None or done < steps:
        match.refresh_from_db()
        if not match.active_roles:
            break
        role = match.active_roles[0]
        action = match.engine.legal_actions(match.state, role)[0]["action"]
        services.submit_action(match.pk, users_by_role[role], role, action, match.seq)
        done += 1
    match.refresh_from_db()
    return match


def a_play_action(match: Match, role: str) -> dict:
    """A legal action of ``role`` that uses no chance and reveals nothing (a card play, not a draw)."""
    choices = match.engine.legal_actions(match.state, role)
    return next(c["action"] for c in choices if c["action"]["type"] != "draw")


def finished_match(red, white, winner: str | None, private: bool = False) -> Match:
    """A rated Rosenkönig match between ``red`` and ``white`` that ended with ``winner`` (None: a draw), rated."""
    match = services.create_match(red, "rosenkoenig", role="red", is_private=private)
    services.join_match(match.pk, white, "white", invite_token=match.invite_token)
    result = {"winner": winner, "scores": {}, "reason": "test"}
    Match.objects.filter(pk=match.pk).update(status=MatchStatus.FINISHED, result=result, finished_at=timezone.now())
    match.refresh_from_db()
    rate_match(match)
    return match


def text_of(markup: str) -> str:
    """What a reader reads of ``markup``: tags dropped (names are links), entities decoded."""
    return html.unescape(re.sub(r"<[^>]+>", "", markup))


def records_written_without(monkeypatch, field: str) -> None:
    """From now on, log records are stored without ``field`` (NULL), as a server older than its column
    wrote them."""
    from games.models import Action
    from games.services import statements

    insert = statements.insert

    def as_an_old_server_wrote_it(instance) -> None:
        if isinstance(instance, Action):
            setattr(instance, field, None)
        insert(instance)

    monkeypatch.setattr(statements, "insert", as_an_old_server_wrote_it)
