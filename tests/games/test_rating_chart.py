"""The rating chart: a line through each rating, the extremes labelled at 12 px, the summary as its title."""

from __future__ import annotations

import re

from games.rating_chart import FONT_PX, HEIGHT, rating_chart


def test_the_line_goes_through_every_rating_highest_at_the_top():
    svg = rating_chart([1500, 1516, 1490, 1530], "Rating 1530 <after> 3 matches")
    points = [tuple(map(float, p.split(","))) for p in re.search(r'points="([^"]+)"', svg).group(1).split()]
    assert len(points) == 4 and [x for x, _ in points] == sorted(x for x, _ in points)
    heights = [y for _, y in points]
    assert heights.index(min(heights)) == 3 and heights.index(max(heights)) == 2  # 1530 top, 1490 bottom
    assert re.findall(r">(\d+)</text>", svg) == ["1490", "1530"]
    assert f'font-size="{FONT_PX}"' in svg and FONT_PX >= 11
    assert 'role="img"' in svg and "<title>Rating 1530 &lt;after&gt; 3 matches</title>" in svg


def test_one_rating_is_one_label_and_stays_inside():
    svg = rating_chart([1500, 1500], "flat")
    assert re.findall(r">(\d+)</text>", svg) == ["1500"]
    assert all(0 <= float(y) <= HEIGHT for y in re.findall(r",([\d.]+)", svg))
