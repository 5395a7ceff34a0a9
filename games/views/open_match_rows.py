"""The lobby's open-match rows: each drawn once per process for what it shows, then given the reader's token.

A row is a pure function of the match (its game, engine version, options and terms), its creator's name,
which of its seats are free, and the language. Those make its key, so a creator who renames themselves or a
seat that is taken makes a new key, never a stale row. The row is drawn with a slot for the CSRF token
(``games.views.drawn_parts``), so no reader's token is ever kept. Kept in the per-process template_fragments
cache, as the page chrome is: a deploy's new processes draw anew.
"""

from __future__ import annotations

import hashlib

from django.core.cache import caches
from django.template.loader import render_to_string
from django.utils.safestring import SafeString

from games import languages
from games.engines.base import canonical_json
from games.models import Match

from .drawn_parts import CSRF_SLOT, SLOTS, filled


def open_match_row(match: Match, csrf_token: str) -> SafeString:
    """``match``'s row of the lobby (its seats and creator loaded with it) with the reader's token."""
    fragments = caches["template_fragments"]
    key = row_key(match, languages.current_language())
    drawn = fragments.get(key)
    if drawn is None:
        drawn = SLOTS.split(render_to_string("games/_open_match.html", {"match": match, "csrf_token": CSRF_SLOT}))
        fragments.set(key, drawn, None)
    return filled(drawn, csrf_token=csrf_token)


def row_key(match: Match, lang: str) -> str:
    creator = match.created_by
    shown = {
        "match": [match.pk, match.game, match.engine_version, match.options, match.rated, match.time_control],
        "creator": [creator.get_username(), creator.profile.name, creator.profile.is_computer] if creator else None,
        "free": [seat.role for seat in match.seats.all() if seat.user_id is None],
    }
    return f"open_match:{lang}:{hashlib.sha256(canonical_json(shown).encode()).hexdigest()[:32]}"
