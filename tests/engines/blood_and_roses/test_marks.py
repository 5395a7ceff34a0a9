"""Board marks on events (ARCHITECTURE §2.1, events): moves, retreats and advances carry their ``path``,
fire, shock, rally and rout the hexes ``at`` which they happened, by the hex targets the map uses."""

from __future__ import annotations

import re
from itertools import pairwise

from games.engines.base.playout import random_playout
from games.engines.blood_and_roses import ENGINE
from games.engines.blood_and_roses.hexgrid import distance

from .helpers import activate, fresh, only, play, put, rig, said


def hexes(marks: list[str]) -> list[str]:
    assert all(m.startswith("hex:") for m in marks)
    return [m.removeprefix("hex:") for m in marks]


def test_a_move_is_logged_once_with_the_hexes_it_went_through() -> None:
    state = activate(fresh(), "van", "york")
    start = state["units"]["Y-LB1"]["hex"]
    state = play(state, "york", {"type": "select", "unit": "Y-LB1"})
    moves = [c["action"] for c in ENGINE.legal_actions(state, "york") if c["action"]["type"] == "move"]
    longest = max(moves, key=lambda a: (len(a["path"]), a["hex"]))
    before = len(state["log"])
    state = play(state, "york", longest)
    logged = [e for e in state["log"][before:] if "path" in e]
    assert len(logged) == 1 and ENGINE.text(logged[0]["text"]) == said(state, f"Y-LB1 moves {start}→{longest['hex']}.")
    path = hexes(logged[0]["path"])
    assert path == [start, *longest["path"]]
    assert all(distance(a, b) == 1 for a, b in pairwise(path))


def test_fire_is_marked_at_the_firer_and_the_target() -> None:
    state = activate(only(fresh(), "Y-LB1", "L-Inf1"), "van", "york")
    put(state, "L-Inf1", "0505", 0)
    firer = state["units"]["Y-LB1"]["hex"]
    state = play(state, "york", {"type": "select", "unit": "Y-LB1"})
    rig(state, 6)
    state = play(state, "york", {"type": "fire", "target": "L-Inf1"})
    shot = next(e for e in state["log"] if ENGINE.text(e["text"]).startswith(said(state, "Y-LB1 fires at L-Inf1")))
    assert shot["at"] == [f"hex:{firer}", "hex:0505"]


def test_every_mark_of_a_whole_battle_names_a_hex_of_the_map() -> None:
    game = random_playout(ENGINE, 1, {}, policy="mixed")
    state = game.final_state
    targets = set(re.findall(r'data-target="(hex:[^"]+)"', ENGINE.render_svg(ENGINE.view(state, None))))
    marked = {"path": set(), "at": set()}
    for event in state["log"]:
        for key in ("path", "at"):
            if key in event:
                assert event[key] and set(event[key]) <= targets, event
                marked[key].add(event["text"]["msg"].split(" ")[1])  # the verb after the unit
        if event["text"]["msg"].startswith(("{unit} moves ", "{unit} retreats ", "{unit} advances into ")):
            assert "path" in event, event  # a unit's move (a banner's or the Time marker's is not drawn)
        if (
            " fires at " in ENGINE.text(event["text"])
            or " shocks " in ENGINE.text(event["text"])
            or " charges " in ENGINE.text(event["text"])
        ):
            assert "at" in event, event
        if ENGINE.text(event["text"]).endswith(" rallies.") or " routs to " in ENGINE.text(event["text"]):
            assert "at" in event, event
    assert {"moves", "retreats"} <= marked["path"]
    assert {"fires", "shocks"} <= marked["at"] or {"fires", "charges"} <= marked["at"]
