"""BR-12.1c: every shock and charge is declared before any is resolved; none may be cancelled."""

from __future__ import annotations

from html import escape

import pytest

from games.engines.base import IllegalAction
from games.engines.blood_and_roses import ENGINE
from games.engines.blood_and_roses.names import unit_name

from .helpers import activate, fresh, keep_facings, only, play, put, rig, said, types

W, E = 3, 0


def two_fronts() -> dict:
    """Lancaster's centre: L-Inf1 faces Y-Inf1 (hemmed in, its only way out through the guns Y-Art1),
    L-DM1 faces the guns."""
    state = only(fresh(), "Y-Inf1", "Y-Inf2", "Y-DM1", "Y-Art1", "L-Inf1", "L-DM1")
    put(state, "Y-Inf1", "0505", E)
    put(state, "Y-Inf2", "0504")
    put(state, "Y-DM1", "0404")
    put(state, "Y-Art1", "0405", E)
    put(state, "L-Inf1", "0605", W)
    put(state, "L-DM1", "0306", 1)  # front hexes 0405 (the guns) and 0305 (empty)
    state["leaders"]["warwick"]["hex"] = "0306"
    state["leaders"]["edward"]["hex"] = "0303"
    activate(state, "centre", "lancaster")
    return play(state, "lancaster", {"type": "end_moves"})


def shocks(state: dict) -> list[str]:
    return [ENGINE.text(e["text"]) for e in state["log"] if " shocks " in ENGINE.text(e["text"])]


@pytest.mark.rule("BR-12.1c", "BR-12.3b", "BR-12.3d")
def test_two_combats_are_declared_then_resolved_in_the_order_declared() -> None:
    state = two_fronts()
    rig(state, 4, 4)
    rng, hexes = state["rng"], {u: x["hex"] for u, x in state["units"].items()}
    state = play(state, "lancaster", {"type": "shock", "unit": "L-DM1", "target": "Y-Art1"})
    state = play(state, "lancaster", {"type": "shock", "unit": "L-Inf1", "target": "Y-Inf1"})
    # nothing is resolved while declaring: no die drawn, no unit moved, no combat in the log
    assert state["phase"] == "shock" and state["rng"] == rng and not shocks(state)
    assert {u: x["hex"] for u, x in state["units"].items()} == hexes
    assert [d["attackers"] + d["defenders"] for d in state["declared"]] == [
        ["L-DM1", "Y-Art1"],
        ["L-Inf1", "Y-Inf1"],
    ]
    view = ENGINE.view(state, "york")  # declarations are open information
    assert [d["defenders"] for d in view["declared"]] == [["Y-Art1"], ["Y-Inf1"]]
    picture = ENGINE.render_svg(view)
    named = {
        u: escape(ENGINE.text(unit_name(state, u))) for u in ("L-DM1", "Y-Art1", "L-Inf1", "Y-Inf1")
    }  # names, not ids
    assert f"Declared 1: {named['L-DM1']} shocks {named['Y-Art1']}" in picture
    assert f"Declared 2: {named['L-Inf1']} shocks {named['Y-Inf1']}" in picture
    assert "style=" not in picture
    assert types(ENGINE.legal_actions(state, "lancaster")) == ["resolve_declared"]
    state = keep_facings(play(state, "lancaster", {"type": "resolve_declared"}))
    texts = shocks(state)
    assert (
        len(texts) == 2
        and texts[0].startswith(said(state, "L-DM1 shocks"))
        and texts[1].startswith(said(state, "L-Inf1 shocks"))
    )
    assert not state.get("declared")


@pytest.mark.rule("BR-12.1c", "BR-12.1e")
def test_a_declared_combat_cannot_be_cancelled() -> None:
    state = two_fronts()
    state = play(state, "lancaster", {"type": "shock", "unit": "L-Inf1", "target": "Y-Inf1"})
    choices = ENGINE.legal_actions(state, "lancaster")
    # no end of the phase, no choice touching the declared pair: only more declarations or resolving
    assert "end_shock" not in types(choices)
    assert set(types(choices)) == {"shock", "resolve_declared"}
    assert all(c["action"].get("unit") != "L-Inf1" and c["action"].get("target") != "Y-Inf1" for c in choices)
    with pytest.raises(IllegalAction):
        ENGINE.apply(state, "lancaster", {"type": "end_shock"})
    assert ENGINE.default_action(state, "lancaster") == {"type": "resolve_declared"}


@pytest.mark.rule("BR-12.1c", "BR-14.4d")
def test_a_combat_made_impossible_by_an_earlier_one_is_resolved_as_no_combat() -> None:
    state = two_fronts()
    state = play(state, "lancaster", {"type": "shock", "unit": "L-Inf1", "target": "Y-Inf1"})
    state = play(state, "lancaster", {"type": "shock", "unit": "L-DM1", "target": "Y-Art1"})
    rig(state, 7, 0, 0, 0, 0)  # 7 + 1 = 8: Y-Inf1 must retreat, through the guns
    state = play(state, "lancaster", {"type": "resolve_declared"})
    assert state["phase"] == "pending" and ENGINE.active_roles(state) == ["york"]
    assert [d["attackers"] for d in state["declared"]] == [["L-DM1"]]  # still owed
    state = keep_facings(play(state, "york", {"type": "retreat", "hex": "0305"}))
    assert "Y-Art1" not in state["units"]  # the guns were overrun by the retreat (BR-14.4d)
    assert any(ENGINE.text(e["text"]).startswith(said(state, "No combat: L-DM1 against Y-Art1")) for e in state["log"])
    assert len(shocks(state)) == 1 and not state.get("declared")
    assert state["phase"] == "shock" and types(ENGINE.legal_actions(state, "lancaster")) == ["end_shock"]
