"""Every role is told what is asked of it, or what the other side is doing, at every step of random games;
events say where on the map they happened (``path``/``at``), by ids the map's ``data-target`` uses."""

from __future__ import annotations

import re

import pytest

from games.engines.base import Rng
from games.engines.nine_years import ENGINE
from games.engines.nine_years.data.spaces import SPACES
from games.engines.nine_years.svg import armies, leader_label

from .helpers import en, fresh

SEEDS = range(1, 5)


def _walk(seed: int, steps: int = 400):
    """The states of a seeded random game, up to ``steps`` actions (and the end when it comes first)."""
    state, rng = fresh(seed), Rng(seed * 31)
    for _ in range(steps):
        yield state
        if not state["active"]:
            return
        role = state["active"][0]
        choices = ENGINE.legal_actions(state, role)
        state = ENGINE.apply(state, role, choices[rng.below(len(choices))]["action"])
    yield state


@pytest.mark.parametrize("seed", SEEDS)
def test_every_role_has_a_prompt_at_every_step(seed: int) -> None:
    for state in _walk(seed):
        prompts = {role: en(ENGINE.view(state, role)["prompt"]) for role in (*ENGINE.roles, None)}
        assert all(prompts.values()), (state["phase"], prompts)
        for role in state["active"]:
            others = [r for r in ENGINE.roles if r != role]
            assert all(prompts[o] != prompts[role] for o in others), state["phase"]


def _map_targets(view: dict) -> set[str]:
    return set(re.findall(r'data-target="([^"]+)"', ENGINE.render_svg(view)))


@pytest.mark.parametrize("seed", SEEDS)
def test_marches_battles_and_placements_are_marked_on_the_map(seed: int) -> None:
    states = list(_walk(seed, 1500))
    last = states[-1]
    targets = _map_targets(ENGINE.view(last, None))
    marked = [e for e in last["log"] if "path" in e or "at" in e]
    assert marked
    for event in marked:
        assert set(event.get("path", []) + event.get("at", [])) <= targets, event
    marches = [
        e for e in marked if " to " in en(e["text"]) and ("marches" in en(e["text"]) or "sails" in en(e["text"]))
    ]
    assert marches and all(len(e["path"]) == 2 for e in marches)
    battles = [e for e in last["log"] if en(e["text"]).startswith("Battle of ")]
    assert all(e["at"] == [f"space:{e['battle']}"] for e in battles)


def _smallest_text_at_fit(svg_text: str) -> float:
    """The smallest font of the map in CSS px once the page fits it to its column on a 1400×900 desktop
    (about 880 px wide, at most 80 % of 900 px high)."""
    width, height = map(float, re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', svg_text).groups())
    scale = min(880 / width, 720 / height)
    return min(float(size) for size in re.findall(r'<text [^>]*font-size="([\d.]+)"', svg_text)) * scale


@pytest.mark.parametrize("seed", SEEDS)
def test_the_map_is_legible_at_fit_and_leaders_are_named(seed: int) -> None:
    for n, state in enumerate(_walk(seed, 300)):
        if n % 50:
            continue
        view = ENGINE.view(state, "bourbon")
        svg = ENGINE.render_svg(view)
        assert _smallest_text_at_fit(svg) >= 11
        in_armies = {uid for _, leaders, _ in armies(view) for uid in leaders}
        for uid, info in view["leaders"].items():
            if info["space"] in SPACES and uid not in in_armies:  # by name on the map, else in an army box
                assert re.search(rf'data-target="leader:{uid}">.*>{re.escape(leader_label(view, uid))}</text>', svg), (
                    uid
                )


# A card's or a corps' code, a Python list printed into a sentence, or a side or region by its lower-case id.
CODE = re.compile(
    r"\b[AE]\d{2}\b|\b(Fr|Ja|Ca|Br|Du|Au|Em|Su|Sp|Sa|Ba)\d{2}\b|\[|\]|\b(bourbon|alliance|lowcountries|convert)\b"
)


@pytest.mark.parametrize("seed", SEEDS)
def test_players_never_read_card_codes(seed: int) -> None:
    """Issue 23: events, prompts and choices name cards by their titles (stand-in Action cards by value), sides
    and regions by name; issue 25: corps by power and number ("French corps 3"), never by code."""
    last = None
    for state in _walk(seed, 1500):
        last = state
        for role in (*ENGINE.roles, None):
            assert not CODE.search(en(ENGINE.view(state, role)["prompt"]))
        for role in state["active"]:
            labels = [en(c["label"]) for c in ENGINE.legal_actions(state, role)]
            assert not [label for label in labels if CODE.search(label)]
    texts = [en(e["text"]) for e in last["log"]]
    assert any("-action card" in t for t in texts)
    assert not [t for t in texts if CODE.search(t)]
