"""The parts of the picture around the map: header, legend, hand, selection, battle, boxes."""

from __future__ import annotations

from html import escape
from typing import Any

from ..base import msg, name, plural
from .data.blocks import DAIMYO_SIDE
from .svg_parts import (
    CARD_H,
    CARD_W,
    CLAN_COLOUR,
    HIGHLIGHT,
    PANEL_TILE_W,
    SIDE_FILL,
    SIDE_INK,
    SIDES,
    TILE_H,
    TILE_W,
    back_tile,
    block_tile,
    card,
    card_back,
    text,
)
from .texts import card_name, clan_name, face_label, side_name, t

ROW = TILE_H + 3


def _box(x: float, y: float, w: float, h: float, title: str, colour: str = "#8a7a55") -> str:
    return (
        f'<rect x="{x:.0f}" y="{y:.0f}" width="{w:.0f}" height="{h:.0f}" rx="8" fill="#fbf7ec" '
        f'stroke="{colour}" stroke-width="2"/>' + text(x + 10, y + 20, title, 14, font_weight="bold")
    )


def _own_target(block: dict[str, Any]) -> str | None:
    return f"block:{block['id']}" if "id" in block else None


def tiles(x: float, y: float, w: float, h: float, items: list[tuple[dict[str, Any], str, dict]]) -> list[str]:
    """Blocks in columns that fill ``w`` x ``h``: whole names when there is room, short ones otherwise."""
    rows = max(1, int(h // ROW))
    cols = -(-len(items) // rows) if items else 1
    full = cols * (PANEL_TILE_W + 6) <= w
    step = (PANEL_TILE_W if full else TILE_W) + 6
    return [
        block_tile(x + (i // rows) * step, y + (i % rows) * ROW, block, side, compact=not full, **extra)
        for i, (block, side, extra) in enumerate(items)
    ]


# --- header ----------------------------------------------------------------------------------


def header(view: dict[str, Any], width: float) -> list[str]:
    """Week/turn track (SK-3.4c), who moves first, victory points, and what is asked of the viewer."""
    out = []
    week = msg("Week {week} of 7 · turn {turn}", week=view["week"], turn=view["turn"])
    if view["first"]:
        week = msg("{week} · {side} moves first", week=week, side=name(f"side:{view['first']}"))
    out.append(text(16, 26, t(week), 18, font_weight="bold"))
    for week in range(1, 8):
        for k, turn in enumerate("AB"):
            x = 545 + (week - 1) * 62 + k * 28
            here = view["week"] == week and view["turn"] == turn
            fill = SIDE_FILL[view["first"]] if here and view["first"] else ("#bbbbbb" if here else "#f7f1e1")
            ink = SIDE_INK[view["first"]] if here and view["first"] else "#8b1a1a"
            stroke = 'stroke="#1565c0" stroke-width="3"' if here else 'stroke="#8a7a55"'
            out.append(f'<rect x="{x}" y="9" width="26" height="22" rx="3" fill="{fill}" {stroke}/>')
            out.append(text(x + 13, 25, f"{week}{turn}", 12, fill=ink, text_anchor="middle", font_weight="bold"))
    s = view["scores"]
    out.append(
        text(
            width - 16,
            26,
            t(msg("VP  Ishida {ishida} · Tokugawa {tokugawa}", **s)),
            18,
            font_weight="bold",
            text_anchor="end",
        )
    )
    you = t(msg("You play {side}.", side=name(f"side:{view['you']}"))) if view["you"] else t("Spectating.")
    out.append(text(16, 52, you + " " + t(view["prompt"]), 15, fill="#5a1a10"))
    return out


# --- legend ------------------------------------------------------------------------------------


LEGEND_W, LEGEND_H = 480, 206


def legend(x: float, y: float) -> list[str]:
    w, h = LEGEND_W, LEGEND_H
    out = [_box(x, y, w, h, t("Legend"))]
    rows = [
        ('<line x1="0" y1="0" x2="30" y2="0" stroke="#8b5a2b" stroke-width="5"/>', "highway"),
        ('<line x1="0" y1="0" x2="30" y2="0" stroke="#8d8d8d" stroke-width="2"/>', "road"),
        ('<circle cx="15" cy="0" r="8" fill="#d0372e" stroke="#e0ae1c" stroke-width="4"/>', "resource (ring: holder)"),
        ('<circle cx="15" cy="0" r="12" fill="none" stroke="#242424" stroke-width="3"/>', "capital"),
        ('<rect x="4" y="-11" width="22" height="22" fill="#e0ae1c" stroke="#1a1a1a"/>', "castle (colour: holder)"),
        ('<circle cx="15" cy="0" r="8" fill="#f2c230" stroke="#6b4e00" stroke-width="2"/>', "Hideyori / Sanada disc"),
        ('<polyline points="0,0 30,0" stroke="#242424" stroke-width="4" stroke-dasharray="8 4"/>', "last move"),
        (f'<circle cx="15" cy="0" r="10" fill="none" stroke="{HIGHLIGHT}" stroke-width="4"/>', "selected"),
        (
            '<circle cx="15" cy="0" r="10" fill="#d8342c" fill-opacity="0.3" stroke="#c0241c" stroke-width="3"/>',
            "battle",
        ),
    ]
    for i, (icon, label) in enumerate(rows):
        rx, ry = x + 12 + (i // 5) * 215, y + 44 + (i % 5) * 24
        out.append(f'<g transform="translate({rx:.0f},{ry:.0f})">{icon}</g>')
        out.append(text(rx + 40, ry + 5, t(label), 12))
    cy = y + 44 + 5 * 24
    for k, side in enumerate(SIDES):
        clans = [c for c, s in DAIMYO_SIDE.items() if s == side]
        for j, clan in enumerate(clans):
            cx = x + 12 + j * 94
            out.append(
                f'<rect x="{cx:.0f}" y="{cy + k * 22 - 10:.0f}" width="12" height="14" fill="{CLAN_COLOUR[clan]}" '
                f'stroke="{SIDE_FILL[side]}" stroke-width="2"/>'
            )
            out.append(text(cx + 16, cy + k * 22 + 2, clan_name(clan), 12))
    return out


# --- the band under the map ------------------------------------------------------------------


def band(view: dict[str, Any], top: float, width: float) -> list[str]:
    out = _hands(view, 10, top + 8, 490, 254)
    right_x, right_w = 510.0, width - 520
    if view.get("battle"):
        return out + _battle(view, right_x, top + 8, right_w, 254)
    return out + _boxes(view, right_x, top + 8, right_w, 254)


def _hands(view: dict[str, Any], x: float, y: float, w: float, h: float) -> list[str]:
    you = view["you"]
    areas = view["areas"]
    if you is None:
        out = [_box(x, y, w, h, t("Hands"))]
        for k, side in enumerate(SIDES):
            out.append(card_back(x + 20 + k * 200, y + 50, side, areas[side]["hand"]))
            held = plural("{side}: {n} card", "{side}: {n} cards", areas[side]["hand"], side=name(f"side:{side}"))
            out.append(text(x + 20 + k * 200, y + 168, t(held), 13))
        return out
    hand = areas[you]["hand_cards"]
    out = [_box(x, y, w, h, t(msg("Your hand ({n})", n=len(hand))))]
    per_row = max(1, int((w - 100) // (CARD_W + 6)))
    for i, c in enumerate(hand):
        cx = x + 10 + (i % per_row) * (CARD_W + 6)
        cy = y + 30 + (i // per_row) * (CARD_H + 8)
        out.append(card(cx, cy, c, you, target=f"card:{c['id']}"))
    foe = "tokugawa" if you == "ishida" else "ishida"
    bx = x + w - 80
    out.append(card_back(bx, y + 34, foe, areas[foe]["hand"], w=56, h=78))
    out.append(text(bx + 30, y + 136, side_name(foe), 12, text_anchor="middle"))
    out.append(text(bx + 30, y + 151, t("hand"), 12, text_anchor="middle"))
    bid = view["turn_order_bids"].get(you)
    if isinstance(bid, dict):  # SK-6.3a: the own bid lies face down on the table
        out.append(card(bx - 4, y + 160, bid, you))
    return out


def _boxes(view: dict[str, Any], x: float, y: float, w: float, h: float) -> list[str]:
    """The Reinforcement areas, the Mori area, the bags and the lost blocks."""
    you = view["you"]
    areas = view["areas"]
    out = [_box(x, y, w, h, t("Reinforcements"))]
    picked = set((view.get("muster") or {}).get("picked", ()))
    mori_w = TILE_W + 16
    inner = w - mori_w - 30
    if you:
        own = areas[you]["reinforcement_blocks"]
        items = [(b, you, {"target": _own_target(b), "selected": b["id"] in picked}) for b in own]
        out += tiles(x + 10, y + 30, inner, 132, items)
    others = [s for s in SIDES if s != you and areas[s]["reinforcements"]]
    for k, side in enumerate(others):  # hidden blocks: a counted pile
        out.append(back_tile(x + inner - 40 - k * 44, y + 34, side, areas[side]["reinforcements"]))
    for k, side in enumerate(SIDES):
        a = areas[side]
        line = msg(
            "{side}: {waiting} waiting, {bag} in bag, deck {deck}, discards {discards}",
            side=name(f"side:{side}"),
            waiting=a["reinforcements"],
            bag=a["bag"],
            deck=a["deck"],
            discards=a["discards"],
        )
        out.append(text(x + 10, y + 180 + k * 18, t(line), 12))
    lost = ", ".join(face_label(d) for d in view["dead"])
    lost = lost[:110] + "…" if len(lost) > 110 else lost or t("none")
    out.append(text(x + 10, y + 220, t(msg("Lost: {blocks}", blocks=lost)), 12))
    # SK-9.3: the Mori area, face up; discarding a card brings its next block to Osaka
    mx = x + w - mori_w - 10
    out.append(
        f'<g data-target="box:mori"><title>{escape(t("Mori area"))}</title><rect x="{mx:.0f}" y="{y + 8:.0f}" '
        f'width="{mori_w}" '
        f'height="{158}" rx="6" fill="#e9f2ee" stroke="{CLAN_COLOUR["mori"]}" stroke-width="2"/>'
        + text(mx + 8, y + 24, t(msg("Mori area ({n})", n=len(view["mori_area"]))), 13, font_weight="bold")
    )
    for i, b in enumerate(view["mori_area"][:6]):
        out.append(block_tile(mx + 8 + (i // 6) * 90, y + 34 + i * ROW, b, "ishida", compact=True))
    out.append("</g>")
    return out


# --- battle ------------------------------------------------------------------------------------


def _battle(view: dict[str, Any], x: float, y: float, w: float, h: float) -> list[str]:
    """SK-8: the battle (or siege) being fought: Impact, deployed blocks face up, reserves, cards played."""
    battle = view["battle"]
    you = view["you"]
    where, att = name(f"location:{battle['location']}"), name(f"side:{battle['attacker']}")
    siege = battle["kind"] == "siege"
    title = t(
        msg("Siege of {loc}: {side} besieges" if siege else "Battle at {loc}: {side} attacks", loc=where, side=att)
    )
    out = [_box(x, y, w, h, title, "#c0241c")]
    x, y, w, h = x + 10, y + 24, w - 20, h - 30
    imp = battle["impact"]
    top = max(imp.values()) or 1
    for k, side in enumerate(SIDES):  # SK-8.3: the Impact (battle force) of each side
        by = y + k * 22
        out.append(text(x, by + 14, side_name(side), 13, font_weight="bold"))
        bar = (w / 2 - 140) * imp[side] / max(top, 14)
        out.append(
            f'<rect x="{x + 80:.0f}" y="{by + 2:.0f}" width="{max(bar, 2):.0f}" height="14" '
            f'fill="{SIDE_FILL[side]}" stroke="#000" stroke-opacity="0.4"/>'
        )
        out.append(text(x + 86 + bar, by + 14, str(imp[side]), 14, font_weight="bold"))
    out.append(text(x, y + h - 2, t("Red border: deployed, with its Impact; the others are not deployed yet."), 11))
    status = _battle_status(battle)
    out.append(text(x + w - 10, y - 6, status, 13, fill="#8b1a1a", text_anchor="end", font_weight="bold"))
    col_w = (w - 10) / 2
    for k, side in enumerate(SIDES):
        cx, cy = x + k * (col_w + 10), y + 50
        role = "{side} (attacker)" if side == battle["attacker"] else "{side} (defender)"
        out.append(text(cx, cy + 12, t(msg(role, side=name(f"side:{side}"))), 13, font_weight="bold"))
        played = battle["cards_played"][side]
        if played:
            names = ", ".join(card_name(c) for c in played)
            out.append(
                text(cx + col_w, cy + 12, t(msg("cards played: {cards}", cards=names))[:70], 11, text_anchor="end")
            )
        items = []
        for i, d in enumerate(battle["deployed"]):
            if d["side"] == side:
                target = f"block:{d['id']}" if "id" in d else f"deployed:{i}"
                items.append((d, d["owner"], {"target": target, "note": f"+{d['impact']}", "deployed": True}))
        und = battle["undeployed"][side]
        for b in und.get("blocks", []):
            items.append((b, side, {"target": _own_target(b)}))
        besieged = battle.get("besieged")
        inside = besieged and besieged["side"] == side
        if inside:
            for b in besieged.get("blocks", []):
                items.append((b, side, {"target": _own_target(b), "note": t("(in castle)")}))
        out += tiles(cx, cy + 20, col_w, h - 70, items)
        hidden = []
        if "blocks" not in und and und["count"]:
            hidden.append(t(msg("{n} not deployed", n=und["count"])))
        if inside and "blocks" not in besieged and besieged["count"]:
            hidden.append(t(msg("{n} in the castle", n=besieged["count"])))
        if hidden and side != you:
            bx = cx + col_w - 150
            count = (und["count"] if "blocks" not in und else 0) + (
                besieged["count"] if inside and "blocks" not in besieged else 0
            )
            out.append(back_tile(bx, cy + 20, side, count))
            out.append(text(bx + 36, cy + 40, ", ".join(hidden), 12))
    return out


def _battle_status(battle: dict[str, Any]) -> str:
    if battle.get("winner"):
        owe = [f"{side_name(s)} {n}" for s, n in battle["losses_owed"].items() if n]
        won = t(msg("{side} wins", side=name(f"side:{battle['winner']}")))
        return won + (t(msg("; losses still due: {losses}", losses=", ".join(owe))) if owe else "")
    done = [name(f"side:{s}") for s in SIDES if battle["passed"][s]]
    if not done:
        return t("deploying")
    return t(
        msg("{side} passed", side=done[0])
        if len(done) == 1
        else msg("{first} and {second} passed", first=done[0], second=done[1])
    )
