"""The board picture, drawn from a view only (so it can never show hidden information).

Every hex carries ``data-target="hex:<id>"`` and every unit on the map ``data-target="unit:<id>"``,
whether or not it is a target now (ARCHITECTURE §2.1). Presentation attributes only, no ``style=``
(the site's CSP), no fonts beyond the generic family. The terrain is drawn by ``svg_terrain`` (a cached
layer on the page), the counters by ``svg_counters``; the tracks are HTML (``panels``).
"""

from __future__ import annotations

import math
import textwrap
from functools import lru_cache
from html import escape
from typing import Any

from games.engines.base.messages import msg, name

from . import panels, svg_counters
from .hexgrid import VERTEX_NAMES
from .names import unit_name
from .svg_geometry import MARGIN, MIN_FONT, map_size, vertex, xy
from .svg_terrain import PAPER, labels, layer_names, shipped_layers, terrain
from .texts import field_name, leader_name, place_name, text

PANEL_LINE = 17.0  # the mail picture's summary below the map


def render(view: dict[str, Any]) -> str:
    """The map as the page shows it. With ``view["layer_url"]`` (the platform's URL of ``layer``, set by
    the page) the terrain and the hex numbers of a shipped battle are referenced, not drawn, so the
    picture re-sent after each move holds only what moves."""
    width, height = map_size(view["map"])
    body = _terrain(view, width, height) + _place_names(view) + _hex_targets(view) + _pieces(view)
    return _svg(width, height, view, body)


def render_picture(view: dict[str, Any]) -> str:
    """One picture (mail, full size, API): the map, and below it the state of the battle (time, flight,
    seizure markers) that the page shows beside the map. Nothing on it is clicked, so it has no hex
    targets (a third of a drawing's nodes). The terrain is drawn in, self-contained, unless the caller
    sets ``layer_url``: the mail does, and rasters the layer once for every picture of the battle."""
    width, map_height = map_size(view["map"])
    summary, summary_height = _summary(view, map_height, width)
    body = _terrain(view, width, map_height, numbers=False) + _place_names(view) + _pieces(view) + summary
    return _svg(width, map_height + summary_height, view, body)


def _svg(width: float, height: float, view: dict[str, Any], body: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}" width="{width:.0f}" '
        f'height="{height:.0f}" font-family="sans-serif"><title>{escape(text(view, _picture_title(view)))}'
        f"</title><defs>{svg_counters.symbol_defs()}"
        f'<polygon id="bh" points="{_hex_points()}"/></defs>'
        f'<rect x="0" y="0" width="{width:.0f}" height="{height:.0f}" fill="{PAPER}"/>{body}</svg>'
    )


PLAIN_HEX = "Clear, level 0, empty"


def _picture_title(view: dict[str, Any]) -> Any:
    return msg("Blood & Roses — {battle}", battle=field_name(view))  # the battle's name says it is a stand-in


def _hex_points() -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in (vertex("0101", v) for v in range(6)))


def _terrain(view: dict[str, Any], width: float, height: float, numbers: bool = True) -> str:
    """The terrain and hex numbers: the layers referenced where the caller set ``layer_url`` and the
    battle is shipped, else drawn inline."""
    board = view["map"]
    terrain_name, numbers_name = layer_names(board, view.get("battle", ""))
    size = f'x="0" y="0" width="{width:.0f}" height="{height:.0f}"'
    if view.get("layer_url") and terrain_name in shipped_layers():
        url = escape(view["layer_url"])
        out = f'<image href="{url}{terrain_name}.svg" {size} pointer-events="none"/>'
        if numbers:
            out += f'<image href="{url}{numbers_name}.svg" {size} class="when-zoomed" pointer-events="none"/>'
        return out
    drawn_terrain, hex_numbers = terrain(board)
    out = f'<g pointer-events="none">{drawn_terrain}</g>'
    if numbers:  # not in the mail, whose renderer knows no zoom: the page's hex numbers only when zoomed
        out += f'<g class="when-zoomed" pointer-events="none">{hex_numbers}</g>'
    return out


def _place_names(view: dict[str, Any]) -> str:
    return "".join(labels(view["map"], lambda place: text(view, place_name(place))))


def _hex_targets(view: dict[str, Any]) -> str:
    """One transparent hex per hex that carries ``data-target="hex:<id>"`` above the terrain."""
    board = view["map"]
    titles = hex_titles(view)  # the many plain hexes share one title (the page must stay small)
    plain_title = escape(text(view, PLAIN_HEX))
    columns = []
    for c in range(1, board["cols"] + 1):
        told = tuple((h, titles[h]) for h in (f"{c:02d}{r:02d}" for r in range(1, board["rows"] + 1)) if h in titles)
        columns.append(_target_column(c, board["rows"], told))
    # Transparent but painted, so that a click on a hex reaches it (board.js); its terrain is in the legend.
    # The plain hexes' one title is the group's: board.js reads the nearest <title> up the tree.
    return f'<g fill="#ffffff" fill-opacity="0"><title>{plain_title}</title>{"".join(columns)}</g>'


@lru_cache(maxsize=4096)
def _target_column(c: int, rows: int, told: tuple[tuple[str, str], ...]) -> str:
    """Column ``c``'s hex targets, its hexes with something to tell (``told``: hex, title) titled: a pure
    function of these, and the same for most columns from one move to the next."""
    x0, y0 = xy("0101")
    x = xy(f"{c:02d}01")[0]
    hexes = [f"{c:02d}{r:02d}" for r in range(1, rows + 1)]
    titles = dict(told)
    plain = "".join(
        f'<use href="#bh" y="{xy(h)[1] - y0:.1f}" data-target="hex:{h}"/>' for h in hexes if h not in titles
    )
    alike: dict[str, list[str]] = {}  # hexes of the column told alike (a hillside) share one title
    for h in hexes:
        if h in titles:
            alike.setdefault(titles[h], []).append(f'<use href="#bh" y="{xy(h)[1] - y0:.1f}" data-target="hex:{h}"')
    told_markup = "".join(
        f"{uses[0]}><title>{escape(title)}</title></use>"
        if len(uses) == 1
        else f"<g><title>{escape(title)}</title>{'/>'.join(uses)}/></g>"
        for title, uses in alike.items()
    )
    return f'<g transform="translate({x - x0:.1f} 0)">{plain}{told_markup}</g>'


def hex_titles(view: dict[str, Any]) -> dict[str, str]:
    """Each hex with something to tell, in words (all open information: BR hides no unit): its terrain,
    level, place name, the streams, rivers and hedges along its sides, and what stands there. A hex left
    out is ``PLAIN_HEX``."""
    board = view["map"]
    names = {label["hex"]: text(view, place_name(label["text"])) for label in board.get("labels", [])}
    sides: dict[str, list[str]] = {}
    for key, feature in sorted(board["hexsides"].items()):
        for h in key.split("-"):
            sides.setdefault(h, []).append(feature)
    there: dict[str, list[str]] = {}
    for unit in view["units"].values():
        if unit["hex"] is not None:
            # its counter, drawn over the hex, says the rest (the page is sent after every move: kept short)
            side = name(f"side:{svg_counters.side_drawn(view, unit['battle'])}")
            there.setdefault(unit["hex"], []).append(text(view, msg("{side} unit", side=side)))
    for lid, leader in view["leaders"].items():
        if leader.get("hex"):
            there.setdefault(leader["hex"], []).append(
                text(view, msg("{leader} ({side})", leader=leader_name(view, lid), side=name(f"side:{leader['side']}")))
            )
    titles = {}
    for h in {*names, *sides, *there, *board["terrain"], *board["elevation"]}:
        level = board["elevation"].get(h, 0)
        ground = name(f"terrain:{board['terrain'].get(h, 'clear')}")
        words = [text(view, msg("{terrain}, level {level}", terrain=ground, level=level) if level else ground)]
        if h in sides:
            features = [name(f"feature:{f}") for f in sorted(set(sides[h]))]
            words.append(text(view, msg("{features} on a side", features=features)))
        if h in there:
            words.append("; ".join(there[h]))
        titles[h] = "; ".join(words)
        if h in names:  # a place is named with its hex; the hex numbers show when zoomed (the page stays small)
            titles[h] = text(view, msg("Hex {hex}, {place}", hex=h, place=names[h])) + ": " + titles[h]
    return titles


def _pieces(view: dict[str, Any]) -> str:
    banners = (svg_counters.banner(view, bid, battle) for bid, battle in sorted(view["battles"].items()))
    out = [b for b in banners if b is not None]
    selected = view.get("selected")
    for uid, unit in sorted(view["units"].items()):
        if unit["hex"] is not None:
            out.append(svg_counters.unit_counter(view, uid, unit, uid == selected))
    for uid, unit in sorted(view["units"].items()):
        if unit["hex"] is not None:
            out.extend(svg_counters.unit_markers(view, uid, unit))
    out.extend(svg_counters.leader_tokens(view))
    out.extend(_facing_arrows(view))
    out.extend(_declared(view))
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
        # Outside the counter, through the vertex, so that each can be seen and clicked at Fit.
        tip, left, right = (
            vertex(unit["hex"], v, 1.32),
            vertex(unit["hex"], v - 0.3, 0.88),
            vertex(unit["hex"], v + 0.3, 0.88),
        )
        points = " ".join(f"{x:.1f},{y:.1f}" for x, y in (tip, left, right))
        out.append(
            f'<polygon points="{points}" fill="#f0b000" fill-opacity="0.85" stroke="#7a5a00" stroke-width="0.8" '
            f'data-target="facing:{uid}:{v}"><title>{escape(text(view, faces(view, uid, v)))}</title>'
            "</polygon>"
        )
    return out


def faces(view: dict[str, Any], uid: str, v: int) -> Any:
    return msg("{unit} faces {facing}", unit=unit_name(view, uid), facing=name(f"dir:{VERTEX_NAMES[v]}"))


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
                (x1, y1), (x2, y2) = xy(units[a]["hex"]), xy(units[d]["hex"])
                dx, dy = x2 - x1, y2 - y1
                k = 7 / max(1.0, math.hypot(dx, dy))
                said = msg(
                    "Declared {n}: {unit} charges {target}"
                    if decl.get("charge")
                    else "Declared {n}: {unit} shocks {target}",
                    n=n,
                    unit=unit_name(view, a),
                    target=unit_name(view, d),
                )
                mx, my = (x1 + x2) / 2, (y1 + y2) / 2
                out.append(
                    f'<g class="declared" pointer-events="none"><line x1="{x1 + dx * k:.1f}" y1="{y1 + dy * k:.1f}" '
                    f'x2="{x2 - dx * k:.1f}" y2="{y2 - dy * k:.1f}" stroke="#6a1b9a" stroke-width="2"{dash} '
                    f'marker-end="url(#br-declared)"/><circle cx="{mx:.1f}" cy="{my:.1f}" r="7.5" fill="#ffffff" '
                    f'stroke="#6a1b9a"/><text x="{mx:.1f}" y="{my + MIN_FONT * 0.36:.1f}" font-size="{MIN_FONT}" '
                    f'font-weight="bold" text-anchor="middle" fill="#6a1b9a">{n}</text>'
                    f"<title>{escape(text(view, said))}</title></g>"
                )
    return out


def _summary(view: dict[str, Any], top: float, width: float) -> tuple[str, float]:
    """The mail picture's summary below the map: time, then each side's flight and seizure markers."""
    per_line = int((width - 2 * MARGIN) / (0.58 * MIN_FONT))  # a generous average glyph width
    heading = msg("{battle} — stand-in tables and data, not the published game", battle=field_name(view))
    texts = [text(view, heading), *panels.summary_lines(view)]
    lines = [escape(part) for line in texts for part in textwrap.wrap(line, per_line)]
    height = PANEL_LINE * len(lines) + 14
    out = [
        f'<rect x="{MARGIN - 4:.1f}" y="{top:.1f}" width="{width - 2 * MARGIN + 8:.1f}" height="{height - 4:.1f}" '
        f'fill="#ffffff" stroke="#9b9477"/>'
    ]
    for i, line in enumerate(lines):
        weight = ' font-weight="bold"' if i == 0 else ""
        out.append(
            f'<text x="{MARGIN + 4:.1f}" y="{top + 17 + PANEL_LINE * i:.1f}" font-size="{MIN_FONT}"{weight} '
            f'fill="#222222">{line}</text>'
        )
    return "".join(out), height
