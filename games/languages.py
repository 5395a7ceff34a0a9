"""The reader's language and the engine texts rendered in it, at the edge (ARCHITECTURE §2.4).

Engines write message records (``games.engines.base.messages``) or, until converted, plain English
strings; both go through ``Engine.text(x, lang)`` here and nowhere deeper. A page and the API read the
request's language (LocaleMiddleware: the saved choice, else Accept-Language); mail, digests and
webhooks read the recipient's saved language (``accounts.language.language_of``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.utils import translation

from games.engines.base import Engine
from games.engines.base.messages import LANGUAGES, name

DEFAULT = "en"


def normalize(code: str | None) -> str:
    """'ru', 'ru-RU', 'en-us' -> 'ru'/'en'; anything else reads English."""
    base = (code or "").split("-")[0].split("_")[0].lower()
    return base if base in LANGUAGES else DEFAULT


def current_language() -> str:
    """The language Django is rendering in now (a request's, or a ``translation.override``)."""
    return normalize(translation.get_language())


def event_in(engine: Engine, event: dict[str, Any], lang: str) -> dict[str, Any]:
    """A log event with its ``text`` rendered in ``lang`` (the record stays as ``text_record``)."""
    if "text" not in event:
        return dict(event)
    return {**event, "text": engine.text(event["text"], lang), "text_record": event["text"]}


def events_in(engine: Engine, events: Iterable[dict[str, Any]], lang: str) -> list[dict[str, Any]]:
    return [event_in(engine, event, lang) for event in events]


def choice_in(engine: Engine, choice: dict[str, Any], lang: str) -> dict[str, Any]:
    """A legal action with its ``label`` rendered in ``lang`` (the record stays as ``label_record``)."""
    return {**choice, "label": engine.text(choice["label"], lang), "label_record": choice["label"]}


def choices_in(engine: Engine, choices: Iterable[dict[str, Any]], lang: str) -> list[dict[str, Any]]:
    return [choice_in(engine, choice, lang) for choice in choices]


def view_in(engine: Engine, view: dict[str, Any], lang: str) -> dict[str, Any]:
    """The view as a reader in ``lang`` is shown it: prompt and log rendered (records kept beside them).

    Only for showing: the engine draws pictures from the view itself with ``view["lang"]``
    (``for_drawing``), never from this one."""
    shown = dict(view)
    if "prompt" in view:
        shown["prompt"] = engine.text(view["prompt"], lang) if view["prompt"] else view["prompt"]
        shown["prompt_record"] = view["prompt"]
    if "log" in view:
        shown["log"] = events_in(engine, view["log"], lang)
    return shown


def for_drawing(view: dict[str, Any], lang: str) -> dict[str, Any]:
    """The view an engine draws from (``render_svg``/``render_panels``/``render_picture``) in ``lang``."""
    return {**view, "lang": lang}


def text(engine: Engine, value: Any, lang: str) -> str:
    """An engine's constant or record (title, stand-in notice, option label, changes note) in ``lang``."""
    return engine.text(value, lang) if value else (value or "")


def side_name(engine: Engine, role: str, lang: str | None = None) -> str:
    """A side's name from the engine's names table in ``lang`` (default: the current language)."""
    return engine.text(name(f"side:{role}"), lang or current_language())


def error_text(exc: Any, lang: str | None = None) -> str:
    """A service error's message in ``lang`` (default: the current language); an engine's refusal
    (``IllegalAction``) is rendered from its record."""
    lang = lang or current_language()
    return exc.text(lang) if hasattr(exc, "text") else str(getattr(exc, "message", exc))


def change_note(engine: Engine, since: int, upto: int, lang: str) -> str:
    """``Engine.change_note`` from version ``since`` to ``upto`` with each note in ``lang``."""
    with translation.override(lang):
        missing = translation.gettext("no note given")
    return "\n".join(
        f"v{v}: {text(engine, engine.changes[v], lang) if v in engine.changes else missing}"
        for v in range(since + 1, upto + 1)
    )
