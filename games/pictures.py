"""Each game's board at its start, drawn once per process for the welcome page."""

from __future__ import annotations

from functools import cache

from games import engines
from games.languages import for_drawing

# Any seed draws the printed set-up; a fixed one keeps the picture the same on every request and process.
PICTURE_SEED = 1


@cache
def setup_picture(slug: str, lang: str = "en") -> str:
    """The SVG of a fresh match of the game with its default options, as a spectator sees it, in ``lang``."""
    engine = engines.get(slug)
    state = engine.setup(PICTURE_SEED, engine.resolve_options({}))
    return engine.render_svg(for_drawing(engine.view(state, None), lang))
