"""Playing on the board (ARCHITECTURE 2.1): choices name targets, the picture marks them, hides nothing."""

import re
from html import unescape

import cairosvg
import pytest

from games.engines.richard3 import ENGINE
from games.engines.richard3.board import BLOCK_IDS, owner
from games.engines.richard3.data.areas import AREAS, SEAS
from games.engines.richard3.movement import border_target
from games.engines.richard3.svg import BOX_W, box_height, layout
from games.engines.richard3.view import last_move

from .helpers import action_phase, clear, fresh, park_heirs, put
from .test_view import sampled_states

DATA_TARGET = re.compile(r'\sdata-target="([^"]*)"')
# Action keys that name something on the board: a choice carrying one must name its target.
ON_BOARD = ("block", "area", "to", "card", "target")


def drawn_targets(state: dict, role: str | None) -> set[str]:
    view = ENGINE.view(state, role)
    return {unescape(t) for t in DATA_TARGET.findall(ENGINE.render_svg(view) + ENGINE.render_panels(view))}


@pytest.fixture(scope="module")
def positions() -> list[dict]:
    return [s for seed in (21, 22, 23) for s in sampled_states(seed, every=3)]


def test_every_choice_about_the_board_names_a_target_drawn_for_its_role(positions):
    kinds = set()
    for state in positions:
        for role in ENGINE.active_roles(state):
            drawn = drawn_targets(state, role)
            for choice in ENGINE.legal_actions(state, role):
                if any(key in choice["action"] for key in ON_BOARD):
                    assert "target" in choice, choice
                elif "target" in choice:
                    assert choice["action"]["type"] == "stop", choice  # stop: click where the block stands
                if "target" in choice:
                    assert choice["target"] in drawn, (state["phase"], role, choice)
                    kinds.add(choice["action"]["type"])
    # the sample covers the common board decisions of every phase
    assert {"play", "activate", "move", "step", "sea", "ship", "sail", "recruit", "place", "fire"} <= kinds


@pytest.mark.rule("R3-4.1b", "R3-6.1c")
def test_data_targets_never_name_a_block_hidden_from_the_viewer(positions):
    for state in positions[::2]:
        bt = state["battle"]
        # enemy blocks are named only while their battle is fought (R3-6.1c), never after it
        fought = bt["area"] if bt and bt["stage"] != "regroup" else None
        in_battle = {b for b in BLOCK_IDS if fought and state["blocks"][b]["at"] == fought}
        for viewer in ("york", "lancaster", None):
            own = {b for b in BLOCK_IDS if owner(state, b) == viewer}
            for target in drawn_targets(state, viewer):
                kind, _, name = target.partition(":")
                assert kind in ("area", "block", "sea", "card"), target
                if kind == "block":
                    assert name in own | in_battle, (viewer, target)
                if kind == "card":
                    assert viewer is not None and int(name) in state["hands"][viewer]


def test_every_area_and_sea_is_always_a_target():
    targets = drawn_targets(fresh(), None)
    assert {f"area:{a}" for a in AREAS} | {f"sea:{s}" for s in SEAS} <= targets


def test_a_move_is_click_area_click_block_click_area_and_the_view_shows_it():
    state = clear(fresh())
    park_heirs(state)
    put(state, "Y_Norfolk", "Essex")
    state = action_phase(state, "york", 7)
    choices = ENGINE.legal_actions(state, "york")
    essex = [c["action"]["type"] for c in choices if c.get("target") == "area:Essex"]
    assert "activate" in essex  # activating and sea moves share the area's target
    state = ENGINE.apply(state, "york", {"type": "activate", "area": "Essex"})
    assert ENGINE.view(state, "york")["selection"] == {"area": "Essex"}
    assert {
        "action": {"type": "move", "block": "Y_Norfolk"},
        "label": "Move Norfolk (in Essex)",
        "target": "block:Y_Norfolk",
    } in [dict(c, label=ENGINE.text(c["label"], "en")) for c in ENGINE.legal_actions(state, "york")]
    state = ENGINE.apply(state, "york", {"type": "move", "block": "Y_Norfolk"})
    view = ENGINE.view(state, "york")
    assert view["selection"] == {"block": "Y_Norfolk", "area": "Essex", "path": ["Essex"]}
    assert ENGINE.view(state, "lancaster")["selection"] is None  # the opponent does not see which block
    steps = {c["target"]: c["action"] for c in ENGINE.legal_actions(state, "york") if c["action"]["type"] == "step"}
    assert steps["area:Middlesex"] == {"type": "step", "to": "Middlesex"}
    state = ENGINE.apply(state, "york", steps["area:Middlesex"])
    stop = [c for c in ENGINE.legal_actions(state, "york") if c["action"]["type"] == "stop"]
    assert stop[0]["target"] == "area:Middlesex"  # clicking where it stands stops it there
    state = ENGINE.apply(state, "york", {"type": "stop"})
    for viewer in ("york", "lancaster", None):
        assert ENGINE.view(state, viewer)["last_move"]["from"] == "Essex"
        assert ENGINE.view(state, viewer)["last_move"]["to"] == "Middlesex"
    svg = ENGINE.render_svg(ENGINE.view(state, "lancaster"))
    assert "<polygon" in svg and "Norfolk" not in svg  # the arrow is drawn, the block stays hidden


def test_the_main_attack_border_is_named_by_the_area_or_sea_it_comes_from():
    assert border_target("Kent|Sussex", "Kent") == "area:Sussex"
    assert border_target("sea:North Sea", "Kent") == "sea:North Sea"


@pytest.mark.parametrize("viewer", ["york", "lancaster", None])
def test_the_picture_renders_to_png_for_the_mail(positions, viewer):
    battles = [s for s in positions if s.get("battle")]
    for state in [positions[0], positions[len(positions) // 2], *battles[:1]]:
        png = cairosvg.svg2png(bytestring=ENGINE.render_svg(ENGINE.view(state, viewer)).encode("utf-8"))
        assert png.startswith(b"\x89PNG")


@pytest.mark.parametrize("stack", [0, 3, 8])
def test_area_boxes_never_cover_one_another_however_big_the_stacks(stack):
    boxes = list(layout({area: box_height(stack, stack) for area in AREAS}).values())
    for i, a in enumerate(boxes):
        assert a.h >= box_height(stack, stack)
        for b in boxes[i + 1 :]:
            apart = abs(a.x - b.x) >= BOX_W or a.y + a.h <= b.y or b.y + b.h <= a.y
            assert apart, (a, b)


def test_last_move_comes_from_the_board_marks_of_this_turn():
    def event(text, **marks):
        return {"text": text, "for": None, **marks}

    recruit = last_move([event("York recruits a block in Kent.", at=["area:Kent"])])
    assert (recruit["from"], recruit["to"]) == (None, "Kent")
    sail = event("Lancaster sails a block from France to Sussex (English Channel).")
    sail["path"] = ["area:France", "sea:English Channel", "area:Sussex"]
    assert (last_move([sail])["from"], last_move([sail])["to"]) == ("France", "Sussex")
    battle = event("Battle in Kent. York defends: …", at=["area:Kent"])
    retreat = [battle, event("Warwick retreats to Sussex.", path=["area:Kent", "area:Sussex"])]
    assert (last_move(retreat)["from"], last_move(retreat)["to"]) == ("Kent", "Sussex")
    # an event without marks never counts, and a new turn starts afresh
    assert last_move([event("Battle Phase.")]) is None
    moved = event("York moves a block from Essex to Kent.", path=["area:Essex", "area:Kent"])
    assert last_move([moved, event("Turn 2: Lancaster plays AP 4, York plays AP 2.")]) is None
