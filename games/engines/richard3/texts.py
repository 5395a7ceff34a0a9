"""Richard III's texts in the reader's language: the gettext domain ``richard3`` and the names table."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from games.engines.base.messages import Catalogues

from .data.names import NAMES

# The Russian rulebook writes a combat rating's letter in Cyrillic (3.12 «Боевой рейтинг»: «А2 или В3», «блоки А,
# затем блоки В, затем блоки С»). The data and the stored log keep the Latin letters; a Russian reader gets
# the rulebook's at the edge, wherever a rating is shown: an argument named ``rating``, or a block drawn.
CYRILLIC_LETTERS = str.maketrans("ABC", "АВС")


def rating_text(rating: str, lang: str | None) -> str:
    """A combat rating ("B3") as the reader's rulebook prints it."""
    return rating.translate(CYRILLIC_LETTERS) if lang == "ru" else rating


def _ratings_for(record: Any, lang: str) -> Any:
    if isinstance(record, list):
        return [_ratings_for(item, lang) for item in record]
    if not isinstance(record, dict) or "args" not in record:
        return record
    args = {
        key: rating_text(value, lang) if key == "rating" and isinstance(value, str) else _ratings_for(value, lang)
        for key, value in record["args"].items()
    }
    return {**record, "args": args}


class RichardCatalogues(Catalogues):
    """The engine's catalogues, with each rating in the reader's letters (see ``CYRILLIC_LETTERS``)."""

    def render(self, text: Any, lang: str | None) -> str:
        return super().render(_ratings_for(text, lang) if lang == "ru" else text, lang)


CATALOGUES = RichardCatalogues(Path(__file__).parent, "richard3", NAMES)


def text(view: dict[str, Any], record: Any) -> str:
    """``record`` (a message record, a name reference or a constant text) in ``view["lang"]``."""
    return CATALOGUES.render(record, view.get("lang"))
