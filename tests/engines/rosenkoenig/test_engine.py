"""The engine contract: bad input, hidden information, undo, default action, picture, registry."""

import json
import re
import xml.etree.ElementTree as ET

import pytest

from games.engines import get
from games.engines.base import IllegalAction, state_hash
from games.engines.base.playout import random_playout
from games.engines.rosenkoenig import ENGINE

from .helpers import actions, en, position

WHITE_HAND = ["S1", "S2", "S3", "SW1", "SW2"]


def test_registered_under_its_slug():
    assert get("rosenkoenig") is ENGINE
    assert ENGINE.title == "Rosenkönig"
    assert ENGINE.resolve_options({}) == {}


def _illegal_cases():
    full = position({"red": ["N1", "N2", "E3", "S1", "W1"], "white": WHITE_HAND}, crown=(5, 8), board={(6, 8): "red"})
    return [
        ("wrong role", full, "white", {"type": "play", "card": "S1"}, "not White's turn"),
        ("unknown role", full, "blue", {"type": "draw"}, "Unknown role"),
        ("unknown card", full, "red", {"type": "play", "card": "NE9"}, "Unknown power card"),
        ("card not a string", full, "red", {"type": "play", "card": ["N1"]}, "Unknown power card"),
        ("card not in hand", full, "red", {"type": "play", "card": "NE1"}, "not in your hand"),
        ("off board", full, "red", {"type": "play", "card": "E3"}, "off the board"),
        ("onto own stone", full, "red", {"type": "play", "card": "S1"}, "own stone"),
        ("draw with five cards", full, "red", {"type": "draw"}, "may not draw"),
        ("not an object", full, "red", "draw", "JSON object"),
        ("no type", full, "red", {"card": "N1"}, "JSON object"),
        ("unknown type", full, "red", {"type": "move", "card": "N1"}, "Unknown action type"),
        ("missing card", full, "red", {"type": "play"}, "play action is"),
        ("extra field", full, "red", {"type": "play", "card": "N1", "to": [4, 8]}, "play action is"),
        ("draw with a card", full, "red", {"type": "draw", "card": "N1"}, "just"),
    ]


@pytest.mark.parametrize(("case", "state", "role", "action", "message"), _illegal_cases(), ids=lambda v: str(v)[:20])
def test_illegal_input_raises_and_leaves_the_state_unchanged(case, state, role, action, message):
    before = state_hash(state)
    with pytest.raises(IllegalAction) as refused:
        ENGINE.apply(state, role, action)
    assert re.search(message, en(refused.value.message))
    assert state_hash(state) == before


def test_legal_actions_have_readable_labels():
    state = position({"red": ["NE3", "N1"], "white": WHITE_HAND}, board={(4, 5): "white"})
    labels = [en(choice["label"]) for choice in ENGINE.legal_actions(state, "red")]
    assert labels == [
        "Play NE, III: crown to (2,8), place a red stone",
        "Draw a power card (2 in hand)",
        "Hero + N, I: crown to (4,5), flip the white stone",
    ]


@pytest.mark.parametrize("seed", range(6))
def test_views_hide_only_the_rng_and_the_draw_pile_order(seed):
    record = random_playout(ENGINE, seed)
    state = ENGINE.setup(seed, {})
    for step, (role, action) in enumerate(record.actions):
        if step % 7 == 0:
            for viewer in ("red", "white", None):
                view = ENGINE.view(state, viewer)
                text = json.dumps(view)
                assert "rng" not in text
                assert str(state["rng"]) not in text
                assert "draw_pile" not in view
                assert view["draw_pile_count"] == len(state["draw_pile"])
                if len(state["draw_pile"]) > 1:
                    assert json.dumps(state["draw_pile"]) not in text
                # A11: everything else is public.
                assert view["hands"] == state["hands"]
                assert view["board"] == state["board"]
                assert view["discard"] == state["discard"]
                assert view["heroes"] == state["heroes"]
                assert view["supply"] == state["supply"]
                assert view["active_roles"] == ENGINE.active_roles(state)
                assert view["prompt"]
        state = ENGINE.apply(state, role, action)


def test_prompt_speaks_to_the_player_to_move():
    state = ENGINE.setup(1, {})
    assert en(ENGINE.view(state, "red")["prompt"]).startswith("Your move, Red: play a power card")
    assert en(ENGINE.view(state, "white")["prompt"]) == "Red is choosing a move (they may play a power card)."
    assert ENGINE.view(state, None)["prompt"] == ENGINE.view(state, "white")["prompt"]


def test_plays_and_heroes_are_undoable_draws_are_not():
    state = position({"red": ["N1", "E1", "S1"], "white": WHITE_HAND}, board={(5, 6): "white"})
    play = ENGINE.apply(state, "red", {"type": "play", "card": "N1"})
    hero = ENGINE.apply(state, "red", {"type": "hero", "card": "E1"})
    draw = ENGINE.apply(state, "red", {"type": "draw"})
    assert ENGINE.is_undoable(state, play, "red")
    assert ENGINE.is_undoable(state, hero, "red")
    assert not ENGINE.is_undoable(state, draw, "red")
    # A draw that empties the pile reshuffles (the RNG moves): not undoable either.
    last = position({"red": ["N1"], "white": WHITE_HAND}, draw_pile=["E2"], discard=["E3", "W3"])
    assert not ENGINE.is_undoable(last, ENGINE.apply(last, "red", {"type": "draw"}), "red")


def test_default_action_draws_if_it_can_else_plays_else_uses_a_hero():
    four = position({"red": ["N1", "E1", "S1", "W1"], "white": WHITE_HAND})
    assert ENGINE.default_action(four, "red") == {"type": "draw"}
    five = position({"red": ["N1", "E1", "S1", "W1", "NE1"], "white": WHITE_HAND})
    assert ENGINE.default_action(five, "red") == {"type": "play", "card": "N1"}
    only_hero = position(
        {"red": ["N1", "N2", "N3", "W1", "S1"], "white": WHITE_HAND}, crown=(1, 1), board={(2, 1): "white"}
    )
    assert ENGINE.default_action(only_hero, "red") == {"type": "hero", "card": "S1"}
    assert ENGINE.default_action(four, "white") is None


@pytest.mark.parametrize("seed", [0, 3, 9])
def test_svg_is_well_formed_and_shows_the_position(seed):
    record = random_playout(ENGINE, seed)
    state = ENGINE.setup(seed, {})
    for role, action in record.actions[:30]:
        state = ENGINE.apply(state, role, action)
    svg = ENGINE.render_svg(ENGINE.view(state, None))
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg")
    assert svg.count('r="17" fill="#b3202f"') == sum(1 for o in state["board"].values() if o == "red")
    assert svg.count('r="17" fill="#fbf8ef"') == sum(1 for o in state["board"].values() if o == "white")
    assert f"Draw pile: {len(state['draw_pile'])} card" in svg
    assert f"{state['supply']} stones left" in svg
    final = ENGINE.render_svg(ENGINE.view(record.final_state, "red"))
    ET.fromstring(final)
    assert "wins" in final or "Draw" in final


def test_default_action_is_always_legal_in_random_games():
    for seed in range(5):
        record = random_playout(ENGINE, seed)
        state = ENGINE.setup(seed, {})
        for role, action in record.actions:
            default = ENGINE.default_action(state, role)
            assert default in actions(state, role)
            state = ENGINE.apply(state, role, action)


def test_the_hand_dims_exactly_the_cards_the_player_to_move_cannot_play():
    # Crown at (5,8): E, II leaves the board, N, I hits an own stone, S, I is a hero move, W, I is free.
    state = position(
        {"red": ["E2", "N1", "S1", "W1"], "white": WHITE_HAND},
        crown=(5, 8),
        board={(5, 8): "white", (4, 8): "red", (6, 8): "white"},
    )
    panels = ENGINE.render_panels(ENGINE.view(state, "red"))
    assert panels.count('fill-opacity="0.6"') == 2
    state["heroes"]["red"] = 0
    assert ENGINE.render_panels(ENGINE.view(state, "red")).count('fill-opacity="0.6"') == 3
    assert "your move" in panels
