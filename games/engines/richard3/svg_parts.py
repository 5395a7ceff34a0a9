"""Drawing pieces shared by the map, the picture's side column and the HTML panels: blocks, block backs,
cards, the crown; and the words the side column and the panels both say (so the two can never differ).

Plain SVG attributes only (no CSS, no glyph fonts), so cairosvg draws the same picture for the mail.
"""

from __future__ import annotations

from html import escape

from .board import block_target

# The smallest text anywhere on the map: 13.5 units are 11.5 CSS px on a 1400x900 desktop at Fit.
SMALL, NAME = 13.5, 15
TILE_W, TILE_H, BACK_W, GAP = 84, 30, 22, 3
PIP = 8
BORDER_COLOURS = {"yellow": "#e0b000", "blue": "#2f6fd0", "red": "#d03030"}
HOUSE = {  # fill, edge, text
    "york": ("#eef3fb", "#1f4e96", "#10305f"),
    "lancaster": ("#c0392b", "#6e1a12", "#ffffff"),
}
BACKS = {"york": ("#3566b0", "#10305f"), "lancaster": ("#c0392b", "#6e1a12")}  # strong enough to see at once
DOWN = ("#d9d9d9", "#777777", "#444444")
SELECTED, LAST_MOVE, BATTLE = "#ffb300", "#7b2cbf", "#e65100"
INK, MUTED = "#222222", "#5a5a5a"
RESERVE_NOTE = "Dashed: reserve (fights from round 2)"


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


# --- words -------------------------------------------------------------------------------------------


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


def crowns(view: dict) -> list[tuple[str, str, str]]:
    """(title, side, its crowned heir or 'none') for the King and the Pretender."""
    crowned = view["crowned"]
    return [
        (title, side, crowned[side] or "none")
        for title, side in (("King", view["king"]), ("Pretender", view["pretender"]))
    ]


def battle_title(battle: dict) -> str:
    over = battle["stage"] == "regroup"
    return f"Battle in {battle['area']} · " + ("won" if over else f"round {battle['round']} of 4")


def battle_sides(battle: dict) -> list[tuple[str, str, list[dict]]]:
    """(label, side, the blocks the viewer sees) for the defender, then the attacker."""
    return [
        (label, side, [b for b in battle["blocks"] if b["side"] == side])
        for label, side in (("Defender", battle["defender"]), ("Attacker", battle["attacker"]))
    ]


def battle_winner(view: dict, battle: dict) -> str | None:
    """Once the battle is won: who won and may regroup."""
    if battle["stage"] != "regroup":
        return None
    return " and ".join(r.capitalize() for r in view["active_roles"]) + " won and may regroup."


def pool_blocks(view: dict) -> list[dict]:
    return [b for b in view["my_blocks"] if b["at"] == "pool"]


def minors(view: dict) -> list[str]:
    return [b["name"] for b in view["my_blocks"] if b["at"] == "minor"]


def pools_line(view: dict, role: str | None) -> str:
    """The pools the viewer cannot see into, the dead heirs and the prisoner, in one line."""
    counts = view.get("pool_counts", {})
    if role:
        other = "york" if role == "lancaster" else "lancaster"
        line = f"{other.capitalize()} pool: {counts.get(other, 0)} blocks"
    else:
        line = f"Lancaster {counts.get('lancaster', 0)}, York {counts.get('york', 0)} blocks"
    if view.get("dead_heirs"):
        line += " · Dead heirs: " + ", ".join(view["dead_heirs"])
    if view.get("prisoner"):
        line += " · Henry VI is a prisoner"
    return line


def hand_sizes(view: dict) -> str:
    sizes = view.get("hand_sizes", {})
    return f"Cards in hand: Lancaster {sizes.get('lancaster', 0)}, York {sizes.get('york', 0)}"
