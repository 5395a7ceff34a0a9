"""The side column of the composed picture (mail, full-size link): turn, crowns, turn track, cards, the
battle being fought, the pool and the legend, drawn in SVG beside the map. The page shows the same as HTML
(``panels.py``), in the same words (``svg_parts``)."""

from __future__ import annotations

import textwrap
from html import escape

from games.engines.base import msg

from .board import side_name
from .svg_parts import (
    BATTLE,
    BORDER_COLOURS,
    CARD_W,
    GAP,
    HOUSE,
    INK,
    LAST_MOVE,
    MUTED,
    NAME,
    RESERVE_NOTE,
    SELECTED,
    SMALL,
    TILE_H,
    TILE_W,
    back,
    battle_sides,
    battle_title,
    battle_winner,
    card,
    crown,
    crown_line,
    crowns,
    hand_sizes,
    minors,
    phase_title,
    pool_blocks,
    pools_line,
    tile,
)
from .texts import text

SIDE_W = 300
BORDER_TEXT = {"yellow": "yellow: 4 blocks a turn", "blue": "blue: 3 blocks a turn", "red": "red: 2 blocks, stop"}


def side_column(x: float, view: dict, role: str | None, battle: dict, selection: dict) -> tuple[str, int]:
    y = 12
    out = []
    for n, line in enumerate(phase_title(view)):
        # the phase line is plain: with a side and an event it is long, above all in Russian
        weight = ' font-weight="bold"' if n == 0 else ""
        out.append(f'<text x="{x}" y="{y + 16}" font-size="{NAME + 2 if n == 0 else NAME - 1}"{weight}>')
        out.append(f"{escape(line)}</text>")
        y += 22
    for line in textwrap.wrap(text(view, view.get("prompt") or ""), 38):
        out.append(f'<text x="{x}" y="{y + 14}" font-size="{SMALL}" fill="#333">{escape(line)}</text>')
        y += 18
    y += 8
    for title, side, heir in crowns(view):
        out.append(
            crown(x, y, "#d4a017" if title == "King" else "#9e9e9e")
            + f'<text x="{x + 20}" y="{y + 12}" font-size="14">{escape(crown_line(view, title, side, heir))}</text>'
        )
        y += 22
    if role:
        fill, edge, _ = HOUSE[role]
        out.append(
            f'<rect x="{x}" y="{y}" width="14" height="14" fill="{fill}" stroke="{edge}"/>'
            f'<text x="{x + 20}" y="{y + 12}" font-size="14">{escape(you_play(view, role))}</text>'
        )
    else:
        out.append(
            f'<text x="{x}" y="{y + 12}" font-size="14" fill="{MUTED}">{escape(text(view, "Spectator view"))}</text>'
        )
    y += 26
    out.append(turn_track(x, y, view))
    y += 40
    section, y = cards(x, y, view, role)
    out.append(section)
    if battle:
        section, y = battle_panel(x, y, view, battle, selection)
        out.append(section)
    section, y = pool(x, y, view, role, selection)
    out.append(section)
    section, y = legend(x, y + 6, view.get("opponent") or "lancaster", view)
    out.append(section)
    return "".join(out), y + 10


def block_grid(blocks: list[dict], x: float, y: float, columns: int, view: dict, selection: dict) -> str:
    """Blocks the viewer may see, left to right in rows of ``columns`` (a battle's reserves dashed)."""
    return "".join(
        tile(
            blk,
            x + (n % columns) * (TILE_W + 6),
            y + (n // columns) * (TILE_H + GAP),
            view,
            selection,
            reserve=blk.get("reserve", False),
        )
        for n, blk in enumerate(blocks)
    )


def you_play(view: dict, role: str) -> str:
    return text(view, msg("You play {side}", side=side_name(role)))


def heading(x: float, y: float, text: str, colour: str = INK) -> str:
    return f'<text x="{x}" y="{y + 14}" font-size="15" font-weight="bold" fill="{colour}">{escape(text)}</text>'


def turn_track(x: float, y: float, view: dict) -> str:
    done = (view["campaign"] - 1) * 7 + view["turn"]
    words = escape(text(view, "Turns (3 campaigns of 7)"))
    out = [f'<text x="{x}" y="{y + 10}" font-size="11" fill="{MUTED}">{words}</text>']
    for i in range(21):
        cx = x + i * 13 + (i // 7) * 6
        fill = "#5d4037" if i < done - 1 else ("#ffb300" if i == done - 1 else "#ffffff")
        out.append(f'<rect x="{cx}" y="{y + 16}" width="11" height="11" fill="{fill}" stroke="#5d4037"/>')
    return "".join(out)


def cards(x: float, y: float, view: dict, role: str | None) -> tuple[str, int]:
    out = [heading(x, y, text(view, "Cards played this turn"))]
    y += 22
    for i, side in enumerate(("lancaster", "york")):
        cx = x + i * 150
        out.append(f'<text x="{cx}" y="{y + 12}" font-size="12">{escape(text(view, side_name(side)))}</text>')
        played = view["played"].get(side)
        if played is None:
            out.append(
                f'<text x="{cx}" y="{y + 34}" font-size="12" fill="{MUTED}">{escape(text(view, "not yet"))}</text>'
            )
        else:
            out.append(card(cx, y + 18, view, played if isinstance(played, dict) else None))
    y += 76
    if role:
        out.append(heading(x, y, text(view, msg("Your hand ({n})", n=len(view["hand"])))))
        y += 22
        for i, c in enumerate(view["hand"]):
            out.append(card(x + (i % 3) * (CARD_W + 8), y + (i // 3) * 56, view, c, target=f"card:{c['card']}"))
        y += 56 * ((len(view["hand"]) + 2) // 3) + 4
    out.append(f'<text x="{x}" y="{y + 12}" font-size="12" fill="{MUTED}">{escape(hand_sizes(view))}</text>')
    return "".join(out), y + 22


def battle_panel(x: float, y: float, view: dict, battle: dict, selection: dict) -> tuple[str, int]:
    top = y
    out = [heading(x + 8, y + 4, battle_title(view, battle), BATTLE)]
    y += 26
    rows = 0
    for i, (label, _side, blocks) in enumerate(battle_sides(view, battle)):
        cx = x + 4 + i * 146
        out.append(f'<text x="{cx}" y="{y + 12}" font-size="12" font-weight="bold">{escape(label)}</text>')
        out.append(block_grid(blocks, cx - 2, y + 18, 1, view, selection))
        rows = max(rows, len(blocks))
    y += 22 + rows * (TILE_H + GAP)
    if any(b.get("reserve") for b in battle["blocks"]):
        out.append(
            f'<text x="{x + 4}" y="{y + 10}" font-size="11" fill="{MUTED}">{escape(text(view, RESERVE_NOTE))}</text>'
        )
        y += 14
    winner = battle_winner(view, battle)
    if winner:
        out.append(f'<text x="{x + 4}" y="{y + 10}" font-size="12">{escape(winner)}</text>')
        y += 16
    frame = (
        f'<rect x="{x - 2}" y="{top}" width="{SIDE_W + 4}" height="{y - top + 6}" rx="8" fill="#fff3e0" '
        f'stroke="{BATTLE}" stroke-width="3"/>'
    )
    return frame + "".join(out), y + 14


def pool(x: float, y: float, view: dict, role: str | None, selection: dict) -> tuple[str, int]:
    out = []
    if role:
        blocks = pool_blocks(view)
        out.append(heading(x, y, text(view, msg("Your pool ({n})", n=len(blocks)))))
        y += 22
        out.append(block_grid(blocks, x, y, 3, view, selection))
        y += (TILE_H + GAP) * ((len(blocks) + 2) // 3) + 4
        waiting = minors(view)
        if waiting:
            out.append(f'<text x="{x}" y="{y + 12}" font-size="12">{escape(waiting)}</text>')
            y += 18
    line = pools_line(view, role)
    out.append(f'<text x="{x}" y="{y + 12}" font-size="12" fill="{MUTED}">{escape(line)}</text>')
    return "".join(out), y + 24


def legend(x: float, y: float, enemy: str, view: dict) -> tuple[str, int]:
    def t(words: str) -> str:
        return escape(text(view, words))

    out = [heading(x, y, text(view, "Legend"))]
    y += 24
    for colour in ("yellow", "blue", "red"):
        dash = ' stroke-dasharray="9,5"' if colour == "red" else ""
        out.append(
            f'<line x1="{x}" y1="{y + 6}" x2="{x + 30}" y2="{y + 6}" stroke="{BORDER_COLOURS[colour]}" '
            f'stroke-width="5"{dash}/><text x="{x + 38}" y="{y + 11}" font-size="12">{t(BORDER_TEXT[colour])}</text>'
        )
        y += 18
    for i, side in enumerate(("york", "lancaster")):
        fill, edge, ink = HOUSE[side]
        sample = escape(text(view, msg("{side} block", side=side_name(side))))
        out.append(
            f'<rect x="{x + i * 150}" y="{y}" width="140" height="17" rx="3" fill="{fill}" stroke="{edge}"/>'
            f'<text x="{x + i * 150 + 8}" y="{y + 13}" font-size="12" fill="{ink}">{sample}</text>'
        )
    y += 22
    out.append(
        f'<text x="{x}" y="{y + 11}" font-size="12">{t("Name, rating (initiative, firepower), strength ●●○")}</text>'
    )
    y += 18
    out.append(
        back(enemy, x, y - 4, view) + f'<text x="{x + 28}" y="{y + 12}" font-size="12">{t("hidden enemy block")}</text>'
        f'<rect x="{x + 150}" y="{y}" width="6" height="14" fill="#d4a017"/>'
        f'<text x="{x + 162}" y="{y + 12}" font-size="12">{t("King/Pretender")}</text>'
    )
    y += 30
    out.append(
        crown(x, y, "#d4a017")
        + f'<text x="{x + 18}" y="{y + 11}" font-size="12">{t("crown")}</text>'
        + f'<rect x="{x + 92}" y="{y}" width="3" height="12" fill="#6a1b9a"/>'
        + f'<rect x="{x + 88}" y="{y + 3}" width="11" height="3" fill="#6a1b9a"/>'
        + f'<text x="{x + 104}" y="{y + 11}" font-size="12">{t("cathedral")}</text>'
    )
    y += 18
    out.append(
        f'<rect x="{x}" y="{y}" width="12" height="12" fill="#5d4037"/>'
        f'<text x="{x + 18}" y="{y + 11}" font-size="12">{t("city · n: supply limit")}</text>'
    )
    y += 18
    out.append(f'<text x="{x}" y="{y + 11}" font-size="12">{t("IS/NS/EC: sea zones (bold: major port)")}</text>')
    y += 18
    out.append(
        f'<rect x="{x}" y="{y}" width="30" height="14" rx="3" fill="none" stroke="{SELECTED}" stroke-width="3"/>'
        f'<text x="{x + 38}" y="{y + 12}" font-size="12">{t("your current selection")}</text>'
    )
    y += 20
    out.append(
        f'<line x1="{x}" y1="{y + 7}" x2="{x + 30}" y2="{y + 7}" stroke="{LAST_MOVE}" stroke-width="5"/>'
        f'<text x="{x + 38}" y="{y + 12}" font-size="12">{t("last move")}</text>'
    )
    y += 20
    out.append(
        f'<rect x="{x}" y="{y}" width="30" height="14" rx="3" fill="none" stroke="{BATTLE}" stroke-width="3"/>'
        f'<text x="{x + 38}" y="{y + 12}" font-size="12">{t("battle / contested")}</text>'
    )
    return "".join(out), y + 22
