"""The Richard III board, drawn from a view only so it can never show hidden information.

``render`` draws the map alone (the page scales it to its column, so every text is at least 13.5 units
and the map is about as wide as it is tall at the page's aspect): areas as boxes, borders as coloured
links, the viewer's own blocks as blocks with name, rating and strength, every other block the viewer
cannot name as a plain back in its house's colour. ``render_picture`` composes the map with the side
column (``svg_panels``: cards, battle, pool, legend) for the mail and the full-size link; the page shows
that side column as HTML instead (``panels.py``). Blocks, backs, cards and crowns are drawn by ``svg_parts``
for all three.

Board targets (ARCHITECTURE 2.1): each area is ``area:<name>`` (its own blocks drawn inside its group,
so a click on a block that is not playable now reaches the area), each block the viewer may see (its
own, enemy blocks revealed in battle) ``block:<id>``, each sea zone ``sea:<zone>``, each card in the
viewer's hand ``card:<n>``; hidden blocks carry no target at all. Plain SVG attributes only (no CSS, no
glyph fonts), so cairosvg draws the same picture for the mail.
"""

from __future__ import annotations

from html import escape
from typing import Any, NamedTuple

from games.engines.base import msg, plural

from .board import area_name, area_target, side_name
from .data.areas import AREAS, SEAS
from .data.borders import BORDERS
from .svg_panels import SIDE_W, side_column
from .svg_parts import (
    BACK_W,
    BATTLE,
    BORDER_COLOURS,
    GAP,
    INK,
    LAST_MOVE,
    MUTED,
    NAME,
    SELECTED,
    SMALL,
    TILE_H,
    TILE_W,
    back,
    block_words,
    board_name,
    crown,
    fitted,
    tile,
)
from .texts import text

# Box positions on a grid of columns and rows, roughly geographic.
GRID = {
    "Scotland": (1, 0),
    "Northumbria": (2.1, 0),
    "Isle of Man": (0, 1),
    "Cumbria": (1, 1),
    "North Yorks": (2, 1),
    "East Yorks": (3.1, 0.9),
    "Ireland": (0, 2.2),
    "Lancaster": (1, 2),
    "South Yorks": (2, 2),
    "Lincoln": (3.1, 2),
    "Caernarvon": (0, 3.3),
    "Chester": (1, 3.1),
    "Derby": (2, 3),
    "Leicester": (3, 3.3),
    "Rutland": (4.2, 2.7),
    "Powys": (0.35, 4.35),
    "Hereford": (1.35, 4.45),
    "Warwick": (2.35, 4.25),
    "East Anglia": (4.35, 3.75),
    "Pembroke": (0, 5.5),
    "Glamorgan": (1, 5.5),
    "Gloucester": (2, 5.5),
    "Oxford": (3, 5.2),
    "Essex": (4.1, 4.85),
    "Middlesex": (3.75, 6.25),
    "Somerset": (0.6, 6.5),
    "Wilts": (2.1, 6.6),
    "Kent": (4.35, 7.1),
    "Cornwall": (0, 7.6),
    "Dorset": (1.4, 7.6),
    "Sussex": (3.1, 7.4),
    "France": (2.3, 8.8),
    "Calais": (4.35, 8.3),
}
COL, ROW, MARGIN = 190, 82, 8
POS = {area: (MARGIN + col * COL, MARGIN + row * ROW) for area, (col, row) in GRID.items()}
# Borders that would pass behind another box are drawn as curves bent this far sideways.
BEND = {("Caernarvon", "Pembroke"): -60, ("Leicester", "Middlesex"): 30, ("Rutland", "Essex"): -110}
SEA_LABELS = {"Irish Sea": (10, 22), "North Sea": (810, 70), "English Channel": (40, 760)}
# The sea zones' initials on the port tags, msgids so the Russian tags are the Russian initials.
SEA_SHORT = {"Irish Sea": "IS", "North Sea": "NS", "English Channel": "EC"}

BOX_W, HEAD_H, MIN_H = 180, 24, 60
INNER_W = BOX_W - 8  # two blocks a row, or six backs
SEA_BG = "#cfe2f0"


def map_pieces(view: dict[str, Any]) -> dict[str, tuple[list[dict], dict[str, int]]]:
    """Per area: the blocks the viewer may name (drawn as blocks) and how many backs of each side."""
    role = view.get("role")
    battle = view.get("battle") or {}
    shown = {b["id"] for b in battle.get("blocks", [])}  # drawn in the battle panel, not on the map
    out: dict[str, tuple[list[dict], dict[str, int]]] = {}
    for area in AREAS:
        out[area] = ([], {"york": 0, "lancaster": 0})
    for blk in view.get("my_blocks", []):
        if blk["at"] in AREAS and blk["id"] not in shown:
            out[blk["at"]][0].append(blk)
    for area in AREAS:
        revealed = battle.get("blocks", []) if battle.get("area") == area else []
        for side in ("york", "lancaster"):
            if side != role:
                hidden = view["areas"][area][side] - sum(1 for b in revealed if b["side"] == side)
                out[area][1][side] = max(0, hidden)
    return out


def flow(tiles: int, backs: int) -> list[tuple[float, float, str]]:
    """Where each piece goes inside a box, left to right in rows: (dx, dy, kind), tiles first."""
    spots, x, y = [], 0.0, 0.0
    for kind, width in [("tile", TILE_W)] * tiles + [("back", BACK_W)] * backs:
        if x and x + width > INNER_W:
            x, y = 0.0, y + TILE_H + GAP
        spots.append((x, y, kind))
        x += width + GAP
    return spots


def box_height(tiles: int, backs: int, extra: int = 0) -> float:
    spots = flow(tiles, backs)
    rows = (spots[-1][1] / (TILE_H + GAP) + 1) if spots else 0
    rows = max(rows, extra)
    return max(MIN_H, HEAD_H + rows * (TILE_H + GAP) + 4)


def render(view: dict[str, Any]) -> str:
    """The map alone, as the page shows it."""
    body, width, height = draw_map(view)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" '
        f'height="{height}" font-family="sans-serif" font-size="{SMALL}" fill="{INK}">'
        f'<rect x="0" y="0" width="{width}" height="{height}" fill="{SEA_BG}"/>' + body + "</svg>"
    )


def draw_map(view: dict[str, Any]) -> tuple[str, float, float]:
    battle = view.get("battle") or {}
    pieces = map_pieces(view)
    selection = view.get("selection") or {}
    heights = {
        area: box_height(len(mine), sum(backs.values()), int(battle.get("area") == area))
        for area, (mine, backs) in pieces.items()
    }
    boxes = layout(heights)
    body: list[str] = []
    body += [sea_label(sea, view) for sea in SEAS]
    body += [border(a, b, colour, boxes) for a, b, colour in BORDERS]
    for area, box in boxes.items():
        body.append(area_box(area, box, view, pieces[area], selection, battle))
    body.append(selection_path(selection, boxes))
    body.append(last_move_arrow(view.get("last_move"), boxes))
    width = max(x for x, _ in POS.values()) + BOX_W + MARGIN
    height = max(box.y + box.h for box in boxes.values()) + MARGIN
    return "".join(body), width, height


# --- map -----------------------------------------------------------------------------------------


class Box(NamedTuple):
    x: float
    y: float
    h: float


def layout(heights: dict[str, float]) -> dict[str, Box]:
    """Each area's box at its height; a box that would cover one above moves down below it."""
    boxes: dict[str, Box] = {}
    for area in sorted(AREAS, key=lambda a: (POS[a][1], POS[a][0])):
        x, y = POS[area]
        h = heights[area]
        moved = True
        while moved:  # below every placed box it would touch, re-checking after each move
            moved = False
            for other in boxes.values():
                if abs(other.x - x) < BOX_W + 6 and y < other.y + other.h + 6 and other.y < y + h + 6:
                    y, moved = other.y + other.h + 6, True
        boxes[area] = Box(x, y, h)
    return boxes


def anchor(box: Box) -> tuple[float, float]:
    """The point links and arrows attach to: the middle of the box."""
    return box.x + BOX_W / 2, box.y + min(box.h, 60) / 2


def curve(p: tuple[float, float], q: tuple[float, float], bend: float) -> str:
    (x1, y1), (x2, y2) = p, q
    dx, dy = x2 - x1, y2 - y1
    length = (dx * dx + dy * dy) ** 0.5 or 1
    cx, cy = (x1 + x2) / 2 + dy / length * bend, (y1 + y2) / 2 - dx / length * bend
    return f"M{x1:.0f},{y1:.0f} Q{cx:.0f},{cy:.0f} {x2:.0f},{y2:.0f}"


def border(a: str, b: str, colour: str, boxes: dict[str, Box]) -> str:
    path = curve(anchor(boxes[a]), anchor(boxes[b]), BEND.get((a, b), 0))
    dash = ' stroke-dasharray="9,5"' if colour == "red" else ""
    return f'<path d="{path}" fill="none" stroke="{BORDER_COLOURS[colour]}" stroke-width="5"{dash}/>'


def sea_title(sea: str, view: dict) -> str:
    """A sea zone in words: the ports on it, major ones marked (R3 sea moves)."""
    ports = [
        msg("{area} (major)", area=area_name(area)) if facts["major"] else area_name(area)
        for area, facts in AREAS.items()
        if sea in facts["seas"]
    ]
    return text(view, msg("{sea}: sea zone; ports: {ports}", sea={"name": f"sea:{sea}"}, ports=ports))


def sea_label(sea: str, view: dict) -> str:
    x, y = SEA_LABELS[sea]
    words = text(view, {"name": f"sea:{sea}"})
    w = len(words) * 9 + 18
    return (
        f'<g data-target="sea:{escape(sea)}"><title>{escape(sea_title(sea, view))}</title><rect x="{x}" y="{y}" '
        f'width="{w}" height="24" rx="12" fill="#ffffff" fill-opacity="0.7" stroke="#5b86ad"/>'
        f'<text x="{x + w / 2}" y="{y + 17}" text-anchor="middle" font-size="{NAME}" font-style="italic" '
        f'fill="#23496e">{escape(words)}</text></g>'
    )


def area_fill(facts: dict) -> str:
    if facts["exile_of"] == "york":
        return "#dfe7f4"
    if facts["exile_of"] == "lancaster":
        return "#f4dede"
    return "#e5eed2" if facts["wales"] else "#f6efd9"


def area_title(area: str, facts: dict, mine: list[dict], backs: dict[str, int], view: dict) -> str:
    """What the viewer may know of an area and its stack, for hover and the page's popover."""
    marks: list = [m for m, on in (("crown", facts["crown"]), ("cathedral", facts["cathedral"])) if on]
    if facts["city"]:
        marks.append(msg("city of {city}", city={"name": f"city:{facts['city']}"}))
    if facts["seas"]:
        seas = [{"name": f"sea:{sea}"} for sea in facts["seas"]]
        marks.append(msg("major port on {seas}" if facts["major"] else "port on {seas}", seas=seas))
    head = msg("{area}: supply limit {limit}", area=area_name(area), limit=facts["limit"])
    lines = [text(view, head) + ("; " + ", ".join(text(view, m) for m in marks) if marks else "")]
    for blk in mine:
        lines.append(text(view, msg("Your {block}", block=block_words(blk, view))))
    for side, count in backs.items():
        if count:
            words = plural("{side}: {n} hidden block", "{side}: {n} hidden blocks", count, side=side_name(side))
            lines.append(text(view, words))
    return "\n".join(lines)


def area_box(
    area: str, box: Box, view: dict, pieces: tuple[list[dict], dict[str, int]], selection: dict, battle: dict
) -> str:
    x, y, height = box
    mine, backs = pieces
    facts = AREAS[area]
    fighting = battle.get("area") == area
    contested = area in view.get("contested", [])
    stroke, width = (BATTLE, 4) if fighting else (("#ef6c00", 3) if contested else ("#4a4a4a", 1.2))
    dash = ' stroke-dasharray="6,3"' if facts["sea_only"] else ""
    out = [
        f'<g data-target="{escape(area_target(area))}">'
        f"<title>{escape(area_title(area, facts, mine, backs, view))}</title>"
        f'<rect x="{x}" y="{y}" width="{BOX_W}" height="{height}" rx="7" fill="{area_fill(facts)}" '
        f'stroke="{stroke}" stroke-width="{width}"{dash}/>'
    ]
    marks, left = area_marks(x + BOX_W - 4, y + 5, facts, view)
    out.append(fitted(board_name(view, f"area:{area}"), NAME, left - x - 10, True, x + 6, y + 18, INK) + marks)
    top = y + HEAD_H
    if fighting:
        out.append(
            f'<text x="{x + 6}" y="{top + 20}" font-size="{SMALL}" font-weight="bold" fill="{BATTLE}">'
            f"{escape(text(view, 'Battle (see the panel)'))}</text>"
        )
        top += TILE_H + GAP
    order = [("york", n) for n in range(backs["york"])] + [("lancaster", n) for n in range(backs["lancaster"])]
    for (dx, dy, kind), item in zip(flow(len(mine), len(order)), [*mine, *order], strict=True):
        if kind == "tile":
            out.append(tile(item, x + 4 + dx, top + dy, view, selection))
        else:
            out.append(back(item[0], x + 4 + dx, top + dy, view))
    if selection.get("area") == area:
        out.append(
            f'<rect x="{x - 4}" y="{y - 4}" width="{BOX_W + 8}" height="{height + 8}" rx="10" fill="none" '
            f'stroke="{SELECTED}" stroke-width="4"/>'
        )
    out.append("</g>")
    return "".join(out)


def area_marks(right: float, y: float, facts: dict, view: dict) -> tuple[str, float]:
    """Right-aligned in the header: sea zones (bold: major port), city, cathedral, crown, supply limit; and
    where the marks begin (the area's name fits left of it)."""
    out = [
        f'<text x="{right - 2}" y="{y + 13}" font-size="{SMALL}" text-anchor="end" fill="{MUTED}">'
        f"{facts['limit']}</text>"
    ]
    x = right - 14
    for sea in reversed(facts["seas"]):
        x -= 24
        weight = ' font-weight="bold"' if facts["major"] else ""
        out.append(
            f'<rect x="{x}" y="{y}" width="22" height="16" rx="3" fill="#ffffff" stroke="#5b86ad"/>'
            f'<text x="{x + 11}" y="{y + 13}" font-size="{SMALL}" text-anchor="middle" fill="#23496e"{weight}>'
            f"{escape(text(view, SEA_SHORT[sea]))}</text>"
        )
    if facts["city"]:
        x -= 14
        out.append(
            f'<path d="M{x},{y + 14} V{y + 4} H{x + 3} V{y + 2} H{x + 5} V{y + 4} H{x + 7} V{y + 2} H{x + 9} '
            f'V{y + 4} H{x + 12} V{y + 14} Z" fill="#5d4037"/>'
        )
    if facts["cathedral"]:
        x -= 13
        out.append(
            f'<rect x="{x + 4}" y="{y + 2}" width="3" height="12" fill="#6a1b9a"/>'
            f'<rect x="{x}" y="{y + 5}" width="11" height="3" fill="#6a1b9a"/>'
        )
    if facts["crown"]:
        x -= 16
        out.append(crown(x, y + 2, "#d4a017"))
    return "".join(out), x


def selection_path(selection: dict, boxes: dict[str, Box]) -> str:
    path = selection.get("path") or []
    if len(path) < 2:
        return ""
    points = " ".join(f"{x:.0f},{y:.0f}" for x, y in (anchor(boxes[a]) for a in path))
    return (
        f'<polyline points="{points}" fill="none" stroke="{SELECTED}" stroke-width="6" stroke-linecap="round" '
        f'stroke-linejoin="round" opacity="0.9" pointer-events="none"/>'
    )


def last_move_arrow(move: dict | None, boxes: dict[str, Box]) -> str:
    if not move or move.get("to") not in AREAS:
        return ""
    to = boxes[move["to"]]
    if move.get("from") not in AREAS:  # a recruit: ring the area
        return (
            f'<rect x="{to.x - 3}" y="{to.y - 3}" width="{BOX_W + 6}" height="{to.h + 6}" rx="9" '
            f'fill="none" stroke="{LAST_MOVE}" stroke-width="3" stroke-dasharray="7,4" pointer-events="none"/>'
        )
    (fx, fy), (tx, ty) = anchor(boxes[move["from"]]), anchor(to)
    dx, dy = tx - fx, ty - fy
    length = (dx * dx + dy * dy) ** 0.5 or 1
    ux, uy = dx / length, dy / length
    # the head ends where the line meets the edge of the destination's box, so its name stays readable
    top = ty - to.y  # from the anchor to the top edge; the bottom edge is to.h - top below it
    reach = min(
        (BOX_W / 2 + 2) / abs(ux) if ux else float("inf"),
        ((top if uy > 0 else to.h - top) + 2) / abs(uy) if uy else float("inf"),
    )
    ex, ey = tx - ux * (reach + 16), ty - uy * (reach + 16)
    head = [(ex + ux * 16, ey + uy * 16), (ex - uy * 9, ey + ux * 9), (ex + uy * 9, ey - ux * 9)]
    points = " ".join(f"{px:.0f},{py:.0f}" for px, py in head)
    return (
        f'<g pointer-events="none"><line x1="{fx:.0f}" y1="{fy:.0f}" x2="{ex:.0f}" y2="{ey:.0f}" '
        f'stroke="{LAST_MOVE}" stroke-width="5" stroke-linecap="round" opacity="0.85"/>'
        f'<polygon points="{points}" fill="{LAST_MOVE}"/></g>'
    )


def render_picture(view: dict[str, Any]) -> str:
    """The map with the side column beside it, for the mail and the full-size link."""
    body, width, height = draw_map(view)
    side_x = width + 12
    side, side_h = side_column(side_x, view, view.get("role"), view.get("battle") or {}, view.get("selection") or {})
    total_w, total_h = side_x + SIDE_W + 10, max(height, side_h)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {total_w} {total_h}" width="{total_w}" '
        f'height="{total_h}" font-family="sans-serif" font-size="{SMALL}" fill="{INK}">'
        f'<rect x="0" y="0" width="{total_w}" height="{total_h}" fill="{SEA_BG}"/>'
        f'<rect x="{side_x - 6}" y="0" width="{SIDE_W + 16}" height="{total_h}" fill="#f7f4ec"/>'
        + body
        + side
        + "</svg>"
    )
