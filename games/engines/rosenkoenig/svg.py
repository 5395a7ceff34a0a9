"""SVG picture of a Rosenkönig view: board, stones, crown, both open hands, heroes and piles.

Drawn from the view only, so it can never show the draw-pile order. White sits at the N edge
(top), Red at the S edge (bottom), as at the table (RK-SETUP-1).

Board targets (ARCHITECTURE §2.1): every card in a hand is ``card:<id>`` (a play or a hero with it),
and so is the cell it would move the crown to, drawn for the player to move; the draw pile is
``pile:draw``. Hands are open (RK-SETUP-4), so no target names anything hidden.
"""

from __future__ import annotations

from html import escape
from typing import Any

from .data import (
    BOARD_SIZE,
    CARDS,
    CENTRE,
    COLOUR_NAMES,
    DIRECTIONS,
    HEROES_PER_PLAYER,
    NUMERALS,
    cell_key,
    parse_cell,
)
from .rules import destination

DRAW_PILE_TARGET = "pile:draw"


def card_target(card: str) -> str:
    return f"card:{card}"


WIDTH = 600
CELL = 44
BOARD_X = (WIDTH - CELL * BOARD_SIZE) // 2
PANEL_H = 118
BOARD_Y = 40 + PANEL_H + 52
BOARD_END = BOARD_Y + CELL * BOARD_SIZE
HEIGHT = BOARD_END + 36 + PANEL_H + 58
FRAME_TOP = 24  # the thick N edge of the frame carries the printed crown
CARDS_X = 200
CARD_W, CARD_H = 62, 86
PILE_Y = BOARD_Y + 60

INK = "#3b2a1a"
PAPER = "#f5eedc"
GOLD = "#d4a017"
TRAIL = "#2f6fae"  # the last crown move
FILL = {"red": "#b3202f", "white": "#fbf8ef"}
EDGE = {"red": "#6e0f18", "white": "#8a8170"}
HOUSES = {"red": "Lancaster", "white": "York"}


def _n(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _text(
    x: float, y: float, text: str, size: int = 13, anchor: str = "middle", weight: str = "normal", fill: str = INK
) -> str:
    return (
        f'<text x="{_n(x)}" y="{_n(y)}" font-size="{size}" text-anchor="{anchor}" font-weight="{weight}" '
        f'fill="{fill}">{escape(text)}</text>'
    )


def _crown(cx: float, cy: float, size: float, fill: str = GOLD) -> str:
    """A three-pointed crown centred on (cx, cy)."""
    w, h = size, size * 0.75
    left, right, top, base = cx - w / 2, cx + w / 2, cy - h / 2, cy + h / 2
    points = [
        (left, base),
        (left, top + h * 0.2),
        (cx - w * 0.25, top + h * 0.55),
        (cx, top),
        (cx + w * 0.25, top + h * 0.55),
        (right, top + h * 0.2),
        (right, base),
    ]
    path = " ".join(f"{_n(x)},{_n(y)}" for x, y in points)
    return (
        f'<polygon points="{path}" fill="{fill}" stroke="#7a5a00" stroke-width="1.5" stroke-linejoin="round"/>'
        f'<circle cx="{_n(cx)}" cy="{_n(top)}" r="{_n(size * 0.07)}" fill="{fill}" stroke="#7a5a00"/>'
    )


def _sun(cx: float, cy: float) -> str:
    rays = []
    for i in range(12):
        # Precomputed unit vectors for 30° steps keep the output free of trigonometry noise.
        ux, uy = _UNIT_30[i]
        rays.append(
            f'<line x1="{_n(cx + ux * 9)}" y1="{_n(cy + uy * 9)}" x2="{_n(cx + ux * 17)}" y2="{_n(cy + uy * 17)}"/>'
        )
    return (
        f'<g stroke="#e0a526" stroke-width="2" stroke-linecap="round">{"".join(rays)}</g>'
        f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="7" fill="#f2c84b" stroke="#e0a526"/>'
    )


_UNIT_30 = [
    (1.0, 0.0),
    (0.866, 0.5),
    (0.5, 0.866),
    (0.0, 1.0),
    (-0.5, 0.866),
    (-0.866, 0.5),
    (-1.0, 0.0),
    (-0.866, -0.5),
    (-0.5, -0.866),
    (0.0, -1.0),
    (0.5, -0.866),
    (0.866, -0.5),
]


def _cell_centre(row: int, col: int) -> tuple[float, float]:
    return BOARD_X + (col - 0.5) * CELL, BOARD_Y + (row - 0.5) * CELL


def _board(view: dict[str, Any]) -> list[str]:
    out = []
    size = CELL * BOARD_SIZE
    out.append(
        f'<rect x="{BOARD_X - 6}" y="{BOARD_Y - FRAME_TOP}" width="{size + 12}" height="{size + 6 + FRAME_TOP}" '
        f'rx="6" fill="#8b5a2b" stroke="{INK}" stroke-width="1.5"/>'
    )
    for row in range(1, BOARD_SIZE + 1):
        for col in range(1, BOARD_SIZE + 1):
            shade = "#eadbb8" if (row + col) % 2 == 0 else "#e2d0a8"
            if (row, col) == CENTRE:
                shade = "#f3dc9a"
            x, y = BOARD_X + (col - 1) * CELL, BOARD_Y + (row - 1) * CELL
            out.append(
                f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{shade}" stroke="#a98b5c" '
                f'stroke-width="0.8"/>'
            )
    # Coordinates: rows 1-9 from the crown edge, columns 1-9 from the left (W).
    for i in range(1, BOARD_SIZE + 1):
        cx, cy = _cell_centre(i, i)
        out.append(_text(BOARD_X - 16, cy + 4, str(i), 12))
        out.append(_text(BOARD_X + size + 16, cy + 4, str(i), 12))
        out.append(_text(cx, BOARD_Y - FRAME_TOP - 6, str(i), 12))
        out.append(_text(cx, BOARD_END + 21, str(i), 12))
    # The board crown printed at the N edge (RK-COMP-1), and a compass mark.
    out.append(_crown(BOARD_X + size / 2, BOARD_Y - FRAME_TOP / 2, 18, "#e8c766"))
    out.append(_text(BOARD_X + size + 22, BOARD_Y - FRAME_TOP - 4, "▲N", 11, weight="bold"))
    out.append(_sun(*_cell_centre(*CENTRE)))
    for key, owner in sorted(view["board"].items()):
        cx, cy = _cell_centre(*parse_cell(key))
        out.append(
            f'<circle cx="{_n(cx)}" cy="{_n(cy + 1.5)}" r="17" fill="#00000033"/>'
            f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="17" fill="{FILL[owner]}" stroke="{EDGE[owner]}" stroke-width="2"/>'
            f"{_rose(cx, cy, owner)}"
        )
    out += _last_move(view)
    crow, ccol = view["crown"]
    cx, cy = _cell_centre(crow, ccol)
    out += _destinations(view)
    out.append(
        f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="20" fill="none" stroke="{GOLD}" stroke-width="2.5"/>'
        + _crown(cx, cy - 1, 20)
    )
    return out


def _last_move(view: dict[str, Any]) -> list[str]:
    """An arrow from where the crown stood to where the last play or hero moved it."""
    moved = [e for e in view["log"] if e.get("action") in ("play", "hero")]
    if not moved:
        return []
    card, to = moved[-1]["card"], moved[-1]["to"]
    d_row, d_col = DIRECTIONS[CARDS[card]["direction"]]
    distance = CARDS[card]["distance"]
    x1, y1 = _cell_centre(to[0] - d_row * distance, to[1] - d_col * distance)
    x2, y2 = _cell_centre(*to)
    return [
        f'<g class="last-move" stroke="{TRAIL}" fill="none" stroke-width="3" stroke-linecap="round" opacity="0.8">'
        f'<circle cx="{_n(x1)}" cy="{_n(y1)}" r="6" fill="{TRAIL}"/>'
        f'<line x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" y2="{_n(y2)}" stroke-dasharray="6 4"/>'
        f'<rect x="{_n(x2 - CELL / 2 + 2)}" y="{_n(y2 - CELL / 2 + 2)}" width="{CELL - 4}" height="{CELL - 4}" rx="4"/>'
        "</g>"
    ]


def _destinations(view: dict[str, Any]) -> list[str]:
    """For the player to move, the cell each playable card would move the crown to (same target as the card)."""
    role = view.get("role")
    if role not in view["active_roles"]:
        return []
    out = []
    for card in view["hands"][role]:
        if not _playable(view, role, card):
            continue
        target = destination(view["crown"], card)
        assert target is not None  # _playable checked it
        cx, cy = _cell_centre(*target)
        out.append(
            f'<g data-target="{card_target(card)}"><rect x="{_n(cx - CELL / 2 + 3)}" y="{_n(cy - CELL / 2 + 3)}" '
            f'width="{CELL - 6}" height="{CELL - 6}" rx="5" fill="#ffffff" fill-opacity="0.01" stroke="{EDGE[role]}" '
            f'stroke-width="1.5" stroke-dasharray="4 3"/>'
            + _text(cx, cy + CELL / 2 - 6, card, 9, weight="bold", fill=EDGE[role])
            + "</g>"
        )
    return out


def _rose(cx: float, cy: float, owner: str) -> str:
    """A small five-petal rose on a stone."""
    petal = "#e8c4c8" if owner == "red" else "#d9cfc0"
    petals = "".join(
        f'<circle cx="{_n(cx + dx * 5)}" cy="{_n(cy + dy * 5)}" r="4.2" fill="none" stroke="{petal}" '
        f'stroke-width="1.2"/>'
        for dx, dy in ((0, -1), (0.951, -0.309), (0.588, 0.809), (-0.588, 0.809), (-0.951, -0.309))
    )
    return petals + f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="2.2" fill="{GOLD}"/>'


def _card(x: float, y: float, card: str, owner: str | None, target: bool = True) -> str:
    """One open power card: the sword arrow points in its board direction, the numeral sits on a crown.
    A card in a hand is a target; the top of the discard pile is not."""
    w, h = CARD_W, CARD_H
    info = CARDS[card]
    d_row, d_col = DIRECTIONS[info["direction"]]
    scale = 0.7071 if d_row and d_col else 1.0
    cx, cy = x + w / 2, y + 58
    ex, ey = cx + d_col * scale * 17, cy + d_row * scale * 17
    sx, sy = cx - d_col * scale * 12, cy - d_row * scale * 12
    # Arrow head: two short strokes back from the tip.
    ux, uy = d_col * scale, d_row * scale
    hx1, hy1 = ex - ux * 7 - uy * 5, ey - uy * 7 + ux * 5
    hx2, hy2 = ex - ux * 7 + uy * 5, ey - uy * 7 - ux * 5
    mark = f' data-target="{card_target(card)}"' if target else ""
    return (
        f'<g{mark}><rect x="{_n(x)}" y="{_n(y)}" width="{w}" height="{h}" rx="6" fill="#fffaf0" '
        f'stroke="{EDGE[owner] if owner else INK}" stroke-width="2"/>'
        + _crown(cx, y + 13, 18, "#f0d27a")
        + _text(cx, y + 36, NUMERALS[info["distance"]], 14, weight="bold")
        + f'<line x1="{_n(sx)}" y1="{_n(sy)}" x2="{_n(ex)}" y2="{_n(ey)}" stroke="#566573" stroke-width="3.5" '
        f'stroke-linecap="round"/>'
        f'<polyline points="{_n(hx1)},{_n(hy1)} {_n(ex)},{_n(ey)} {_n(hx2)},{_n(hy2)}" fill="none" '
        f'stroke="#566573" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>'
        + _text(x + w - 5, y + h - 6, info["direction"], 10, anchor="end", fill="#7b6a58")
        + "</g>"
    )


def _playable(view: dict[str, Any], role: str, card: str) -> bool:
    target = destination(view["crown"], card)
    if target is None:
        return False
    owner = view["board"].get(cell_key(*target))
    return owner is None or (owner != role and view["heroes"][role] > 0)


def _panel(view: dict[str, Any], role: str, y: float) -> list[str]:
    active = role in view["active_roles"]
    out = [
        f'<rect x="8" y="{_n(y)}" width="{WIDTH - 16}" height="{PANEL_H}" rx="10" fill="#efe4c8" '
        f'stroke="{GOLD if active else "#c9b78f"}" stroke-width="{4 if active else 1.5}"/>',
        f'<circle cx="30" cy="{_n(y + 20)}" r="9" fill="{FILL[role]}" stroke="{EDGE[role]}" stroke-width="2"/>',
        _text(46, y + 25, f"{COLOUR_NAMES[role]} ({HOUSES[role]})", 15, anchor="start", weight="bold"),
    ]
    stats = f"{view['stones'][role]} stones · {view['scores'][role]} points"
    out.append(_text(46, y + 44, stats, 12, anchor="start"))
    mine = view.get("role") == role
    if active:
        out.append(
            _text(46, y + 63, "▶ your move" if mine else "▶ to move", 13, anchor="start", weight="bold", fill="#9a6b00")
        )
    elif mine:
        out.append(_text(46, y + 63, "you", 12, anchor="start", fill="#9a6b00"))
    # Heroes: filled shields for those left, outlines for the used ones.
    left = view["heroes"][role]
    out.append(_text(22, y + 84, "Heroes", 11, anchor="start"))
    for i in range(HEROES_PER_PLAYER):
        hx, hy = 66 + i * 20, y + 74
        # Heroes left are solid; used ones are faint dashed outlines.
        look = (
            f'fill="{FILL[role]}" stroke="{EDGE[role]}"'
            if i < left
            else 'fill="none" stroke="#b9a780" stroke-dasharray="2 2"'
        )
        out.append(f'<path d="M{hx},{hy} h14 v9 q0,8 -7,12 q-7,-4 -7,-12 z" {look} stroke-width="1.5"/>')
    out.append(_text(22, y + 108, f"{left} of {HEROES_PER_PLAYER} heroes left", 10, anchor="start"))
    hand = view["hands"][role]
    for i, card in enumerate(hand):
        out.append(_card(CARDS_X + i * 70, y + 24, card, role))
        if active and not _playable(view, role, card):
            # Dim the cards the player to move cannot play from here (off the board, own stone, no hero).
            out.append(
                f'<rect x="{CARDS_X + i * 70}" y="{_n(y + 24)}" width="62" height="86" rx="6" fill="{PAPER}" '
                f'fill-opacity="0.6"/>'
            )
    for i in range(len(hand), 5):
        out.append(
            f'<rect x="{CARDS_X + i * 70}" y="{_n(y + 24)}" width="62" height="86" rx="6" fill="none" '
            f'stroke="#c9b78f" stroke-dasharray="4 3"/>'
        )
    return out


def _piles(view: dict[str, Any]) -> list[str]:
    """The draw pile (face down, a target: drawing from it) right of the board, the discard pile left."""
    x = BOARD_X + CELL * BOARD_SIZE + 30
    count = view["draw_pile_count"]
    out = [
        _text(x + CARD_W / 2, PILE_Y - 8, "Draw pile", 11, weight="bold"),
        f'<g data-target="{DRAW_PILE_TARGET}">',
    ]
    for i in (2, 1, 0)[: max(1, min(3, count))]:
        out.append(
            f'<rect x="{x + i * 2}" y="{PILE_Y - i * 2}" width="{CARD_W}" height="{CARD_H}" rx="6" fill="#7a2630" '
            f'stroke="{GOLD}" stroke-width="1.5"/>'
        )
    out.append(_crown(x + CARD_W / 2, PILE_Y + CARD_H / 2 - 8, 22, "#e8c766"))
    out.append(_text(x + CARD_W / 2, PILE_Y + CARD_H - 12, f"{count} cards", 11, fill="#fbf8ef"))
    out.append("</g>")
    discard = view["discard"]
    out.append(_text(10 + CARD_W / 2, PILE_Y - 8, "Discard", 11, weight="bold"))
    if discard:
        out.append(_card(10, PILE_Y, discard[-1], None, target=False))
    else:
        out.append(
            f'<rect x="10" y="{PILE_Y}" width="{CARD_W}" height="{CARD_H}" rx="6" fill="none" stroke="#c9b78f" '
            f'stroke-dasharray="4 3"/>'
        )
    out.append(_text(10 + CARD_W / 2, PILE_Y + CARD_H + 14, f"{len(discard)} cards", 11))
    return out


def render(view: dict[str, Any]) -> str:
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" '
        f'height="{HEIGHT}" font-family="Georgia, \'Times New Roman\', serif">',
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="{PAPER}"/>',
    ]
    result = view.get("result")
    if result:
        winner = result["winner"]
        title = f"{COLOUR_NAMES[winner]} wins" if winner else "Draw"
        title += f" — Red {result['scores']['red']}, White {result['scores']['white']}"
    else:
        title = f"Rosenkönig — {COLOUR_NAMES[view['turn']]} to move"
    out.append(_text(WIDTH / 2, 28, title, 18, weight="bold"))
    out += _panel(view, "white", 40)
    out += _board(view)
    out += _panel(view, "red", BOARD_END + 34)
    out += _piles(view)
    discard = view["discard"]
    top = f" (top: {CARDS[discard[-1]]['label']})" if discard else ""
    footer = (
        f"Supply: {view['supply']} stones · Draw pile: {view['draw_pile_count']} cards · Discard: {len(discard)}{top}"
    )
    out.append(_text(WIDTH / 2, HEIGHT - 32, footer, 13))
    if view["log"]:
        last = view["log"][-1]["text"]
        if len(last) > 90:
            last = last[:89] + "…"
        out.append(_text(WIDTH / 2, HEIGHT - 12, last, 12, fill="#6b5a48"))
    out.append("</svg>")
    return "".join(out)
