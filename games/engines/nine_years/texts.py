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

CATALOGUES = Catalogues(Path(__file__).parent, "nine_years", NAMES, retired=RETIRED_TEXTS)


def text(view: dict[str, Any], record: Text) -> str:
    """A record (or a constant text) in the language the platform set on the view."""
    return CATALOGUES.render(record, view.get("lang"))
