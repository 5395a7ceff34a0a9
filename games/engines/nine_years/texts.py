"""Nine Years' texts in the reader's language (ARCHITECTURE §2.4): the gettext domain and the names table."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from games.engines.base.messages import Catalogues, Text

from .data.names import NAMES

CATALOGUES = Catalogues(Path(__file__).parent, "nine_years", NAMES)


def text(view: dict[str, Any], record: Text) -> str:
    """A record (or a constant text) in the language the platform set on the view."""
    return CATALOGUES.render(record, view.get("lang"))
