"""What is not the map, as HTML beside it (ARCHITECTURE 2.1): the week track and scores, the hand, the
battle or the Reinforcement and Mori areas, and the legend. The parts that are pictures are inline SVGs
at full size drawn by ``svg_panels``, with the same ``data-target`` as before; every text is escaped."""

from __future__ import annotations

from html import escape
from typing import Any

from ..base import msg, name
from . import svg_panels
from .texts import drawing, t

BAND_H = 254  # the hand and the battle or boxes, as svg_panels lays them out


def picture(x: float, w: float, h: float, body: list[str], label: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w:.0f}" height="{h:.0f}" viewBox="{x:.0f} 0 {w:.0f} '
        f'{h:.0f}" font-family="sans-serif" font-size="12" role="img" aria-label="{escape(label)}">'
        + "".join(body)
        + "</svg>"
    )


def render_panels(view: dict[str, Any]) -> str:
    with drawing(view):
        return _panels(view)


def _panels(view: dict[str, Any]) -> str:
    week = msg("Week {week} of 7 · turn {turn}", week=view["week"], turn=str(view["turn"]))
    if view["first"]:
        week = msg("{week} · {side} moves first", week=week, side=name(f"side:{view['first']}"))
    scores = t(msg("Victory points: Ishida {ishida} · Tokugawa {tokugawa}", **view["scores"]))
    who = t(msg("You play {side}", side=name(f"side:{view['you']}"))) if view["you"] else t("Spectator view")
    out = [
        f'<section class="panel status"><h3>{escape(t(week))}</h3><p>{escape(scores)}</p><p>{escape(who)}</p></section>'
    ]
    hands = svg_panels._hands(view, 0, 0, 490, BAND_H)
    right_w = 880
    if view.get("battle"):
        right = svg_panels._battle(view, 0, 0, right_w, BAND_H)
        label = t("The battle")
    else:
        right = svg_panels._boxes(view, 0, 0, right_w, BAND_H)
        label = t("Reinforcement and Mori areas")
    out.append(f'<section class="panel">{picture(-2, right_w + 4, BAND_H + 2, right, label)}</section>')
    out.append(f'<section class="panel hand">{picture(-2, 494, BAND_H + 2, hands, t("Cards"))}</section>')
    legend = svg_panels.legend(0, 0)
    out.append(
        '<section class="panel legend">'
        f"{picture(-2, svg_panels.LEGEND_W + 4, svg_panels.LEGEND_H + 2, legend, t('Legend'))}</section>"
    )
    return "".join(out)
