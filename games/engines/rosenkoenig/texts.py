"""Rosenkönig's texts in the reader's language (ARCHITECTURE §2.4): the catalogue of the ``rosenkoenig``
domain with the names table, and ``text`` for the pictures, which are drawn in ``view["lang"]``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..base.messages import Catalogues
from .data.names import NAMES

CATALOGUES = Catalogues(Path(__file__).parent, "rosenkoenig", NAMES)


def text(view: dict[str, Any], record: Any) -> str:
    """``record`` (a message record or constant text) as the view's reader reads it."""
    return CATALOGUES.render(record, view.get("lang"))
