"""What is not the map, as HTML beside it (ARCHITECTURE 2.1): the turn, the crowns, the cards, the battle
being fought, the pool and a legend. Pieces and cards are small inline SVGs drawn by ``svg_parts``, so they
carry the same ``data-target`` as on the map and look the same; the words are the picture's side column's
(``svg_panels``); every text is escaped."""

from __future__ import annotations

from html import escape
from typing import Any

from games.engines.base import msg

from .board import side_name
from .svg_panels import legend, you_play
from .svg_parts import (
    CARD_W,
    RESERVE_NOTE,
    TILE_H,
    TILE_W,
    battle_sides,
    battle_title,
    battle_winner,
    block_words,
    card,
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


def chip(width: float, height: float, inner: str, label: str) -> str:
    """One piece or card as a small picture at 1:1 scale (its texts stay at their drawn size)."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="-2 -2 {width} {height}" font-family="sans-serif" role="img" aria-label="{escape(label)}">'
        f"{inner}</svg>"
    )


def block_chip(blk: dict, view: dict, selection: dict, reserve: bool = False) -> str:
    return chip(TILE_W + 4, TILE_H + 4, tile(blk, 0, 0, view, selection, reserve), block_words(blk, view))


def card_chip(view: dict, played: dict | None, target: str | None = None) -> str:
    """A card (``None``: played face down)."""
    label = text(view, played["label"] if played else "face down")
    return chip(CARD_W + 4, 54, card(0, 0, view, played, target=target), label)


def render_panels(view: dict[str, Any]) -> str:
    role = view.get("role")
    selection = view.get("selection") or {}
    battle = view.get("battle")
    out = [status(view, role)]
    if battle:
        out.append(battle_section(view, battle, selection))
    out.append(cards_section(view, role))
    out.append(pool_section(view, role, selection))
    body, height = legend(4, 0, view.get("opponent") or "lancaster", view)
    out.append(
        '<section class="panel legend">'
        f'<svg xmlns="http://www.w3.org/2000/svg" width="320" height="{height}" viewBox="0 0 320 {height}" '
        f'font-family="sans-serif" role="img" aria-label="{escape(text(view, "Legend"))}">{body}</svg></section>'
    )
    return "".join(out)


def status(view: dict, role: str | None) -> str:
    turn, phase = phase_title(view)
    kings = " · ".join(crown_line(view, title, side, heir) for title, side, heir in crowns(view))
    who = you_play(view, role) if role else text(view, "Spectator view")
    return (
        f'<section class="panel status"><h3>{escape(turn)}</h3><p>{escape(phase)}</p>'
        f"<p>{escape(kings)}</p><p>{escape(who)}</p></section>"
    )


def cards_section(view: dict, role: str | None) -> str:
    out = [f'<section class="panel cards"><h3>{escape(text(view, "Cards played this turn"))}</h3><p>']
    for side in ("lancaster", "york"):
        played = view["played"].get(side)
        out.append(escape(text(view, msg("{side}: ", side=side_name(side)))))
        if played is None:
            out.append(escape(text(view, "not yet")) + " ")
        else:
            out.append(card_chip(view, played if isinstance(played, dict) else None))
    out.append("</p>")
    if role:
        out.append(f"<h3>{escape(text(view, msg('Your hand ({n})', n=len(view['hand']))))}</h3><p>")
        out += [card_chip(view, c, target=f"card:{c['card']}") for c in view["hand"]]
        out.append("</p>")
    out.append(f"<p>{escape(hand_sizes(view))}</p></section>")
    return "".join(out)


def battle_section(view: dict, battle: dict, selection: dict) -> str:
    out = [f'<section class="panel battle"><h3>{escape(battle_title(view, battle))}</h3>']
    for label, _side, blocks in battle_sides(view, battle):
        out.append(f"<p><strong>{escape(label)}</strong><br>")
        out += [block_chip(b, view, selection, reserve=b.get("reserve", False)) for b in blocks]
        out.append("</p>")
    if any(b.get("reserve") for b in battle["blocks"]):
        out.append(f"<p>{escape(text(view, RESERVE_NOTE))}.</p>")
    winner = battle_winner(view, battle)
    if winner:
        out.append(f"<p>{escape(winner)}</p>")
    out.append("</section>")
    return "".join(out)


def pool_section(view: dict, role: str | None, selection: dict) -> str:
    out = ['<section class="panel pool">']
    if role:
        blocks = pool_blocks(view)
        out.append(f"<h3>{escape(text(view, msg('Your pool ({n})', n=len(blocks))))}</h3><p>")
        out += [block_chip(b, view, selection) for b in blocks]
        out.append("</p>")
        waiting = minors(view)
        if waiting:
            out.append(f"<p>{escape(waiting)}</p>")
    else:
        out.append(f"<h3>{escape(text(view, 'Pools'))}</h3>")
    out.append(f"<p>{escape(pools_line(view, role))}</p></section>")
    return "".join(out)
