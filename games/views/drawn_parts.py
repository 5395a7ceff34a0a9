"""The live fragment's parts that follow from the log (the board column with its prompt, the board and the
history control; the move forms), drawn once per record, reader and language, then filled in per request.

The choices follow from the log like the board (``games.views.rendered`` caches them together), but the
forms carry three things of the request: the CSRF token (masked anew for every response), the
idempotency key (one per page shown, so that a double click plays once) and, when the fragment answers
the player's own click, the keyboard focus. They are drawn with a slot for each, and ``filled`` puts the
request's values in: a board with 178 choices is not drawn again at every poll, and no reader's token is
ever kept in the cache or served to another. A part is kept cut at its slots, so that filling it is one
join (a replace per slot scanned the whole 100 KB part each time).
"""

from __future__ import annotations

import re

from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe

from games.engines.base import canonical_json

MAX_BUTTONS = 12  # more choices than this are offered as a select

# Words no engine text or URL contains; HTML escaping leaves them as they are.
CSRF_SLOT = "slot5b1e-csrf"
KEY_SLOT = "slot5b1e-key"
FOCUS_SLOT = " data-slot5b1e-focus"
SLOTS = re.compile(f"({CSRF_SLOT}|{KEY_SLOT}|{FOCUS_SLOT})")


def choice_forms(role: str, choices: list[dict]) -> dict:
    """One role's choices as up to two forms: those about something on the board (board.js plays them
    from the picture and folds their list away) and the others, each buttons or, when long, a select."""
    groups = []
    for name, group in (
        ("board", [c for c in choices if "target" in c]),
        ("other", [c for c in choices if "target" not in c]),
    ):
        if group:
            values = [
                {"label": c["label"], "value": canonical_json(c["action"]), "target": c.get("target", "")}
                for c in group
            ]
            groups.append({"name": name, "choices": values, "as_select": len(group) > MAX_BUTTONS})
    return {"role": role, "groups": groups, "has_board": any(g["name"] == "board" for g in groups)}


def drawn_parts(context: dict) -> dict[str, list[str]]:
    """The board column and the "Your move" cards, drawn from ``context`` (the cached parts, the match, the
    reader's roles, the record shown) with slots for what ``filled`` puts in, each cut at its slots: the
    text between them at even places, a slot's name at each odd one."""
    slotted = {**context, "csrf_token": CSRF_SLOT, "idempotency_key": KEY_SLOT, "focus_slot": FOCUS_SLOT}
    board_forms = render_to_string("games/_board_choices.html", slotted) if context["action_forms"] else ""
    return {
        "board_col": SLOTS.split(render_to_string("games/_board_col.html", slotted)),
        "board_forms": SLOTS.split(board_forms),
    }


def filled(drawn: list[str], *, csrf_token: str, idempotency_key: str = "", focus: bool = False) -> SafeString:
    """The part ``drawn`` with this request's token, key and focus in its slots (a part drawn without a key or
    focus slot needs only the token)."""
    values = {CSRF_SLOT: csrf_token, KEY_SLOT: idempotency_key, FOCUS_SLOT: " autofocus" if focus else ""}
    pieces = list(drawn)
    pieces[1::2] = [values[slot] for slot in drawn[1::2]]
    return mark_safe("".join(pieces))  # drawn by our templates, escaped there
