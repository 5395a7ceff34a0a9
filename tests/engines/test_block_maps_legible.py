"""Legible at Fit (ARCHITECTURE 2.1) for the block games' maps, without a browser: on a 1400x900 desktop the
match page's board column draws the map about 870 CSS px wide (measured in Chromium; at most 720 px tall),
so a text of ``font-size`` u user units is u x scale px. Every text the map shows at Fit must come to 11 px
or more, in positions from the start to late in a game, for every viewer."""

from __future__ import annotations

import re
from itertools import islice

import pytest

from games import engines

from .playouts import walk

COLUMN_W, COLUMN_H, SMALLEST = 870, 720, 11
VIEWBOX = re.compile(r'viewBox="[-\d.]+ [-\d.]+ ([\d.]+) ([\d.]+)"')
TEXT = re.compile(r"<text\b([^>]*)>")
SIZE = re.compile(r'font-size="([\d.]+)"')


def positions(engine, seed: int, every: int = 60, steps: int = 600) -> list[dict]:
    """Every ``every``-th state of a random game's first ``steps`` actions."""
    return list(islice(walk(engine, seed, steps=steps), 0, steps, every))


@pytest.mark.parametrize("slug", ["richard3", "sekigahara"])
def test_every_map_text_is_at_least_11_px_at_fit(slug):
    engine = engines.get(slug)
    for state in positions(engine, 51):
        for viewer in (*engine.roles, None):
            svg = engine.render_svg(engine.view(state, viewer))
            width, height = map(float, VIEWBOX.search(svg).groups())
            scale = min(COLUMN_W / width, COLUMN_H / height)
            for attrs in TEXT.findall(svg):
                if "when-zoomed" in attrs:
                    continue
                size = SIZE.search(attrs)
                assert size, f"{slug}: a text without its own font-size: {attrs}"
                assert float(size[1]) * scale >= SMALLEST, (slug, viewer, attrs, round(float(size[1]) * scale, 1))
