"""What the page needs from the engine: a prompt for every role at every step, and board marks on the
events that move, place or fight (never more than the text tells its reader), one line per reader."""

from __future__ import annotations

import re

import pytest

from games.engines.sekigahara import ENGINE
from games.engines.sekigahara.data.locations import CASTLES, LOCATIONS
from tests.engines.sekigahara.helpers import en

from ..playouts import walk


@pytest.mark.parametrize("seed", [41, 42])
def test_every_role_has_a_prompt_at_every_step(seed):
    phases = set()
    for state in walk(ENGINE, seed):
        phases.add(state["phase"])
        for viewer in (*ENGINE.roles, None):
            prompt = en(ENGINE.view(state, viewer)["prompt"])
            assert isinstance(prompt, str) and prompt.strip(), (state["phase"], viewer)
    assert {"bid", "move", "combat", "deploy"} <= phases, phases


def test_marks_name_only_places_and_every_reader_reads_a_draw_once():
    *_, state = walk(ENGINE, 43)
    kinds = set()
    for event in state["log"]:
        for target in event.get("path", []) + event.get("at", []):
            kind, _, what = target.partition(":")
            assert (kind == "location" and what in LOCATIONS) or (kind == "castle" and what in CASTLES), event
            kinds.add(kind)
        if "path" in event:
            assert len(event["path"]) == 2 and " from " in en(event["text"])
    assert "location" in kinds
    moves = [e for e in state["log"] if "path" in e]
    battles = [e for e in state["log"] if en(e["text"]).startswith("Battle in") and e.get("at")]
    assert moves and battles
    for role in ENGINE.roles:
        log = ENGINE.view(state, role)["log"]
        name = role.capitalize()
        assert not any(re.match(rf"{name} draws \d+ cards?\.$", en(e["text"])) for e in log)
        other = next(r for r in ENGINE.roles if r != role).capitalize()
        assert any(en(e["text"]).startswith(f"{other} draws") for e in log)
