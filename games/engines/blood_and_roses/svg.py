"""The board picture, drawn from a view only (so it can never show hidden information).

Every hex carries ``data-target="hex:<id>"`` and every unit on the map ``data-target="unit:<id>"``,
whether or not it is a target now (ARCHITECTURE §2.1). Presentation attributes only, no ``style=``
(the site's CSP), no fonts beyond the generic family.
"""

from __future__ import annotations

import math
from html import escape
from typing import Any

from .hexgrid import VERTEX_NAMES, centre, hex_id

S = 18.0  # hex size (centre to vertex), px
MARGIN = 14.0
PANEL_LINE = 15.0  # the information panel runs below the map, in two columns, so the map gets the full width
TERRAIN_FILL = {
    "clear": "#e8e4c9",
    "road": "#d9cfa7",
    "heath": "#c9c28f",
    "marsh": "#a9c6b8",
    "village": "#c0a58a",
    "woods": "#7fa36b",
    "hedge": "#b8c48a",
    "pond": "#8fb3d9",
}
HIGH_FILL = {"clear": "#d8c99a", "road": "#cdbb8a", "heath": "#bfb07a"}
SIDE_FILL = {"york": "#f7f7f2", "lancaster": "#c8342c", "stanley": "#9a9a9a"}
SIDE_TEXT = {"york": "#222222", "lancaster": "#ffffff", "stanley": "#ffffff"}
HEXSIDE_STROKE = {"stream": "#4f86c6", "river": "#1f4f99", "hedge": "#3d6b2a", "impassable": "#111111"}


def _xy(h: str) -> tuple[float, float]:
    x, y = centre(h)
    return MARGIN + S + x * S, MARGIN + S * math.sqrt(3) / 2 + y * S


def _vertex(h: str, v: float, scale: float = 1.0) -> tuple[float, float]:
    x, y = _xy(h)
    a = math.radians(60 * v)
    return x + S * scale * math.cos(a), y - S * scale * math.sin(a)


def _points(h: str) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in (_vertex(h, v) for v in range(6)))


def render(view: dict[str, Any]) -> str:
    board = view["map"]
    cols, rows = board["cols"], board["rows"]
    width = MARGIN * 2 + S * (1.5 * (cols - 1) + 2)
    map_height = MARGIN * 2 + S * math.sqrt(3) * (rows + 0.5)
    panel, panel_height = _panel(view, map_height, width)
    height = map_height + panel_height
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}" width="{width:.0f}" '
        f'height="{height:.0f}" font-family="sans-serif">',
        f"<title>Blood &amp; Roses — {escape(view['title'])} (stand-in tables)</title>",
        f'<rect x="0" y="0" width="{width:.0f}" height="{height:.0f}" fill="#f4f1e6"/>',
    ]
    terrain, elevation = board["terrain"], board["elevation"]
    for c in range(1, cols + 1):
        for r in range(1, rows + 1):
            h = hex_id(c, r)
            t = terrain.get(h, "clear")
            fill = HIGH_FILL.get(t, TERRAIN_FILL[t]) if elevation.get(h) else TERRAIN_FILL[t]
            x, y = _xy(h)
            out.append(
                f'<polygon points="{_points(h)}" fill="{fill}" stroke="#9b9477" stroke-width="0.6" '
                f'data-target="hex:{h}"><title>{h} {t}{" level " + str(elevation[h]) if elevation.get(h) else ""}'
                f"</title></polygon>"
            )
            out.append(
                f'<text x="{x:.1f}" y="{y - S * 0.55:.1f}" font-size="5" fill="#8a8468" class="when-zoomed" '
                f'text-anchor="middle" pointer-events="none">{h}</text>'
            )
    for key, feature in sorted(board["hexsides"].items()):
        a, b = key.split("-")
        (x1, y1), (x2, y2) = _xy(a), _xy(b)
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        dx, dy = (x2 - x1) / 2, (y2 - y1) / 2
        length = math.hypot(dx, dy) or 1.0
        px, py = -dy / length * S / 2, dx / length * S / 2
        out.append(
            f'<line x1="{mx + px:.1f}" y1="{my + py:.1f}" x2="{mx - px:.1f}" y2="{my - py:.1f}" '
            f'stroke="{HEXSIDE_STROKE[feature]}" stroke-width="3" pointer-events="none"/>'
        )
    for b in view["battles"].values():
        spot = b.get("banner") or b.get("flight_hex")
        if spot:
            x, y = _xy(spot)
            colour = SIDE_FILL["stanley" if b.get("uncommitted") else b["side"]]
            out.append(
                f'<g pointer-events="none"><line x1="{x + 8:.1f}" y1="{y + 10:.1f}" x2="{x + 8:.1f}" '
                f'y2="{y - 10:.1f}" stroke="#333333" stroke-width="1"/><path d="M{x + 8:.1f},{y - 10:.1f} '
                f'h9 l-3,3 l3,3 h-9 z" fill="{colour}" stroke="#333333" stroke-width="0.6"/>'
                f"<title>{'Flight hex' if b.get('fled') else 'Banner'} of {escape(b['name'])}</title></g>"
            )
    acted = view.get("acted", {})
    selected = view.get("selected")
    for uid, u in sorted(view["units"].items()):
        if u["hex"] is None:
            continue
        b = view["battles"][u["battle"]]
        side = "stanley" if b.get("uncommitted") else b["side"]
        x, y = _xy(u["hex"])
        fill = SIDE_FILL[side]
        stroke = "#f0b000" if uid == selected else "#333333"
        dash = ' stroke-dasharray="2,1.5"' if u.get("dis") else ""
        fx, fy = _vertex(u["hex"], u["facing"], 0.95)
        status = ", ".join(
            s
            for s, on in (("Disordered", u.get("dis")), ("Routed", u.get("rout")), ("limbered", u.get("limbered")))
            if on
        )
        out.append(
            f'<g data-target="unit:{uid}"><title>{uid} {u["type"]} ({escape(b["name"])})'
            f"{' — ' + status if status else ''}"
            f'</title><line x1="{x:.1f}" y1="{y:.1f}" x2="{fx:.1f}" y2="{fy:.1f}" stroke="#000000" stroke-width="2"/>'
            f'<rect x="{x - 12:.1f}" y="{y - 8:.1f}" width="24" height="16" rx="2" fill="{fill}" '
            f'stroke="{stroke}" stroke-width="{2.5 if uid == selected else 1}"{dash}/>'
            f'<text x="{x:.1f}" y="{y + 3.5:.1f}" font-size="9" font-weight="bold" text-anchor="middle" '
            f'fill="{SIDE_TEXT[side]}">{escape(u["type"])}</text></g>'
        )
        if u.get("rout"):
            out.append(
                f'<text x="{x + 9:.1f}" y="{y - 6:.1f}" font-size="7" fill="#aa0000" pointer-events="none">R</text>'
            )
        elif u.get("dis"):
            out.append(
                f'<text x="{x + 9:.1f}" y="{y - 6:.1f}" font-size="7" fill="#aa5500" pointer-events="none">D</text>'
            )
        if acted.get(uid, {}).get("ca"):
            out.append(
                f'<text x="{x - 14:.1f}" y="{y - 6:.1f}" font-size="6" fill="#aa0000" '
                f'pointer-events="none">CA-{acted[uid]["ca"]}</text>'
            )
    out.extend(_facing_arrows(view))
    out.extend(_declared(view))
    stacks: dict[str, int] = {}
    moving = (view.get("leader_sel") or {}).get("id")
    for lid, leader in sorted(view["leaders"].items()):
        if not leader.get("hex"):
            continue
        n = stacks.get(leader["hex"], 0)
        stacks[leader["hex"]] = n + 1
        x, y = _xy(leader["hex"])
        colour = SIDE_FILL[leader["side"]]
        ring, ring_width = ("#f0b000", 2) if lid == moving else ("#000000", 0.8)
        out.append(
            f'<g data-target="leader:{lid}"><circle cx="{x - 8 + 6 * n:.1f}" cy="{y + 9:.1f}" r="4" '
            f'fill="{colour}" stroke="{ring}" stroke-width="{ring_width}"/><title>{escape(leader["name"])}: '
            f"activation {leader['activation']}, range {leader['range']}, charisma {leader['charisma']}"
            f"{' (replacement)' if leader.get('replacement') else ''}</title></g>"
        )
    out.extend(panel)
    out.append("</svg>")
    return "".join(out)


def facing_unit(view: dict[str, Any]) -> str | None:
    """The unit whose facing may be set now: the one selected in Phase B, or the one owed a facing after
    an advance or a retreat (BR-8.0, 12.4c, 14.4c)."""
    pending = view.get("pending") or []
    if view.get("phase") == "pending" and pending and pending[0]["kind"] == "face":
        return pending[0]["unit"]
    if view.get("phase") == "move":
        return view.get("selected")
    return None


def _facing_arrows(view: dict[str, Any]) -> list[str]:
    """Six arrows around that unit, one per vertex, each ``data-target="facing:<unit>:<vertex>"``."""
    uid = facing_unit(view)
    unit = view["units"].get(uid) if uid else None
    if unit is None or unit["hex"] is None:
        return []
    out = []
    for v in range(6):
        tip, left, right = (
            _vertex(unit["hex"], v, 0.98),
            _vertex(unit["hex"], v - 0.25, 0.7),
            _vertex(unit["hex"], v + 0.25, 0.7),
        )
        points = " ".join(f"{x:.1f},{y:.1f}" for x, y in (tip, left, right))
        out.append(
            f'<polygon points="{points}" fill="#f0b000" fill-opacity="0.55" stroke="#7a5a00" stroke-width="0.6" '
            f'data-target="facing:{uid}:{v}"><title>{uid} faces {VERTEX_NAMES[v]}</title></polygon>'
        )
    return out


def _declared(view: dict[str, Any]) -> list[str]:
    """BR-12.1c: the declared combats (open information), one arrow per attacker and defender, numbered in
    the order they will be resolved; the declaration being made (units still joining) is dashed."""
    decls = [(i + 1, d, "") for i, d in enumerate(view.get("declared") or [])]
    if view.get("declaring"):
        decls.append((len(decls) + 1, view["declaring"], ' stroke-dasharray="3,2"'))
    if not decls:
        return []
    out = [
        '<defs><marker id="br-declared" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="5" markerHeight="5" '
        'orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#6a1b9a"/></marker></defs>'
    ]
    units = view["units"]
    for n, decl, dash in decls:
        for a in decl["attackers"]:
            for d in decl["defenders"]:
                if not (units.get(a) or {}).get("hex") or not (units.get(d) or {}).get("hex"):
                    continue
                (x1, y1), (x2, y2) = _xy(units[a]["hex"]), _xy(units[d]["hex"])
                dx, dy = x2 - x1, y2 - y1
                k = 7 / max(1.0, math.hypot(dx, dy))
                verb = "charges" if decl.get("charge") else "shocks"
                out.append(
                    f'<g class="declared" pointer-events="none"><line x1="{x1 + dx * k:.1f}" y1="{y1 + dy * k:.1f}" '
                    f'x2="{x2 - dx * k:.1f}" y2="{y2 - dy * k:.1f}" stroke="#6a1b9a" stroke-width="2"{dash} '
                    f'marker-end="url(#br-declared)"/><text x="{(x1 + x2) / 2:.1f}" y="{(y1 + y2) / 2 - 2:.1f}" '
                    f'font-size="7" text-anchor="middle" fill="#6a1b9a">{n}</text>'
                    f"<title>Declared {n}: {escape(a)} {verb} {escape(d)}</title></g>"
                )
    return out


def _panel(view: dict[str, Any], top: float, width: float) -> tuple[list[str], float]:
    """The battle's state below the map: the game on the left, each side's flight and markers on the right."""
    game = [
        escape(view["title"]),
        "Tables: STAND-IN values, not the published ones",
        f"Phase: {view['phase']}  Player: {view.get('player') or '-'}",
        f"Activations: {view['activations']} / nightfall {view['nightfall']} (stand-in)",
    ]
    if view.get("time"):
        game.append(f"Time track: {view['time']['left']} ({view['time']['limited']} is time-limited)")
    if view.get("result"):
        game.append(f"Result: {view['result']['reason']}")
    height = PANEL_LINE * max(len(game), 6) + 16
    x, right = MARGIN, width / 2
    out = [
        f'<rect x="{x - 4:.1f}" y="{top:.1f}" width="{width - 2 * MARGIN + 8:.1f}" height="{height - 6:.1f}" '
        f'fill="#ffffff" stroke="#9b9477"/>'
    ]
    for i, text in enumerate(game):
        y = top + 16 + PANEL_LINE * i
        out.append(f'<text x="{x + 4:.1f}" y="{y:.1f}" font-size="11" fill="#222222">{text}</text>')
    y = top + 16
    for role in ("york", "lancaster"):
        markers = view["markers"][role]
        shown = f"{len(markers)} held" if isinstance(markers, list) else f"{markers['count']} held (hidden)"
        level = max(1, view["flight_level"][role])
        filled = min(1.0, view["fp"][role] / level)
        out.append(
            f'<text x="{right:.1f}" y="{y:.1f}" font-size="11" font-weight="bold" fill="#222222">{role.title()}: '
            f"{view['fp'][role]} flight points of {view['flight_level'][role]}; seizure markers {shown}</text>"
            f'<rect x="{right:.1f}" y="{y + 5:.1f}" width="200" height="8" fill="#eeeeee" stroke="#666666"/>'
            f'<rect x="{right:.1f}" y="{y + 5:.1f}" width="{200 * filled:.1f}" height="8" '
            f'fill="{SIDE_FILL[role] if role == "lancaster" else "#888888"}"/>'
        )
        y += 2 * PANEL_LINE + 4
    return out, height
