"""The map's terrain: drawn once per battle, the same on every move.

The page shows it as separate, cacheable layers (``layer(name)``, served by the platform at a URL that
carries the drawing's hash) so that the picture re-sent after each move holds only what moves; the mail
picture and any view without a ``layer_url`` get the same drawing inline.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Callable
from functools import cache, lru_cache
from html import escape
from typing import Any

from .battles import NAMES, Map, battle
from .hexgrid import direction_to, hex_id, step
from .svg_geometry import MIN_FONT, S, map_size, vertex, vertex_offset, xy

PAPER = "#f4f1e6"
TERRAIN_FILL = {
    "clear": "#ebe6cc",
    "road": "#ebe6cc",
    "heath": "#d6cf9c",
    "marsh": "#b7d3c4",
    "village": "#d9c7ae",
    "woods": "#8fb77a",
    "hedge": "#c9d69b",
    "pond": "#8fb3d9",
}
HILL_FILL = "#d9c294"  # a hex above level 0 (clear, road or heath)
HILL_STEP = 0.82  # each further level darker by this factor
SLOPE_STROKE = "#8a5a2b"
ROAD_STROKE = "#9c7a4a"
HEXSIDE_STROKE = {"stream": "#3f7fc8", "river": "#1f4f99", "hedge": "#3d6b2a", "impassable": "#111111"}
GRID_STROKE = "#a69f82"


def map_view(m: Map) -> dict[str, Any]:
    """The static map as the view carries it (open information; ``labels`` are place names)."""
    return {
        "cols": m.cols,
        "rows": m.rows,
        "terrain": {h: t for h, t in m.terrain.items() if t != "clear"},
        "elevation": {h: e for h, e in m.elevation.items() if e},
        "hexsides": dict(m.data.get("hexsides", {})),
        "labels": [dict(label) for label in m.data.get("labels", [])],
    }


def _shade(colour: str, factor: float) -> str:
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return "#" + "".join(f"{max(0, min(255, round(c * factor))):02x}" for c in (r, g, b))


def _hex_fill(board: dict[str, Any], h: str) -> str:
    terrain = board["terrain"].get(h, "clear")
    level = board["elevation"].get(h, 0)
    if level and terrain in ("clear", "road", "heath"):
        return _shade(HILL_FILL, HILL_STEP ** (level - 1))
    return TERRAIN_FILL[terrain]


def _points(h: str, scale: float = 1.0) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in (vertex(h, v, scale) for v in range(6)))


def _hexside(a: str, b: str) -> tuple[tuple[float, float], tuple[float, float]]:
    """The two vertices of the hexside between adjacent hexes (direction d lies between vertices d, d+1)."""
    d = direction_to(a, b) or 0  # the loader checked they are adjacent
    return vertex(a, d), vertex(a, d + 1)


def _symbols(board: dict[str, Any], h: str) -> list[str]:
    """Small drawings that tell the terrain apart without colour: trees, tufts, dots, houses."""
    terrain = board["terrain"].get(h, "clear")
    x, y = xy(h)
    if terrain == "woods":
        return [
            f'<circle cx="{x + dx:.1f}" cy="{y + dy:.1f}" r="3.6" fill="#4f7f3a"/>'
            for dx, dy in ((-7, 8), (0, 10.5), (7, 8), (-9, -6), (9, -6))
        ]
    if terrain == "marsh":
        return [
            f'<path d="M{x + dx - 3:.1f},{y + dy:.1f}h6m-5,0l-1,-3m3,3v-4m2,4l1,-3" stroke="#3f7268" '
            'stroke-width="0.8" fill="none"/>'
            for dx, dy in ((-8, 11), (8, 11), (0, -8))
        ]
    if terrain == "heath":
        return [
            f'<circle cx="{x + dx:.1f}" cy="{y + dy:.1f}" r="1.1" fill="#8a7f3c"/>'
            for dx, dy in ((-9, 9), (-3, 12), (4, 10), (10, 8), (-10, -8), (10, -8))
        ]
    if terrain == "village":
        return [
            f'<path d="M{x + dx - 4:.1f},{y + dy:.1f}v-4l4,-3l4,3v4z" fill="#8c5a3c" stroke="#5a3a24" '
            'stroke-width="0.5"/>'
            for dx, dy in ((-8, 13), (8, 13), (-9, -4), (9, -4))
        ]
    if terrain == "hedge":
        return [f'<path d="M{x - 12:.1f},{y + 10:.1f}h24" stroke="#3d6b2a" stroke-width="2.5" stroke-dasharray="2,1"/>']
    return []


def _roads(board: dict[str, Any]) -> list[str]:
    """A road runs through its hexes, curving from hexside to hexside (a bend at each hex centre), so a
    road along a row of flat-topped hexes reads as a road, not a zigzag."""
    roads = sorted(h for h, t in board["terrain"].items() if t == "road")
    on_road = set(roads)
    segments = []
    for h in roads:
        x, y = xy(h)
        mids = []
        for d in range(6):
            n = _neighbour(board, h, d)
            if n in on_road:
                nx, ny = xy(n)
                mids.append(((x + nx) / 2, (y + ny) / 2))
        if len(mids) == 2:
            (x1, y1), (x2, y2) = mids
            segments.append(f"M{x1:.1f},{y1:.1f}Q{x:.1f},{y:.1f} {x2:.1f},{y2:.1f}")
        else:
            segments.extend(f"M{x:.1f},{y:.1f}L{mx:.1f},{my:.1f}" for mx, my in mids)
    if not segments:
        return []
    d = "".join(segments)
    return [
        f'<path d="{d}" stroke="{ROAD_STROKE}" stroke-width="6" stroke-linecap="round" fill="none"/>',
        f'<path d="{d}" stroke="#efe2bf" stroke-width="3" stroke-linecap="round" fill="none"/>',
    ]


def _slopes(board: dict[str, Any]) -> list[str]:
    """A slope is the hexside between two levels: a brown line with short ticks pointing downhill."""
    elevation = board["elevation"]
    out = []
    for h in sorted(elevation):
        x, y = xy(h)
        for d in range(6):
            (ox, oy), (px, py) = vertex_offset(d), vertex_offset(d + 1)
            mx, my = x + (ox + px) / 2, y + (oy + py) / 2
            n = _neighbour(board, h, d)
            if n is None or board["elevation"].get(n, 0) >= elevation[h]:
                continue
            (x1, y1), (x2, y2) = (x + ox, y + oy), (x + px, y + py)
            ux, uy = (mx - x) / math.hypot(mx - x, my - y), (my - y) / math.hypot(mx - x, my - y)
            ticks = "".join(
                f"M{x1 + (x2 - x1) * t:.1f},{y1 + (y2 - y1) * t:.1f}l{ux * 3.5:.1f},{uy * 3.5:.1f}"
                for t in (0.2, 0.4, 0.6, 0.8)
            )
            out.append(
                f'<path d="M{x1:.1f},{y1:.1f}L{x2:.1f},{y2:.1f}{ticks}" stroke="{SLOPE_STROKE}" stroke-width="1.4" '
                f'fill="none"/>'
            )
    return out


def _neighbour(board: dict[str, Any], h: str, d: int) -> str | None:
    n = step(h, d)
    if n is None or not (1 <= int(n[:2]) <= board["cols"] and 1 <= int(n[2:]) <= board["rows"]):
        return None
    return n


def _hexsides(board: dict[str, Any]) -> list[str]:
    out = []
    for key, feature in sorted(board["hexsides"].items()):
        a, b = key.split("-")
        (x1, y1), (x2, y2) = _hexside(a, b)
        dash = ' stroke-dasharray="3,1.5"' if feature == "hedge" else ""
        out.append(
            f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="{HEXSIDE_STROKE[feature]}" '
            f'stroke-width="{4 if feature == "river" else 3}" stroke-linecap="round"{dash}/>'
        )
    return out


def labels(board: dict[str, Any], say: Callable[[str], str]) -> list[str]:
    """Place names over a halo of paper (drawn as a text beneath, not ``paint-order``, which the mail's
    renderer ignores), in the reader's language (``say``): drawn over the terrain layer, not in it."""
    texts = []
    for label in board.get("labels", []):
        x, y = xy(label["hex"])
        texts.append(f'<text x="{x:.1f}" y="{y + 4:.1f}">{escape(say(label["text"]))}</text>')
    if not texts:
        return []
    return [
        f'<g font-size="{MIN_FONT + 1}" font-style="italic" text-anchor="middle" pointer-events="none">'
        f'<g fill="none" stroke="{PAPER}" stroke-width="3" stroke-opacity="0.8">{"".join(texts)}</g>'
        f'<g fill="#4a3a28">{"".join(texts)}</g></g>'
    ]


@lru_cache(maxsize=16)
def _drawn(board_json: str) -> tuple[str, str]:
    """(terrain, hex numbers) as SVG fragments in map user units, for one map."""
    board = json.loads(board_json)
    width, height = map_size(board)
    hexes = [hex_id(c, r) for c in range(1, board["cols"] + 1) for r in range(1, board["rows"] + 1)]
    out = [f'<rect x="0" y="0" width="{width:.0f}" height="{height:.0f}" fill="{PAPER}"/>']
    out.extend(
        f'<polygon points="{_points(h)}" fill="{_hex_fill(board, h)}" stroke="{GRID_STROKE}" stroke-width="0.6"/>'
        for h in hexes
    )
    for h in hexes:
        out.extend(_symbols(board, h))
    out.extend(_roads(board))
    out.extend(_slopes(board))
    out.extend(_hexsides(board))
    numbers = "".join(f'<text x="{xy(h)[0]:.1f}" y="{xy(h)[1] - S * 0.58:.1f}">{h}</text>' for h in hexes)
    return "".join(out), f'<g font-size="6" fill="#6f6850" text-anchor="middle">{numbers}</g>'


def terrain(board: dict[str, Any]) -> tuple[str, str]:
    return _drawn(json.dumps(board, sort_keys=True))


def _document(board: dict[str, Any], body: str) -> str:
    width, height = map_size(board)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}" width="{width:.0f}" '
        f'height="{height:.0f}" font-family="sans-serif">{body}</svg>'
    )


def layer_names(board: dict[str, Any], battle_name: str) -> tuple[str, str]:
    """The names of the terrain and hex-number layers: the battle's and the drawing's hash, so a URL
    made of them never changes content and may be cached for good."""
    drawn_terrain, numbers = terrain(board)
    digest = hashlib.sha256((drawn_terrain + numbers).encode()).hexdigest()[:12]
    return f"{battle_name}-terrain-{digest}", f"{battle_name}-numbers-{digest}"


@cache
def shipped_layers() -> dict[str, str]:
    """Every shipped battle's layers by name, as SVG documents."""
    layers = {}
    for name in NAMES:
        board = map_view(battle(name))
        terrain_name, numbers_name = layer_names(board, name)
        drawn_terrain, numbers = terrain(board)
        layers[terrain_name] = _document(board, drawn_terrain)
        layers[numbers_name] = _document(board, numbers)
    return layers
