"""SK-7.2: Muster, options A and B, and where mustered blocks may go."""

from __future__ import annotations

import pytest

from games.engines.sekigahara import ENGINE

from .helpers import act, actions, blank, en, march, movement, put, types, where


def _muster_state() -> tuple[dict, list[str]]:
    state = blank()
    reinf = [put(state, f, "reinf") for f in ("kobayakawa_2", "kobayakawa_3", "kobayakawa_gun", "ukita_2")]
    return movement(state, "ishida", "full"), reinf


@pytest.mark.rule("SK-7.2a", "SK-7.2.3a", "SK-7.2.3c", "SK-7.2.2a", "SK-7.2b")
def test_option_a_one_daimyo_shown() -> None:
    state, reinf = _muster_state()
    assert sorted(a["loc"] for a in actions(state, "ishida", "muster")) == ["aizu", "himeji", "osaka"]
    state = act(state, "ishida", type="muster", loc="osaka")
    state = act(state, "ishida", type="muster_add", block=reinf[0])
    # only more Kobayakawa blocks may join (Osaka shows the Kobayakawa mon)
    addable = {state["faces"][a["block"]] for a in actions(state, "ishida", "muster_add")}
    assert addable == {"kobayakawa_3", "kobayakawa_gun"}
    state = act(state, "ishida", type="muster_add", block=reinf[1])
    state = act(state, "ishida", type="muster_done")
    assert where(state, reinf[:2]) == ["osaka", "osaka"]
    public = [en(e["text"]) for e in ENGINE.view(state, "tokugawa")["log"]]
    assert any("option A" in t and "Kobayakawa 2" in t and "Kobayakawa 3" in t for t in public)
    assert "muster" not in types(state, "ishida")  # once per Movement Phase


@pytest.mark.rule("SK-7.2.3b", "SK-7.2.3c")
def test_option_b_one_block_anywhere_hidden() -> None:
    state, reinf = _muster_state()
    state = act(state, "ishida", type="muster", loc="aizu")  # an Uesugi location
    state = act(state, "ishida", type="muster_add", block=reinf[3])  # an Ukita block
    assert types(state, "ishida") == ["muster_done"]  # option B: exactly one block, never mixed
    state = act(state, "ishida", type="muster_done")
    assert state["where"][reinf[3]] == "aizu"
    public = [en(e["text"]) for e in ENGINE.view(state, "tokugawa")["log"]]
    assert any("option B" in t for t in public) and not any("Ukita 2" in t for t in public)
    tokugawa_sees = ENGINE.view(state, "tokugawa")["stacks"]["aizu"]["ishida"]
    assert tokugawa_sees == {"count": 1}


@pytest.mark.rule("SK-7.2.1a", "SK-7.3.1a")
def test_mustered_blocks_cannot_move() -> None:
    state, reinf = _muster_state()
    state = act(state, "ishida", type="muster", loc="himeji")
    state = act(state, "ishida", type="muster_add", block=reinf[3])
    state = act(state, "ishida", type="muster_done")
    assert "himeji" not in [a["loc"] for a in actions(state, "ishida", "activate")]


@pytest.mark.rule("SK-7.2.4a", "SK-7.2.4b")
def test_muster_into_combat_only_after_map_blocks_made_it() -> None:
    state = blank()
    reinf = put(state, "ukita_2", "reinf")
    attacker = put(state, "mori_2", "ayabe")
    enemy = put(state, "date_2", "himeji")
    state = movement(state, "ishida", "full")
    assert "himeji" not in [a["loc"] for a in actions(state, "ishida", "muster")]
    state = march(state, "ishida", "ayabe", [attacker], ["himeji"])
    assert "himeji" in [a["loc"] for a in actions(state, "ishida", "muster")]
    state = act(state, "ishida", type="muster", loc="himeji")
    state = act(state, "ishida", type="muster_add", block=reinf)
    state = act(state, "ishida", type="muster_done")
    state = act(state, "ishida", type="end_movement")
    state = act(state, "ishida", type="combat", loc="himeji")
    # the mustered block fights with the attacker
    assert state["battle"]["attacker"] == "ishida" and state["battle"]["fighting_for"][reinf] == "ishida"
    assert state["battle"]["fighting_for"][enemy] == "tokugawa"
