"""A schematic SVG map drawn from a view only, so it can never show hidden information."""

from __future__ import annotations

from html import escape
from typing import Any

from .data import AREAS, BORDERS

_RAW = {
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
POS = {a: (round(x * 1.3), round(y * 1.2)) for a, (x, y) in _RAW.items()}
SEA_POS = {"Irish Sea": (30, 150), "North Sea": (780, 290), "English Channel": (330, 900)}
COLOURS = {"yellow": "#d9b300", "blue": "#2f6fd0", "red": "#c62828"}
SIDE_FILL = {"lancaster": "#c62828", "york": "#f4f4f4"}
SIDE_TEXT = {"lancaster": "#ffffff", "york": "#222222"}
W, H = 115, 56


def render(view: dict[str, Any]) -> str:
    out = [
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="-60 -50 920 1010" width="920" height="1010" '
        'font-family="sans-serif" font-size="10">',
        '<rect x="-60" y="-50" width="920" height="1010" fill="#bcd7ea"/>',
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
        hot = area in view.get("contested", []) or battle.get("area") == area
        stroke, width = ("#ff6f00", 3) if hot else ("#000", 1)
        out.append(
            f'<rect x="{x - W / 2}" y="{y - H / 2}" width="{W}" height="{H}" rx="6" fill="{fill}" '
            f'stroke="{stroke}" stroke-width="{width}"/>'
        )
        marks = ("♛" if facts["crown"] else "") + ("✝" if facts["cathedral"] else "") + ("●" if facts["city"] else "")
        out.append(f'<text x="{x - W / 2 + 3}" y="{y - H / 2 + 10}" font-weight="bold">{escape(area)} {marks}</text>')
        labelled: list[tuple[str, str, int]] = []
        plain: list[str] = []
        for side in ("lancaster", "york"):
            if battle.get("area") == area and revealed.get(side):
                labelled += [(side, b["name"], b["steps"]) for b in revealed[side]]
            elif side == role:
                labelled += [(side, b["name"], b["steps"]) for b in mine.get(area, [])]
            else:
                plain += [side] * view["areas"][area][side]
        for i, (side, label, steps) in enumerate(labelled[:9]):
            bx, by = x - W / 2 + 2 + (i % 3) * 37, y - H / 2 + 13 + (i // 3) * 13
            out.append(
                f'<rect x="{bx}" y="{by}" width="36" height="12" fill="{SIDE_FILL[side]}" stroke="#333"/>'
                f'<text x="{bx + 2}" y="{by + 9}" font-size="8" fill="{SIDE_TEXT[side]}">'
                f"{escape(label[:5])} {steps}</text>"
            )
        if len(labelled) > 9:
            out.append(f'<text x="{x + W / 2 - 14}" y="{y + H / 2 - 2}" font-size="8">+{len(labelled) - 9}</text>')
        for i, side in enumerate(plain):
            bx = x + W / 2 - 11 - (i % 8) * 11
            by = y + H / 2 - 11 - (i // 8) * 11
            out.append(f'<rect x="{bx}" y="{by}" width="10" height="10" fill="{SIDE_FILL[side]}" stroke="#333"/>')
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
    out.append(f'<text x="-50" y="-32" font-size="14" font-weight="bold">{escape(header)}</text>')
    out.append(f'<text x="-50" y="-14" font-size="12">Cards: {escape(" · ".join(cards))}</text>')
    done = (view["campaign"] - 1) * 7 + view["turn"]
    track = []
    for i in range(21):
        fill = "#555" if i < done else "#fff"
        track.append(f'<rect x="{560 + i * 14}" y="-44" width="12" height="12" fill="{fill}" stroke="#333"/>')
    out.append("".join(track))
    pools = view.get("pool_counts", {})
    info = f"Pools: Lancaster {pools.get('lancaster', 0)}, York {pools.get('york', 0)}"
    if view.get("hand"):
        info += " · Your hand: " + ", ".join(c["label"] for c in view["hand"])
    if battle:
        info += f" · Battle in {battle['area']}, round {battle['round']} ({battle['attacker']} attacks)"
    out.append(f'<text x="-50" y="935" font-size="12">{escape(info)}</text>')
    out.append(f'<text x="-50" y="952" font-size="12">{escape(view.get("prompt", ""))}</text>')
    out.append("</svg>")
    return "".join(out)
