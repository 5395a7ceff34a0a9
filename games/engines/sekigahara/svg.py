"""The board picture, drawn from a view only (so it cannot leak).

``render`` draws the map alone for the page (scaled to about 0.63 at Fit, so every text on it is 18 units
or more); ``render_picture`` composes header, map, legend and the band below for the mail and the full
size link; the page shows those parts as HTML (``panels.py``).

Every element that can be the target of a choice carries ``data-target`` (ARCHITECTURE §2.1):
``location:<id>``, ``castle:<id>``, ``disc:<id>``, ``box:mori``, ``card:<id>`` (own hand), ``block:<id>``
(own blocks, by id only where a choice can name them: the stack being picked and the moving group, opened
on the map, and the Reinforcement and battle panels; each block once) and ``deployed:<n>`` (a deployed
block whose id the viewer does not have). Plain SVG with generic fonts, so cairosvg draws the same picture
for the mail. Layout: header, map (with the legend in its empty south-west corner), and a band below
with the hand and either the battle or the Reinforcement and Mori areas.
"""

from __future__ import annotations

import functools
from html import escape
from typing import Any

from ..base import msg, name, plural
from . import svg_panels as panels
from .data.locations import CAPITALS, CASTLES, DISCS, LOCATIONS, MUSTER, RESOURCES
from .data.roads import ROADS
from .svg_parts import (
    BG,
    HIGHLIGHT,
    MAP_TILE_H,
    MAP_TILE_W,
    SIDE_FILL,
    SIDE_INK,
    SIDES,
    SMALL_W,
    backs,
    block_tile,
    block_title,
    halo_text,
    mon,
    small_block,
)
from .texts import drawing, loc_label, t

W = 1400
MAP_TOP = 64
MAP_H = 860
BAND_TOP = MAP_TOP + MAP_H
H = BAND_TOP + 272
MAX_ROWS = 4  # own blocks per column of a stack; a bigger stack takes more columns, never cut off
NAME_FONT = 18


def xy(loc: str) -> tuple[float, float]:
    _, fx, fy = LOCATIONS[loc]
    return 60 + fx * 1260, MAP_TOP + 95 + (fy - 0.1674) / 0.6487 * (MAP_H - 150)


Box = tuple[float, float, float, float]


def _area(a: Box, b: Box) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def _stack_box(loc: str, where: str, w: float, h: float) -> tuple[float, float]:
    """The top-left corner of a w x h stack placed on side ``where`` of a location."""
    x, y = xy(loc)
    return {
        "n": (x - w / 2, y - 20 - h),
        "s": (x - w / 2, y + 42),
        "e": (x + 22, y - h / 2),
        "w": (x - 22 - w, y - h / 2),
        "ne": (x + 12, y - 14 - h),
        "nw": (x - 12 - w, y - 14 - h),
        "se": (x + 30, y + 10),
        "sw": (x - 30 - w, y + 10),
    }[where]


def _mark(loc: str) -> Box:
    """The circle and name of a location, which a stack should not cover."""
    x, y = xy(loc)
    half = max(len(LOCATIONS[loc][0]) * NAME_FONT * 0.31, 18)
    right = x + 22 + 15 * len(MUSTER.get(loc, ())) + (22 if loc in DISCS.values() else 0)  # Muster squares, disc
    return (x - half, y - 18, max(x + half, right), y + 40)


# the other locations a stack of ``loc`` could reach (a stack is at most ~300 wide or ~120 tall)
NEAR: dict[str, list[Box]] = {
    loc: [
        _mark(other)
        for other in LOCATIONS
        if other != loc and abs(xy(other)[0] - xy(loc)[0]) < 360 and abs(xy(other)[1] - xy(loc)[1]) < 200
    ]
    for loc in LOCATIONS
}
LEGEND = (16, MAP_TOP + MAP_H - 216)
INSIDE: Box = (16, MAP_TOP + 4, W - 16, MAP_TOP + MAP_H - 4)
AVOID: Box = (LEGEND[0], LEGEND[1], LEGEND[0] + panels.LEGEND_W, LEGEND[1] + panels.LEGEND_H)


STACK_SIDES = ("n", "e", "w", "s", "ne", "nw", "se", "sw")  # where a stack may stand, in order of preference


def _place(loc: str, w: float, h: float, placed: list[Box]) -> str:
    """The side of ``loc`` where a w x h stack covers the least of other locations, names and stacks."""

    def cost(side: tuple[str, Box, float, float, float]) -> float:
        _, box, names, outside, legend = side
        return names + sum(_area(box, p) for p in placed) + outside + legend

    return min(_sides(loc, w, h), key=cost)[0]


@functools.cache
def _sides(loc: str, w: float, h: float) -> tuple[tuple[str, Box, float, float, float], ...]:
    """Each side of ``loc`` with the box a w x h stack takes there and what it covers of the map itself (the
    same on every board: a stack's size comes in a few steps, so each is worked out once per process)."""
    x, y = xy(loc)
    half = max(len(LOCATIONS[loc][0]) * NAME_FONT * 0.31, 18)
    own: list[Box] = [(x - half, y + 20, x + half, y + 42), (x - 21, y - 21, x + 21, y + 21)]  # name, castle
    sides = []
    for where in STACK_SIDES:
        left, top = _stack_box(loc, where, w, h)
        box = (left, top, left + w, top + h)
        names = sum(_area(box, m) for m in NEAR[loc]) + sum(_area(box, m) for m in own)
        # A covered name costs more than an overlap with another stack, leaving the map more than either.
        sides.append((where, box, 3 * names, 10 * (w * h - _area(box, INSIDE)), 3 * _area(box, AVOID)))
    return tuple(sides)


def render(view: dict[str, Any]) -> str:
    """The map alone, as the page shows it."""
    top, width, height = MAP_TOP - 2, W - 8, MAP_H
    with drawing(view):
        body = "".join(_map(view))
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="4 {top} {width} {height}" width="{width}" '
        f'height="{height}" font-family="sans-serif" font-size="{NAME_FONT}">'
        f'<rect x="4" y="{top}" width="{width}" height="{height}" fill="{BG}"/>' + body + "</svg>"
    )


def render_picture(view: dict[str, Any]) -> str:
    """Header, map, legend and the band below: the whole picture for the mail and the full-size link."""
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" width="{W}" height="{H}" '
        'font-family="sans-serif" font-size="12">',
        f'<rect width="{W}" height="{H}" fill="{BG}"/>',
    ]
    with drawing(view):
        out += panels.header(view, W)
        out += _map(view)
        out += panels.legend(*LEGEND)
        out += panels.band(view, BAND_TOP, W)
    out.append("</svg>")
    return "".join(out)


def _map(view: dict[str, Any]) -> list[str]:
    you = view["you"]
    out = [f'<rect x="6" y="{MAP_TOP}" width="{W - 12}" height="{MAP_H - 4}" rx="10" fill="#efe6cf" stroke="#b9a77e"/>']
    out += _roads()
    out += _last_move(view.get("last_move"))
    out += _marks(view)
    opened = _open_stack(view)
    stacks, open_stack = _stacks(view["stacks"], you, opened)
    out += stacks
    # on top of the stacks, so every location stays visible and clickable
    out += [_location(view, loc) for loc in LOCATIONS]
    out += open_stack  # the blocks to click now come on top of everything
    return out


@functools.cache
def _roads() -> tuple[str, ...]:
    """SK-4.1a: highways thick brown, roads thin grey."""
    out = []
    for a, b, kind in ROADS:
        (x1, y1), (x2, y2) = xy(a), xy(b)
        if kind == "main":
            out.append(
                f'<line x1="{x1:.0f}" y1="{y1:.0f}" x2="{x2:.0f}" y2="{y2:.0f}" stroke="#f4e2b8" stroke-width="9"/>'
                f'<line x1="{x1:.0f}" y1="{y1:.0f}" x2="{x2:.0f}" y2="{y2:.0f}" stroke="#8b5a2b" stroke-width="5"/>'
            )
        else:
            out.append(
                f'<line x1="{x1:.0f}" y1="{y1:.0f}" x2="{x2:.0f}" y2="{y2:.0f}" stroke="#8d8d8d" stroke-width="2"/>'
            )
    return tuple(out)


def _last_move(move: dict[str, Any] | None) -> list[str]:
    """The path of the last group that marched or retreated, as a dashed arrow in its side's colour."""
    if not move:
        return []
    points = [xy(loc) for loc in move["path"]]
    colour = SIDE_FILL[move["side"]]
    line = " ".join(f"{x:.0f},{y:.0f}" for x, y in points)
    (x1, y1), (x2, y2) = points[-2], points[-1]
    length = max(((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5, 1)
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    tipx, tipy = x2 - ux * 13, y2 - uy * 13  # stop at the location's rim
    head = [
        (tipx, tipy),
        (tipx - ux * 18 - uy * 9, tipy - uy * 18 + ux * 9),
        (tipx - ux * 18 + uy * 9, tipy - uy * 18 - ux * 9),
    ]
    return [
        f'<g class="last-move"><polyline points="{line}" fill="none" stroke="#ffffff" stroke-width="9" '
        'stroke-linejoin="round" opacity="0.7"/>'
        f'<polyline points="{line}" fill="none" stroke="{colour}" stroke-width="5" stroke-dasharray="10 6" '
        'stroke-linejoin="round"/>'
        f'<polygon points="{" ".join(f"{x:.0f},{y:.0f}" for x, y in head)}" fill="{colour}" stroke="#fff"/></g>'
    ]


def _marks(view: dict[str, Any]) -> list[str]:
    """Rings under the locations: the battle being fought, and the current selection."""
    out = []
    battle = view.get("battle")
    if battle:
        x, y = xy(battle["location"])
        out.append(
            f'<circle cx="{x:.0f}" cy="{y:.0f}" r="30" fill="#d8342c" fill-opacity="0.25" stroke="#c0241c" '
            'stroke-width="4" stroke-dasharray="8 4"/>'
        )
    for loc in _selected(view):
        x, y = xy(loc)
        out.append(
            f'<circle cx="{x:.0f}" cy="{y:.0f}" r="24" fill="{HIGHLIGHT}" fill-opacity="0.25" '
            f'stroke="{HIGHLIGHT}" stroke-width="4"/>'
        )
    return out


def _selected(view: dict[str, Any]) -> list[str]:
    """The locations the current (unfinished) choice is about."""
    movement = view.get("movement") or {}
    if "picking" in movement:
        return [movement["picking"]["from"]]
    if "group" in movement:
        return [movement["group"]["at"]]
    if view.get("muster"):
        return [view["muster"]["at"]]
    return []


DISC_WORDS = {  # SK-9.1, SK-9.2
    "hideyori": "{disc}: Ishida's gold disc, the heir (if he is eliminated, Tokugawa wins)",
    "sanada": "{disc}: Ishida's gold disc (may take a siege loss in its castle instead of a block)",
}


def _location(view: dict[str, Any], loc: str) -> str:
    siege = view.get("sieges", {}).get(loc)
    return _location_drawn(
        loc,
        view["castles"].get(loc, CASTLES[loc]) if loc in CASTLES else None,
        view["resources"].get(loc),
        (siege["blocks"], siege["side"]) if siege else None,
        tuple(disc for disc, where in view["discs"].items() if where["location"] == loc and where["alive"]),
        view.get("lang"),
    )


@functools.lru_cache(maxsize=4096)
def _location_drawn(
    loc: str,
    holder: str | None,
    owner: str | None,
    siege: tuple[int, str] | None,
    discs: tuple[str, ...],
    lang: str | None,
) -> str:
    """A location as drawn: its castle's holder, its resource's owner, the siege and the gold discs there, in
    ``lang``. A pure function of these, and the same for most locations from one move to the next."""
    with drawing({"lang": lang}):
        return "".join(_location_parts(loc, holder, owner, siege, discs))


def location_title(loc: str, holder: str | None, owner: str | None, siege: tuple[int, str] | None) -> str:
    """A location in words: its castle and who holds it, capital, resource and who owns it, muster squares
    (all open information; the blocks there are in their stack's title)."""
    facts = []
    if holder is not None:
        facts.append(t(msg("castle held by {side}", side=name(f"side:{holder}"))))
    if loc in CAPITALS:
        facts.append(t(msg("capital of {side}", side=name(f"side:{CAPITALS[loc]}"))))
    if loc in RESOURCES:
        held = msg("resource, held by {side}", side=name(f"side:{owner}")) if owner else "resource, held by no one"
        facts.append(t(held))
    if loc in MUSTER:
        clans = [name(f"daimyo:{clan}") for clan in MUSTER[loc]]
        facts.append(t(msg("muster location of {clans}", clans=clans)))
    if siege:  # the side inside the castle, besieged (SK-8.8.5)
        n, inside = siege[0], name(f"side:{siege[1]}")
        facts.append(
            t(
                plural(
                    "besieged: {n} block of {side} inside the castle",
                    "besieged: {n} blocks of {side} inside the castle",
                    n,
                    side=inside,
                )
            )
        )
    return loc_label(loc) + "".join(f"; {f}" for f in facts)


def _location_parts(
    loc: str, holder: str | None, owner: str | None, siege: tuple[int, str] | None, discs: tuple[str, ...]
) -> list[str]:
    label = loc_label(loc)
    x, y = xy(loc)
    out = []
    if holder is not None:  # SK-4.3a: a castle, coloured by who holds it now
        castle = t(msg("Castle of {loc} (held by {side})", loc=name(f"location:{loc}"), side=name(f"side:{holder}")))
        out.append(
            f'<g data-target="castle:{loc}"><title>{escape(castle)}</title>'
            f'<rect x="{x - 20:.0f}" y="{y - 20:.0f}" width="40" height="40" rx="3" fill="{SIDE_FILL[holder]}" '
            f'stroke="{SIDE_INK[holder]}" stroke-width="2"/>'
            f'<rect x="{x - 20:.0f}" y="{y - 20:.0f}" width="40" height="9" fill="#8b1a1a"/></g>'
        )
    fill = "#d0372e" if loc in RESOURCES else "#ffffff"
    ring, width = (SIDE_FILL[owner], 4) if owner else ("#555555", 2)
    title = location_title(loc, holder, owner, siege)
    out.append(f'<g data-target="location:{loc}"><title>{escape(title)}</title>')
    hit = 13 if loc in CASTLES else 20  # leave the castle around it clickable
    out.append(f'<circle cx="{x:.0f}" cy="{y:.0f}" r="{hit}" fill="#ffffff" fill-opacity="0"/>')
    if loc in CAPITALS:  # SK-4.5a
        out.append(
            f'<circle cx="{x:.0f}" cy="{y:.0f}" r="14" fill="none" stroke="{SIDE_FILL[CAPITALS[loc]]}" '
            'stroke-width="3"/>'
        )
    out.append(f'<circle cx="{x:.0f}" cy="{y:.0f}" r="10" fill="{fill}" stroke="{ring}" stroke-width="{width}"/>')
    out.append(halo_text(x, y + 36, label, size=NAME_FONT, weight="bold"))
    out.append("</g>")
    for k, clan in enumerate(MUSTER.get(loc, ())):  # SK-7.2.2a: Muster squares
        out.append(mon(x + 20 + k * 15, y - 6, clan))
    for disc in discs:  # SK-9: the gold discs inside their castles
        words = t(msg(DISC_WORDS[disc], disc=name(f"disc:{disc}")))
        out.append(
            f'<g data-target="disc:{disc}"><title>{escape(words)}</title>'
            f'<circle cx="{x + 30:.0f}" cy="{y + 12:.0f}" r="12" fill="#f2c230" stroke="#6b4e00" '
            f'stroke-width="2"/><text x="{x + 30:.0f}" y="{y + 18:.0f}" text-anchor="middle" '
            f'font-size="{NAME_FONT}" font-weight="bold">{t(name(f"disc:{disc}"))[0]}</text></g>'
        )
    return out


def _open_stack(view: dict[str, Any]) -> tuple[str, set[str], set[str]] | None:
    """The viewer's stack being picked from, or his group on the march: its location, the blocks a
    choice can name there, and those already chosen."""
    movement = view.get("movement") or {}
    if "blocks" in movement.get("picking", {}):
        blocks = movement["picking"]["blocks"]
        return movement["picking"]["from"], {b["id"] for b in blocks}, {b["id"] for b in blocks if b["picked"]}
    if "blocks" in movement.get("group", {}):
        return movement["group"]["at"], {b["id"] for b in movement["group"]["blocks"]}, set()
    return None


def _stacks(
    stacks: dict[str, Any], you: str | None, opened: tuple[str, set[str], set[str]] | None
) -> tuple[list[str], list[str]]:
    """Every stack, biggest first, each on the side of its location where it hides the least; the
    opened stack apart, to be drawn last."""
    drawn = [_stack(loc, entry, you, opened) for loc, entry in sorted(stacks.items())]
    placed: list[Box] = []
    normal: list[str] = []
    on_top: list[str] = []
    for loc, columns, (w, h), title in sorted(drawn, key=lambda d: -d[2][0] * d[2][1]):
        out = on_top if opened and opened[0] == loc else normal
        where = _place(loc, w, h, placed)
        left, top = _stack_box(loc, where, w, h)
        placed.append((left, top, left + w, top + h))
        x, y = xy(loc)
        ex, ey = min(max(x, left), left + w), min(max(y, top), top + h)
        out.append(f'<line x1="{x:.0f}" y1="{y:.0f}" x2="{ex:.0f}" y2="{ey:.0f}" stroke="#5a4a2a" stroke-width="1.5"/>')
        out.append(f'<g transform="translate({left:.0f},{top:.0f})"><title>{escape(title)}</title>')
        dx = 0.0
        for col, cw, ch in columns:
            dy = h - ch if where in ("n", "ne", "nw") else 0  # columns stand on one line above a location
            out.append(f'<g transform="translate({dx:.0f},{dy:.0f})">{col}</g>')
            dx += cw + 4
        out.append("</g>")
    return normal, on_top


def _stack(loc: str, entry: dict[str, Any], you: str | None, opened: tuple[str, set[str], set[str]] | None):
    """A location's blocks in columns: the viewer's own by name (all of them, in columns of a few; those of
    an opened stack each a target), any other side as individual backs; and the stack's title, listing
    what the viewer may know of it (the page opens it on a click or tap)."""
    columns: list[tuple[str, float, float]] = []
    lines = [loc_label(loc)]
    targets, chosen = (opened[1], opened[2]) if opened and opened[0] == loc else (None, set())
    for side in SIDES if you != "tokugawa" else reversed(SIDES):
        if side not in entry:
            continue
        blocks = entry[side].get("blocks")
        if not blocks:
            count = entry[side]["count"]
            drawn, bw, bh = backs(0, 0, side, count)
            columns.append((drawn, bw, bh))
            lines.append(
                t(plural("{side}: {n} hidden block", "{side}: {n} hidden blocks", count, side=name(f"side:{side}")))
            )
            continue
        lines += [t(msg("Your {block}", block=block_title(b))) for b in blocks]
        if targets is None and len(blocks) > MAX_ROWS:  # a big stack: small blocks, the names in the title
            per_row = 5
            col = [
                small_block((i % per_row) * (SMALL_W + 2), (i // per_row) * (MAP_TILE_H + 2), b, side)
                for i, b in enumerate(blocks)
            ]
            rows = -(-len(blocks) // per_row)
            columns.append(("".join(col), per_row * (SMALL_W + 2) - 2, rows * (MAP_TILE_H + 2) - 2))
            continue
        for start in range(0, len(blocks), MAX_ROWS):
            rows = blocks[start : start + MAX_ROWS]
            col = [
                block_tile(
                    0,
                    i * (MAP_TILE_H + 2),
                    b,
                    side,
                    big=True,
                    target=f"block:{b['id']}" if targets and b["id"] in targets else None,
                    selected=b["id"] in chosen,
                )
                for i, b in enumerate(rows)
            ]
            columns.append(("".join(col), MAP_TILE_W, len(col) * (MAP_TILE_H + 2) - 2))
    size = (sum(c[1] for c in columns) + 4 * (len(columns) - 1), max(c[2] for c in columns))
    return loc, columns, size, "\n".join(lines)
