"""The Richard III board, drawn from a view only so it can never show hidden information.

``render`` draws the map alone (the page scales it to its column, so every text is at least 13.5 units
and the map is about as wide as it is tall at the page's aspect): areas as boxes, borders as coloured
links, the viewer's own blocks as blocks with name, rating and strength, every other block the viewer
cannot name as a plain back in its house's colour. ``render_picture`` composes the map with the side
column (cards, battle, pool, legend) for the mail and the full-size link; the page shows that side
column as HTML instead (``panels.py``).

Board targets (ARCHITECTURE 2.1): each area is ``area:<name>`` (its own blocks drawn inside its group,
so a click on a block that is not playable now reaches the area), each block the viewer may see (its
own, enemy blocks revealed in battle) ``block:<id>``, each sea zone ``sea:<zone>``, each card in the
viewer's hand ``card:<n>``; hidden blocks carry no target at all. Plain SVG attributes only (no CSS, no
glyph fonts), so cairosvg draws the same picture for the mail.
"""

from __future__ import annotations

import textwrap
from html import escape
from typing import Any, NamedTuple

from .board import area_target, block_target
from .data import AREAS, BORDERS, SEAS

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
SEA_SHORT = {"Irish Sea": "IS", "North Sea": "NS", "English Channel": "EC"}

# The smallest text anywhere on the map: 13.5 units are 11.5 CSS px on a 1400x900 desktop at Fit.
SMALL, NAME = 13.5, 15
BOX_W, HEAD_H, MIN_H = 180, 24, 60
TILE_W, TILE_H, BACK_W, GAP = 84, 30, 22, 3
INNER_W = BOX_W - 8  # two blocks a row, or six backs
PIP = 8
# The side column of the composed picture (mail, full size).
SIDE_W = 300
BORDER_COLOURS = {"yellow": "#e0b000", "blue": "#2f6fd0", "red": "#d03030"}
BORDER_TEXT = {"yellow": "yellow: 4 blocks a turn", "blue": "blue: 3 blocks a turn", "red": "red: 2 blocks, stop"}
HOUSE = {  # fill, edge, text
    "york": ("#eef3fb", "#1f4e96", "#10305f"),
    "lancaster": ("#c0392b", "#6e1a12", "#ffffff"),
}
BACKS = {"york": ("#3566b0", "#10305f"), "lancaster": ("#c0392b", "#6e1a12")}  # strong enough to see at once
DOWN = ("#d9d9d9", "#777777", "#444444")
SELECTED, LAST_MOVE, BATTLE = "#ffb300", "#7b2cbf", "#e65100"
INK, MUTED, SEA_BG = "#222222", "#5a5a5a", "#cfe2f0"


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
    body += [sea_label(sea) for sea in SEAS]
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


def sea_title(sea: str) -> str:
    """A sea zone in words: the ports on it, major ones marked (R3 sea moves)."""
    ports = [f"{area}{' (major)' if facts['major'] else ''}" for area, facts in AREAS.items() if sea in facts["seas"]]
    return f"{sea}: sea zone; ports: {', '.join(ports)}"


def sea_label(sea: str) -> str:
    x, y = SEA_LABELS[sea]
    w = len(sea) * 9 + 18
    return (
        f'<g data-target="sea:{escape(sea)}"><title>{escape(sea_title(sea))}</title><rect x="{x}" y="{y}" width="{w}" '
        f'height="24" rx="12" fill="#ffffff" fill-opacity="0.7" stroke="#5b86ad"/>'
        f'<text x="{x + w / 2}" y="{y + 17}" text-anchor="middle" font-size="{NAME}" font-style="italic" '
        f'fill="#23496e">{escape(sea)}</text></g>'
    )


def area_fill(facts: dict) -> str:
    if facts["exile_of"] == "york":
        return "#dfe7f4"
    if facts["exile_of"] == "lancaster":
        return "#f4dede"
    return "#e5eed2" if facts["wales"] else "#f6efd9"


def area_title(area: str, facts: dict, mine: list[dict], backs: dict[str, int]) -> str:
    """What the viewer may know of an area and its stack, for hover and the page's popover."""
    marks = [m for m, on in (("crown", facts["crown"]), ("cathedral", facts["cathedral"])) if on]
    if facts["city"]:
        marks.append(f"city of {facts['city']}")
    if facts["seas"]:
        marks.append(("major port on " if facts["major"] else "port on ") + " and ".join(facts["seas"]))
    lines = [f"{area}: supply limit {facts['limit']}" + ("; " + ", ".join(marks) if marks else "")]
    for blk in mine:
        lines.append(f"Your {block_words(blk)}")
    for side, count in backs.items():
        if count:
            lines.append(f"{side.capitalize()}: {count} hidden block{'s' if count > 1 else ''}")
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
        f'<g data-target="{escape(area_target(area))}"><title>{escape(area_title(area, facts, mine, backs))}</title>'
        f'<rect x="{x}" y="{y}" width="{BOX_W}" height="{height}" rx="7" fill="{area_fill(facts)}" '
        f'stroke="{stroke}" stroke-width="{width}"{dash}/>'
        f'<text x="{x + 6}" y="{y + 18}" font-size="{NAME}" font-weight="bold">{escape(area)}</text>'
        + area_marks(x + BOX_W - 4, y + 5, facts)
    ]
    top = y + HEAD_H
    if fighting:
        out.append(
            f'<text x="{x + 6}" y="{top + 20}" font-size="{SMALL}" font-weight="bold" fill="{BATTLE}">'
            f"Battle (see the panel)</text>"
        )
        top += TILE_H + GAP
    order = [("york", n) for n in range(backs["york"])] + [("lancaster", n) for n in range(backs["lancaster"])]
    for (dx, dy, kind), item in zip(flow(len(mine), len(order)), [*mine, *order], strict=True):
        if kind == "tile":
            out.append(tile(item, x + 4 + dx, top + dy, view, selection))
        else:
            out.append(back(item[0], x + 4 + dx, top + dy))
    if selection.get("area") == area:
        out.append(
            f'<rect x="{x - 4}" y="{y - 4}" width="{BOX_W + 8}" height="{height + 8}" rx="10" fill="none" '
            f'stroke="{SELECTED}" stroke-width="4"/>'
        )
    out.append("</g>")
    return "".join(out)


def area_marks(right: float, y: float, facts: dict) -> str:
    """Right-aligned in the header: sea zones (bold: major port), city, cathedral, crown, supply limit."""
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
            f"{SEA_SHORT[sea]}</text>"
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
    return "".join(out)


def crown(x: float, y: float, colour: str) -> str:
    return (
        f'<path d="M{x},{y + 12} L{x},{y + 2} L{x + 4},{y + 6} L{x + 7},{y} L{x + 10},{y + 6} L{x + 14},{y + 2} '
        f'L{x + 14},{y + 12} Z" fill="{colour}" stroke="#8a6500" stroke-width="0.8"/>'
    )


def back(side: str, x: float, y: float) -> str:
    """A hidden block: its back, upright, in its house's colour; no name, no id."""
    fill, edge = BACKS[side]
    return (
        f"<g><title>A {side.capitalize()} block (hidden)</title>"
        f'<rect x="{x}" y="{y}" width="{BACK_W}" height="{TILE_H}" rx="3" fill="{fill}" stroke="{edge}" '
        f'stroke-width="1.5"/><rect x="{x + 4}" y="{y + 4}" width="{BACK_W - 8}" height="{TILE_H - 8}" rx="2" '
        f'fill="none" stroke="#ffffff" stroke-width="0.8" opacity="0.5"/></g>'
    )


def fitted(text: str, size: float, room: float, bold: bool, x: float, y: float, colour: str) -> str:
    """A text at its size, squeezed sideways (never smaller) where it would not fit its room."""
    weight = ' font-weight="bold"' if bold else ""
    guess = len(text) * size * (0.64 if bold else 0.58)
    squeeze = f' textLength="{room:.0f}" lengthAdjust="spacingAndGlyphs"' if guess > room else ""
    return f'<text x="{x}" y="{y}" font-size="{size}" fill="{colour}"{weight}{squeeze}>{escape(text)}</text>'


def block_words(blk: dict) -> str:
    """A block the viewer may see, in words: name, house, rating, strength, and whether it lies face down."""
    down = ", face down" if blk.get("down") else ""
    return f"{blk['name']} {blk['rating']} ({blk['side'].capitalize()}), strength {blk['steps']} of {blk['max']}{down}"


def tile(blk: dict, x: float, y: float, view: dict, selection: dict, reserve: bool = False) -> str:
    """A block the viewer may see: name over rating and strength pips, in its house's colours."""
    fill, edge, text = DOWN if blk.get("down") else HOUSE[blk["side"]]
    dash = ' stroke-dasharray="4,2"' if reserve else ""
    crowned = blk["name"] in (view.get("crowned") or {}).values() and blk["kind"] == "heir"
    left = x + (8 if crowned else 4)
    out = [
        f'<g data-target="{escape(block_target(blk["id"]))}">'
        f"<title>{escape(block_words(blk))}{', in reserve' if reserve else ''}</title>"
        f'<rect x="{x}" y="{y}" width="{TILE_W}" height="{TILE_H}" rx="3" fill="{fill}" stroke="{edge}" '
        f'stroke-width="1.2"{dash}/>'
    ]
    if crowned:
        out.append(f'<rect x="{x}" y="{y}" width="5" height="{TILE_H}" fill="#d4a017"/>')
    out.append(fitted(blk["name"], SMALL, x + TILE_W - 3 - left, blk["kind"] == "heir", left, y + 12.5, text))
    out.append(
        f'<text x="{left}" y="{y + 27}" font-size="{SMALL}" font-weight="bold" fill="{text}">'
        f"{escape(blk['rating'])}</text>"
    )
    pips_x = x + TILE_W - 6 - (blk["max"] - 1) * PIP
    for i in range(blk["max"]):
        solid = i < blk["steps"]
        out.append(
            f'<circle cx="{pips_x + i * PIP}" cy="{y + 22}" r="3" fill="{text if solid else "none"}" '
            f'stroke="{text}" stroke-width="1.2"/>'
        )
    out.append("</g>")
    if selection.get("block") == blk["id"]:
        out.append(
            f'<rect x="{x - 3}" y="{y - 3}" width="{TILE_W + 6}" height="{TILE_H + 6}" rx="5" fill="none" '
            f'stroke="{SELECTED}" stroke-width="3.5"/>'
        )
    return "".join(out)


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


# --- header and side column -------------------------------------------------------------------


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


def phase_title(view: dict) -> tuple[str, str]:
    """('Campaign 1 of 3 · Turn 2 of 7', 'Action Phase — York, 4 AP')."""
    phase = {
        "redeal": "Redeal",
        "card": "Card Phase",
        "action": "Action Phase",
        "battle": "Battle Phase",
        "supply": "Supply Phase",
        "political": "Political Turn",
        "over": "Game over",
    }.get(view["phase"], view["phase"])
    action = view.get("action")
    if action:
        phase += f" — {action['role'].capitalize()}, {action['action_points']} AP" + (
            f", {action['event']}" if action["event"] else ""
        )
    return f"Campaign {view['campaign']} of {view['last_campaign']} · Turn {view['turn']} of 7", phase


def side_column(x: float, view: dict, role: str | None, battle: dict, selection: dict) -> tuple[str, int]:
    y = 12
    out = []
    for n, line in enumerate(phase_title(view)):
        out.append(f'<text x="{x}" y="{y + 16}" font-size="{NAME + 2 if n == 0 else NAME}" font-weight="bold">')
        out.append(f"{escape(line)}</text>")
        y += 22
    for line in textwrap.wrap(view.get("prompt", ""), 38):
        out.append(f'<text x="{x}" y="{y + 14}" font-size="{SMALL}" fill="#333">{escape(line)}</text>')
        y += 18
    y += 8
    crowned = view["crowned"]
    for title, side in (("King", view["king"]), ("Pretender", view["pretender"])):
        out.append(
            crown(x, y, "#d4a017" if title == "King" else "#9e9e9e")
            + f'<text x="{x + 20}" y="{y + 12}" font-size="14"><tspan font-weight="bold">{title}:</tspan> '
            f"{side.capitalize()} ({escape(crowned[side] or 'none')})</text>"
        )
        y += 22
    if role:
        fill, edge, _ = HOUSE[role]
        out.append(
            f'<rect x="{x}" y="{y}" width="14" height="14" fill="{fill}" stroke="{edge}"/>'
            f'<text x="{x + 20}" y="{y + 12}" font-size="14">You play {role.capitalize()}</text>'
        )
    else:
        out.append(f'<text x="{x}" y="{y + 12}" font-size="14" fill="{MUTED}">Spectator view</text>')
    y += 26
    out.append(turn_track(x, y, view))
    y += 40
    section, y = cards(x, y, view, role)
    out.append(section)
    if battle:
        section, y = battle_panel(x, y, view, battle, selection)
        out.append(section)
    section, y = pool(x, y, view, role, selection)
    out.append(section)
    section, y = legend(x, y + 6, view.get("opponent") or "lancaster")
    out.append(section)
    return "".join(out), y + 10


def heading(x: float, y: float, text: str, colour: str = INK) -> str:
    return f'<text x="{x}" y="{y + 14}" font-size="15" font-weight="bold" fill="{colour}">{escape(text)}</text>'


def turn_track(x: float, y: float, view: dict) -> str:
    done = (view["campaign"] - 1) * 7 + view["turn"]
    out = [f'<text x="{x}" y="{y + 10}" font-size="11" fill="{MUTED}">Turns (3 campaigns of 7)</text>']
    for i in range(21):
        cx = x + i * 13 + (i // 7) * 6
        fill = "#5d4037" if i < done - 1 else ("#ffb300" if i == done - 1 else "#ffffff")
        out.append(f'<rect x="{cx}" y="{y + 16}" width="11" height="11" fill="{fill}" stroke="#5d4037"/>')
    return "".join(out)


def card(x: float, y: float, label: str, target: str | None = None, face_down: bool = False) -> str:
    """A card: its AP large, its event (if any) below; a face-down card shows its back."""
    mark = f' data-target="{escape(target)}"' if target else ""
    if face_down:
        return (
            f"<g{mark}><title>A card played face down</title>"
            f'<rect x="{x}" y="{y}" width="66" height="50" rx="5" fill="#6d4c41" stroke="#3e2723"/>'
            f'<text x="{x + 33}" y="{y + 30}" text-anchor="middle" font-size="12" fill="#fff">face down</text></g>'
        )
    ap, event = card_parts(label)
    out = [
        f"<g{mark}><title>Card: {escape(label)}</title>"
        f'<rect x="{x}" y="{y}" width="66" height="50" rx="5" '
        f'fill="{"#fff3d6" if event else "#ffffff"}" stroke="#6d4c41" stroke-width="1.5"/>'
        f'<text x="{x + 33}" y="{y + 24}" text-anchor="middle" font-size="20" font-weight="bold">{ap}</text>'
    ]
    if event:
        out.append(
            f'<text x="{x + 33}" y="{y + 42}" text-anchor="middle" font-size="12" fill="#8d2c00">{escape(event)}</text>'
        )
    else:
        out.append(f'<text x="{x + 33}" y="{y + 42}" text-anchor="middle" font-size="12" fill="{MUTED}">AP</text>')
    out.append("</g>")
    return "".join(out)


def card_parts(label: str) -> tuple[str, str | None]:
    """'AP 3' -> ('3', None); 'Muster (event, AP 0)' -> ('0', 'Muster')."""
    if label.startswith("AP "):
        return label[3:], None
    event, _, rest = label.partition(" (event, AP ")
    return rest.rstrip(")"), event


def cards(x: float, y: float, view: dict, role: str | None) -> tuple[str, int]:
    out = [heading(x, y, "Cards played this turn")]
    y += 22
    for i, side in enumerate(("lancaster", "york")):
        cx = x + i * 150
        out.append(f'<text x="{cx}" y="{y + 30}" font-size="12">{side.capitalize()}</text>')
        played = view["played"].get(side)
        if played is None:
            out.append(f'<text x="{cx + 72}" y="{y + 30}" font-size="12" fill="{MUTED}">not yet</text>')
        else:
            out.append(
                card(cx + 70, y, played["label"] if isinstance(played, dict) else "", face_down=played == "face down")
            )
    y += 60
    if role:
        out.append(heading(x, y, f"Your hand ({len(view['hand'])})"))
        y += 22
        for i, c in enumerate(view["hand"]):
            out.append(card(x + (i % 4) * 74, y + (i // 4) * 56, c["label"], target=f"card:{c['card']}"))
        y += 56 * ((len(view["hand"]) + 3) // 4) + 4
    sizes = view.get("hand_sizes", {})
    out.append(
        f'<text x="{x}" y="{y + 12}" font-size="12" fill="{MUTED}">Cards in hand: '
        f"Lancaster {sizes.get('lancaster', 0)}, York {sizes.get('york', 0)}</text>"
    )
    return "".join(out), y + 22


def battle_panel(x: float, y: float, view: dict, battle: dict, selection: dict) -> tuple[str, int]:
    top = y
    over = battle["stage"] == "regroup"
    title = f"Battle in {battle['area']} · " + ("won" if over else f"round {battle['round']} of 4")
    out = [heading(x + 8, y + 4, title, BATTLE)]
    y += 26
    columns = (("Defender", battle["defender"]), ("Attacker", battle["attacker"]))
    rows = 0
    for i, (title, side) in enumerate(columns):
        cx = x + 4 + i * 146
        out.append(f'<text x="{cx}" y="{y + 12}" font-size="12" font-weight="bold">{title}: {side.capitalize()}</text>')
        blocks = [b for b in battle["blocks"] if b["side"] == side]
        for n, blk in enumerate(blocks):
            tile_x = cx - 2
            step = TILE_H + GAP
            out.append(tile(blk, tile_x, y + 18 + n * step, view, selection, reserve=blk.get("reserve", False)))
        rows = max(rows, len(blocks))
    y += 22 + rows * (TILE_H + GAP)
    if any(b.get("reserve") for b in battle["blocks"]):
        out.append(
            f'<text x="{x + 4}" y="{y + 10}" font-size="11" fill="{MUTED}">Dashed: reserve (fights from round 2)</text>'
        )
        y += 14
    if over:
        winner = " and ".join(r.capitalize() for r in view["active_roles"])
        out.append(f'<text x="{x + 4}" y="{y + 10}" font-size="12">{winner} won and may regroup.</text>')
        y += 16
    frame = (
        f'<rect x="{x - 2}" y="{top}" width="{SIDE_W + 4}" height="{y - top + 6}" rx="8" fill="#fff3e0" '
        f'stroke="{BATTLE}" stroke-width="3"/>'
    )
    return frame + "".join(out), y + 14


def pool(x: float, y: float, view: dict, role: str | None, selection: dict) -> tuple[str, int]:
    out = []
    counts = view.get("pool_counts", {})
    if role:
        blocks = [b for b in view["my_blocks"] if b["at"] == "pool"]
        out.append(heading(x, y, f"Your pool ({len(blocks)})"))
        y += 22
        for n, blk in enumerate(blocks):
            out.append(tile(blk, x + (n % 3) * (TILE_W + 6), y + (n // 3) * (TILE_H + GAP), view, selection))
        y += (TILE_H + GAP) * ((len(blocks) + 2) // 3) + 4
        waiting = [b["name"] for b in view["my_blocks"] if b["at"] == "minor"]
        if waiting:
            out.append(f'<text x="{x}" y="{y + 12}" font-size="12">Minors: {escape(", ".join(waiting))}</text>')
            y += 18
        other = "york" if role == "lancaster" else "lancaster"
        line = f"{other.capitalize()} pool: {counts.get(other, 0)} blocks"
    else:
        line = f"Pools: Lancaster {counts.get('lancaster', 0)}, York {counts.get('york', 0)} blocks"
    if view.get("dead_heirs"):
        line += " · Dead heirs: " + ", ".join(view["dead_heirs"])
    if view.get("prisoner"):
        line += " · Henry VI is a prisoner"
    out.append(f'<text x="{x}" y="{y + 12}" font-size="12" fill="{MUTED}">{escape(line)}</text>')
    return "".join(out), y + 24


def legend(x: float, y: float, enemy: str) -> tuple[str, int]:
    out = [heading(x, y, "Legend")]
    y += 24
    for colour in ("yellow", "blue", "red"):
        dash = ' stroke-dasharray="9,5"' if colour == "red" else ""
        out.append(
            f'<line x1="{x}" y1="{y + 6}" x2="{x + 30}" y2="{y + 6}" stroke="{BORDER_COLOURS[colour]}" '
            f'stroke-width="5"{dash}/><text x="{x + 38}" y="{y + 11}" font-size="12">{BORDER_TEXT[colour]}</text>'
        )
        y += 18
    sample = {"york": "York block", "lancaster": "Lancaster block"}
    for i, side in enumerate(("york", "lancaster")):
        fill, edge, text = HOUSE[side]
        out.append(
            f'<rect x="{x + i * 150}" y="{y}" width="140" height="17" rx="3" fill="{fill}" stroke="{edge}"/>'
            f'<text x="{x + i * 150 + 8}" y="{y + 13}" font-size="12" fill="{text}">{sample[side]}</text>'
        )
    y += 22
    out.append(f'<text x="{x}" y="{y + 11}" font-size="12">Name, rating (initiative, firepower), strength ●●○</text>')
    y += 18
    out.append(
        back(enemy, x, y - 4) + f'<text x="{x + 28}" y="{y + 12}" font-size="12">hidden enemy block</text>'
        f'<rect x="{x + 180}" y="{y}" width="6" height="14" fill="#d4a017"/>'
        f'<text x="{x + 192}" y="{y + 12}" font-size="12">King/Pretender</text>'
    )
    y += 30
    out.append(
        crown(x, y, "#d4a017")
        + f'<text x="{x + 18}" y="{y + 11}" font-size="12">crown</text>'
        + f'<rect x="{x + 66}" y="{y}" width="3" height="12" fill="#6a1b9a"/>'
        + f'<rect x="{x + 62}" y="{y + 3}" width="11" height="3" fill="#6a1b9a"/>'
        + f'<text x="{x + 78}" y="{y + 11}" font-size="12">cathedral</text>'
        + f'<rect x="{x + 144}" y="{y}" width="12" height="12" fill="#5d4037"/>'
        + f'<text x="{x + 160}" y="{y + 11}" font-size="12">city · n: supply limit</text>'
    )
    y += 18
    out.append(f'<text x="{x}" y="{y + 11}" font-size="12">IS/NS/EC: sea zones (bold: major port)</text>')
    y += 18
    out.append(
        f'<rect x="{x}" y="{y}" width="30" height="14" rx="3" fill="none" stroke="{SELECTED}" stroke-width="3"/>'
        f'<text x="{x + 38}" y="{y + 12}" font-size="12">your current selection</text>'
    )
    y += 20
    out.append(
        f'<line x1="{x}" y1="{y + 7}" x2="{x + 30}" y2="{y + 7}" stroke="{LAST_MOVE}" stroke-width="5"/>'
        f'<text x="{x + 38}" y="{y + 12}" font-size="12">last move · </text>'
        f'<rect x="{x + 120}" y="{y}" width="30" height="14" rx="3" fill="none" stroke="{BATTLE}" stroke-width="3"/>'
        f'<text x="{x + 156}" y="{y + 12}" font-size="12">battle / contested</text>'
    )
    return "".join(out), y + 22
