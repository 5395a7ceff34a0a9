"""What one reader sees of a match at one record, rendered once and reused (issue: pages near the floor).

Everything here is a pure function of the match's log up to the record shown (its head hash names it), the
match's status, the reader's roles and the language: the view, the board and its panels, the event log, what
is new since the reader's last move, the choices and the takeback points. So the cache key is exactly those,
and needs no invalidation: a move, an undo or a pause changes the key, never the entry. A spectator (no role)
and each role have their own entries, so no reader is ever handed a picture drawn for another's eyes, and each
language its own. The parts that change without a record (clocks, seats, chat, a pending takeback request)
are never cached (``games.views.match.live_context``).
"""

from __future__ import annotations

from typing import Any

from django.utils.safestring import mark_safe

from games import languages, presentation
from games.computer import moves as computer_moves
from games.models import ActionKind, Match, MatchStatus
from games.rendered_cache import cached_part
from games.since_last_move import Record, event_seqs, log_records, since_last_move

from .catalogue import layer_url
from .drawn_parts import choice_forms, drawn_parts
from .event_lines import event_lines
from .takeback_part import takeback_points_in_words


def rendered_position(match: Match, roles: list[str], seq: int | None, lang: str) -> dict[str, Any]:
    """The parts of the live fragment that follow from the log, for a reader holding ``roles`` ([] for a
    spectator), at record ``seq`` (None: now), in ``lang``."""
    return cached_part("position", match, roles, seq, lang, lambda: _render(match, roles, seq, lang))


def _render(match: Match, roles: list[str], seq: int | None, lang: str) -> dict[str, Any]:
    engine = match.engine
    role = roles[0] if roles else None  # presentation.viewer_role: a player's first seat
    view = presentation.engine_view(match, role, seq)
    playing = seq is None and match.status == MatchStatus.ACTIVE
    choices = presentation.legal_actions_for_roles(match, roles) if playing else {}
    records = log_records(match)
    since = since_last_move(match, role, view=view, records=records) if seq is None and view is not None else None
    log = view.get("log", []) if view else []
    # Each event with the record after which it first appeared: its line opens that moment of the history.
    at_seqs = event_seqs(match, role, log, seq, records)
    logged = [{**event, "seq": at} for event, at in zip(languages.events_in(engine, log, lang), at_seqs, strict=True)]
    shown_seq = match.seq if seq is None else seq
    marks = stand_in_marks(match, [r for r in records if r.seq <= shown_seq], lang)
    for event in logged:  # the first line of each record the computer played for a person says so
        if event["seq"] in marks:
            event["stand_in"] = marks.pop(event["seq"])
    new = logged[since.first_new :] if since else []
    drawn = languages.for_drawing(view, lang) if view is not None else None
    events = list(reversed(logged))
    new_events = since.count if since else 0  # the newest of ``events`` are new to the viewer
    forms = [choice_forms(r, languages.choices_in(engine, cs, lang)) for r, cs in choices.items() if cs]
    parts = {
        # The event log's lines, drawn once: each links its moment and its rules, the longest part of the page.
        "event_lines": event_lines(events, new_events, match, shown_seq),
        "since": since,
        "since_events": new,
        # Where the new events happened on the board (event path/at), drawn over the map by board.js.
        "since_marks": [
            {"path": e.get("path") or [], "at": e.get("at") or [], "text": e.get("text", "")}
            for e in new
            if e.get("path") or e.get("at")
        ],
        # The newest record (seq, kind, role), whatever ``seq`` is shown: what undo and the takeback part ask of it.
        "latest_record": records[-1][:3] if records else None,
        "action_forms": forms,
        # What the reader may ask to take back to (shown while no takeback request is open).
        "takeback_points": takeback_points_in_words(match, role, records) if playing and role else [],
    }
    board = {
        "view": languages.view_in(engine, view, lang) if view is not None else None,
        # The engine draws from this role's view only and escapes its text (contract: render_svg); on the
        # page, static layers (terrain) come by URL, so the board re-sent after each move stays small.
        "board_svg": mark_safe(engine.render_svg({**drawn, "layer_url": layer_url(match.game)}))
        if drawn is not None
        else "",
        "board_panels": mark_safe(engine.render_panels(drawn)) if drawn is not None else "",
    }
    shown = {"match": match, "my_roles": roles, "viewer_role": role, "history_seq": seq, "shown_seq": shown_seq}
    # The board column and the move forms, drawn here too: with 178 choices they are most of the page's work.
    return {**parts, "drawn": drawn_parts({**parts, **board, **shown})}


def stand_in_marks(match: Match, records: list[Record], lang: str) -> dict[int, str]:
    """The moves of ``records`` that the computer played for a person (time ran out, on vacation), each
    with its note in ``lang``."""
    return {
        r.seq: languages.text(match.engine, note, lang)
        for r in records
        if r.kind == ActionKind.MOVE and r.reason and (note := computer_moves.stood_in(match, r.role, r.reason))
    }


def rendered_picture(match: Match, role: str | None, seq: int | None, lang: str) -> str | None:
    """The full-size board picture (``board.svg``) for ``role``'s eyes; None before every seat is taken."""

    def draw() -> str | None:
        view = presentation.engine_view(match, role, seq)
        return match.engine.render_picture(languages.for_drawing(view, lang)) if view is not None else None

    return cached_part("picture", match, [role] if role else [], seq, lang, draw)
