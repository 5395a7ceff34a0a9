"""Hidden information, views, SVG, default action and undo (R3-0.2b, R3-2.0a, R3-4.1b, R3-4.2a)."""

import json

import pytest

from games.engines.base import Rng
from games.engines.base.playout import random_playout
from games.engines.richard3 import ENGINE
from games.engines.richard3.data.blocks import BLOCKS
from games.engines.richard3.svg_parts import BACK_W, TILE_H


def sampled_states(seed, every=7):
    chooser = Rng.from_seed(seed ^ 0x5EED)
    state = ENGINE.setup(seed, ENGINE.resolve_options(None))
    out = []
    n = 0
    while ENGINE.active_roles(state):
        roles = ENGINE.active_roles(state)
        role = roles[chooser.below(len(roles))]
        choices = ENGINE.legal_actions(state, role)
        state = ENGINE.apply(state, role, choices[chooser.below(len(choices))]["action"])
        n += 1
        if n % every == 0:
            out.append(state)
    return out


def leaks(state, viewer):
    """Block ids of the other side that the viewer's view shows outside the current battle."""
    view = ENGINE.view(state, viewer)
    revealed = {b["id"] for b in view.get("battle", {}).get("blocks", [])}
    body = json.dumps({k: v for k, v in view.items() if k not in ("log", "battle")})
    enemy = "lancaster" if viewer != "lancaster" else "york"
    found = set()
    for bid, info in BLOCKS.items():
        hidden_from_viewer = info["side"] == enemy or viewer is None
        if hidden_from_viewer and f'"{bid}"' in body and bid not in revealed:
            found.add(bid)
    return found, view


@pytest.mark.rule("R3-4.1b", "R3-4.2a", "R3-2.0a", "R3-0.2b")
@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_views_hide_enemy_blocks_hands_and_rng(seed):
    for state in sampled_states(seed):
        for viewer in ("york", "lancaster", None):
            found, view = leaks(state, viewer)
            assert not found
            text = json.dumps(view)
            assert '"rng"' not in text and '"deck"' not in text
            for event in view["log"]:
                assert event["for"] is None or viewer in event["for"]
            other = "lancaster" if viewer == "york" else "york"
            if viewer is not None:
                assert [c["card"] for c in view["hand"]] == state["hands"][viewer]
                assert "hands" not in view
                played = state["played"][other]
                if played is not None and state["played"][viewer] is None:
                    assert view["played"][other] == "face down"
            else:
                assert view["hand"] == [] and view["my_blocks"] == []


def test_swapping_hidden_lancaster_facts_does_not_change_york_view():
    state = ENGINE.setup(9, {"scenario": "1460"})
    state["phase"] = "card"
    base = ENGINE.view(state, "york")
    other = ENGINE.copy(state)
    # different Lancaster hand, and two Lancaster blocks trade places on the map and in the pool
    other["hands"]["lancaster"], other["deck"][:7] = other["deck"][:7], other["hands"]["lancaster"]
    other["blocks"]["L_Oxford"]["at"], other["blocks"]["L_Beaumont"]["at"] = "Lincoln", "Essex"
    other["blocks"]["L_Rivers"]["down"] = True
    changed = ENGINE.view(other, "york")
    assert {k: v for k, v in changed.items() if k != "log"} == {k: v for k, v in base.items() if k != "log"}


def test_view_has_prompt_and_active_roles_and_svg_renders():
    play = random_playout(ENGINE, 3)
    for state in [*sampled_states(3, every=50)[:6], play.final_state]:
        for viewer in ("york", "lancaster", None):
            view = ENGINE.view(state, viewer)
            assert view["active_roles"] == ENGINE.active_roles(state)
            assert ENGINE.text(view["prompt"], "en")
            svg = ENGINE.render_svg(view)
            assert svg.startswith("<svg") and svg.endswith("</svg>")
            assert "Middlesex" in svg and "Campaign" not in svg  # the map alone; the turn is in the panels
            assert "Campaign" in ENGINE.render_panels(view) and "Campaign" in ENGINE.render_picture(view)


def test_default_action_prefers_passing():
    state = ENGINE.setup(4, {})
    while state["phase"] != "action":
        role = ENGINE.active_roles(state)[0]
        state = ENGINE.apply(state, role, ENGINE.default_action(state, role))
    role = ENGINE.active_roles(state)[0]
    assert ENGINE.default_action(state, role) == {"type": "end"}
    assert ENGINE.default_action(state, "nobody") is None


def test_undo_rules():
    state = ENGINE.setup(4, {})
    while state["phase"] != "action":
        role = ENGINE.active_roles(state)[0]
        state = ENGINE.apply(state, role, ENGINE.legal_actions(state, role)[0]["action"])
    role = state["action_phase"]["role"]
    nxt = ENGINE.apply(state, role, ENGINE.legal_actions(state, role)[0]["action"])
    if nxt["phase"] == "action":
        assert ENGINE.is_undoable(state, nxt, role)
    card_state = ENGINE.setup(4, {})
    if card_state["phase"] == "card":
        after = ENGINE.apply(card_state, "york", ENGINE.legal_actions(card_state, "york")[0]["action"])
        after2 = ENGINE.apply(after, "lancaster", ENGINE.legal_actions(after, "lancaster")[0]["action"])
        assert not ENGINE.is_undoable(after, after2, "lancaster")


def test_registry_lists_the_engine():
    import games.engines as registry

    assert "richard3" in registry._PACKAGES


def test_state_is_plain_json_and_key_order_does_not_matter():
    for state in sampled_states(2, every=9):
        assert json.loads(json.dumps(state)) == state
        sorted_state = json.loads(json.dumps(state, sort_keys=True))
        for role in ENGINE.active_roles(state):
            assert ENGINE.legal_actions(sorted_state, role) == ENGINE.legal_actions(state, role)


def test_svg_shows_hidden_blocks_of_the_regrouping_winner_as_plain_backs(monkeypatch):
    from .helpers import FixedDice, battle_at, clear, do, fresh, park_heirs, put

    FixedDice(monkeypatch, [1, 1, 1, 1])
    state = clear(fresh())
    park_heirs(state)
    put(state, "Y_Suffolk", "Kent")
    state = battle_at(state, "Sussex", "york", {"Kent|Sussex": ["Y_Norfolk"]}, ["L_Devon"])
    state["battle"]["acted"] = ["L_Devon"]
    state = do(state, "york", type="fire", block="Y_Norfolk")
    assert state["battle"]["stage"] == "regroup"
    svg = ENGINE.render_svg(ENGINE.view(state, "lancaster"))
    assert "Norfolk" not in svg and "Y_Norfolk" not in svg
    start = svg.index('data-target="area:Sussex"')
    sussex = svg[start : svg.index('<g data-target="area:', start + 1)]
    assert sussex.count(f'width="{BACK_W}" height="{TILE_H}"') == 1  # one York block is still drawn, as a plain back
    assert "York: 1 hidden block" in sussex
