"""The map, the hands beside it and the mail picture: each player sees the board from their own side."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from games.engines.rosenkoenig import ENGINE
from games.engines.rosenkoenig.board import cell_target

from .helpers import position


def _cell_y(svg: str, row: int, col: int) -> float:
    match = re.search(rf'data-target="{cell_target(row, col)}" x="[\d.]+" y="([\d.]+)"', svg)
    assert match
    return float(match.group(1))


def test_each_player_sees_their_own_edge_at_the_bottom():
    state = ENGINE.setup(1, {})
    red = ENGINE.render_svg(ENGINE.view(state, "red"))
    white = ENGINE.render_svg(ENGINE.view(state, "white"))
    spectator = ENGINE.render_svg(ENGINE.view(state, None))
    # Row 1 is the N edge, White's (RK-SETUP-1): at the top for Red and spectators, at the bottom for White.
    assert _cell_y(red, 1, 1) < _cell_y(red, 9, 1)
    assert _cell_y(spectator, 1, 1) < _cell_y(spectator, 9, 1)
    assert _cell_y(white, 1, 1) > _cell_y(white, 9, 1)
    assert white.index(">Red<") < white.index(">White<") < white.index("House of York · you")


def test_the_hands_are_html_with_the_viewers_first_and_every_card_a_target():
    state = position({"red": ["E2", "N1"], "white": ["S1", "W3"]})
    panels = ENGINE.render_panels(ENGINE.view(state, "white"))
    assert panels.index("White (York)") < panels.index("Red (Lancaster)")
    assert re.findall(r'data-target="(card:[^"]+)"', panels) == ["card:S1", "card:W3", "card:N1", "card:E2"]
    assert 'title="E, II: crown to row 5, column 7, place a stone"' in panels
    assert "<script" not in panels and "style=" not in panels


def test_the_mail_picture_shows_both_hands_around_the_map():
    state = position({"red": ["E2", "N1"], "white": ["S1", "W3"]})
    picture = ENGINE.render_picture(ENGINE.view(state, "red"))
    ET.fromstring(picture)
    assert picture.index("White (York)") < picture.index('data-target="cell:1-1"') < picture.rindex("Red (Lancaster)")
    assert picture.count("<svg") == 1


def test_the_map_is_legible_at_fit():
    """The smallest font in CSS px once the page fits the map to its column on a 1400×900 desktop (about
    880 px wide, at most 80 % of 900 px high)."""
    state = position({"red": ["E2", "N1"], "white": ["S1", "W3"]})
    for role in ("red", "white", None):
        svg = ENGINE.render_svg(ENGINE.view(state, role))
        width, height = map(float, re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', svg).groups())
        scale = min(880 / width, 720 / height)
        assert min(float(s) for s in re.findall(r'<text [^>]*font-size="([\d.]+)"', svg)) * scale >= 11
