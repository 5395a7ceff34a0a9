"""The board picture, drawn from a view only (so it cannot leak a hand or a deck).

Targets (ARCHITECTURE §2.1): ``space:<id>`` on every space, ``leader:<id>`` on every leader on the map,
``corps:<id>`` on every corps on the map, ``sea:<zone>`` on both sea boxes and ``card:<id>`` on the viewer's
own cards only. Presentation attributes only (no style attributes, CSP).
"""

from __future__ import annotations

from html import escape
from textwrap import wrap
from typing import Any

from .data.cards import ACTION_CARDS, EVENT_CARDS
from .data.leaders import LEADERS
from .data.powers import POWERS, SIDE_COLOUR, SIDES, side_of
from .data.spaces import LINKS, SPACES, STACKING
from .data.tracks import FIRST_YEAR, KWW_TRACK, LAST_YEAR, VP_MAX
from .decks import card_text, event_text

W, H = 1280, 1290
PANEL_X = 1000
NEUTRAL = "#d9d2bf"


def _xy(space: str) -> tuple[int, int]:
    return SPACES[space][7], SPACES[space][8]


def _text(
    x: float, y: float, text: str, size: int = 11, anchor: str = "middle", fill: str = "#222", weight: str = "normal"
) -> str:
    return (
        f'<text x="{x:.0f}" y="{y:.0f}" font-family="sans-serif" font-size="{size}" text-anchor="{anchor}" '
        f'fill="{fill}" font-weight="{weight}">{escape(text)}</text>'
    )


def _links() -> list[str]:
    out = []
    for a, b, red in LINKS:
        (x1, y1), (x2, y2) = _xy(a), _xy(b)
        colour, width = ("#8b0000", 3) if red else ("#6b5a44", 1.5)
        dash = ' stroke-dasharray="6 3"' if red else ""
        out.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{colour}" stroke-width="{width}"{dash}/>')
    return out


def _space(view: dict, space: str) -> list[str]:
    x, y = _xy(space)
    name, power, fs, vp, terrain = SPACES[space][:5]
    control = view["control"][space]
    fill = SIDE_COLOUR[control] if control else NEUTRAL
    border = POWERS[power][2] if power in POWERS else "#777"
    out = [f'<g data-target="space:{space}">']
    if STACKING[terrain] is None:
        out.append(
            f'<rect x="{x - 60}" y="{y - 22}" width="120" height="44" rx="6" '
            f'fill="{fill}" fill-opacity="0.35" stroke="#8b0000" stroke-width="3"/>'
        )
    elif fs:
        out.append(
            f'<rect x="{x - 11}" y="{y - 11}" width="22" height="22" '
            f'fill="{fill}" fill-opacity="0.8" stroke="{border}" stroke-width="4"/>'
        )
        out.append(_text(x, y + 4, str(view["fs"][space]), 11, fill="#fff", weight="bold"))
    else:
        out.append(
            f'<circle cx="{x}" cy="{y}" r="10" fill="{fill}" fill-opacity="0.8" stroke="{border}" stroke-width="4"/>'
        )
        if vp:
            out.append(_text(x, y + 4, str(vp), 10, fill="#fff"))
    if terrain == "fertile":
        out.append(_text(x - 16, y - 8, "♣", 10, fill="#2e7d32"))
    elif terrain == "poor":
        out.append(_text(x - 16, y - 8, "▲", 9, fill="#795548"))
    if space in ("antwerp", "milan", "namur", "tournai", "london", "munich"):
        out.append(f'<circle cx="{x + 15}" cy="{y - 10}" r="5" fill="#d4af37" stroke="#8a6d1d"/>')
    if space in view["lines"]:
        out.append(
            f'<line x1="{x - 14}" y1="{y + 14}" x2="{x + 14}" y2="{y + 14}" '
            f'stroke="#000" stroke-width="3" stroke-dasharray="3 2"/>'
        )
    label = name.upper() if space in ("paris", "london", "amsterdam", "vienna", "madrid", "turin", "munich") else name
    out.append(_text(x, y - 15 if STACKING[terrain] else y - 4, label, 10))
    out.append("</g>")
    return out


ARMY_AT = 9  # a stack of more pieces is drawn in an army box (2.7, stand-in layout)


def _piece(view: dict, kind: str, uid: str, cx: float, cy: float) -> str:
    """One counter: a round leader or a square corps (pale when reduced), with its data-target."""
    info = view["leaders" if kind == "leader" else "corps"][uid]
    colour = POWERS[info["power"]][2]
    edge = SIDE_COLOUR[side_of(info["power"])]
    if kind == "leader":
        title = (
            LEADERS[uid]["name"] + (" (minor)" if info["minor"] else "") + (" disordered" if info["disordered"] else "")
        )
        return (
            f'<g data-target="leader:{uid}"><rect x="{cx - 6}" y="{cy - 6}" width="12" height="12" rx="6" '
            f'fill="{colour}" stroke="{edge}" stroke-width="2"/><title>{escape(title)}</title></g>'
        )
    opacity = "1" if info["full"] else "0.45"
    title = f"{uid} {'full' if info['full'] else 'reduced'}{' garrison' if info['garrison'] else ''}"
    return (
        f'<g data-target="corps:{uid}"><rect x="{cx - 6}" y="{cy - 6}" width="12" height="12" '
        f'fill="{colour}" fill-opacity="{opacity}" stroke="{edge}" stroke-width="2"/><title>{title}</title></g>'
    )


def _by_space(view: dict) -> dict[str, list[tuple[str, str]]]:
    by_space: dict[str, list[tuple[str, str]]] = {}
    for kind, table in (("leader", view["leaders"]), ("corps", view["corps"])):
        for uid, info in sorted(table.items()):
            if info["space"] in SPACES:
                by_space.setdefault(info["space"], []).append((kind, uid))
    return by_space


def _stacks(view: dict) -> tuple[list[str], list[tuple[str, list[tuple[str, str]]]]]:
    """Small stacks beside their space; large ones as an army marker, their pieces in an army box."""
    out: list[str] = []
    armies = []
    for space, items in sorted(_by_space(view).items()):
        x, y = _xy(space)
        if len(items) >= ARMY_AT:
            letter = chr(ord("A") + len(armies))
            armies.append((space, items))
            out.append(f'<rect x="{x + 8}" y="{y + 6}" width="26" height="16" fill="#fff" stroke="#333"/>')
            out.append(_text(x + 21, y + 18, f"{letter}:{len(items)}", 9))
            continue
        for i, (kind, uid) in enumerate(items):
            out.append(_piece(view, kind, uid, x + 14 + (i % 6) * 13, y + 14 + (i // 6) * 15))
    move = view["move"]
    pending = view["pending"]
    if pending and "corps" in pending:  # the corps chosen for a Transfer
        x, y = _xy(view["corps"][pending["corps"]]["space"])
        out.append(f'<circle cx="{x}" cy="{y}" r="17" fill="none" stroke="#ffd400" stroke-width="4"/>')
    marked = [move["path"][-1]] if move else []
    if view.get("displace"):  # the force leaving Savoy whose destination is being chosen (7.2.1)
        marked.append(view["displace"][0]["space"])
    for space in marked:
        x, y = _xy(space)
        out.append(f'<circle cx="{x}" cy="{y}" r="17" fill="none" stroke="#ffd400" stroke-width="4"/>')
    return out, armies


def _army_boxes(view: dict, armies: list[tuple[str, list[tuple[str, str]]]], top: float) -> list[str]:
    x = PANEL_X + 10
    out = [_text(x, top, "Army boxes", 11, "start", weight="bold")] if armies else []
    y = top + 8
    for n, (space, items) in enumerate(armies):
        out.append(_text(x, y + 12, f"{chr(ord('A') + n)}: {SPACES[space][0]}", 10, "start"))
        for i, (kind, uid) in enumerate(items):
            out.append(_piece(view, kind, uid, x + 8 + (i % 18) * 14, y + 24 + (i // 18) * 15))
        y += 30 + (len(items) - 1) // 18 * 15 + 8
    return out


LEGEND = (
    "Square: fortress (current FS)",
    "Circle: open space (printed VP)",
    "Fill: control (blue Bourbon, brown Alliance)",
    "Border: home power",
    "♣ fertile (12 corps), ▲ poor (4), else 8",
    "Gold dot: Rich space",
    "Dotted bar: fortified line",
    "Red dashed link: Alliance only, 2 MP",
    "Round counter: leader; square: corps",
    "Pale corps: reduced",
)


def _panel(view: dict) -> list[str]:
    x = PANEL_X + 10
    out = [f'<rect x="{PANEL_X}" y="0" width="{W - PANEL_X}" height="{H}" fill="#f3ecd9" stroke="#999"/>']
    for i, year in enumerate(range(FIRST_YEAR, LAST_YEAR + 1)):
        fill = "#c0282d" if year == view["year"] else "#fff"
        out.append(f'<rect x="{x + i * 26}" y="8" width="25" height="20" fill="{fill}" stroke="#555"/>')
        out.append(_text(x + i * 26 + 12, 22, str(year)[2:], 10))
    move = view["move"]
    doing = f"; moving {LEADERS[move['leader']]['name']}, {move['mp']} MP left" if move else ""
    out.append(_text(x, 44, f"{view['year']}: {view['phase']}{doing}", 11, "start"))
    out.append(_text(x, 70, "Turn / VP track (0-35)", 11, "start", weight="bold"))
    for v in range(VP_MAX + 1):
        cx, cy = x + (v % 9) * 28, 80 + (v // 9) * 24
        fill = "#c0282d" if v == view["vp"] else "#fff"
        out.append(f'<rect x="{cx}" y="{cy}" width="26" height="22" fill="{fill}" stroke="#555"/>')
        out.append(_text(cx + 13, cy + 15, str(v), 10))
    out.append(_text(x, 200, "King William's War", 11, "start", weight="bold"))
    for i, value in enumerate(KWW_TRACK):
        cx = x + i * 36
        fill = "#c0282d" if i == view["kww"] else "#fff"
        out.append(f'<rect x="{cx}" y="210" width="34" height="24" fill="{fill}" stroke="#555"/>')
        out.append(_text(cx + 17, 226, f"{value:+d}", 10))
    y = 270
    for zone in ("atlantic", "mediterranean"):
        holder = view["seas"][zone]
        out.append(
            f'<g data-target="sea:{zone}"><rect x="{x}" y="{y}" width="250" '
            f'height="30" fill="{SIDE_COLOUR[holder] if holder else NEUTRAL}" '
            f'fill-opacity="0.5" '
            f'stroke="#246"/>{_text(x + 125, y + 20, zone.title() + ": " + (holder or "none"), 12)}</g>'
        )
        y += 40
    y += 10
    for side in SIDES:
        out.append(
            _text(x, y, f"{side.title()}: {view['hand_counts'][side]} Action cards, {view['rp'][side]} RP", 11, "start")
        )
        y += 18
    out.append(
        _text(
            x,
            y,
            f"Decks: {view['deck_counts']['events']} events, {view['deck_counts']['actions']} actions",
            11,
            "start",
        )
    )
    y += 18
    out.append(
        _text(x, y, f"Savoy: {view['savoy']}; Glorious Revolution: {'yes' if view['gr'] else 'not yet'}", 11, "start")
    )
    y += 26
    if view["hand"]:
        out.append(_text(x, y, "Your hand", 11, "start", weight="bold"))
        y += 8
        for i, card in enumerate(view["hand"]):
            out.append(_hand_card(card, x + i * 60, y))
        y += 86
    for card in view["event_discards"][-2:][::-1]:
        drawn, y = _event_card(card, x, y)
        out.append(drawn)
    for line in LEGEND:
        y += 14
        out.append(_text(x, y, line, 9, "start", fill="#444"))
    y += 8
    out.append(
        f'<a href="{RULES_PAGE}">'
        f"{_text(x, y + 10, 'Stand-ins: the map, cards and sections 8–20', 11, 'start', fill='#8b0000')}"
        f"{_text(x, y + 25, 'are ours, see the rules page ' + RULES_PAGE, 11, 'start', fill='#8b0000')}</a>"
    )
    return out


RULES_PAGE = "/games/nine_years/rules/"  # the site's rules page (PROVISIONAL.md, then RULES.md)


def _hand_card(card: str, x: float, y: float) -> str:
    """An Action card in the hand: its name and value, with its text as a tooltip."""
    value = ACTION_CARDS[card]
    return (
        f'<g data-target="card:{card}"><title>{escape(card_text(card))}</title>'
        f'<rect x="{x}" y="{y}" width="54" height="70" rx="4" fill="#fff" stroke="#333"/>'
        f"{_text(x + 27, y + 16, card, 11)}"
        f"{_text(x + 27, y + 42, str(value), 18, weight='bold')}"
        f"{_text(x + 27, y + 62, 'actions' if value > 1 else 'action', 11)}</g>"
    )


def _event_card(card: str, x: float, y: float) -> tuple[str, float]:
    """One of the last two Event cards drawn: its title and what it does (its text from the data module).
    Returns the drawing and the next free line."""
    parts = [_text(x, y, "Event: " + EVENT_CARDS[card][0], 11, "start", weight="bold")]
    for line in wrap(event_text(card), 44):
        y += 14
        parts.append(_text(x, y, line, 11, "start"))
    return f"<g><title>{escape(card_text(card))}</title>{''.join(parts)}</g>", y + 20


def render(view: dict[str, Any]) -> str:
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" width="{W}" height="{H}">',
        f'<rect x="0" y="0" width="{PANEL_X}" height="{H}" fill="#cfe0ea"/>',
        '<path d="M 180 330 L 980 330 L 980 1120 L 430 1290 L 0 1290 L 0 880 L 180 880 Z" fill="#efe6cc"/>',
        '<path d="M 120 40 L 200 30 L 250 150 L 280 230 L 300 300 L 220 310 L 190 250 L 170 150 Z" fill="#efe6cc"/>',
        '<path d="M 40 100 L 110 95 L 135 190 L 110 330 L 40 335 L 15 240 Z" fill="#efe6cc"/>',
        _text(30, 420, "ATLANTIC", 14, "start", fill="#246"),
        _text(500, 1010, "MEDITERRANEAN", 14, "start", fill="#246"),
    ]
    parts += _links()
    for space in sorted(SPACES):
        parts += _space(view, space)
    stacks, armies = _stacks(view)
    parts += stacks
    parts += _panel(view)
    parts += _army_boxes(view, armies, 760)
    parts.append("</svg>")
    return "\n".join(parts)
