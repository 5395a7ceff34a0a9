"""Battles as data: the loader refuses broken battles naming the culprit; Bosworth's layout."""

from __future__ import annotations

import copy

import pytest

from games.engines.blood_and_roses import ENGINE
from games.engines.blood_and_roses.battles import BattleError, battle, load
from games.engines.blood_and_roses.board import battle_map

from .helpers import bosworth
from .testbattle import TEST_BATTLE


def broken(**changes) -> dict:
    data = copy.deepcopy(TEST_BATTLE)
    for path, value in changes.items():
        target = data
        keys = path.split("__")
        for key in keys[:-1]:
            target = target[key]
        target[keys[-1]] = value
    return data


@pytest.mark.parametrize(
    ("data", "culprit"),
    [
        (broken(units__Y_MM1={"type": "MM", "battle": "van", "hex": "2501", "facing": 0}), "2501"),
        (broken(units__Y_MM1={"type": "MM", "battle": "van", "hex": "0303", "facing": 0}), "Y_MM1"),
        (broken(units__Y_MM1={"type": "Tank", "battle": "van", "hex": "0909", "facing": 0}), "Tank"),
        (broken(units__Y_MM1={"type": "MM", "battle": "nowhere", "hex": "0909", "facing": 0}), "nowhere"),
        (broken(units__Y_MM1={"type": "MM", "battle": "van", "hex": "0909", "facing": 7}), "Y_MM1"),
        (broken(units__Y_MM1={"type": "MM", "battle": "van", "hex": "1515", "facing": 0}), "1515"),
        (broken(terrain__0909="lava"), "0909"),
        (broken(hexsides={"0101-0505": "river"}), "0101-0505"),
        (broken(leaders__edward__activation=9), "edward"),
        (broken(first="burgundy"), "burgundy"),
    ],
)
def test_loader_refuses_a_broken_battle_naming_the_fault(data: dict, culprit: str) -> None:
    with pytest.raises(BattleError, match=culprit):
        load(data)


@pytest.mark.rule("BR-2.1a", "BR-2.1b")
def test_bosworth_layout_from_the_data_file() -> None:
    m = battle("bosworth")
    assert (m.cols, m.rows) == (32, 22)
    assert m.terrain["1511"] == "marsh" and m.terrain["1508"] == "road" and m.terrain["1921"] == "village"
    assert m.elevation["2610"] == 1 and m.elevation["0920"] == 1 and m.elevation["2410"] == 0
    state = bosworth()
    assert 40 <= len(state["units"]) <= 60
    assert state["leaders"]["northumberland"]["activation"] == 1
    assert state["battles"]["northumberland"]["roll_on_automatic"]
    assert {b for b, v in state["battles"].items() if v["uncommitted"]} == {"william", "stanley"}
    assert len(state["markers"]["lancaster"]) == 4 and len(state["markers"]["york"]) == 3  # BR-6.3a
    assert state["player"] == "lancaster"
    assert battle_map(state) is m


def test_unknown_battle_option_is_refused() -> None:
    from games.engines.base import IllegalAction

    with pytest.raises(IllegalAction):
        ENGINE.setup(1, {"battle": "towton"})
