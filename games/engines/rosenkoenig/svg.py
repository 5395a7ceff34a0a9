"""Pictures of a Rosenkönig view: the map (board, stones, crown, piles), the hands as HTML panels, and
the one picture for mail that shows both.

Drawn from the view only, so they can never show the draw-pile order. White sits at the N edge, Red at
the S edge (RK-SETUP-1); each player sees the board from their own side (White's view is turned round),
spectators from Red's.

Board targets (ARCHITECTURE §2.1): every card in a hand is ``card:<id>`` (a play or a hero with it),
and so is the cell it would move the crown to, drawn for the player to move; the draw pile is
``pile:draw``; every cell is ``cell:<row>-<col>`` (never a choice: it names where events happened).
Hands are open (RK-SETUP-4), so no target names anything hidden.
"""

from __future__ import annotations

from html import escape
from typing import Any

from ..base import msg, name, plural
from .board import DRAW_PILE_TARGET, card_target, cell_key, cell_target, destination, parse_cell
from .data.cards import CARDS
from .data.components import BOARD_SIZE, CENTRE, DIRECTIONS, HEROES_PER_PLAYER
from .texts import text as tr

CELL = 44
BOARD_SIZE_PX = CELL * BOARD_SIZE
SIDE = 200  # the columns left and right of the board: seats and discard, draw pile
MAP_W = SIDE + BOARD_SIZE_PX + SIDE
BOARD_X = SIDE
BOARD_Y = 64
BOARD_END = BOARD_Y + BOARD_SIZE_PX
MAP_H = BOARD_END + 60  # room for the frame's N edge at either end
FRAME = 24  # the thick N edge of the frame carries the printed crown
CARD_W, CARD_H = 62, 86
PILE_Y = 160
PANEL_H = 118  # a hand in the mail picture
CARDS_X = 290  # room left of the cards for "Красная Роза (Ланкастер)"

INK = "#3b2a1a"
PAPER = "#f5eedc"
GOLD = "#d4a017"
TRAIL = "#2f6fae"  # the last crown move
FILL = {"red": "#b3202f", "white": "#fbf8ef"}
EDGE = {"red": "#6e0f18", "white": "#8a8170"}


def _side(view: dict[str, Any], role: str) -> str:
    return tr(view, name(f"side:{role}"))


def _who(view: dict[str, Any], role: str) -> str:
    """ "Red (Lancaster)" / "Красная Роза (Ланкастер)"."""
    return tr(view, msg("{side} ({house})", side=name(f"side:{role}"), house=name(f"house:{role}")))


def _card(view: dict[str, Any], card: str) -> str:
    return tr(view, name(f"card:{card}"))


def _short(view: dict[str, Any], card: str) -> str:
    """A card in a few letters for a cell: its direction and distance ("NE3" / "СВ3")."""
    return tr(view, name(f"dir:{CARDS[card]['direction']}")) + str(CARDS[card]["distance"])


def _stones_points(view: dict[str, Any], role: str) -> str:
    stones, points = view["stones"][role], view["scores"][role]
    return (
        tr(view, plural("{n} stone", "{n} stones", stones))
        + " · "
        + tr(view, plural("{n} point", "{n} points", points))
    )


def bottom_role(view: dict[str, Any]) -> str:
    """Whose side of the table is at the bottom of the picture: the viewer's (a spectator sees Red's)."""
    return "white" if view.get("role") == "white" else "red"


def _n(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _text(
    x: float, y: float, text: str, size: int = 14, anchor: str = "middle", weight: str = "normal", fill: str = INK
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


def _cell_centre(row: int, col: int, flip: bool) -> tuple[float, float]:
    """Where a cell is drawn; ``flip`` turns the board round for White (row 1, the N edge, at the bottom)."""
    if flip:
        row, col = BOARD_SIZE + 1 - row, BOARD_SIZE + 1 - col
    return BOARD_X + (col - 0.5) * CELL, BOARD_Y + (row - 0.5) * CELL


def _arrow(direction: str, flip: bool) -> tuple[int, int]:
    """A direction as drawn (rows down, columns right), turned round with the board for White."""
    d_row, d_col = DIRECTIONS[direction]
    return (-d_row, -d_col) if flip else (d_row, d_col)


def _board(view: dict[str, Any], flip: bool) -> list[str]:
    size = BOARD_SIZE_PX
    # The frame is thick on the N edge, which carries the printed crown (RK-COMP-1).
    north_y = BOARD_END if flip else BOARD_Y - FRAME
    out = [
        f'<rect x="{BOARD_X - 6}" y="{BOARD_Y - 6}" width="{size + 12}" height="{size + 12}" rx="6" '
        f'fill="#8b5a2b" stroke="{INK}" stroke-width="1.5"/>',
        f'<rect x="{BOARD_X - 6}" y="{north_y}" width="{size + 12}" height="{FRAME + 6}" rx="6" fill="#8b5a2b" '
        f'stroke="{INK}" stroke-width="1.5"/>',
    ]
    for row in range(1, BOARD_SIZE + 1):
        for col in range(1, BOARD_SIZE + 1):
            shade = "#eadbb8" if (row + col) % 2 == 0 else "#e2d0a8"
            if (row, col) == CENTRE:
                shade = "#f3dc9a"
            cx, cy = _cell_centre(row, col, flip)
            out.append(
                f'<rect data-target="{cell_target(row, col)}" x="{_n(cx - CELL / 2)}" y="{_n(cy - CELL / 2)}" '
                f'width="{CELL}" height="{CELL}" fill="{shade}" stroke="#a98b5c" stroke-width="0.8">'
                f"<title>{escape(_cell_title(view, row, col))}</title></rect>"
            )
    # Coordinates: rows 1-9 from the crown edge, columns 1-9 from the W edge, wherever the board is turned.
    top_y = BOARD_Y - FRAME - 10 if not flip else BOARD_Y - 12
    bottom_y = BOARD_END + 24 if not flip else BOARD_END + FRAME + 22
    for i in range(1, BOARD_SIZE + 1):
        cx, cy = _cell_centre(i, i, flip)
        out.append(_text(BOARD_X - 20, cy + 5, str(i)))
        out.append(_text(BOARD_X + size + 20, cy + 5, str(i)))
        out.append(_text(cx, top_y, str(i)))
        out.append(_text(cx, bottom_y, str(i)))
    out.append(_crown(BOARD_X + size / 2, north_y + FRAME / 2 + (6 if flip else 0), 18, "#e8c766"))
    compass = tr(view, name("dir:N")) + (" ▼" if flip else " ▲")
    out.append(_text(BOARD_X + size - 4, north_y + FRAME / 2 + (11 if flip else 5), compass, 13, "end", "bold", PAPER))
    out.append(_sun(*_cell_centre(*CENTRE, flip)))
    for key, owner in sorted(view["board"].items()):
        cx, cy = _cell_centre(*parse_cell(key), flip)
        # Drawn over its cell, so it says what the cell says (the pointer is on the stone, not the cell).
        out.append(
            f"<g><title>{escape(_cell_title(view, *parse_cell(key)))}</title>"
            f'<circle cx="{_n(cx)}" cy="{_n(cy + 1.5)}" r="17" fill="#00000033"/>'
            f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="17" fill="{FILL[owner]}" stroke="{EDGE[owner]}" stroke-width="2"/>'
            f"{_rose(cx, cy, owner)}</g>"
        )
    out += _last_move(view, flip)
    cx, cy = _cell_centre(*view["crown"], flip)
    out += _destinations(view, flip)
    out.append(
        f"<g><title>{escape(_cell_title(view, *view['crown']))}</title>"
        f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="20" fill="none" stroke="{GOLD}" stroke-width="2.5"/>'
        + _crown(cx, cy - 1, 20)
        + "</g>"
    )
    return out


def _cell_title(view: dict[str, Any], row: int, col: int) -> str:
    """What stands on a cell, in words: its stone (whose), the crown, the centre (all public, RK A11)."""
    parts = []
    owner = view["board"].get(f"{row},{col}")
    if owner:
        parts.append(tr(view, STONE_TEXTS[owner]))
    if [row, col] == list(view["crown"]):
        parts.append(tr(view, "the crown stands here"))
    if (row, col) == CENTRE:
        parts.append(tr(view, "the centre of the board"))
    where = tr(view, msg("Row {row}, column {col}", row=row, col=col))
    return where + (": " + "; ".join(parts) if parts else "")


STONE_TEXTS = {"red": "a red stone (Lancaster)", "white": "a white stone (York)"}


def _last_move(view: dict[str, Any], flip: bool) -> list[str]:
    """An arrow from where the crown stood to where the last play or hero moved it."""
    moved = [e for e in view["log"] if e.get("action") in ("play", "hero")]
    if not moved:
        return []
    card, to = moved[-1]["card"], moved[-1]["to"]
    d_row, d_col = DIRECTIONS[CARDS[card]["direction"]]
    distance = CARDS[card]["distance"]
    x1, y1 = _cell_centre(to[0] - d_row * distance, to[1] - d_col * distance, flip)
    x2, y2 = _cell_centre(*to, flip)
    return [
        f'<g class="last-move" stroke="{TRAIL}" fill="none" stroke-width="3" stroke-linecap="round" opacity="0.8">'
        f'<circle cx="{_n(x1)}" cy="{_n(y1)}" r="6" fill="{TRAIL}"/>'
        f'<line x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" y2="{_n(y2)}" stroke-dasharray="6 4"/>'
        f'<rect x="{_n(x2 - CELL / 2 + 2)}" y="{_n(y2 - CELL / 2 + 2)}" width="{CELL - 4}" height="{CELL - 4}" rx="4"/>'
        "</g>"
    ]


def _destinations(view: dict[str, Any], flip: bool) -> list[str]:
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
        cx, cy = _cell_centre(*target, flip)
        out.append(
            f'<g data-target="{card_target(card)}"><title>{escape(_card_title(view, role, card))}</title>'
            f'<rect x="{_n(cx - CELL / 2 + 3)}" y="{_n(cy - CELL / 2 + 3)}" '
            f'width="{CELL - 6}" height="{CELL - 6}" rx="5" fill="#ffffff" fill-opacity="0.01" stroke="{EDGE[role]}" '
            f'stroke-width="1.5" stroke-dasharray="4 3"/>'
            + _text(cx, cy + CELL / 2 - 6, _short(view, card), 12, weight="bold", fill=EDGE[role])
            + "</g>"
        )
    return out


def _card_title(view: dict[str, Any], role: str, card: str) -> str:
    """What a card does from here, for its tooltip."""
    label = name(f"card:{card}")
    target = destination(view["crown"], card)
    if target is None:
        return tr(view, msg("{card}: would move the crown off the board", card=label))
    owner = view["board"].get(cell_key(*target))
    row, col = target
    if owner is None:
        return tr(view, msg("{card}: crown to row {row}, column {col}, place a stone", card=label, row=row, col=col))
    if owner == role:
        return tr(view, msg("{card}: row {row}, column {col} holds your own stone", card=label, row=row, col=col))
    return tr(
        view, msg("{card}: crown to row {row}, column {col}, flip the stone with a hero", card=label, row=row, col=col)
    )


def _rose(cx: float, cy: float, owner: str) -> str:
    """A small five-petal rose on a stone."""
    petal = "#e8c4c8" if owner == "red" else "#d9cfc0"
    petals = "".join(
        f'<circle cx="{_n(cx + dx * 5)}" cy="{_n(cy + dy * 5)}" r="4.2" fill="none" stroke="{petal}" '
        f'stroke-width="1.2"/>'
        for dx, dy in ((0, -1), (0.951, -0.309), (0.588, 0.809), (-0.588, 0.809), (-0.951, -0.309))
    )
    return petals + f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="2.2" fill="{GOLD}"/>'


def _card_face(view: dict[str, Any], x: float, y: float, card: str, owner: str | None, flip: bool) -> str:
    """One open power card: the sword arrow points in its board direction as the viewer sees the board,
    the numeral sits on a crown."""
    w, h = CARD_W, CARD_H
    info = CARDS[card]
    d_row, d_col = _arrow(info["direction"], flip)
    scale = 0.7071 if d_row and d_col else 1.0
    cx, cy = x + w / 2, y + 56
    ex, ey = cx + d_col * scale * 17, cy + d_row * scale * 17
    sx, sy = cx - d_col * scale * 12, cy - d_row * scale * 12
    # Arrow head: two short strokes back from the tip.
    ux, uy = d_col * scale, d_row * scale
    hx1, hy1 = ex - ux * 7 - uy * 5, ey - uy * 7 + ux * 5
    hx2, hy2 = ex - ux * 7 + uy * 5, ey - uy * 7 - ux * 5
    return (
        f'<rect x="{_n(x)}" y="{_n(y)}" width="{w}" height="{h}" rx="6" fill="#fffaf0" '
        f'stroke="{EDGE[owner] if owner else INK}" stroke-width="2"/>'
        + _crown(cx, y + 13, 18, "#f0d27a")
        + _text(cx, y + 36, info["numeral"], 15, weight="bold")
        + f'<line x1="{_n(sx)}" y1="{_n(sy)}" x2="{_n(ex)}" y2="{_n(ey)}" stroke="#566573" stroke-width="3.5" '
        f'stroke-linecap="round"/>'
        f'<polyline points="{_n(hx1)},{_n(hy1)} {_n(ex)},{_n(ey)} {_n(hx2)},{_n(hy2)}" fill="none" '
        f'stroke="#566573" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>'
        + _text(x + w - 4, y + h - 5, tr(view, name(f"dir:{info['direction']}")), 12, "end", "bold", "#6b5a48")
    )


def _playable(view: dict[str, Any], role: str, card: str) -> bool:
    target = destination(view["crown"], card)
    if target is None:
        return False
    owner = view["board"].get(cell_key(*target))
    return owner is None or (owner != role and view["heroes"][role] > 0)


def _piles(view: dict[str, Any]) -> list[str]:
    """The draw pile (face down, a target: drawing from it) right of the board, the discard pile left,
    with the supply of stones under it."""
    x = BOARD_X + BOARD_SIZE_PX + (SIDE - CARD_W) / 2 + 6
    count = view["draw_pile_count"]
    out = [
        _text(x + CARD_W / 2, PILE_Y - 10, tr(view, "Draw pile"), weight="bold"),
        f'<g data-target="{DRAW_PILE_TARGET}"><title>'
        + escape(tr(view, plural("Draw a power card ({n} in the pile)", "Draw a power card ({n} in the pile)", count)))
        + "</title>",
    ]
    for i in (2, 1, 0)[: max(1, min(3, count))]:
        out.append(
            f'<rect x="{_n(x + i * 2)}" y="{PILE_Y - i * 2}" width="{CARD_W}" height="{CARD_H}" rx="6" '
            f'fill="#7a2630" stroke="{GOLD}" stroke-width="1.5"/>'
        )
    out.append(_crown(x + CARD_W / 2, PILE_Y + CARD_H / 2 - 10, 22, "#e8c766"))
    out.append("</g>")
    in_pile = plural("Draw pile: {n} card", "Draw pile: {n} cards", count)
    out.append(_text(x + CARD_W / 2, PILE_Y + CARD_H + 20, tr(view, in_pile), 13))
    discard = view["discard"]
    dx = (SIDE - CARD_W) / 2 - 6
    out.append(_text(dx + CARD_W / 2, PILE_Y - 10, tr(view, "Discard"), weight="bold"))
    if discard:
        top = tr(view, msg("Discard pile, top card {card}", card=name(f"card:{discard[-1]}")))
        out.append(f"<g><title>{escape(top)}</title>")
        out.append(_card_face(view, dx, PILE_Y, discard[-1], None, view.get("role") == "white") + "</g>")
    else:
        out.append(
            f'<rect x="{_n(dx)}" y="{PILE_Y}" width="{CARD_W}" height="{CARD_H}" rx="6" fill="none" stroke="#c9b78f" '
            f'stroke-dasharray="4 3"/>'
        )
    out.append(
        _text(dx + CARD_W / 2, PILE_Y + CARD_H + 20, tr(view, plural("{n} card", "{n} cards", len(discard))), 13)
    )
    supply_y = PILE_Y + CARD_H + 70
    out.append(_text(dx + CARD_W / 2, supply_y, tr(view, "Supply"), weight="bold"))
    out.append(
        f'<circle cx="{_n(dx + CARD_W / 2 - 24)}" cy="{supply_y + 20}" r="9" fill="{FILL["red"]}" '
        f'stroke="{EDGE["red"]}"/>'
        f'<circle cx="{_n(dx + CARD_W / 2 - 14)}" cy="{supply_y + 20}" r="9" fill="{FILL["white"]}" '
        f'stroke="{EDGE["white"]}"/>'
    )
    out.append(_text(dx + CARD_W / 2 + 14, supply_y + 25, f"{view['supply']}", 15, weight="bold"))
    left = plural("{n} stone left", "{n} stones left", view["supply"])
    out.append(_text(dx + CARD_W / 2, supply_y + 50, tr(view, left), 13))
    return out


def _seat(view: dict[str, Any], role: str, y: float) -> list[str]:
    """Who sits at this edge of the board (their house, stones, points, and whether they are to move), in
    the left column level with that edge: one short line each, so the Russian fits the column too."""
    x = SIDE / 2
    house = tr(view, name(f"dynasty:{role}"))
    if view.get("role") == role:
        house = tr(view, msg("{house} · you", house=house))
    out = [
        f'<circle cx="20" cy="{_n(y - 5)}" r="8" fill="{FILL[role]}" stroke="{EDGE[role]}" stroke-width="2"/>',
        _text(34, y, _side(view, role), 15, "start", "bold"),
        _text(x, y + 20, house, 13),
        _text(x, y + 40, _stones_points(view, role), 14),
    ]
    if role in view["active_roles"]:
        out.append(_text(x, y + 60, tr(view, "▶ to move"), 14, weight="bold", fill="#9a6b00"))
    return out


def _result(view: dict[str, Any]) -> list[str]:
    """The winner (or a draw) and the score under the draw pile, a short line each (a finished game)."""
    result = view["result"]
    winner = result["winner"]
    x, y = BOARD_X + BOARD_SIZE_PX + SIDE / 2, PILE_Y + CARD_H + 70
    score = f"{result['scores']['red']}–{result['scores']['white']}"
    lines = [tr(view, "Winner"), _side(view, winner)] if winner else [tr(view, "Draw")]
    return [_text(x, y + 22 * i, line, 15, weight="bold") for i, line in enumerate([*lines, score])]


def _map(view: dict[str, Any]) -> list[str]:
    """The board between the two seats, the piles beside it (map coordinates 0..MAP_W, 0..MAP_H)."""
    flip = view.get("role") == "white"
    bottom = bottom_role(view)
    top = "red" if bottom == "white" else "white"
    out = [f'<rect width="{MAP_W}" height="{MAP_H}" fill="{PAPER}"/>']
    out += _seat(view, top, 24)
    out += _board(view, flip)
    out += _seat(view, bottom, MAP_H - 86)
    out += _piles(view)
    if view.get("result"):
        out += _result(view)
    return out


def _svg(width: float, height: float, body: list[str]) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_n(width)} {_n(height)}" width="{_n(width)}" '
        f'height="{_n(height)}" font-family="Georgia, \'Times New Roman\', serif">' + "".join(body) + "</svg>"
    )


def render(view: dict[str, Any]) -> str:
    """The map for the page: the hands are HTML panels (``render_panels``)."""
    return _svg(MAP_W, MAP_H, _map(view))


# --- the hands, as HTML beside the map ------------------------------------------------------------
def _hand_html(view: dict[str, Any], role: str) -> str:
    flip = view.get("role") == "white"
    active = role in view["active_roles"]
    cards = []
    for card in view["hands"][role]:
        dim = active and not _playable(view, role, card)
        face = _card_face(view, 1, 1, card, role, flip)
        if dim:  # the cards the player to move cannot play from here (off the board, own stone, no hero)
            face += f'<rect x="1" y="1" width="{CARD_W}" height="{CARD_H}" rx="6" fill="{PAPER}" fill-opacity="0.6"/>'
        title = escape(_card_title(view, role, card))
        cards.append(
            f'<span data-target="{card_target(card)}" title="{title}" class="power-card">'
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{CARD_W + 2}" height="{CARD_H + 2}" '
            f'viewBox="0 0 {CARD_W + 2} {CARD_H + 2}" role="img" aria-label="{escape(_card(view, card))}" '
            f'font-family="Georgia, serif">{face}</svg></span>'
        )
    left = view["heroes"][role]
    shields = "".join(
        f'<path d="M{3 + i * 20},3 h14 v9 q0,8 -7,12 q-7,-4 -7,-12 z" stroke-width="1.5" '
        + (f'fill="{FILL[role]}" stroke="{EDGE[role]}"/>' if i < left else 'fill="none" stroke="#b9a780"/>')
        for i in range(HEROES_PER_PLAYER)
    )
    mine = view.get("role") == role
    who = _who(view, role)
    if mine:
        who = tr(view, msg("{who} — you", who=who))
    status = tr(view, " · your move" if mine else " · to move") if active else ""
    empty = escape(tr(view, "No power cards"))
    heroes = tr(view, msg("{n} of {total} heroes left", n=left, total=HEROES_PER_PLAYER))
    return (
        f'<section class="hand hand-{role}" aria-label="{escape(who)}">'
        f"<h3>{escape(who)}{escape(status)}</h3>"
        f"<p>{''.join(cards) or f'<small>{empty}</small>'}</p>"
        f'<p><svg xmlns="http://www.w3.org/2000/svg" width="84" height="28" viewBox="0 0 84 28" role="img" '
        f'aria-label="{escape(tr(view, "Heroes"))}">{shields}</svg> {escape(heroes)} · '
        f"{escape(_stones_points(view, role))}</p></section>"
    )


def render_panels(view: dict[str, Any]) -> str:
    """Both open hands (RK-SETUP-4), the viewer's first: it sits at the bottom edge of the map."""
    bottom = bottom_role(view)
    top = "red" if bottom == "white" else "white"
    return _hand_html(view, bottom) + _hand_html(view, top)


# --- the one picture for mail: the opponent's hand above the map, the viewer's below ---------------
def _hand_svg(view: dict[str, Any], role: str, y: float) -> list[str]:
    flip = view.get("role") == "white"
    active = role in view["active_roles"]
    out = [
        f'<rect x="8" y="{_n(y)}" width="{MAP_W - 16}" height="{PANEL_H}" rx="10" fill="#efe4c8" '
        f'stroke="{GOLD if active else "#c9b78f"}" stroke-width="{4 if active else 1.5}"/>',
        _text(24, y + 26, _who(view, role), 15, anchor="start", weight="bold"),
        _text(
            24,
            y + 50,
            tr(view, msg("{n} of {total} heroes left", n=view["heroes"][role], total=HEROES_PER_PLAYER)),
            13,
            anchor="start",
        ),
    ]
    if active:
        out.append(_text(24, y + 74, tr(view, "▶ to move"), 14, anchor="start", weight="bold", fill="#9a6b00"))
    for i, card in enumerate(view["hands"][role]):
        out.append(_card_face(view, CARDS_X + i * 72, y + 16, card, role, flip))
    return out


def render_picture(view: dict[str, Any]) -> str:
    bottom = bottom_role(view)
    top = "red" if bottom == "white" else "white"
    body = _hand_svg(view, top, 4)
    body.append(f'<g transform="translate(0 {PANEL_H + 8})">{"".join(_map(view))}</g>')
    body += _hand_svg(view, bottom, PANEL_H + 12 + MAP_H)
    height = 2 * PANEL_H + MAP_H + 16
    return _svg(MAP_W, height, [f'<rect width="{MAP_W}" height="{height}" fill="{PAPER}"/>', *body])
