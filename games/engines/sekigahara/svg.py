"""The board picture, drawn from a view only (so it cannot leak)."""

from __future__ import annotations

from html import escape
from typing import Any

from .data.blocks import DAIMYO_SIDE
from .data.locations import CAPITALS, CASTLES, LOCATIONS, MUSTER, RESOURCES
from .data.roads import ROADS

W, H = 1000, 640
COLOURS = {"ishida": "#d4a017", "tokugawa": "#222222"}
TEXT = {"ishida": "#000000", "tokugawa": "#ffffff"}


def _xy(loc: str) -> tuple[float, float]:
    _, x, y = LOCATIONS[loc]
    return 20 + x * (W - 80), 60 + (y - 0.15) / 0.7 * (H - 110)


def render(view: dict[str, Any]) -> str:
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H + 90}" font-family="sans-serif" font-size="9">',
        f'<rect width="{W}" height="{H + 90}" fill="#e8dfc8"/>',
    ]
    for a, b, kind in ROADS:  # SK-4.1a: highways thick brown, roads thin grey
        (x1, y1), (x2, y2) = _xy(a), _xy(b)
        style = 'stroke="#8b5a2b" stroke-width="4"' if kind == "main" else 'stroke="#888" stroke-width="1.5"'
        out.append(f'<line x1="{x1:.0f}" y1="{y1:.0f}" x2="{x2:.0f}" y2="{y2:.0f}" {style}/>')
    for loc, (name, _, _) in LOCATIONS.items():
        x, y = _xy(loc)
        if loc in CASTLES:
            holder = view["castles"].get(loc, CASTLES[loc])
            out.append(
                f'<rect x="{x - 10:.0f}" y="{y - 10:.0f}" width="20" height="20" fill="none" '
                f'stroke="{COLOURS[holder]}" stroke-width="3"/>'
            )
        fill = "#c0392b" if loc in RESOURCES else "#ffffff"
        ring = COLOURS[CAPITALS[loc]] if loc in CAPITALS else "#555"
        out.append(f'<circle cx="{x:.0f}" cy="{y:.0f}" r="7" fill="{fill}" stroke="{ring}" stroke-width="2"/>')
        owner = view["resources"].get(loc)
        if owner:
            out.append(f'<rect x="{x + 5:.0f}" y="{y - 12:.0f}" width="6" height="6" fill="{COLOURS[owner]}"/>')
        out.append(f'<text x="{x:.0f}" y="{y + 17:.0f}" text-anchor="middle">{escape(name)}</text>')
        for k, clan in enumerate(MUSTER.get(loc, ())):  # Muster squares in the daimyo's side colour
            side = DAIMYO_SIDE[clan]
            mx = x - 9 * len(MUSTER[loc]) + 18 * k
            out.append(
                f'<rect x="{mx:.0f}" y="{y + 20:.0f}" width="17" height="10" fill="{COLOURS[side]}"/>'
                f'<text x="{mx + 8.5:.0f}" y="{y + 28:.0f}" text-anchor="middle" font-size="7" '
                f'fill="{TEXT[side]}">{clan[:3]}</text>'
            )
    for loc, entry in view["stacks"].items():
        x, y = _xy(loc)
        for i, side in enumerate(("ishida", "tokugawa")):
            if side not in entry:
                continue
            bx = x - 26 + i * 30
            by = y - 30
            blocks = entry[side].get("blocks")
            if blocks:  # own blocks: name and strength
                for j, b in enumerate(blocks[:6]):
                    tag = f"{b['daimyo'][:3]}{b['strength']}{'L' if b['leader'] else ''}{b['special'][:1]}"
                    out.append(
                        f'<rect x="{bx:.0f}" y="{by - j * 9:.0f}" width="26" height="9" fill="{COLOURS[side]}"/>'
                        f'<text x="{bx + 13:.0f}" y="{by - j * 9 + 7:.0f}" text-anchor="middle" font-size="7" '
                        f'fill="{TEXT[side]}">{escape(tag)}</text>'
                    )
                if len(blocks) > 6:
                    out.append(
                        f'<text x="{bx + 13:.0f}" y="{by - 55:.0f}" text-anchor="middle">+{len(blocks) - 6}</text>'
                    )
            else:  # enemy: plain blocks with a count
                out.append(
                    f'<rect x="{bx:.0f}" y="{by:.0f}" width="22" height="14" fill="{COLOURS[side]}"/>'
                    f'<text x="{bx + 11:.0f}" y="{by + 11:.0f}" text-anchor="middle" fill="{TEXT[side]}">'
                    f"{entry[side]['count']}</text>"
                )
    # the week/turn track (SK-3.4c)
    ty = H + 5
    for week in range(1, 8):
        for k, turn in enumerate("AB"):
            x = 20 + (week - 1) * 70 + k * 32
            here = view["week"] == week and view["turn"] == turn
            fill = COLOURS[view["first"]] if here and view["first"] else ("#bbb" if here else "#f5f0e0")
            out.append(f'<rect x="{x}" y="{ty}" width="30" height="20" fill="{fill}" stroke="#555"/>')
            out.append(f'<text x="{x + 15}" y="{ty + 14}" text-anchor="middle" fill="#c00">{week}{turn}</text>')
    s = view["scores"]
    out.append(f'<text x="520" y="{ty + 14}">VP Ishida {s["ishida"]} / Tokugawa {s["tokugawa"]}</text>')
    out.append(f'<text x="20" y="{ty + 40}">{escape(view["prompt"])}</text>')
    areas = view["areas"]
    boxes = "; ".join(
        f"{side.title()}: {areas[side]['reinforcements']} in reinforcements, {areas[side]['hand']} cards, "
        f"{areas[side]['bag']} in bag"
        for side in ("ishida", "tokugawa")
    )
    out.append(f'<text x="20" y="{ty + 56}">{escape(boxes)}; Mori area: {len(view["mori_area"])}</text>')
    lost = ", ".join(d["label"] for d in view["dead"])
    out.append(f'<text x="20" y="{ty + 72}" font-size="8">Lost: {escape(lost[:160])}</text>')
    battle = view.get("battle")
    if battle:  # the Impact (battle force) track
        out.append(f'<rect x="700" y="{ty}" width="290" height="50" fill="#fff" stroke="#000"/>')
        where = escape(LOCATIONS[battle["location"]][0])
        out.append(f'<text x="705" y="{ty + 14}">{escape(battle["kind"].title())} at {where}</text>')
        for i, side in enumerate(("ishida", "tokugawa")):
            val = battle["impact"][side]
            out.append(
                f'<rect x="705" y="{ty + 20 + i * 14}" width="{min(val, 48) * 5}" height="10" fill="{COLOURS[side]}"/>'
                f'<text x="960" y="{ty + 29 + i * 14}">{val}</text>'
            )
            names = ", ".join(d["label"] for d in battle["deployed"] if d["side"] == side)
            out.append(f'<text x="705" y="{ty + 62 + i * 11}" font-size="8">{escape(names[:70])}</text>')
    out.append("</svg>")
    return "".join(out)
