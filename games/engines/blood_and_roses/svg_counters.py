"""Counters as a Men of Iron player knows them: a unit-type symbol, the Battle's coloured stripe, the
shock defence (left) and movement allowance (right) along the bottom, the facing as a wedge at the faced
vertex; leaders as small tokens with their initials, ringed in their Battle's colour.

Drawn from the view only. Every text on a counter is at least ``MIN_FONT`` user units (legible at Fit).
"""

from __future__ import annotations

from html import escape
from typing import Any

from games.engines.base.messages import msg, name

from .data.names import NAMES
from .data.tables import MOVEMENT_ALLOWANCE, SHOCK_DEFENCE
from .names import unit_name
from .svg_geometry import MIN_FONT, S, vertex_offset, xy
from .texts import battle_name, leader_name, text

SIDE_FILL = {"york": "#fbfaf4", "lancaster": "#c8342c", "stanley": "#8d8d8d"}
SIDE_TEXT = {"york": "#222222", "lancaster": "#ffffff", "stanley": "#ffffff"}
# The Battle a unit belongs to (BR-2.2e), by its place in the army: stripe and leader ring colours.
DIVISIONS = {
    "vanguard": ("Vanguard", "#e2a90f"),
    "main": ("Main Battle", "#2456b3"),
    "rear": ("Rearward", "#2e8b3a"),
    "independent": ("Independent (the Stanleys)", "#7b3fa0"),
    "other": ("Battle", "#555555"),
}
HALF = 12.0  # a counter is 24 × 24 user units
STRIPE = 4.5
SELECTED = "#f0b000"

# Unit-type symbols (NATO-like frames as on the Men of Iron counters), drawn in a 16 × 8 box around
# (0, 0); they take stroke and fill from the counter (dark on York white, white on Lancaster red).
FRAME = '<rect x="-8" y="-4" width="16" height="8" fill="none"/>'
SYMBOLS = {
    "MM": FRAME + '<path d="M-8,4L8,-4M0,-4V4" fill="none"/>',  # mounted, heavy
    "Cav": FRAME + '<path d="M-8,4L8,-4" fill="none"/>',  # mounted, light
    "DM": FRAME + '<path d="M-8,-4L8,4M-8,4L8,-4M0,-4V4" fill="none"/>',  # foot, heavy
    "UH": FRAME + '<path d="M-8,-4L8,4M-8,4L8,-4" fill="none"/><circle cx="0" cy="0" r="1.6" stroke="none"/>',
    "Inf": FRAME + '<path d="M-8,-4L8,4M-8,4L8,-4" fill="none"/>',
    "Lvy": FRAME + '<path d="M-8,-4L8,4M-8,4L8,-4" fill="none" stroke-dasharray="2,1.2"/>',
    "LB": FRAME + '<path d="M-3,-3.5Q4,0 -3,3.5M-3,-3.5V3.5M-6,0H6" fill="none"/>',  # the long bow
    "A": FRAME + '<path d="M-1,-2.5Q3.5,0 -1,2.5M-1,-2.5V2.5M-4,0H4" fill="none"/>',
    "HG": FRAME + '<path d="M-6,1.5H5" fill="none" stroke-width="2"/><circle cx="5.5" cy="1.5" r="1.4" stroke="none"/>',
    "Art": FRAME + '<circle cx="0" cy="0" r="2.6" stroke="none"/>',
}


def division_of(view: dict[str, Any], battle_id: str) -> str:
    return (view.get("divisions") or {}).get(battle_id) or "other"


def symbol_defs() -> str:
    """The symbols once per picture, used by every counter."""
    return "".join(f'<g id="br-t-{t}">{body}</g>' for t, body in SYMBOLS.items())


def side_drawn(view: dict[str, Any], battle_id: str) -> str:
    b = view["battles"][battle_id]
    return "stanley" if b.get("uncommitted") else b["side"]


def allowance(unit: dict[str, Any]) -> int:
    """The movement allowance printed on the side showing: Disordered one less (BR-14.2b), Routed 1."""
    if unit.get("rout"):
        return 1
    return MOVEMENT_ALLOWANCE[unit["type"]] - (1 if unit.get("disordered") else 0)


def unit_counter(view: dict[str, Any], uid: str, unit: dict[str, Any], selected: bool) -> str:
    """One unit's counter, a group ``data-target="unit:<id>"`` whose first child is its body (the page
    outlines a playable group's first child)."""
    x, y = xy(unit["hex"])
    side, division = side_drawn(view, unit["battle"]), division_of(view, unit["battle"])
    fill, ink = SIDE_FILL[side], SIDE_TEXT[side]
    status = [s for s, on in (("Disordered", unit.get("disordered")), ("Routed", unit.get("rout"))) if on]
    if unit.get("limbered"):
        status.append("limbered")
    said = msg(
        "{unit} ({side}): shock defence {defence}, movement {mp}",  # the name says its Battle's leader
        unit=unit_name(view, uid),
        side=name(f"side:{side}"),
        defence=SHOCK_DEFENCE[unit["type"]],
        mp=allowance(unit),
    )
    title = text(view, msg("{unit} — {status}", unit=said, status=status) if status else said)
    stroke, width = (SELECTED, 2.5) if selected else ("#222222", 0.8)
    dash = ' stroke-dasharray="3,1.5"' if unit.get("disordered") or unit.get("rout") else ""
    fx, fy = vertex_offset(unit["facing"], 0.98)
    bx1, by1 = vertex_offset(unit["facing"] - 0.22, 0.66)
    bx2, by2 = vertex_offset(unit["facing"] + 0.22, 0.66)
    h = HALF
    parts = [
        f'<rect x="{-h}" y="{-h}" width="{2 * h}" height="{2 * h}" rx="2" fill="{fill}" stroke="{stroke}" '
        f'stroke-width="{width}"{dash}/>',
        f"<title>{escape(title)}</title>",
        f'<path d="M{fx:.1f},{fy:.1f}L{bx1:.1f},{by1:.1f}L{bx2:.1f},{by2:.1f}z" fill="#111111"/>',
        f'<rect x="{-h + 0.8}" y="{-h + 0.8}" width="{2 * h - 1.6}" height="{STRIPE}" '
        f'class="battle-{division}" fill="{DIVISIONS[division][1]}"/>',
        f'<use href="#br-t-{unit["type"]}" y="-2.5" stroke="{ink}" fill="{ink}" stroke-width="1.1"/>',
        # the Disordered side: a band across the symbol
        f'<path d="M{-h},{h - 12}L{h},{-h + 6}" stroke="#d06a00" stroke-width="2.2"/>'
        if unit.get("disordered") and not unit.get("rout")
        else "",
        f'<g font-size="{MIN_FONT}" font-weight="bold" fill="{ink}"><text x="{-h + 1.5}" y="{h - 1.3}">'
        f'{SHOCK_DEFENCE[unit["type"]]}</text><text x="{h - 1.5}" y="{h - 1.3}" text-anchor="end">'
        f"{allowance(unit)}</text></g>",
    ]
    return f'<g data-target="unit:{uid}" transform="translate({x:.1f} {y:.1f})">{"".join(parts)}</g>'


def badge(x: float, y: float, text: str, fill: str, title: str) -> str:
    """A marker on a counter's corner (Disordered, Routed, Continued Attack), legible at Fit."""
    width = 3 + 0.62 * MIN_FONT * len(text)
    return (
        f'<g pointer-events="none"><rect x="{x:.1f}" y="{y:.1f}" width="{width:.1f}" height="{MIN_FONT + 1:.1f}" '
        f'rx="2" fill="{fill}" stroke="#ffffff" stroke-width="0.8"/><text x="{x + width / 2:.1f}" '
        f'y="{y + MIN_FONT - 0.6:.1f}" font-size="{MIN_FONT}" font-weight="bold" fill="#ffffff" '
        f'text-anchor="middle">{escape(text)}</text><title>{escape(title)}</title></g>'
    )


def unit_markers(view: dict[str, Any], uid: str, unit: dict[str, Any]) -> list[str]:
    x, y = xy(unit["hex"])
    out = []
    if unit.get("rout"):
        out.append(badge(x + HALF - 4, y - HALF - 7, text(view, name("badge:R")), "#b00000", text(view, "Routed")))
    elif unit.get("disordered"):
        out.append(badge(x + HALF - 4, y - HALF - 7, text(view, name("badge:D")), "#c05a00", text(view, "Disordered")))
    ca = (view.get("acted") or {}).get(uid, {}).get("continued_attacks")
    if ca:
        out.append(
            badge(x - HALF - 6, y - HALF - 7, f"−{ca}", "#6a1b9a", text(view, msg("Continued Attack −{n}", n=ca)))
        )
    return out


def leader_initials(view: dict[str, Any], lid: str, leader: dict[str, Any]) -> str:
    short = (view.get("leader_initials") or {}).get(lid)
    if short and NAMES.get(f"initials:{lid}", {}).get("en") == short:
        return text(view, name(f"initials:{lid}"))
    if short:
        return short
    words = [
        w
        for w in leader["name"].replace(",", " ").split()
        if w[0].isupper() and w not in ("Sir", "Lord") and w.strip("IVX")  # no titles, no regnal numbers
    ]
    return "".join(w[0] for w in words[:2]) or lid[:2].title()


def leader_title(view: dict[str, Any], lid: str, leader: dict[str, Any]) -> str:
    roles = [r for r, on in (("King", leader.get("king")), ("Commander-in-chief", leader.get("cinc"))) if on]
    who = leader_name(view, lid)
    if leader.get("replacement"):
        who = msg("{leader} (replacement)", leader=who)
    battle_id = leader.get("battle")
    said = msg(
        "{leader} ({side}), {battle}: activation {activation}, command range {range}, charisma {charisma}"
        if not roles
        else "{leader} ({side}), {battle} — {roles}: activation {activation}, command range {range}, "
        "charisma {charisma}",
        leader=who,
        side=name(f"side:{leader['side']}"),
        battle=battle_name(view, battle_id) if battle_id else "no Battle",
        roles=roles,
        activation=leader["activation"],
        range=leader["range"],
        charisma=leader["charisma"],
    )
    return text(view, said)


def leader_tokens(view: dict[str, Any]) -> list[str]:
    """Leaders above their hex's counter (a leader stacks with a unit), side by side when several."""
    out, stacks = [], {}
    moving = (view.get("selected_leader") or {}).get("id")
    for lid, leader in sorted(view["leaders"].items()):
        if not leader.get("hex"):
            continue
        n = stacks.get(leader["hex"], 0)
        stacks[leader["hex"]] = n + 1
        x, y = xy(leader["hex"])
        battle_id = leader.get("battle")
        division = division_of(view, battle_id) if battle_id else "other"
        text = leader_initials(view, lid, leader)
        width = 5 + 0.66 * MIN_FONT * len(text)
        cx, top = x + (n - 0.5 * (stacks[leader["hex"]] - 1)) * (width + 1), y - HALF - 8.5
        ring = SELECTED if lid == moving else DIVISIONS[division][1]
        side = leader["side"]
        out.append(
            f'<g data-target="leader:{lid}"><rect x="{cx - width / 2:.1f}" y="{top:.1f}" width="{width:.1f}" '
            f'height="{MIN_FONT + 2.5:.1f}" rx="{(MIN_FONT + 2.5) / 2:.1f}" fill="{SIDE_FILL[side]}" stroke="{ring}" '
            f'stroke-width="{3 if lid == moving else 2.2}" class="battle-{division}"/><text x="{cx:.1f}" '
            f'y="{top + MIN_FONT:.1f}" font-size="{MIN_FONT}" font-weight="bold" text-anchor="middle" '
            f'fill="{SIDE_TEXT[side]}">{escape(text)}</text><title>{escape(leader_title(view, lid, leader))}'
            f"</title></g>"
        )
    return out


def banner(view: dict[str, Any], battle_id: str, b: dict[str, Any]) -> str | None:
    spot = b.get("banner") or b.get("flight_hex")
    if not spot:
        return None
    x, y = xy(spot)
    colour = DIVISIONS[division_of(view, battle_id)][1]
    fill = SIDE_FILL["stanley" if b.get("uncommitted") else b["side"]]
    title = "Flight hex of {battle}" if b.get("fled") else "Banner of {battle}"
    return (
        f'<g pointer-events="none"><line x1="{x + 6:.1f}" y1="{y + S * 0.6:.1f}" x2="{x + 6:.1f}" y2="{y - 11:.1f}" '
        f'stroke="#333333" stroke-width="1.2"/><path d="M{x + 6:.1f},{y - 11:.1f}h11l-3,3.5l3,3.5h-11z" '
        f'fill="{fill}" stroke="{colour}" stroke-width="1.8"/>'
        f"<title>{escape(text(view, msg(title, battle=battle_name(view, battle_id))))}</title></g>"
    )
