"""Hidden information: no view shows an unrevealed enemy block, hand card, bid, deck order or RNG."""

from __future__ import annotations

import re

import pytest

from games.engines.base import canonical_json
from games.engines.base.playout import random_playout, replay
from games.engines.sekigahara import ENGINE
from games.engines.sekigahara.data.blocks import FACES

from .helpers import act, en, fresh

LABEL_SIDE = {f.label: f.side for f in FACES.values()}
REVEALING = ("deploys", "loses", "option A", "enters Osaka", "changes sides", " against ")


def _positions(seed: int, every: int = 17) -> list[dict]:
    record = random_playout(ENGINE, seed)
    states = []
    state = ENGINE.setup(seed, {})
    for i, (role, action) in enumerate(record.actions):
        state = ENGINE.apply(state, role, action)
        if i % every == 0:
            states.append(state)
    assert replay(ENGINE, seed, None, record.actions)
    return states


def _revealed(state: dict, side: str) -> list[str]:
    """Labels of ``side``'s blocks that a rule has revealed (dead, Mori area, deployed now)."""
    labels = [
        FACES[state["faces"][b]].label
        for b, w in state["where"].items()
        if b[0] == side[0].upper() and w in ("dead", "mori")
    ]
    if state["battle"]:
        labels += [
            FACES[state["faces"][d["block"]]].label
            for d in state["battle"]["deployed"]
            if d["block"][0] == side[0].upper()
        ]
    return sorted(labels)


def _labels(obj, found: list[str], side: str) -> None:
    if isinstance(obj, dict):
        if "label" in obj and "strength" in obj and "id" not in obj and LABEL_SIDE[obj["label"]] == side:
            found.append(obj["label"])
        for k, v in obj.items():
            if k != "log":
                _labels(v, found, side)
    elif isinstance(obj, list):
        for v in obj:
            _labels(v, found, side)


@pytest.mark.rule("SK-3.1b", "SK-3.1c", "SK-5.1d", "SK-5.2.2d", "SK-4.4b", "SK-3.3e")
@pytest.mark.parametrize("seed", [2, 5, 11])
def test_views_hide_enemy_secrets(seed: int) -> None:
    for state in _positions(seed):
        for viewer, enemy in (("tokugawa", "ishida"), ("ishida", "tokugawa"), (None, "ishida"), (None, "tokugawa")):
            view = ENGINE.view(state, viewer)
            text = canonical_json(view)
            assert "rng" not in view and '"seed"' not in text
            # no enemy block id or enemy card id anywhere (ids would link faces), but for an enemy block that
            # defected to the viewer and still fights: his loss choices already name it (SK-8.7.2b)
            defectors = [d["defector"] for d in (view["battle"] or {}).get("deployed", []) if "defector" in d]
            for block in defectors:
                assert state["battle"]["fighting_for"][block] == viewer and block[0] == enemy[0].upper()
                text = text.replace(f'"{block}"', '"defector"')
            assert not re.search(rf'"{enemy[0].upper()}\d\d"', text)
            assert not re.search(rf'"{enemy[0]}\d\d"', text)
            # no enemy hand or reinforcement identities
            assert "hand_cards" not in view["areas"][enemy]
            assert "reinforcement_blocks" not in view["areas"][enemy]
            for loc, entry in view["stacks"].items():
                assert "blocks" not in entry.get(enemy, {}), loc
            # enemy block faces only where a rule revealed them
            found: list[str] = []
            for key in ("stacks", "areas", "battle", "movement"):
                _labels(view[key], found, enemy)
            revealed = _revealed(state, enemy)
            for label in found:
                assert label in revealed
            # the deck order is never shown, only counts
            assert isinstance(view["areas"][enemy]["deck"], int)
            assert isinstance(view["areas"][enemy]["discards"], int)  # no browsable discard pile
            for event in view["log"]:
                assert event["for"] is None or viewer in event["for"]
                named = [label for label, side in LABEL_SIDE.items() if side == enemy and label in en(event["text"])]
                if named and viewer != enemy:  # an enemy face is only named when a rule reveals it
                    assert any(word in en(event["text"]) for word in REVEALING), en(event["text"])


@pytest.mark.rule("SK-6.3a")
def test_bid_is_hidden_until_both_bid() -> None:
    state = fresh(4)
    card = state["hands"]["ishida"][0]
    state = act(state, "ishida", type="bid", card=card)
    assert ENGINE.view(state, "tokugawa")["turn_order_bids"] == {"ishida": "face down"}
    assert ENGINE.view(state, None)["turn_order_bids"] == {"ishida": "face down"}
    assert ENGINE.view(state, "ishida")["turn_order_bids"]["ishida"]["label"]
    text = canonical_json(ENGINE.view(state, "tokugawa"))
    assert card not in text
