"""Sekigahara's texts in the reader's language (ARCHITECTURE §2.4): the catalogue of the ``sekigahara``
domain with the names table, and ``text`` for the pictures, which are drawn in ``view["lang"]``."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Any

from ..base.messages import Catalogues, name
from .data.names import NAMES

CATALOGUES = Catalogues(Path(__file__).parent, "sekigahara", NAMES)


def text(view: dict[str, Any], record: Any) -> str:
    """``record`` (a message record or constant text) as the view's reader reads it."""
    return CATALOGUES.render(record, view.get("lang"))


# The pictures' language while one is drawn: the drawing helpers (blocks, cards, titles) are many small
# functions without the view, so ``drawing(view)`` sets the reader's language for the duration of one
# render (a context variable: safe across threads) and ``t`` renders in it.
_LANG: ContextVar[str | None] = ContextVar("sekigahara_lang", default=None)


@contextmanager
def drawing(view: dict[str, Any]) -> Iterator[None]:
    token = _LANG.set(view.get("lang"))
    try:
        yield
    finally:
        _LANG.reset(token)


def t(record: Any) -> str:
    """``record`` in the language of the picture being drawn (see ``drawing``)."""
    return CATALOGUES.render(record, _LANG.get())


def side_name(side: str) -> str:
    return t(name(f"side:{side}"))


def loc_label(loc: str) -> str:
    return t(name(f"location:{loc}"))


def clan_name(clan: str) -> str:
    return t(name(f"daimyo:{clan}"))


def face_label(block: dict[str, Any]) -> str:
    """A block of the view by its design's name ("Ukita 3" / «Укита 3»)."""
    return t(name(f"face:{block['face']}"))


def card_name(kind: dict[str, Any]) -> str:
    """A card of the view by its kind's name ("Mori sword" / «Мори (меч)»)."""
    return t(name(f"cardkind:{kind['kind']}"))
