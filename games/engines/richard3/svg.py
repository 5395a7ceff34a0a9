"""A schematic SVG map drawn from a view only, so it can never show hidden information."""

from __future__ import annotations

from html import escape
from typing import Any

from .data import AREAS, BORDERS

POS = {
    "Scotland": (250, 50),
    "Northumbria": (340, 115),
    "Cumbria": (225, 135),
    "North Yorks": (320, 195),
    "East Yorks": (430, 200),
    "Lancaster": (225, 230),
    "South Yorks": (350, 270),
    "Chester": (220, 320),
    "Derby": (320, 340),
    "Lincoln": (450, 300),
    "Caernarvon": (100, 320),
    "Powys": (140, 400),
    "Pembroke": (50, 475),
    "Glamorgan": (150, 490),
    "Hereford": (235, 425),
    "Warwick": (320, 420),
    "Leicester": (405, 395),
    "Rutland": (500, 365),
    "East Anglia": (570, 430),
    "Gloucester": (245, 505),
    "Oxford": (345, 495),
    "Essex": (500, 495),
    "Middlesex": (430, 550),
    "Kent": (540, 590),
    "Sussex": (430, 630),
    "Wilts": (320, 580),
    "Somerset": (210, 585),
    "Dorset": (290, 660),
    "Cornwall": (130, 680),
    "Isle of Man": (110, 210),
    "Ireland": (30, 330),
    "France": (420, 750),
    "Calais": (590, 680),
}
SEA_POS = {"Irish Sea": (40, 130), "North Sea": (590, 250), "English Channel": (260, 740)}
COLOURS = {"yellow": "#d9b300", "blue": "#2f6fd0", "red": "#c62828"}
SIDE_FILL = {"lancaster": "#c62828", "york": "#f4f4f4"}
SIDE_TEXT = {"lancaster": "#ffffff", "york": "#222222"}
W, H = 96, 46


def render(view: dict[str, Any]) -> str:
    out = [
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="-30 -40 720 840" width="720" height="840" '
        'font-family="sans-serif" font-size="10">',
        '<rect x="-30" y="-40" width="720" height="840" fill="#bcd7ea"/>',
    ]
    for sea, (x, y) in SEA_POS.items():
        out.append(f'<text x="{x}" y="{y}" font-size="13" fill="#2b4f70" font-style="italic">{escape(sea)}</text>')
    for area, facts in AREAS.items():
        for sea in facts["seas"]:
            (x1, y1), (x2, y2) = POS[area], SEA_POS[sea]
            out.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#7fa7c7" stroke-dasharray="3,4"/>')
    for a, b, colour in BORDERS:
        (x1, y1), (x2, y2) = POS[a], POS[b]
        out.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{COLOURS[colour]}" stroke-width="3"/>')
    mine: dict[str, list[dict]] = {}
    for blk in view.get("my_blocks", []):
        mine.setdefault(blk["at"], []).append(blk)
    battle = view.get("battle") or {}
    revealed: dict[str, list[dict]] = {}
    for blk in battle.get("blocks", []):
        revealed.setdefault(blk["side"], []).append(blk)
    role = view.get("role")
    for area, (x, y) in POS.items():
        facts = AREAS[area]
        fill = "#f3e9c6" if facts["kind"] == "land" else "#d9d2e9"
        stroke = "#000" if area not in view.get("contested", []) else "#ff6f00"
        out.append(
            f'<rect x="{x - W / 2}" y="{y - H / 2}" width="{W}" height="{H}" rx="6" fill="{fill}" '
            f'stroke="{stroke}" stroke-width="{3 if stroke != "#000" else 1}"/>'
        )
        marks = ("♛" if facts["crown"] else "") + ("✝" if facts["cathedral"] else "") + ("●" if facts["city"] else "")
        out.append(f'<text x="{x - W / 2 + 3}" y="{y - H / 2 + 10}" font-weight="bold">{escape(area)} {marks}</text>')
        counts = view["areas"][area]
        col = 0
        for side in ("lancaster", "york"):
            if battle.get("area") == area:
                shown = [(b["name"][:6], b["steps"]) for b in revealed.get(side, [])]
            elif side == role:
                shown = [(b["name"][:6], b["steps"]) for b in mine.get(area, [])]
            else:
                shown = [("", None)] * counts[side]
            for label, steps in shown:
                bx, by = x - W / 2 + 3 + (col % 6) * 15, y - H / 2 + 14 + (col // 6) * 15
                out.append(
                    f'<rect x="{bx}" y="{by}" width="14" height="14" fill="{SIDE_FILL[side]}" stroke="#333">'
                    f"<title>{escape(label or side)}{'' if steps is None else f' ({steps})'}</title></rect>"
                )
                if steps is not None:
                    out.append(
                        f'<text x="{bx + 7}" y="{by + 11}" text-anchor="middle" fill="{SIDE_TEXT[side]}">{steps}</text>'
                    )
                col += 1
    played = view.get("played", {})
    cards = []
    for side in ("lancaster", "york"):
        card = played.get(side)
        text = card["label"] if isinstance(card, dict) else (card or "—")
        cards.append(f"{side.capitalize()}: {text}")
    header = (
        f"Campaign {view['campaign']}/{view['last_campaign']} · Turn {view['turn']}/7 · {view['phase']} · "
        f"King: {view['king'].capitalize()} ({view['crowned'][view['king']] or '—'})"
    )
    out.append(f'<text x="-20" y="-22" font-size="14" font-weight="bold">{escape(header)}</text>')
    out.append(f'<text x="-20" y="-6" font-size="12">Cards: {escape(" · ".join(cards))}</text>')
    done = (view["campaign"] - 1) * 7 + view["turn"]
    track = []
    for i in range(21):
        fill = "#555" if i < done else "#fff"
        track.append(f'<rect x="{380 + i * 14}" y="-34" width="12" height="12" fill="{fill}" stroke="#333"/>')
    out.append("".join(track))
    out.append(f'<text x="-20" y="790" font-size="12">{escape(view.get("prompt", ""))}</text>')
    out.append("</svg>")
    return "".join(out)
