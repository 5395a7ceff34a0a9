"""Where things are drawn: the map's user units, shared by the terrain layer, the counters and the picture.

Flat-topped hexes of size ``S`` (centre to vertex). At Fit on a 1400×900 desktop the 32-column Bosworth
map is drawn about one CSS px per user unit, so text that must stay legible there is at least
``MIN_FONT`` user units (11 CSS px with a margin, ARCHITECTURE §2.1).
"""

from __future__ import annotations

import math
from typing import Any

from .hexgrid import centre

S = 18.0  # hex size (centre to vertex), user units
MARGIN = 14.0
MIN_FONT = 12.5  # the smallest text drawn at Fit, user units


def xy(h: str) -> tuple[float, float]:
    x, y = centre(h)
    return MARGIN + S + x * S, MARGIN + S * math.sqrt(3) / 2 + y * S


def vertex_offset(v: float, scale: float = 1.0) -> tuple[float, float]:
    """A vertex of a hex (0 E, 1 NE, 2 NW, 3 W, 4 SW, 5 SE) relative to its centre."""
    a = math.radians(60 * v)
    return S * scale * math.cos(a), -S * scale * math.sin(a)


def vertex(h: str, v: float, scale: float = 1.0) -> tuple[float, float]:
    x, y = xy(h)
    dx, dy = vertex_offset(v, scale)
    return x + dx, y + dy


def map_size(board: dict[str, Any]) -> tuple[float, float]:
    """Width and height of the map in user units."""
    cols, rows = board["cols"], board["rows"]
    return MARGIN * 2 + S * (1.5 * (cols - 1) + 2), MARGIN * 2 + S * math.sqrt(3) * (rows + 0.5)
