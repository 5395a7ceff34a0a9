"""What the page needs from the engine: a prompt for every role at every step, board marks on the events
that move or place blocks (never more than the text tells its reader), one log line per event for each
reader, and a way back from a block picked for a sea move."""

from __future__ import annotations

import pytest

from games.engines.richard3 import ENGINE
from games.engines.richard3.data.blocks import BLOCKS

from ..playouts import walk
from .helpers import PLAIN, acts, do, ship
from .test_movement import board


@pytest.mark.parametrize(("seed", "scenario"), [(31, "1460"), (32, "1469"), (33, "1485")])
def test_every_role_has_a_prompt_at_every_step(seed, scenario):
    phases = set()
    for state in walk(ENGINE, seed, {"scenario": scenario}, steps=400):
        phases.add(state["phase"] + (f":{state['battle']['stage']}" if state.get("battle") else ""))
        for viewer in (*ENGINE.roles, None):
            prompt = ENGINE.text(ENGINE.view(state, viewer)["prompt"], "en")
            assert isinstance(prompt, str) and prompt.strip(), (state["phase"], viewer)
            if viewer not in ENGINE.active_roles(state) and ENGINE.active_roles(state):
                assert any(r.capitalize() in prompt for r in ENGINE.active_roles(state)), prompt
    assert {"card", "action", "battle:fight"} <= phases


def test_marks_name_only_areas_and_seas_and_each_reader_reads_a_move_once():
    marked = 0
    *_, state = walk(ENGINE, 34, steps=600)
    for event in state["log"]:
        for target in event.get("path", []) + event.get("at", []):
            kind, _, what = target.partition(":")
            assert kind in ("area", "sea") and what not in BLOCKS, event
            marked += 1
        if event.get("for") is None and event.get("not_for") is None:
            # a public event with marks never names a block the text does not name
            assert not any(t.startswith("block:") for t in event.get("path", []) + event.get("at", []))
    assert marked > 20
    for role in ENGINE.roles:
        texts = [ENGINE.text(e["text"], "en") for e in ENGINE.view(state, role)["log"]]
        own = role.capitalize()
        assert not any(
            t.startswith((f"{own} moves a block", f"{own} recruits a block", f"{own} sails a block")) for t in texts
        )


def test_the_others_learn_only_where_a_move_started_and_stopped():
    state = board(("Y_Norfolk", "Middlesex"), role="york", card=7)
    state = do(state, "york", type="activate", area="Middlesex")
    state = do(state, "york", type="move", block="Y_Norfolk")
    state = do(state, "york", type="step", to="Essex")
    while state["action_phase"]["mode"] == "transit":
        steps = acts(state, "york", "step")
        state = do(state, "york", **(steps[0] if steps else {"type": "stop"}))
    own = ENGINE.view(state, "york")["log"][-1]
    others = ENGINE.view(state, "lancaster")["log"][-1]
    spectator = ENGINE.view(state, None)["log"][-1]
    assert (
        "Norfolk" in ENGINE.text(own["text"], "en")
        and "Norfolk" not in ENGINE.text(others["text"], "en")
        and others == spectator
    )
    assert own["path"][0] == others["path"][0] == "area:Middlesex" and own["path"][-1] == others["path"][-1]
    assert len(others["path"]) == 2 and len(own["path"]) >= 2
    assert ENGINE.text(others["text"], "en") not in [
        ENGINE.text(e["text"], "en") for e in ENGINE.view(state, "york")["log"]
    ]


def test_a_recruit_is_marked_where_it_was_placed():
    state = board(role="york", card=7)
    recruit = acts(state, "york", "recruit")[0]
    state = do(state, "york", **recruit)
    place = acts(state, "york", "place")[0]
    state = do(state, "york", **place)
    event = ENGINE.view(state, "lancaster")["log"][-1]
    assert event["at"] == [f"area:{place['area']}"] and "recruits a block" in ENGINE.text(event["text"], "en")


def test_a_block_picked_for_a_sea_move_can_be_put_back():
    state = board(("Y_Norfolk", "Calais"), ("Y_Suffolk", "Calais"), role="york", card=PLAIN[2])
    state = ship(state, "york", "Y_Norfolk")
    assert acts(state, "york", "back")
    state = do(state, "york", type="back")
    assert {a["block"] for a in acts(state, "york", "ship")} >= {"Y_Norfolk", "Y_Suffolk"}
    assert state["action_phase"]["action_points"] == 2  # nothing was paid
    state = do(state, "york", type="ship", block="Y_Suffolk")
    state = do(state, "york", type="sail", to="Kent")
    assert state["blocks"]["Y_Suffolk"]["at"] == "Kent"
    event = ENGINE.view(state, "lancaster")["log"][-1]
    assert event["path"][0] == "area:Calais" and event["path"][1].startswith("sea:") and event["path"][2] == "area:Kent"
