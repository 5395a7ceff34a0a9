"""Nine Years' texts in the reader's language (ARCHITECTURE §2.4): the gettext domain and the names table."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from games.engines.base.messages import Catalogues, Text

from .data.names import NAMES

# Texts that logs of older versions store and this version words otherwise: an old event reads as a new one.
RETIRED_TEXTS = {
    # Version 7: the card cites its rule as the rulebook numbers it.
    "If Savoy is at war and the Bourbon hold a Savoyard fortress, the Bourbon may declare Savoy neutral at once "
    "(seed 7.2.1d-h, VP -1).": "If Savoy is at war and the Bourbon hold a Savoyard fortress, the Bourbon may "
    "declare Savoy neutral at once (rule 7.2.1d–h, VP −1).",
}


def _current(record: Any) -> Any:
    if isinstance(record, list):
        return [_current(item) for item in record]
    if not isinstance(record, dict) or "msg" not in record:
        return record
    args = {key: _current(value) for key, value in record.get("args", {}).items()}
    current = {**record, "msg": RETIRED_TEXTS.get(record["msg"], record["msg"])}
    return {**current, "args": args} if args else current


class NineYearsCatalogues(Catalogues):
    """The engine's catalogues, with the texts of older logs in their current words (``RETIRED_TEXTS``)."""

    def render(self, text: Any, lang: str | None) -> str:
        return super().render(_current(text), lang)


CATALOGUES = NineYearsCatalogues(Path(__file__).parent, "nine_years", NAMES)


def text(view: dict[str, Any], record: Text) -> str:
    """A record (or a constant text) in the language the platform set on the view."""
    return CATALOGUES.render(record, view.get("lang"))
