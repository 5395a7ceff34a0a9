"""Drawing pieces shared by the map and the panels: blocks, block backs, cards, mon, text."""

from __future__ import annotations

from html import escape
from typing import Any

from ..base import msg, name, plural
from .data.names import NAMES
from .texts import card_name, clan_name, face_label, t

SIDES = ("ishida", "tokugawa")
BG = "#e4d9bd"
HIGHLIGHT = "#1565c0"  # the current selection
DEPLOYED = "#d8262c"  # a block deployed in the battle
SIDE_FILL = {"ishida": "#e0ae1c", "tokugawa": "#242424"}
SIDE_INK = {"ishida": "#1a1a1a", "tokugawa": "#ffffff"}
CLAN_COLOUR = {
    "ishida": "#b3261e",
    "ukita": "#7b45a6",
    "mori": "#147a6e",
    "kobayakawa": "#e06a1b",
    "uesugi": "#2b6cc4",
    "tokugawa": "#2f9a3a",
    "ii": "#d2335c",
    "fukushima": "#6d62e0",
    "maeda": "#b8862b",
    "date": "#27a7c0",
}
TILE_W, TILE_H = 142, 20  # a block in a crowded panel
# A block on the map: the map is scaled to about 0.63 at the page's Fit, so its texts are 18 units (11.4 px).
MAP_TILE_W, MAP_TILE_H, MAP_FONT = 132, 26, 18
BACK_W, BACK_H = 18, 26  # one hidden block on the map
SMALL_W = 28  # one's own block in a big stack on the map
PANEL_TILE_W = 170  # a block in a panel, with its whole name
CARD_W, CARD_H = 76, 90  # wide enough for «лояльности», the second line of «Смена лояльности», at 11 units
CARD_TITLE_ROOM = CARD_W - 8  # the heading band is 6 units narrower than the card, with a unit of margin


def halo_text(
    x: float, y: float, text: str, size: float = 12, weight: str = "normal", anchor: str = "middle", fill: str = "#111"
) -> str:
    """Text with a pale outline so it stays readable over roads and rings."""
    common = f'x="{x:.0f}" y="{y:.0f}" font-size="{size}" font-weight="{weight}" text-anchor="{anchor}"'
    body = escape(text)
    return (
        f'<text {common} fill="none" stroke="#fffaf0" stroke-width="3.5" stroke-linejoin="round">{body}</text>'
        f'<text {common} fill="{fill}">{body}</text>'
    )


def text(x: float, y: float, body: str, size: float = 12, **attrs: str) -> str:
    extra = "".join(f' {k.replace("_", "-")}="{v}"' for k, v in attrs.items())
    return f'<text x="{x:.0f}" y="{y:.0f}" font-size="{size}"{extra}>{escape(body)}</text>'


def block_name(block: dict[str, Any], full: bool) -> str:
    """The clan, or the leader's own name (Mitsunari, Ieyasu, Naomasa, Terumoto); the whole name if ``full``."""
    if block["face"] not in OWN_NAMES:
        return clan_name(block["daimyo"])
    label = face_label(block)
    return label if full else label.split(" ", 1)[-1]


# The faces that carry a person's name ("Ishida Mitsunari"): drawn by it, or by the given name when short.
OWN_NAMES = ("tokugawa_ieyasu", "ii_naomasa", "ishida_mitsunari", "mori_terumoto")


def block_tile(
    x: float,
    y: float,
    block: dict[str, Any],
    side: str,
    *,
    compact: bool = False,
    target: str | None = None,
    selected: bool = False,
    deployed: bool = False,
    note: str = "",
    big: bool = False,
) -> str:
    """A block face up: clan stripe, name, gun/cavalry, leader flag, strength pips (SK-3.2). ``big``: the
    map's size, whose texts stay legible at the page's Fit (the short name, squeezed where long)."""
    if big:
        return _map_tile(x, y, block, side, target, selected)
    w = TILE_W if compact else PANEL_TILE_W
    ink = SIDE_INK[side]
    clan = block["daimyo"]
    parts = [f'<g data-target="{target}">' if target else "<g>", f"<title>{escape(face_label(block))}</title>"]
    if selected or deployed:
        stroke = f'stroke="{HIGHLIGHT if selected else DEPLOYED}" stroke-width="3"'
    else:
        stroke = 'stroke="#000" stroke-opacity="0.35"'
    parts.append(
        f'<rect x="{x:.0f}" y="{y:.0f}" width="{w}" height="{TILE_H}" rx="3" fill="{SIDE_FILL[side]}" {stroke}/>'
    )
    parts.append(f'<rect x="{x + 1:.0f}" y="{y + 1:.0f}" width="7" height="{TILE_H - 2}" fill="{CLAN_COLOUR[clan]}"/>')
    name = block_name(block, full=not compact) + (f" {note}" if note else "")
    parts.append(text(x + 11, y + 14.5, name, 11.5, fill=ink, font_weight="bold"))
    right = x + w - 5
    for k in range(block["strength"]):  # SK-3.2b: one pip per mon
        parts.append(f'<circle cx="{right - 3 - k * 8:.1f}" cy="{y + TILE_H / 2:.1f}" r="3" fill="{ink}"/>')
    right -= 8 * block["strength"] + 2
    if block["special"]:  # SK-3.2c
        label = t("gun") if block["special"] == "gun" else t("cav")
        parts.append(text(right, y + 14, label, 11, fill=ink, text_anchor="end", font_style="italic"))
        right -= 22
    if block["leader"]:  # SK-3.2d: a banner
        parts.append(_banner(right, y + 3, y + 17, ink))
    parts.append("</g>")
    return "".join(parts)


def _banner(right: float, top: float, foot: float, ink: str) -> str:
    """SK-3.2d: a leader's red banner ending at ``right``, its pole from ``top`` down to ``foot``."""
    return (
        f'<polygon points="{right - 9:.0f},{top:.0f} {right:.0f},{top + 4:.0f} {right - 9:.0f},{top + 8:.0f}" '
        f'fill="#d8262c" stroke="{ink}" stroke-width="0.8"/>'
        f'<line x1="{right - 9:.0f}" y1="{top:.0f}" x2="{right - 9:.0f}" y2="{foot:.0f}" stroke="{ink}"/>'
    )


def _map_tile(x: float, y: float, block: dict[str, Any], side: str, target: str | None, selected: bool) -> str:
    w, h, ink, clan = MAP_TILE_W, MAP_TILE_H, SIDE_INK[side], block["daimyo"]
    stroke = f'stroke="{HIGHLIGHT}" stroke-width="3"' if selected else 'stroke="#000" stroke-opacity="0.35"'
    parts = [f'<g data-target="{target}">' if target else "<g>", f"<title>{escape(block_title(block))}</title>"]
    parts.append(f'<rect x="{x:.0f}" y="{y:.0f}" width="{w}" height="{h}" rx="3" fill="{SIDE_FILL[side]}" {stroke}/>')
    parts.append(f'<rect x="{x + 1:.0f}" y="{y + 1:.0f}" width="7" height="{h - 2}" fill="{CLAN_COLOUR[clan]}"/>')
    right = x + w - 5 - 8 * block["strength"]  # SK-3.2b: one pip per mon
    for k in range(block["strength"]):
        parts.append(f'<circle cx="{x + w - 8 - k * 8:.1f}" cy="{y + h / 2:.1f}" r="3" fill="{ink}"/>')
    if block["special"]:  # SK-3.2c: G(un) or C(avalry)
        mark = t("G") if block["special"] == "gun" else t("C")
        parts.append(text(right - 2, y + 19, mark, MAP_FONT, fill=ink, text_anchor="end", font_style="italic"))
        right -= 16
    if block["leader"]:  # SK-3.2d: a banner
        parts.append(_banner(right, y + 4, y + 22, ink))
        right -= 12
    room = right - 4 - (x + 11)
    label = tile_label(block, room)
    squeeze = f' textLength="{room:.0f}" lengthAdjust="spacingAndGlyphs"' if len(label) * MAP_FONT * 0.62 > room else ""
    parts.append(
        f'<text x="{x + 11:.0f}" y="{y + 19:.0f}" font-size="{MAP_FONT}" font-weight="bold" fill="{ink}"{squeeze}>'
        f"{escape(label)}</text></g>"
    )
    return "".join(parts)


def tile_label(block: dict[str, Any], room: float) -> str:
    """A map tile's name, or the clan's short name (names table) where the whole one would overrun ``room``:
    a browser squeezes a long name into its room, but the mail's renderer (cairosvg) cannot."""
    label = block_name(block, full=False)
    short = f"short:daimyo:{block['daimyo']}"
    if text_width(label, MAP_FONT, bold=True) > room and block["face"] not in OWN_NAMES and short in NAMES:
        return t(name(short))
    return label


def small_block(x: float, y: float, block: dict[str, Any], side: str) -> str:
    """One's own block in a big stack: a square in the side's colour with its clan stripe, its strength as a
    number and a banner for a leader; the name is in its title (and the stack's, which the page opens)."""
    ink = SIDE_INK[side]
    out = [
        f"<g><title>{escape(block_title(block))}</title>"
        f'<rect x="{x:.0f}" y="{y:.0f}" width="{SMALL_W}" height="{MAP_TILE_H}" rx="3" fill="{SIDE_FILL[side]}" '
        'stroke="#000" stroke-opacity="0.35"/>'
        f'<rect x="{x + 1:.0f}" y="{y + 1:.0f}" width="5" height="{MAP_TILE_H - 2}" '
        f'fill="{CLAN_COLOUR[block["daimyo"]]}"/>',
        text(x + 17, y + 20, str(block["strength"]), MAP_FONT, fill=ink, font_weight="bold", text_anchor="middle"),
    ]
    if block["leader"]:
        out.append(
            f'<polygon points="{x + SMALL_W - 7:.0f},{y + 2:.0f} {x + SMALL_W - 2:.0f},{y + 5:.0f} '
            f'{x + SMALL_W - 7:.0f},{y + 8:.0f}" fill="#d8262c"/>'
        )
    out.append("</g>")
    return "".join(out)


def block_title(block: dict[str, Any]) -> str:
    """Everything the owner knows of a block, for hover and the page's popover."""
    extra = [t(msg("strength {n}", n=block["strength"]))]
    if block["special"]:
        extra.append(t("with guns") if block["special"] == "gun" else t("cavalry"))
    if block["leader"]:
        extra.append(t("leader"))
    return f"{face_label(block)} ({', '.join(extra)})"


def backs(x: float, y: float, side: str, count: int, per_row: int = 6) -> tuple[str, float, float]:
    """Hidden blocks, each its own back in the side's colour (no name, no id); and the size they take."""
    fill = SIDE_FILL[side]
    out = []
    for k in range(count):
        bx, by = x + (k % per_row) * (BACK_W + 3), y + (k // per_row) * (BACK_H + 3)
        out.append(
            f"<g><title>{escape(t(msg('A block of {side} (hidden)', side=name(f'side:{side}'))))}</title>"
            f'<rect x="{bx:.0f}" y="{by:.0f}" width="{BACK_W}" height="{BACK_H}" rx="3" fill="{fill}" '
            'stroke="#000" stroke-opacity="0.5"/></g>'
        )
    rows = -(-count // per_row)
    return "".join(out), min(count, per_row) * (BACK_W + 3) - 3, rows * (BACK_H + 3) - 3


def back_tile(x: float, y: float, side: str, count: int, label: str = "") -> str:
    """Blocks seen from behind: a pile in the side's colour with how many there are."""
    fill, ink = SIDE_FILL[side], SIDE_INK[side]
    title = t(plural("{side}: {n} block", "{side}: {n} blocks", count, side=name(f"side:{side}"))) + label
    return (
        f"<g><title>{escape(title)}</title>"
        f'<rect x="{x + 4:.0f}" y="{y:.0f}" width="28" height="26" rx="3" fill="{fill}" stroke="#000" '
        'stroke-opacity="0.4"/>'
        f'<rect x="{x:.0f}" y="{y + 4:.0f}" width="28" height="26" rx="3" fill="{fill}" stroke="#fff" '
        'stroke-opacity="0.7"/>'
        + text(x + 14, y + 23, str(count), 15, fill=ink, font_weight="bold", text_anchor="middle")
        + "</g>"
    )


def mon(x: float, y: float, clan: str) -> str:
    """A Muster square: the daimyo's colour (SK-7.2.2a)."""
    return (
        f"<g><title>{escape(t(msg('Muster location of {clan}', clan=name(f'daimyo:{clan}'))))}</title>"
        f'<rect x="{x:.0f}" y="{y:.0f}" width="12" height="12" fill="{CLAN_COLOUR[clan]}" stroke="#000" '
        'stroke-width="1"/></g>'
    )


def text_width(label: str, size: float, bold: bool = False) -> float:
    """An estimate of a text's drawn width: DejaVu Sans, the mail's and the page's sans-serif, runs to about
    0.62 em a letter (0.72 bold). The mail's renderer (cairosvg) ignores ``textLength``, so a text that must
    fit a box is sized or shortened by this, never squeezed."""
    return len(label) * size * (0.72 if bold else 0.62)


def loyalty_lines(kind: dict[str, Any]) -> tuple[str, str]:
    """A Loyalty Challenge card's name (SK-8.6: «Смена лояльности») in two lines, too long for one: the first
    word in the heading band, the rest under the flag, so the card's face reads the whole name."""
    first, _, rest = card_name(kind).partition(" ")
    return first, rest


def card_title(kind: dict[str, Any]) -> tuple[str, float]:
    """The card's heading (its clan, or the first word of "Loyalty Challenge") and font size: 12 units, 11 if
    that fits, else the clan's short name from the names table (the card's title, shown on hover, keeps the
    whole name)."""
    clan = kind["daimyo"]
    title = clan_name(clan) if clan else loyalty_lines(kind)[0]
    for size in (12, 11):
        if text_width(title, size, bold=True) <= CARD_TITLE_ROOM:
            return title, size
    return t(name(f"short:daimyo:{clan}")), 11


def card(x: float, y: float, kind: dict[str, Any], side: str, target: str | None = None) -> str:
    """A card face up: mon colour and daimyo, what it does, the bid number (SK-3.3)."""
    clan = kind["daimyo"]
    head = CLAN_COLOUR[clan] if clan else "#555555"
    title, size = card_title(kind)
    parts = [f'<g data-target="{target}">' if target else "<g>", f"<title>{escape(card_name(kind))}</title>"]
    parts.append(
        f'<rect x="{x:.0f}" y="{y:.0f}" width="{CARD_W}" height="{CARD_H}" rx="6" fill="#fffdf6" '
        f'stroke="{SIDE_FILL[side]}" stroke-width="3"/>'
        f'<rect x="{x + 3:.0f}" y="{y + 3:.0f}" width="{CARD_W - 6}" height="22" rx="3" fill="{head}"/>'
    )
    parts.append(text(x + CARD_W / 2, y + 18, title, size, font_weight="bold", text_anchor="middle", fill="#fff"))
    if kind["sword"]:  # a sword drawn across the card, above the word under it
        parts.append(
            f'<line x1="{x + 16:.0f}" y1="{y + 54:.0f}" x2="{x + 46:.0f}" y2="{y + 30:.0f}" stroke="#444" '
            'stroke-width="3"/>'
            f'<line x1="{x + 14:.0f}" y1="{y + 46:.0f}" x2="{x + 22:.0f}" y2="{y + 56:.0f}" stroke="#444" '
            'stroke-width="3"/>'
        )
    if kind["double"]:
        parts.append(text(x + CARD_W / 2, y + 56, "×2", 20, font_weight="bold", text_anchor="middle", fill=head))
    if kind["loyalty"]:
        parts.append(text(x + CARD_W / 2, y + 54, "?!", 20, font_weight="bold", text_anchor="middle", fill=head))
    what = card_use(kind)
    if kind["loyalty"]:  # the rest of the card's name, centred under the flag
        parts.append(text(x + CARD_W / 2, y + CARD_H - 22, what, 11, fill="#333", text_anchor="middle"))
    elif what:  # on a line of its own above the bid, so a long word never runs into the number
        parts.append(text(x + 5, y + CARD_H - 22, what, 11, fill="#333"))
    parts.append(text(x + CARD_W - 6, y + CARD_H - 6, str(kind["bid"]), 16, font_weight="bold", text_anchor="end"))
    parts.append("</g>")
    return "".join(parts)


def card_use(kind: dict[str, Any]) -> str:
    """The word under the card's picture: what the card does beyond deploying (double, sword), or the rest of a
    Loyalty Challenge card's name."""
    if kind["loyalty"]:
        return loyalty_lines(kind)[1]
    return t("double") if kind["double"] else t("sword") if kind["sword"] else ""


def card_back(x: float, y: float, side: str, count: int, w: float = CARD_W, h: float = CARD_H) -> str:
    """A pile of cards face down, with how many."""
    fill, ink = SIDE_FILL[side], SIDE_INK[side]
    title = t(plural("{side}: {n} card", "{side}: {n} cards", count, side=name(f"side:{side}")))
    return (
        f"<g><title>{escape(title)}</title>"
        f'<rect x="{x + 5:.0f}" y="{y:.0f}" width="{w}" height="{h}" rx="6" fill="{fill}" stroke="#777"/>'
        f'<rect x="{x:.0f}" y="{y + 5:.0f}" width="{w}" height="{h}" rx="6" fill="{fill}" stroke="#fff"/>'
        + text(x + w / 2, y + h / 2 + 12, str(count), 26, fill=ink, font_weight="bold", text_anchor="middle")
        + "</g>"
    )
