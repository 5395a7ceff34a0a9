"""A rating's history as a small inline SVG, drawn on the server (no script): one line through the rating
after each rated match, the highest and lowest marked at the left in 12 px text."""

from __future__ import annotations

from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

WIDTH, HEIGHT = 320, 120
LEFT, RIGHT, TOP, BOTTOM = 44, 8, 10, 10  # room for the rating labels at the left
FONT_PX = 12


def rating_chart(ratings: list[int], summary: str) -> SafeString:
    """``ratings``: the rating before the first match, then after each; ``summary`` is what a screen reader
    hears (and a mouse shows) instead of the picture."""
    high, low = max(ratings), min(ratings)
    span = max(high - low, 1)
    step = (WIDTH - LEFT - RIGHT) / max(len(ratings) - 1, 1)

    def y(rating: int) -> float:
        return TOP + (high - rating) * (HEIGHT - TOP - BOTTOM) / span

    points = " ".join(f"{LEFT + index * step:.1f},{y(rating):.1f}" for index, rating in enumerate(ratings))
    last_x, last_y = f"{LEFT + (len(ratings) - 1) * step:.1f}", f"{y(ratings[-1]):.1f}"
    return format_html(
        '<svg class="rating-chart" role="img" width="{w}" height="{h}" viewBox="0 0 {w} {h}" '
        'xmlns="http://www.w3.org/2000/svg"><title>{summary}</title>'
        '<line x1="{left}" y1="{top}" x2="{left}" y2="{bottom}" class="axis"/>'
        "{labels}"
        '<polyline points="{points}" fill="none" stroke="currentColor" stroke-width="2"/>'
        '<circle cx="{last_x}" cy="{last_y}" r="3.5" fill="currentColor"/></svg>',
        w=WIDTH,
        h=HEIGHT,
        summary=summary,
        left=LEFT,
        top=TOP,
        bottom=HEIGHT - BOTTOM,
        labels=format_html_join(
            "",
            '<text x="{}" y="{}" font-size="{}" text-anchor="end" dominant-baseline="middle">{}</text>',
            ((LEFT - 6, f"{y(rating):.1f}", FONT_PX, rating) for rating in sorted({high, low})),
        ),
        points=points,
        last_x=last_x,
        last_y=last_y,
    )
