"""Drawing pieces shared by the map, the picture's side column and the HTML panels: blocks, block backs,
cards, the crown; and the words the side column and the panels both say (so the two can never differ).

Plain SVG attributes only (no CSS, no glyph fonts), so cairosvg draws the same picture for the mail.
"""

from __future__ import annotations

from html import escape

from games.engines.base import msg, plural

from .board import block_target, side_name
from .data.names import NAMES
from .texts import rating_text, text

# The smallest text anywhere on the map: 13.5 units are 11.5 CSS px on a 1400x900 desktop at Fit.
SMALL, NAME = 13.5, 15
CARD_W, SMALL_CARD = 84, 11  # a card is drawn 1:1 (panels) or at full size (mail): 11 px is legible
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
PHASES = {
    "redeal": "Redeal",
    "card": "Card Phase",
    "action": "Action Phase",
    "battle": "Battle Phase",
    "supply": "Supply Phase",
    "political": "Political Turn",
    "over": "Game over",
}


def crown(x: float, y: float, colour: str) -> str:
    return (
        f'<path d="M{x},{y + 12} L{x},{y + 2} L{x + 4},{y + 6} L{x + 7},{y} L{x + 10},{y + 6} L{x + 14},{y + 2} '
        f'L{x + 14},{y + 12} Z" fill="{colour}" stroke="#8a6500" stroke-width="0.8"/>'
    )


def back(side: str, x: float, y: float, view: dict) -> str:
    """A hidden block: its back, upright, in its house's colour; no name, no id."""
    fill, edge = BACKS[side]
    words = text(view, msg("A {side} block (hidden)", side=side_name(side)))
    return (
        f"<g><title>{escape(words)}</title>"
        f'<rect x="{x}" y="{y}" width="{BACK_W}" height="{TILE_H}" rx="3" fill="{fill}" stroke="{edge}" '
        f'stroke-width="1.5"/><rect x="{x + 4}" y="{y + 4}" width="{BACK_W - 8}" height="{TILE_H - 8}" rx="2" '
        f'fill="none" stroke="#ffffff" stroke-width="0.8" opacity="0.5"/></g>'
    )


def fitted(words: str, size: float, room: float, bold: bool, x: float, y: float, colour: str) -> str:
    """A text at its size, squeezed sideways (never smaller) where it would not fit its room."""
    weight = ' font-weight="bold"' if bold else ""
    guess = len(words) * size * (0.64 if bold else 0.58)
    squeeze = f' textLength="{room:.0f}" lengthAdjust="spacingAndGlyphs"' if guess > room else ""
    return f'<text x="{x}" y="{y}" font-size="{size}" fill="{colour}"{weight}{squeeze}>{escape(words)}</text>'


def block_words(blk: dict, view: dict) -> str:
    """A block the viewer may see, in words: name, house, rating, strength, and whether it lies face down."""
    words = (
        "{block} {rating} ({side}), strength {steps} of {max}, face down"
        if blk.get("down")
        else "{block} {rating} ({side}), strength {steps} of {max}"
    )
    return text(
        view,
        msg(
            words,
            block=blk["name"],
            rating=blk["rating"],
            side=side_name(blk["side"]),
            steps=blk["steps"],
            max=blk["max"],
        ),
    )


def tile(blk: dict, x: float, y: float, view: dict, selection: dict, reserve: bool = False) -> str:
    """A block the viewer may see: name over rating and strength pips, in its house's colours."""
    fill, edge, ink = DOWN if blk.get("down") else HOUSE[blk["side"]]
    dash = ' stroke-dasharray="4,2"' if reserve else ""
    crowned = blk["name"] in (view.get("crowned") or {}).values() and blk["kind"] == "heir"
    left = x + (8 if crowned else 4)
    out = [
        f'<g data-target="{escape(block_target(blk["id"]))}">'
        f"<title>{escape(block_words(blk, view))}{escape(text(view, ', in reserve')) if reserve else ''}</title>"
        f'<rect x="{x}" y="{y}" width="{TILE_W}" height="{TILE_H}" rx="3" fill="{fill}" stroke="{edge}" '
        f'stroke-width="1.2"{dash}/>'
    ]
    if crowned:
        out.append(f'<rect x="{x}" y="{y}" width="5" height="{TILE_H}" fill="#d4a017"/>')
    out.append(
        fitted(
            board_name(view, blk["name"]["name"]),
            SMALL,
            x + TILE_W - 3 - left,
            blk["kind"] == "heir",
            left,
            y + 12.5,
            ink,
        )
    )
    out.append(
        f'<text x="{left}" y="{y + 27}" font-size="{SMALL}" font-weight="bold" fill="{ink}">'
        f"{escape(rating_text(blk['rating'], view.get('lang')))}</text>"
    )
    pips_x = x + TILE_W - 6 - (blk["max"] - 1) * PIP
    for i in range(blk["max"]):
        solid = i < blk["steps"]
        out.append(
            f'<circle cx="{pips_x + i * PIP}" cy="{y + 22}" r="3" fill="{ink if solid else "none"}" '
            f'stroke="{ink}" stroke-width="1.2"/>'
        )
    out.append("</g>")
    if selection.get("block") == blk["id"]:
        out.append(
            f'<rect x="{x - 3}" y="{y - 3}" width="{TILE_W + 6}" height="{TILE_H + 6}" rx="5" fill="none" '
            f'stroke="{SELECTED}" stroke-width="3.5"/>'
        )
    return "".join(out)


def card(x: float, y: float, view: dict, played: dict | None, target: str | None = None) -> str:
    """A card: its AP large, its event (if any) below; ``None`` is a card played face down, shown by its back."""
    mark = f' data-target="{escape(target)}"' if target else ""
    mid = x + CARD_W / 2
    if played is None:
        return (
            f"<g{mark}><title>{escape(text(view, 'A card played face down'))}</title>"
            f'<rect x="{x}" y="{y}" width="{CARD_W}" height="50" rx="5" fill="#6d4c41" stroke="#3e2723"/>'
            f'<text x="{mid}" y="{y + 30}" text-anchor="middle" font-size="12" fill="#fff">'
            f"{escape(text(view, 'face down'))}</text></g>"
        )
    event = played.get("event")
    out = [
        f"<g{mark}><title>{escape(text(view, msg('Card: {card}', card=played['label'])))}</title>"
        f'<rect x="{x}" y="{y}" width="{CARD_W}" height="50" rx="5" '
        f'fill="{"#fff3d6" if event else "#ffffff"}" stroke="#6d4c41" stroke-width="1.5"/>'
        f'<text x="{mid}" y="{y + 24}" text-anchor="middle" font-size="20" font-weight="bold">{played["ap"]}</text>'
    ]
    if event:
        out.append(fitted_middle(board_name(view, event["name"]), SMALL_CARD, CARD_W - 4, mid, y + 42, "#8d2c00"))
    else:
        out.append(
            f'<text x="{mid}" y="{y + 42}" text-anchor="middle" font-size="12" fill="{MUTED}">'
            f"{escape(text(view, 'AP'))}</text>"
        )
    out.append("</g>")
    return "".join(out)


def board_name(view: dict, ref: str) -> str:
    """A name where room is short (an area's header, a block, a card's face): the table's ``short:`` form
    where it has one (Russian names are longer; the mail's renderer cannot squeeze a text), else the name."""
    return text(view, {"name": f"short:{ref}" if f"short:{ref}" in NAMES else ref})


def fitted_middle(words: str, size: float, room: float, x: float, y: float, colour: str) -> str:
    """A centred text at its size, squeezed sideways (never smaller) where it would not fit its room."""
    squeeze = f' textLength="{room:.0f}" lengthAdjust="spacingAndGlyphs"' if len(words) * size * 0.58 > room else ""
    return (
        f'<text x="{x}" y="{y}" text-anchor="middle" font-size="{size}" fill="{colour}"{squeeze}>{escape(words)}</text>'
    )


# --- words -------------------------------------------------------------------------------------------


def phase_title(view: dict) -> tuple[str, str]:
    """('Campaign 1 of 3 · Turn 2 of 7', 'Action Phase — York, 4 AP'), in the reader's language."""
    phase = text(view, PHASES.get(view["phase"], view["phase"]))
    action = view.get("action")
    if action:
        args = {"phase": phase, "side": side_name(action["role"]), "ap": action["action_points"]}
        if action["event"]:
            phase = text(view, msg("{phase} — {side}, {ap} AP, {event}", **args, event=action["event_name"]))
        else:
            phase = text(view, msg("{phase} — {side}, {ap} AP", **args))
    turn = msg(
        "Campaign {campaign} of {last} · Turn {turn} of 7",
        campaign=view["campaign"],
        last=view["last_campaign"],
        turn=view["turn"],
    )
    return text(view, turn), phase


def crowns(view: dict) -> list[tuple[str, str, str]]:
    """(title, side, its crowned heir or 'none') for the King and the Pretender; the words translated, the
    title's English kept first to pick the crown's colour."""
    crowned = view["crowned"]
    return [
        (title, side, text(view, crowned[side] or "none"))
        for title, side in (("King", view["king"]), ("Pretender", view["pretender"]))
    ]


def crown_line(view: dict, title: str, side: str, heir: str) -> str:
    """ "King: Lancaster (Henry VI)"."""
    return text(view, msg("{title}: {side} ({heir})", title=msg(title), side=side_name(side), heir=heir))


def battle_title(view: dict, battle: dict) -> str:
    area = {"name": f"area:{battle['area']}"}
    if battle["stage"] == "regroup":
        return text(view, msg("Battle in {area} · won", area=area))
    return text(view, msg("Battle in {area} · round {round} of 4", area=area, round=battle["round"]))


def battle_sides(view: dict, battle: dict) -> list[tuple[str, str, list[dict]]]:
    """("Defender: York", side, the blocks the viewer sees) for the defender, then the attacker."""
    return [
        (
            text(view, msg("{role}: {side}", role=msg(label), side=side_name(side))),
            side,
            [b for b in battle["blocks"] if b["side"] == side],
        )
        for label, side in (("Defender", battle["defender"]), ("Attacker", battle["attacker"]))
    ]


def battle_winner(view: dict, battle: dict) -> str | None:
    """Once the battle is won: who won and may regroup."""
    if battle["stage"] != "regroup":
        return None
    return text(view, msg("{side} won and may regroup.", side=[side_name(r) for r in view["active_roles"]]))


def pool_blocks(view: dict) -> list[dict]:
    return [b for b in view["my_blocks"] if b["at"] == "pool"]


def minors(view: dict) -> str | None:
    """ "Minors: Clarence, Gloucester", or None when no heir of the viewer is waiting to come of age."""
    waiting = [b["name"] for b in view["my_blocks"] if b["at"] == "minor"]
    return text(view, msg("Minors: {blocks}", blocks=waiting)) if waiting else None


def pools_line(view: dict, role: str | None) -> str:
    """The pools the viewer cannot see into, the dead heirs and the prisoner, in one line."""
    counts = view.get("pool_counts", {})
    if role:
        other = "york" if role == "lancaster" else "lancaster"
        count = counts.get(other, 0)
        parts = [plural("{side} pool: {n} block", "{side} pool: {n} blocks", count, side=side_name(other))]
    else:
        parts = [
            msg(
                "Pools: Lancaster {lancaster}, York {york} blocks",
                lancaster=counts.get("lancaster", 0),
                york=counts.get("york", 0),
            )
        ]
    if view.get("dead_heirs"):
        parts.append(msg("Dead heirs: {blocks}", blocks=view["dead_heirs"]))
    if view.get("prisoner"):
        parts.append(msg("Henry VI is a prisoner"))
    return " · ".join(text(view, p) for p in parts)


def hand_sizes(view: dict) -> str:
    sizes = view.get("hand_sizes", {})
    return text(
        view,
        msg(
            "Cards in hand: Lancaster {lancaster}, York {york}",
            lancaster=sizes.get("lancaster", 0),
            york=sizes.get("york", 0),
        ),
    )
