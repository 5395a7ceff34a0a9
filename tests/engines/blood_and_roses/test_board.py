"""Grid, facing, command range, line of sight and the picture, on hand-built positions."""

from __future__ import annotations

import re

import pytest

from games.engines.blood_and_roses import ENGINE
from games.engines.blood_and_roses.board import in_command_units, line_of_sight
from games.engines.blood_and_roses.hexgrid import arc, distance, front_dirs, side_of, step
from games.engines.blood_and_roses.leaders import leader_surrounded
from games.engines.blood_and_roses.missile import can_fire_at, fire_roll

from .helpers import activate, bosworth, fresh, only, put


@pytest.mark.rule("BR-8.0a", "BR-8.0b", "BR-8.0h")
def test_facing_a_vertex_defines_front_flank_and_rear_hexes() -> None:
    # Facing W (vertex 3): front hexes NW and SW, rear NE and SE, flanks N and S.
    assert [step("0505", d) for d in front_dirs(3)] == ["0404", "0405"]
    assert side_of(3, 1) == "right" and side_of(3, 4) == "left"
    assert side_of(3, 0) == "rear" and side_of(3, 5) == "rear"
    state = bosworth()
    assert "facing" not in state["leaders"]["richard"]


@pytest.mark.rule("BR-11.1c", "BR-11.1e")
def test_range_counts_the_target_hex_not_the_firer_and_vertex_lines_classify() -> None:
    assert distance("0505", "0605") == 1 and distance("0505", "0905") == 4
    # The line leaving exactly through the front/flank vertex is front; through flank/rear vertex, rear.
    assert arc(0, "0505", "0704") == "front"  # 60 degrees off the faced E vertex
    assert arc(0, "0505", "0503") == "flank"
    assert arc(0, "0505", "0304") == "rear"  # 120 degrees: the flank/rear vertex


@pytest.mark.rule("BR-11.4a", "BR-11.4b", "BR-2.4e")
def test_woods_and_a_crest_block_line_of_sight_units_only_for_art_and_hg() -> None:
    state = only(fresh(), "Y-LB1", "L-Inf1", "Y-Art1", "Y-Inf1")
    assert line_of_sight(state, "0308", "0708", "LB", False)[0]
    assert not line_of_sight(state, "1304", "1507", "LB", False)[0]  # through the woods 1405/1406
    assert line_of_sight(state, "1405", "1705", "LB", False)[0]  # firing out of a blocking hex is allowed
    assert not line_of_sight(state, "0911", "1111", "LB", False)[0]  # crest 1011 is higher than both ends
    assert line_of_sight(state, "1010", "1012", "LB", False)[0]  # level 1 to level 1 along the crest
    put(state, "Y-Inf1", "0505")
    clear, over = line_of_sight(state, "0305", "0705", "LB", False)
    assert clear and over
    assert not line_of_sight(state, "0305", "0705", "Art", True)[0]


@pytest.mark.rule("BR-11.4c", "BR-11.1f")
def test_hedge_hex_blocks_handgunners_only() -> None:
    state = only(fresh(), "Y-HG1")
    assert not line_of_sight(state, "0809", "0811", "HG", True)[0]
    assert line_of_sight(state, "0809", "0811", "LB", False)[0]
    assert line_of_sight(state, "0710", "0910", "HG", True)[0]  # along a hexside: only one side blocks


@pytest.mark.rule("BR-5.2a", "BR-5.2b", "BR-5.2d", "BR-5.1a", "BR-5.1b")
def test_command_range_path_chain_and_enemy_blocking() -> None:
    state = only(fresh(), "Y-Inf2", "Y-Lvy1", "Y-Lvy2", "Y-A1", "L-Inf1")
    leader = state["leaders"]["hastings"]
    leader["hex"] = "0311"
    put(state, "Y-Inf2", "0711")  # 4 hexes away: out of range 3
    put(state, "Y-Lvy1", "0611")  # 3 away: in command
    assert {"Y-Lvy1", "Y-Inf2"} <= set(in_command_units(state, "rear"))  # Inf2 by the chain (A9)
    put(state, "Y-Lvy1", "0911")
    assert "Y-Inf2" not in in_command_units(state, "rear")
    # An enemy unit on the only path: ring the leader with enemy-free hexes except one lane.
    state2 = only(fresh(), "Y-Inf2", "L-Inf1")
    state2["leaders"]["hastings"]["hex"] = "0214"
    put(state2, "Y-Inf2", "0514")
    put(state2, "L-Inf1", "0314")  # 0214-0314 is impassable anyway; path goes round via 0213
    assert in_command_units(state2, "rear") == ["Y-Inf2"]
    assert state["leaders"]["somerset"]["battle"] is None and state["leaders"]["edward"]["battle"] == "van"


@pytest.mark.rule("BR-2.4f")
def test_a_surrounded_leader_against_the_map_edge() -> None:
    state = only(fresh(), "L-Inf1", "L-Inf2", "L-DM1", "L-Lvy1")
    state["leaders"]["hastings"]["hex"] = "0102"
    put(state, "L-Inf1", "0101")
    put(state, "L-Inf2", "0103")
    put(state, "L-DM1", "0201")
    assert not leader_surrounded(state, "0102", "york")  # 0202 is open; off-map hexes count
    put(state, "L-Lvy1", "0202")
    assert leader_surrounded(state, "0102", "york")


@pytest.mark.rule("BR-11.1a", "BR-11.1b", "BR-11.1d", "BR-11.3c")
def test_fire_needs_range_arc_and_a_unit_target() -> None:
    state = only(fresh(), "Y-LB1", "Y-Art1", "L-Inf1", "L-MM1")
    put(state, "Y-LB1", "0505", 0)
    put(state, "L-Inf1", "1005", 3)  # range 5: the stand-in LB maximum
    assert can_fire_at(state, "Y-LB1", "L-Inf1")
    put(state, "L-Inf1", "1105")
    assert not can_fire_at(state, "Y-LB1", "L-Inf1")
    put(state, "L-Inf1", "0503")  # flank: LB may, Art may not
    assert can_fire_at(state, "Y-LB1", "L-Inf1")
    put(state, "Y-Art1", "0506", 0)
    put(state, "L-MM1", "0504")
    assert not can_fire_at(state, "Y-Art1", "L-MM1")
    put(state, "L-MM1", "0306")  # rear of the Art
    assert not can_fire_at(state, "Y-Art1", "L-MM1")
    put(state, "L-Inf1", "0604")
    shot = fire_roll(state, "Y-LB1", "L-Inf1")
    assert shot["drm"] == 1  # LB at range 1: +1
    state["leaders"]["warwick"]["hex"] = None
    assert all(t != "warwick" for t in [c["action"].get("target") for c in ENGINE.legal_actions(state, "york")])


def test_the_picture_marks_every_hex_and_unit_and_has_no_style() -> None:
    state = activate(fresh(), "van", "york")
    svg = ENGINE.render_svg(ENGINE.view(state, "york"))
    assert "style=" not in svg
    assert svg.count('data-target="hex:') == 20 * 15
    for uid, unit in state["units"].items():
        if unit["hex"]:
            assert f'data-target="unit:{uid}"' in svg
    assert "stand-in" in svg.lower()
    assert len(re.findall(r"<svg", svg)) == 1


@pytest.mark.rule("BR-2.2h")
def test_unused_seizure_markers_are_hidden_from_the_opponent() -> None:
    state = bosworth()
    york_view = ENGINE.view(state, "york")
    assert york_view["markers"]["lancaster"] == {"count": 4}
    assert [m["kind"] for m in york_view["markers"]["york"]] == ["opportunity", "negation", "treachery"]
    assert "rng" not in york_view
    svg = ENGINE.render_svg(ENGINE.view(state, None))
    assert "opportunity" not in svg and "negation" not in svg


@pytest.mark.rule("BR-11.4j")
def test_a_line_through_a_vertex_is_blocked_by_either_hex_beside_it() -> None:
    import copy

    from games.engines.blood_and_roses.hexgrid import vertex_touches

    from .testbattle import TEST_BATTLE

    assert vertex_touches("0808", "0405") == ("0507", "0707")
    state = only(fresh(), "Y-LB1", "L-Inf1")
    assert line_of_sight(state, "0808", "0405", "LB", False)[0]
    data = copy.deepcopy(TEST_BATTLE)
    data["name"] = "testfield-vertex"
    data["terrain"]["0707"] = "woods"  # only touched at a vertex by that line
    state = ENGINE.setup_custom(1, data)
    assert not line_of_sight(state, "0808", "0405", "LB", False)[0]


@pytest.mark.rule("BR-11.4a")
def test_a_line_along_the_maps_edge_has_no_side_off_the_map_that_blocks() -> None:
    """0215 to 0415 runs along the hexside of 0315 and 0316, a hex past the bottom edge (a Bosworth playout
    once stopped on that lookup): only the side on the map is read, and woods there alone do not block."""
    import copy

    from .testbattle import TEST_BATTLE, E

    data = copy.deepcopy(TEST_BATTLE)
    data["name"] = "testfield-edge"
    data["terrain"]["0315"] = "woods"
    state = only(ENGINE.setup_custom(1, data), "Y-LB1", "L-Inf1")
    put(state, "Y-LB1", "0215", E)
    put(state, "L-Inf1", "0415")
    assert line_of_sight(state, "0215", "0415", "LB", False) == (True, False)
    assert can_fire_at(state, "Y-LB1", "L-Inf1")
    data["terrain"]["0316"] = "woods"  # a map that does have the hex there: both sides block
    data["rows"], data["name"] = 16, "testfield-edge-16"
    assert not line_of_sight(ENGINE.setup_custom(1, data), "0215", "0415", "LB", False)[0]


def test_nine_choices_in_ten_are_clicked_on_the_board() -> None:
    from games.engines.base import Rng
    from games.engines.base.playout import named_policy

    choose, chooser = named_policy(ENGINE, "mixed"), Rng.from_seed(5)
    state, offered, on_board = bosworth(5), 0, 0
    while ENGINE.active_roles(state):
        role = ENGINE.active_roles(state)[0]
        choices = ENGINE.legal_actions(state, role)
        offered += len(choices)
        on_board += sum("target" in c for c in choices)
        picture = ENGINE.render_svg(ENGINE.view(state, role)) if len(choices) > 1 and offered % 50 == 0 else ""
        for c in choices if picture else []:
            assert "target" not in c or f'data-target="{c["target"]}"' in picture, c
        state = ENGINE.apply(state, role, choose(state, role, choices, chooser)["action"])
    assert on_board >= 0.9 * offered


@pytest.mark.rule("BR-7.1a", "BR-8.0a")
def test_a_unit_is_moved_by_its_destination_and_faced_by_an_arrow_on_the_map() -> None:
    state = activate(only(fresh(), "Y-Inf1", "L-Inf1"), "van", "york")
    put(state, "Y-Inf1", "0505", 0)
    state = ENGINE.apply(state, "york", {"type": "select", "unit": "Y-Inf1"})
    allowance = state["acted"]["Y-Inf1"]["mp"]
    moves = {c["target"]: c for c in ENGINE.legal_actions(state, "york") if c["action"]["type"] == "move"}
    far = moves["hex:0805"]
    assert (
        far["action"]["path"][-1] == "0805"
        and len(far["action"]["path"]) == 3
        and "(3 MP)" in ENGINE.text(far["label"])
    )
    state = ENGINE.apply(state, "york", far["action"])
    assert state["units"]["Y-Inf1"]["hex"] == "0805" and state["acted"]["Y-Inf1"]["mp"] == allowance - 3
    picture = ENGINE.render_svg(ENGINE.view(state, "york"))
    faces = [c for c in ENGINE.legal_actions(state, "york") if c["action"]["type"] == "face"]
    assert faces and all(f'data-target="{c["target"]}"' in picture for c in faces)
    state = ENGINE.apply(state, "york", next(c for c in faces if c["target"] == "facing:Y-Inf1:1")["action"])
    assert state["units"]["Y-Inf1"]["facing"] == 1


def test_every_phase_prompts_both_sides() -> None:
    from games.engines.base import Rng
    from games.engines.base.playout import named_policy

    choose, chooser = named_policy(ENGINE, "mixed"), Rng.from_seed(2)
    state, seen = bosworth(2), set()
    while ENGINE.active_roles(state):
        role = ENGINE.active_roles(state)[0]
        other = "york" if role == "lancaster" else "lancaster"
        asked, told = ENGINE.text(ENGINE.view(state, role)["prompt"]), ENGINE.text(ENGINE.view(state, other)["prompt"])
        assert asked and told and asked != told and "-" not in asked.split(" ")[0]
        assert role.title() in told and ENGINE.text(ENGINE.view(state, None)["prompt"]) == told
        seen.add(state["phase"] if state["phase"] != "pending" else state["pending"][0]["kind"])
        state = ENGINE.apply(state, role, choose(state, role, ENGINE.legal_actions(state, role), chooser)["action"])
    assert {"activate", "move", "shock", "face", "retreat"} <= seen
    assert ENGINE.text(ENGINE.view(state, "york")["prompt"]).startswith("The battle is over")


@pytest.mark.rule("BR-11.3b", "BR-12.3j")
def test_labels_name_the_units_and_show_range_and_modifiers_before_committing() -> None:
    state = only(fresh(), "Y-LB1", "Y-Inf1", "L-Inf1", "L-DM1")
    put(state, "Y-LB1", "0505", 0)
    put(state, "L-Inf1", "0805", 3)
    put(state, "Y-Inf1", "1004", 0)
    put(state, "L-DM1", "1104", 3)
    state["leaders"]["edward"]["hex"] = "0704"
    state = activate(state, "van", "york")
    labels = [ENGINE.text(c["label"]) for c in ENGINE.legal_actions(state, "york")]
    assert "Move or fire with Edward IV's longbowmen 1" in labels
    state = ENGINE.apply(state, "york", {"type": "select", "unit": "Y-LB1"})
    fire = next(c for c in ENGINE.legal_actions(state, "york") if c["action"]["type"] == "fire")
    assert re.fullmatch(
        r"Edward IV's longbowmen 1 fire at Warwick's foot 1 \(range 3, [+-]\d\)", ENGINE.text(fire["label"])
    )
    state = ENGINE.apply(state, "york", {"type": "done"})
    state = ENGINE.apply(state, "york", {"type": "end_moves"})
    shock = next(c for c in ENGINE.legal_actions(state, "york") if c["action"]["type"] == "shock")
    assert ENGINE.text(shock["label"]).startswith(
        "Declare: Edward IV's foot 1 shocks Warwick's dismounted men-at-arms 1 (-1: "
    )
    assert not any(
        re.search(r"\b[YL]-[A-Za-z]+\d\b", ENGINE.text(c["label"])) for c in ENGINE.legal_actions(state, "york")
    )


def test_hex_numbers_are_drawn_only_for_the_zoomed_board() -> None:
    picture = ENGINE.render_svg(ENGINE.view(bosworth(1), "york"))
    zoomed = re.search(r'<g class="when-zoomed"[^>]*>(.*?)</g></g>', picture).group(1)
    assert len(re.findall(r">\d{4}</text>", zoomed)) == len(re.findall(r">\d{4}</text>", picture)) == 32 * 22
    page = ENGINE.render_svg({**ENGINE.view(bosworth(1), "york"), "layer_url": "/layers/"})
    assert re.search(r'<image href="/layers/bosworth-numbers-\w+\.svg" [^>]*class="when-zoomed"', page)
