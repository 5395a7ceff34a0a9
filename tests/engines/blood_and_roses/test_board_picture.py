"""The board worth looking at (issue 20, 3): counters, leaders, the terrain legend, the tracks beside the
map, and the per-move picture kept small by serving the terrain as a cached layer."""

from __future__ import annotations

import re

import pytest

from games.engines.base import Rng
from games.engines.blood_and_roses import ENGINE
from games.engines.blood_and_roses.policy import purposeful

from .helpers import bosworth, fresh

LAYER_URL = "/games/blood_and_roses/layers/"
PAGE_LIMIT = 80_000  # bytes of the board re-sent after each move


def page_svg(state: dict, role: str | None = "york") -> str:
    """The board as the match page draws it: with the platform's layer URL in the view."""
    return ENGINE.render_svg({**ENGINE.view(state, role), "layer_url": LAYER_URL})


def counter(svg: str, uid: str) -> str:
    match = re.search(rf'<g data-target="unit:{uid}".*?</g></g>', svg)
    assert match, uid
    return match.group(0)


def mid_game(seed: int = 3, actions: int = 300) -> dict:
    """Bosworth after both sides sought battle for a while (units moved, Disordered, some gone)."""
    state, chooser = bosworth(seed), Rng.from_seed(seed)
    for _ in range(actions):
        if not ENGINE.active_roles(state):
            break
        role = ENGINE.active_roles(state)[0]
        state = ENGINE.apply(state, role, purposeful(state, role, ENGINE.legal_actions(state, role), chooser)["action"])
    return state


def test_counters_show_battle_colour_type_shock_defence_and_movement() -> None:
    svg = page_svg(bosworth())
    assert 'class="battle-vanguard"' in counter(svg, "Y-MM1")  # Norfolk's vanguard
    assert 'class="battle-main"' in counter(svg, "Y-DM1")  # Richard's main Battle
    assert 'class="battle-rear"' in counter(svg, "Y-Cav1")  # Northumberland's rearward
    assert 'class="battle-independent"' in counter(svg, "S-MM1")  # the Stanleys
    cavalry = counter(svg, "Y-Cav1")
    assert 'href="#br-t-Cav"' in cavalry  # its type symbol
    assert re.findall(r">(\d)</text>", cavalry) == ["1", "8"]  # shock defence, movement allowance (stand-ins)
    assert "light horse" in cavalry


def test_a_disordered_unit_shows_its_reduced_movement_and_a_marker() -> None:
    state = bosworth()
    state["units"]["Y-Cav1"]["disordered"] = True
    svg = page_svg(state)
    assert re.findall(r">(\d)</text>", counter(svg, "Y-Cav1")) == ["1", "7"]
    assert "<title>Disordered</title>" in svg


def test_leaders_are_drawn_by_initials_and_listed_by_name_with_their_ratings() -> None:
    view = ENGINE.view(bosworth(), "york")
    svg, panels = ENGINE.render_svg(view), ENGINE.render_panels(view)
    token = re.search(r'<g data-target="leader:richard">.*?</g>', svg).group(0)
    assert ">R</text>" in token and "activation 3, command range 4, charisma 1" in token
    row = next(r for r in panels.split("<tr>") if "Richard III" in r)
    assert "<td>3</td><td>4</td><td>+1</td>" in row and "Richard&#x27;s main Battle" in row


def test_the_legend_explains_the_six_kinds_of_terrain() -> None:
    panels = ENGINE.render_panels(ENGINE.view(bosworth(), "york"))
    for key in ("hill", "slope", "woods", "marsh", "stream", "road"):
        assert f'class="terrain-{key}"' in panels, key
    assert "Woods</strong> (not on this map)" in panels  # Bosworth has none; the test battle has
    assert "Woods</strong>:" in ENGINE.render_panels(ENGINE.view(fresh(), "york"))


def test_the_tracks_beside_the_map_are_labelled_stand_ins_and_hide_the_opponents_markers() -> None:
    panels = ENGINE.render_panels(ENGINE.view(bosworth(), "york"))
    assert "Activation 0 of 60: nightfall ends the battle drawn</p>" in panels
    assert "0 of 16 <small>(Flight Level)</small>" in panels
    assert "Seizure Opportunity (range 5), Negation, Treachery" in panels
    assert "4 Seizure markers, unseen" in panels and "Battle Cry" not in panels
    assert "style=" not in panels and "<script" not in panels


@pytest.mark.parametrize(
    ("lang", "mark"), [("en", "values are stand-ins, not from the rules"), ("ru", "значения условные, не из правил")]
)
def test_each_section_of_stand_in_values_is_marked_once_in_its_heading(lang: str, mark: str) -> None:
    """ARCHITECTURE §2.3 without noise: the notice on top, then one mark per section, none after each value."""
    panels = ENGINE.render_panels({**ENGINE.view(bosworth(), "york"), "lang": lang})
    sections = re.findall(r"<section .*?</section>", panels)
    headings = [re.search(r"<h3 [^>]*>(.*?)</h3>", section).group(1) for section in sections]
    assert len(sections) == 5 and all(heading.count(mark) == 1 for heading in headings)
    assert panels.count(mark) == 5 and panels.count('class="stand-in"') == 1  # and the notice, once
    assert "stand-in)" not in panels and "(условная замена)" not in panels


def test_the_board_sent_after_each_move_is_at_most_80_kb() -> None:
    for state in (bosworth(), mid_game()):
        svg = page_svg(state)
        assert len(svg.encode()) <= PAGE_LIMIT, len(svg.encode())
        assert svg.count('data-target="hex:') == 32 * 22
        names = re.findall(rf'<image href="{LAYER_URL}([^"]+)\.svg"', svg)
        assert len(names) == 2 and all(ENGINE.layer(name) for name in names)
    assert len(ENGINE.render_svg(ENGINE.view(bosworth(), "york")).encode()) > PAGE_LIMIT  # inline, for comparison


def test_the_terrain_layer_is_the_same_drawing_the_picture_carries_inline() -> None:
    state = mid_game(actions=120)
    svg = page_svg(state)
    terrain_name = re.search(rf'<image href="{LAYER_URL}([^"]+-terrain-[^"]+)\.svg"', svg).group(1)
    layer = ENGINE.layer(terrain_name)
    assert layer.startswith('<svg xmlns="http://www.w3.org/2000/svg"') and "<image" not in layer
    picture = ENGINE.render_picture(ENGINE.view(state, "york"))
    assert "<image" not in picture  # full size and API: self-contained
    inner = layer[layer.index(">") + 1 : -len("</svg>")]
    assert inner in picture
    assert "Flight Level 16;" in picture and "nightfall" in picture
    assert "stand-in tables and data, not the published game" in picture  # once, above the tracks
    assert ENGINE.layer("bosworth-terrain-000000000000") is None


def test_the_mails_picture_references_the_terrain_alone_and_nothing_to_click() -> None:
    """The mail rasters the terrain layer once per battle (``notifications.mail``); the picture drawn over
    it holds the pieces, and no transparent hexes, which only a page's clicks need."""
    state = mid_game(actions=120)
    page = page_svg(state)
    picture = ENGINE.render_picture({**ENGINE.view(state, "york"), "layer_url": "layer:"})
    (name,) = re.findall(r'<image href="layer:([^"]+)\.svg"', picture)  # not the hex numbers: no zoom in a mail
    layer = ENGINE.layer(name)
    assert "-terrain-" in name and layer[layer.index(">") + 1 : -len("</svg>")] not in picture
    assert 'data-target="hex:' not in picture and 'data-target="hex:' in page
    unit = re.search(r'data-target="unit:([^"]+)"', page).group(1)
    assert counter(picture, unit) == counter(page, unit)  # the pieces as the page draws them


def test_a_battle_carried_in_the_state_draws_its_terrain_inline() -> None:
    svg = page_svg(fresh())
    assert "<image" not in svg and svg.count('data-target="hex:') == 20 * 15
    assert 'stroke="#3f7fc8"' in svg  # its stream
