"""The Richard III board, drawn from a view only so it can never show hidden information.

A schematic map (areas as boxes, borders as coloured links) with the viewer's own blocks named and
the opponent's as counted backs, and a side column: campaign and turn, cards, the battle being
fought, the pool and a legend. Board targets (ARCHITECTURE 2.1): each area is ``area:<name>``, each
block the viewer may see (its own, enemy blocks revealed in battle) ``block:<id>``, each sea zone
``sea:<zone>``, each card in the viewer's hand ``card:<n>``; hidden blocks carry no target at all.
Plain SVG attributes only (no CSS, no glyph fonts), so cairosvg draws the same picture for the mail.
"""

from __future__ import annotations

from html import escape
from typing import Any, NamedTuple

from .board import area_target, block_target
from .data import AREAS, BORDERS, SEAS

# Box positions on a grid of columns (150 wide) and rows (100 high), roughly geographic.
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
POS = {area: (6 + col * 150, 70 + row * 100) for area, (col, row) in GRID.items()}
# Borders that would pass behind another box are drawn as curves bent this far sideways.
BEND = {("Caernarvon", "Pembroke"): -60, ("Leicester", "Middlesex"): 30, ("Rutland", "Essex"): -110}
SEA_LABELS = {"Irish Sea": (10, 76), "North Sea": (640, 190), "English Channel": (520, 985)}
SEA_SHORT = {"Irish Sea": "IS", "North Sea": "NS", "English Channel": "EC"}

SIDE_X, SIDE_W, MIN_H = 820, 300, 1030
BOX_W, HEAD_H, TILE_W, TILE_H, PIP = 140, 40, 136, 20, 5.5
BORDER_COLOURS = {"yellow": "#e0b000", "blue": "#2f6fd0", "red": "#d03030"}
BORDER_TEXT = {"yellow": "yellow: 4 blocks a turn", "blue": "blue: 3 blocks a turn", "red": "red: 2 blocks, stop"}
HOUSE = {  # fill, edge, text
    "york": ("#eef3fb", "#1f4e96", "#10305f"),
    "lancaster": ("#c0392b", "#6e1a12", "#ffffff"),
}
DOWN = ("#d9d9d9", "#777777", "#444444")
SELECTED, LAST_MOVE, BATTLE = "#ffb300", "#7b2cbf", "#e65100"
INK, MUTED, SEA_BG = "#222222", "#5a5a5a", "#cfe2f0"


def render(view: dict[str, Any]) -> str:
    role = view.get("role")
    battle = view.get("battle") or {}
    shown = {b["id"] for b in battle.get("blocks", [])}  # drawn in the battle panel, not on the map
    mine: dict[str, list[dict]] = {}
    for blk in view.get("my_blocks", []):
        if blk["at"] in AREAS and blk["id"] not in shown:
            mine.setdefault(blk["at"], []).append(blk)
    selection = view.get("selection") or {}
    boxes = layout({area: len(mine.get(area, [])) for area in AREAS})

    body: list[str] = [header(view)]
    body += [sea_label(sea) for sea in SEAS]
    body += [border(a, b, colour, boxes) for a, b, colour in BORDERS]
    for area, box in boxes.items():
        body.append(area_box(area, box, view, mine.get(area, []), selection, battle))
    body.append(selection_path(selection, boxes))
    body.append(last_move_arrow(view.get("last_move"), boxes))
    side, height = side_column(view, role, battle, selection)
    body.append(side)
    height = max(MIN_H, height, *(box.y + box.h + 12 for box in boxes.values()))
    width = SIDE_X + SIDE_W + 10
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" '
        f'height="{height}" font-family="sans-serif" font-size="13" fill="{INK}">'
        f'<rect x="0" y="0" width="{width}" height="{height}" fill="{SEA_BG}"/>'
        f'<rect x="{SIDE_X - 6}" y="0" width="{SIDE_W + 16}" height="{height}" fill="#f7f4ec"/>'
        + "".join(body)
        + "</svg>"
    )


# --- map -----------------------------------------------------------------------------------------


class Box(NamedTuple):
    x: float
    y: float
    h: float


def layout(tiles: dict[str, int]) -> dict[str, Box]:
    """Each area's box, tall enough for its tiles; a box that would cover one above moves down below it."""
    boxes: dict[str, Box] = {}
    for area in sorted(AREAS, key=lambda a: (POS[a][1], POS[a][0])):
        x, y = POS[area]
        h = HEAD_H + tiles[area] * TILE_H + (4 if tiles[area] else 0)
        moved = True
        while moved:  # below every placed box it would touch, re-checking after each move
            moved = False
            for other in boxes.values():
                if abs(other.x - x) < BOX_W + 6 and y < other.y + other.h + 8 and other.y < y + h + 8:
                    y, moved = other.y + other.h + 8, True
        boxes[area] = Box(x, y, h)
    return boxes


def anchor(box: Box) -> tuple[float, float]:
    """The point links and arrows attach to: the middle of the box's header."""
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


def sea_label(sea: str) -> str:
    x, y = SEA_LABELS[sea]
    w = len(sea) * 8 + 16
    return (
        f'<g data-target="sea:{escape(sea)}"><rect x="{x}" y="{y}" width="{w}" height="22" rx="11" '
        f'fill="#ffffff" fill-opacity="0.6" stroke="#5b86ad"/>'
        f'<text x="{x + w / 2}" y="{y + 15}" text-anchor="middle" font-size="13" font-style="italic" '
        f'fill="#23496e">{escape(sea)}</text></g>'
    )


def area_fill(facts: dict) -> str:
    if facts["exile_of"] == "york":
        return "#dfe7f4"
    if facts["exile_of"] == "lancaster":
        return "#f4dede"
    return "#e5eed2" if facts["wales"] else "#f6efd9"


def area_box(area: str, box: Box, view: dict, tiles: list[dict], selection: dict, battle: dict) -> str:
    x, y, height = box
    facts = AREAS[area]
    fighting = battle.get("area") == area
    contested = area in view.get("contested", [])
    stroke, width = (BATTLE, 4) if fighting else (("#ef6c00", 3) if contested else ("#4a4a4a", 1.2))
    dash = ' stroke-dasharray="6,3"' if facts["sea_only"] else ""
    out = [
        f'<g data-target="{escape(area_target(area))}"><title>{escape(area)}</title>'
        f'<rect x="{x}" y="{y}" width="{BOX_W}" height="{height}" rx="7" fill="{area_fill(facts)}" '
        f'stroke="{stroke}" stroke-width="{width}"{dash}/>'
    ]
    if selection.get("area") == area:
        out.append(
            f'<rect x="{x - 4}" y="{y - 4}" width="{BOX_W + 8}" height="{height + 8}" rx="10" fill="none" '
            f'stroke="{SELECTED}" stroke-width="4"/>'
        )
    out.append(f'<text x="{x + 7}" y="{y + 17}" font-size="14" font-weight="bold">{escape(area)}</text>')
    out.append(
        f'<text x="{x + BOX_W - 7}" y="{y + 16}" font-size="11" text-anchor="end" fill="{MUTED}">'
        f"{facts['limit']}</text>"
    )
    out.append(area_marks(x + 7, y + 24, facts))
    out.append(backs(x + BOX_W - 6, y + 24, area, view, battle))
    out.append("</g>")
    for i, blk in enumerate(tiles):
        out.append(tile(blk, x + 2, y + HEAD_H + i * TILE_H, view, selection))
    if fighting:
        out.append(
            f'<text x="{x + BOX_W / 2}" y="{y - 5}" text-anchor="middle" font-size="13" font-weight="bold" '
            f'fill="{BATTLE}">Battle (see right)</text>'
        )
    return "".join(out)


def area_marks(x: float, y: float, facts: dict) -> str:
    """Crown, cathedral and city marks, then the sea zones the area touches (bold: major port)."""
    out = []
    if facts["crown"]:
        out.append(crown(x, y, "#d4a017"))
        x += 17
    if facts["cathedral"]:
        out.append(
            f'<rect x="{x + 4}" y="{y}" width="3" height="12" fill="#6a1b9a"/>'
            f'<rect x="{x}" y="{y + 3}" width="11" height="3" fill="#6a1b9a"/>'
        )
        x += 15
    if facts["city"]:
        out.append(
            f'<path d="M{x},{y + 12} V{y + 2} H{x + 3} V{y} H{x + 5} V{y + 2} H{x + 7} V{y} H{x + 9} V{y + 2} '
            f'H{x + 12} V{y + 12} Z" fill="#5d4037"/>'
        )
        x += 16
    for sea in facts["seas"]:
        weight = ' font-weight="bold"' if facts["major"] else ""
        out.append(
            f'<rect x="{x}" y="{y}" width="20" height="12" rx="3" fill="#ffffff" stroke="#5b86ad"/>'
            f'<text x="{x + 10}" y="{y + 10}" font-size="9" text-anchor="middle" fill="#23496e"{weight}>'
            f"{SEA_SHORT[sea]}</text>"
        )
        x += 23
    return "".join(out)


def crown(x: float, y: float, colour: str) -> str:
    return (
        f'<path d="M{x},{y + 12} L{x},{y + 2} L{x + 4},{y + 6} L{x + 7},{y} L{x + 10},{y + 6} L{x + 14},{y + 2} '
        f'L{x + 14},{y + 12} Z" fill="{colour}" stroke="#8a6500" stroke-width="0.8"/>'
    )


def backs(right: float, y: float, area: str, view: dict, battle: dict) -> str:
    """Blocks the viewer cannot name, as counted backs (right-aligned)."""
    role = view.get("role")
    revealed = battle.get("blocks", []) if battle.get("area") == area else []
    out = []
    for side in ("york", "lancaster"):
        count = view["areas"][area][side] - sum(1 for b in revealed if b["side"] == side)
        if side == role:
            count = 0  # own blocks are named (on the map or in the battle panel)
        if count <= 0:
            continue
        fill, edge, _ = HOUSE[side]
        right -= 36
        out.append(
            f'<rect x="{right}" y="{y - 1}" width="14" height="14" rx="2" fill="{fill}" stroke="{edge}" '
            f'stroke-width="1.5"/><text x="{right + 17}" y="{y + 11}" font-size="12" font-weight="bold">'
            f"×{count}</text>"
        )
    return "".join(out)


def tile(blk: dict, x: float, y: float, view: dict, selection: dict, reserve: bool = False) -> str:
    """A block the viewer may see: name, rating and strength pips, in its house's colours."""
    fill, edge, text = DOWN if blk.get("down") else HOUSE[blk["side"]]
    name = blk["name"]
    bold = blk["kind"] == "heir"
    weight = ' font-weight="bold"' if bold else ""
    pips_x = x + TILE_W - 6 - (blk["max"] - 1) * PIP
    room = pips_x - 20 - (x + 8)  # the rating takes about 17 units left of the pips
    size = next((s for s in (13, 12, 11, 10.5, 10) if len(name) * s * (0.67 if bold else 0.61) <= room), 9.5)
    dash = ' stroke-dasharray="4,2"' if reserve else ""
    out = [
        f'<g data-target="{escape(block_target(blk["id"]))}">'
        f"<title>{escape(name)} {escape(blk['rating'])}, strength {blk['steps']} of {blk['max']}</title>"
        f'<rect x="{x}" y="{y}" width="{TILE_W}" height="{TILE_H - 2}" rx="3" fill="{fill}" stroke="{edge}" '
        f'stroke-width="1.2"{dash}/>'
    ]
    if name in (view.get("crowned") or {}).values() and blk["kind"] == "heir":
        out.append(f'<rect x="{x}" y="{y}" width="5" height="{TILE_H - 2}" fill="#d4a017"/>')
    out.append(f'<text x="{x + 8}" y="{y + 13}" font-size="{size}" fill="{text}"{weight}>{escape(name)}</text>')
    out.append(
        f'<text x="{pips_x - 5}" y="{y + 13}" font-size="9.5" font-weight="bold" text-anchor="end" '
        f'fill="{text}">{escape(blk["rating"])}</text>'
    )
    for i in range(blk["max"]):
        solid = i < blk["steps"]
        out.append(
            f'<circle cx="{pips_x + i * PIP}" cy="{y + 9}" r="2.5" fill="{text if solid else "none"}" '
            f'stroke="{text}" stroke-width="1"/>'
        )
    out.append("</g>")
    if selection.get("block") == blk["id"]:
        out.append(
            f'<rect x="{x - 3}" y="{y - 3}" width="{TILE_W + 6}" height="{TILE_H + 4}" rx="5" fill="none" '
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
        f'stroke-linejoin="round" opacity="0.9"/>'
    )


def last_move_arrow(move: dict | None, boxes: dict[str, Box]) -> str:
    if not move or move.get("to") not in AREAS:
        return ""
    to = boxes[move["to"]]
    if move.get("from") not in AREAS:  # a recruit: ring the area
        return (
            f'<rect x="{to.x - 3}" y="{to.y - 3}" width="{BOX_W + 6}" height="{to.h + 6}" rx="9" '
            f'fill="none" stroke="{LAST_MOVE}" stroke-width="3" stroke-dasharray="7,4"/>'
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
        f'<line x1="{fx:.0f}" y1="{fy:.0f}" x2="{ex:.0f}" y2="{ey:.0f}" stroke="{LAST_MOVE}" stroke-width="5" '
        f'stroke-linecap="round" opacity="0.85"/><polygon points="{points}" fill="{LAST_MOVE}"/>'
    )


# --- header and side column -------------------------------------------------------------------


def header(view: dict) -> str:
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
        phase += f" — {action['role'].capitalize()}, {action['ap']} AP" + (
            f", {action['event']}" if action["event"] else ""
        )
    title = f"Campaign {view['campaign']} of {view['last_campaign']} · Turn {view['turn']} of 7 · {phase}"
    return (
        f'<text x="12" y="26" font-size="19" font-weight="bold">{escape(title)}</text>'
        f'<text x="12" y="50" font-size="14" fill="#333">{escape(view.get("prompt", ""))}</text>'
    )


def side_column(view: dict, role: str | None, battle: dict, selection: dict) -> tuple[str, int]:
    x, y = SIDE_X, 12
    out = []
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
            f'<g{mark}><rect x="{x}" y="{y}" width="66" height="50" rx="5" fill="#6d4c41" stroke="#3e2723"/>'
            f'<text x="{x + 33}" y="{y + 30}" text-anchor="middle" font-size="11" fill="#fff">face down</text></g>'
        )
    ap, event = card_parts(label)
    out = [
        f'<g{mark}><rect x="{x}" y="{y}" width="66" height="50" rx="5" '
        f'fill="{"#fff3d6" if event else "#ffffff"}" stroke="#6d4c41" stroke-width="1.5"/>'
        f'<text x="{x + 33}" y="{y + 24}" text-anchor="middle" font-size="20" font-weight="bold">{ap}</text>'
    ]
    if event:
        out.append(
            f'<text x="{x + 33}" y="{y + 42}" text-anchor="middle" font-size="10.5" fill="#8d2c00">'
            f"{escape(event)}</text>"
        )
    else:
        out.append(f'<text x="{x + 33}" y="{y + 42}" text-anchor="middle" font-size="10" fill="{MUTED}">AP</text>')
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
            out.append(tile(blk, tile_x, y + 18 + n * TILE_H, view, selection, reserve=blk.get("reserve", False)))
        rows = max(rows, len(blocks))
    y += 22 + rows * TILE_H
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
            out.append(tile(blk, x + (n % 2) * 148, y + (n // 2) * TILE_H, view, selection))
        y += TILE_H * ((len(blocks) + 1) // 2) + 4
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
    fill, edge, _ = HOUSE[enemy]
    out.append(
        f'<rect x="{x}" y="{y}" width="14" height="14" rx="2" fill="{fill}" stroke="{edge}"/>'
        f'<text x="{x + 20}" y="{y + 12}" font-size="12">×3: hidden enemy blocks</text>'
        f'<rect x="{x + 180}" y="{y}" width="6" height="14" fill="#d4a017"/>'
        f'<text x="{x + 192}" y="{y + 12}" font-size="12">King/Pretender</text>'
    )
    y += 20
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
