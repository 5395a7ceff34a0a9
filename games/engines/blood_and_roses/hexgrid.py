"""The hex grid (BR-2.1a): ids, neighbours, distance, facing arcs and line of sight geometry.

Flat-topped hexes in vertical columns; ids are ``CCRR`` (column, row, from 01); even-numbered columns
sit half a hex lower. Directions of the six hexsides, counter-clockwise from the east: 0 NE, 1 N, 2 NW,
3 SW, 4 S, 5 SE. A unit faces one of the six vertices (BR-8.0a): 0 E, 1 NE, 2 NW, 3 W, 4 SW, 5 SE.
"""

from __future__ import annotations

import math
from functools import cache

DIRS = ((1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1), (1, 0))  # axial deltas: NE, N, NW, SW, S, SE
DIR_NAMES = ("NE", "N", "NW", "SW", "S", "SE")
VERTEX_NAMES = ("E", "NE", "NW", "W", "SW", "SE")
SQ3 = math.sqrt(3.0)


def hex_id(col: int, row: int) -> str:
    return f"{col:02d}{row:02d}"


def col_row(hid: str) -> tuple[int, int]:
    return int(hid[:2]), int(hid[2:])


@cache
def axial(hid: str) -> tuple[int, int]:
    col, row = col_row(hid)
    c0, r0 = col - 1, row - 1
    return c0, r0 - (c0 - (c0 & 1)) // 2


def from_axial(q: int, r: int) -> str | None:
    c0 = q
    r0 = r + (c0 - (c0 & 1)) // 2
    if c0 < 0 or r0 < 0 or c0 > 98 or r0 > 98:
        return None
    return hex_id(c0 + 1, r0 + 1)


def centre(hid: str) -> tuple[float, float]:
    """Centre in hex-size units, screen orientation (y grows southwards)."""
    q, r = axial(hid)
    return 1.5 * q, SQ3 * (r + q / 2)


@cache
def distance(a: str, b: str) -> int:
    q1, r1 = axial(a)
    q2, r2 = axial(b)
    dq, dr = q1 - q2, r1 - r2
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def step(hid: str, direction: int) -> str | None:
    q, r = axial(hid)
    dq, dr = DIRS[direction]
    return from_axial(q + dq, r + dr)


def direction_to(a: str, b: str) -> int | None:
    """The hexside direction from ``a`` to the adjacent hex ``b`` (None if not adjacent)."""
    q1, r1 = axial(a)
    q2, r2 = axial(b)
    delta = (q2 - q1, r2 - r1)
    return DIRS.index(delta) if delta in DIRS else None


def front_dirs(facing: int) -> tuple[int, int]:
    """BR-8.0b: the two hexsides sharing the faced vertex."""
    return (facing - 1) % 6, facing


def side_of(facing: int, direction: int) -> str:
    """BR-8.0b / table 12.3b: which side of a unit facing ``facing`` the hexside ``direction`` is."""
    if direction in front_dirs(facing):
        return "front"
    if direction == (facing + 1) % 6:
        return "left"
    if direction == (facing + 4) % 6:
        return "right"
    return "rear"


def arc(facing: int, origin: str, target: str) -> str:
    """BR-11.1e / A15: front, flank or rear, by the angle of the centre-to-centre line."""
    (x1, y1), (x2, y2) = centre(origin), centre(target)
    angle = math.degrees(math.atan2(-(y2 - y1), x2 - x1))  # counter-clockwise from east
    delta = abs((angle - 60 * facing + 180) % 360 - 180)
    if delta <= 60 + 1e-9:
        return "front"
    if delta < 120 - 1e-9:
        return "flank"
    return "rear"


def _hex_at(x: float, y: float) -> str | None:
    q = x / 1.5
    r = y / SQ3 - q / 2
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return from_axial(rq, rr)


def line_hexes(a: str, b: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The hexes strictly between ``a`` and ``b`` along the centre line, nudged to either side, so that
    a line running exactly along a hexside is seen as two lines (BR-11.4a)."""
    (x1, y1), (x2, y2) = centre(a), centre(b)
    n = max(1, distance(a, b)) * 8
    length = math.hypot(x2 - x1, y2 - y1) or 1.0
    nx, ny = -(y2 - y1) / length * 1e-4, (x2 - x1) / length * 1e-4
    lines = []
    for sign in (1, -1):
        seen: list[str] = []
        for i in range(1, n):
            t = i / n
            h = _hex_at(x1 + (x2 - x1) * t + sign * nx, y1 + (y2 - y1) * t + sign * ny)
            if h is not None and h not in (a, b) and h not in seen:
                seen.append(h)
        lines.append(tuple(seen))
    return lines[0], lines[1]


def vertex_touches(a: str, b: str) -> tuple[str, ...]:
    """Hexes the centre line from ``a`` to ``b`` meets at exactly one vertex without entering them
    (BR-11.4j: a line through a vertex is blocked if a hex beside that vertex blocks)."""
    (x1, y1), (x2, y2) = centre(a), centre(b)
    dx, dy = x2 - x1, y2 - y1
    length = math.hypot(dx, dy)
    if length == 0:
        return ()
    near: set[str] = set()
    for line in line_hexes(a, b):
        for h in line:
            near.update(n for n in (step(h, d) for d in range(6)) if n)
    found = []
    for h in sorted(near - {a, b}):
        cx, cy = centre(h)
        on_line, sides = 0, set()
        for k in range(6):
            vx, vy = cx + math.cos(math.radians(60 * k)), cy - math.sin(math.radians(60 * k))
            dist = (dx * (vy - y1) - dy * (vx - x1)) / length
            t = ((vx - x1) * dx + (vy - y1) * dy) / (length * length)
            if abs(dist) < 1e-6:
                if 0 < t < 1:
                    on_line += 1
            else:
                sides.add(dist > 0)
        if on_line == 1 and len(sides) == 1:
            found.append(h)
    return tuple(found)
