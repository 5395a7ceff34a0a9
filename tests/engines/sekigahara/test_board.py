"""Playing on the picture (ARCHITECTURE §2.1): choices name board targets the picture draws, and no
``data-target`` gives away a hidden block; the picture renders with cairosvg for the turn mail."""

from __future__ import annotations

import re
from collections.abc import Iterator

import cairosvg
import pytest

from games.engines.base.playout import random_playout
from games.engines.sekigahara import ENGINE

from .helpers import act, actions, battle, blank, deploy, give, march, movement, put

TARGET = re.compile(r'data-target="([^"]+)"')
# What each kind of choice is about on the board (None: nothing; it stays a button).
TARGET_KINDS = {
    "level": None,
    "pay": "card",
    "exchange": "card",
    "end_movement": None,
    "activate": "location",
    "add": "block",
    "add_all": "location",
    "go": "location",
    "end_move": None,
    "step": "location",
    "forced_march": "card",
    "drop": "block",
    "split": "block",
    "halt": "location",
    "muster": "location",
    "muster_add": "block",
    "muster_done": "location",
    "mori": "box",
    "discard": "card",
    "bid": "card",
    "first": None,
    "combat": "location",
    "stay_inside": "castle",
    "fight": "location",
    "deploy": "block",
    "pass": None,
    "second": "block",
    "no_second": None,
    "challenge": "card",
    "no_challenge": None,
    "refute": "card",
    "lose": ("block", "deployed"),
    "shelter": "block",
    "retreat": "location",
    "siege_lose": ("block", "disc"),
}


def positions(seed: int) -> Iterator[dict]:
    """Every position of a random whole game."""
    record = random_playout(ENGINE, seed)
    state = ENGINE.setup(seed, ENGINE.resolve_options({}))
    yield state
    for role, action in record.actions:
        state = ENGINE.apply(state, role, action)
        yield state


def drawn_targets(state: dict, role: str | None) -> list[str]:
    view = ENGINE.view(state, role)  # the map and the panels beside it
    return TARGET.findall(ENGINE.render_svg(view) + ENGINE.render_panels(view))


@pytest.mark.parametrize("seed", [2, 13])
def test_every_target_of_a_legal_choice_is_drawn_for_its_role(seed: int) -> None:
    seen_kinds = set()
    for state in positions(seed):
        for role in ENGINE.active_roles(state):
            choices = ENGINE.legal_actions(state, role)
            drawn = set(drawn_targets(state, role))
            for c in choices:
                kind = TARGET_KINDS[c["action"]["type"]]
                target = c.get("target")
                if kind is None:
                    assert target is None, c
                    continue
                assert target is not None and target.split(":")[0] in (kind if isinstance(kind, tuple) else (kind,)), c
                assert target in drawn, (state["phase"], role, c)
                seen_kinds.add(c["action"]["type"])
    assert {"activate", "add", "step", "deploy", "bid", "combat"} <= seen_kinds


@pytest.mark.parametrize("seed", [3, 8])
def test_no_data_target_names_a_hidden_block_or_card(seed: int) -> None:
    for n, state in enumerate(positions(seed)):
        if n % 5:
            continue
        for viewer in (None, *ENGINE.roles):
            targets = drawn_targets(state, viewer)
            assert len(targets) == len(set(targets)), "each target is drawn once"
            for target in targets:
                kind, _, ident = target.partition(":")
                assert kind in {"location", "castle", "disc", "box", "block", "card", "deployed"}, target
                if kind in ("block", "card"):  # ids link faces: only the owner's own are drawn by id
                    assert viewer is not None and ident[0].lower() == viewer[0], (viewer, target)


def test_a_move_is_click_the_stack_the_blocks_then_each_location() -> None:
    state = blank()
    mover = put(state, "ukita_2", "osaka")
    other = put(state, "mori_3", "osaka")
    state = movement(state, "ishida")
    by_target = {c["target"]: c["action"] for c in ENGINE.legal_actions(state, "ishida") if "target" in c}
    state = act(state, "ishida", **by_target["location:osaka"])
    view = ENGINE.view(state, "ishida")
    assert view["movement"]["picking"]["from"] == "osaka"
    assert {b["id"] for b in view["movement"]["picking"]["blocks"]} == {mover, other}
    assert "blocks" not in ENGINE.view(state, "tokugawa")["movement"]["picking"]  # the picks stay secret
    assert f'data-target="block:{mover}"' in ENGINE.render_svg(view)
    state = act(state, "ishida", type="add", block=mover)
    assert [b["picked"] for b in ENGINE.view(state, "ishida")["movement"]["picking"]["blocks"]] == [
        b == mover for b in sorted([mover, other])
    ]
    choices = ENGINE.legal_actions(state, "ishida")
    sharing = [c["action"]["type"] for c in choices if c.get("target") == "location:osaka"]
    assert sharing == ["go"]  # clicking the stack again sets off (one block left: no "add all")
    state = act(state, "ishida", type="go")
    steps = {c["target"] for c in ENGINE.legal_actions(state, "ishida") if c["action"]["type"] == "step"}
    assert {"location:kyoto", "location:himeji", "location:wakayama"} <= steps
    state = act(state, "ishida", type="step", to="kyoto")
    for viewer in (None, "ishida", "tokugawa"):
        assert ENGINE.view(state, viewer)["last_move"] == {"side": "ishida", "path": ["osaka", "kyoto"]}


def test_last_move_follows_the_whole_march_of_the_last_group() -> None:
    state = blank()
    block = put(state, "ukita_2", "osaka")
    state = movement(state, "ishida")
    state = march(state, "ishida", "osaka", [block], ["kyoto", "minakuchi"])
    view = ENGINE.view(state, "tokugawa")
    assert view["last_move"] == {"side": "ishida", "path": ["osaka", "kyoto", "minakuchi"]}
    assert 'class="last-move"' in ENGINE.render_svg(view)


def test_defector_is_targeted_by_its_place_in_the_battle_not_its_id() -> None:
    state, _tok, ish = battle(
        "tokugawa", ["date_2", "date_3", "ii_naomasa"], ["ishida_mitsunari", "ukita_3", "ukita_2", "uesugi_3"],
        att_cards=("tokugawa_loyalty", "date_single"),
        def_cards=("mori_single", "ukita_single", "ukita_sword", "uesugi_sword"),
    )  # fmt: skip
    state = deploy(state, "tokugawa", "date_2", "date_single")
    state = act(state, "ishida", type="no_challenge")
    for face, card in (("ukita_3", "ukita_single"), ("ukita_2", "ukita_sword"), ("uesugi_3", "uesugi_sword")):
        state = deploy(state, "ishida", face, card)
        state = act(state, "tokugawa", type="no_challenge")
        if state["active"] == ["tokugawa"]:
            state = act(state, "tokugawa", type="pass")
    state = deploy(state, "ishida", "ishida_mitsunari", "mori_single")
    state = act(state, "tokugawa", **actions(state, "tokugawa", "challenge")[0])  # Mitsunari defects
    state = act(state, "ishida", type="pass")
    loss = ENGINE.legal_actions(state, "tokugawa")
    index = next(i for i, d in enumerate(state["battle"]["deployed"]) if d["block"] == ish[0])
    assert [c["target"] for c in loss] == [f"deployed:{index}"]
    view = ENGINE.view(state, "tokugawa")
    svg = ENGINE.render_svg(view) + ENGINE.render_panels(view)
    assert f'data-target="deployed:{index}"' in svg and ish[0] not in svg


def test_siege_choices_name_the_castle_and_the_location() -> None:
    state = blank()
    put(state, "tokugawa_2", "anotsu")
    att = put(state, "ukita_2", "anotsu")
    give(state, "ishida", "ukita_single")
    state = movement(state, "ishida")
    state["movement"]["moved"].append(att)
    state["movement"]["entered_from"][att] = "kuwana"
    state = act(state, "ishida", type="end_movement")
    state = act(state, "ishida", type="combat", loc="anotsu")
    targets = {c["action"]["type"]: c["target"] for c in ENGINE.legal_actions(state, "tokugawa")}
    assert targets == {"stay_inside": "castle:anotsu", "fight": "location:anotsu"}
    state = act(state, "tokugawa", type="stay_inside")
    view = ENGINE.view(state, "tokugawa")
    assert view["battle"]["besieged"]["side"] == "tokugawa" and len(view["battle"]["besieged"]["blocks"]) == 1
    assert "blocks" not in ENGINE.view(state, "ishida")["battle"]["besieged"]


def test_pictures_render_with_cairosvg_for_every_viewer() -> None:
    state, _att, _dfn = battle("ishida", ["ukita_2", "mori_gun"], ["tokugawa_2"], att_cards=("ukita_single",))
    state = deploy(state, "ishida", "ukita_2", "ukita_single")
    for viewer in (None, *ENGINE.roles):
        for picture in (ENGINE.render_svg, ENGINE.render_picture):  # the map; the mail's whole picture
            png = cairosvg.svg2png(bytestring=picture(ENGINE.view(state, viewer)).encode(), output_width=600)
            assert png.startswith(b"\x89PNG")
