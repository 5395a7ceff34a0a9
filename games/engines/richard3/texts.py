"""Richard III's texts in the reader's language: the gettext domain ``richard3`` and the names table."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from games.engines.base.messages import Catalogues

from .data.names import NAMES

CATALOGUES = Catalogues(Path(__file__).parent, "richard3", NAMES)


def text(view: dict[str, Any], record: Any) -> str:
    """``record`` (a message record, a name reference or a constant text) in ``view["lang"]``."""
    return CATALOGUES.render(record, view.get("lang"))
