"""SK-7.1, SK-7.3: movement levels and moving stacks, with movement example A-E (EX-04)."""

from __future__ import annotations

import pytest

from games.engines.sekigahara import ENGINE
from games.engines.sekigahara.movement import allowance, size_penalty

from .helpers import act, actions, blank, en, give, illegal, march, movement, put, types, where

FOUR = ("mori_2", "mori_3", "ukita_3", "kobayakawa_2")


def _steps(state: dict, role: str) -> list[str]:
    return sorted(a["to"] for a in actions(state, role, "step"))


@pytest.mark.rule("SK-7.3.6a", "SK-7.3.6b", "SK-7.3.5a", "SK-7.3.3a", "SK-7.3.3b", "SK-7.3.3c", "SK-7.3.3d")
def test_speed_table() -> None:
    # EX-02: every bonus at once
    assert [allowance(n, True, True, True) for n in (1, 4, 5, 8, 9, 12, 13, 16, 17)] == [4, 4, 3, 3, 2, 2, 1, 1, 0]
    assert allowance(5, False, False, False) == 0  # DV-01
    assert allowance(8, True, True, False) == 2  # DV-02
    assert allowance(12, True, True, True) == 2  # DV-03
    assert allowance(16, True, True, True) == 1 and allowance(17, True, True, True) == 0  # DV-04
    assert allowance(1, False, False, False) == 1  # base
    assert [size_penalty(n) for n in (1, 4, 5, 9, 13, 17, 30)] == [0, 0, 1, 2, 3, 4, 4]


def _ishida_osaka(n: int) -> tuple[dict, list[str]]:
    state = blank()
    faces = ["ukita_2", "ukita_3", "mori_2", "mori_3", "kobayakawa_2"][:n]
    blocks = [put(state, f, "osaka") for f in faces]
    return movement(state, "ishida", "full"), blocks


@pytest.mark.rule("SK-7.1g", "SK-7.3.5b", "SK-7.3.4c", "SK-7.3.1g", "SK-7.3.1a")
def test_movement_example_a_and_b() -> None:
    # A: 5 blocks at Osaka (Ishida castle, Leadership), all on highways: 1 + 1 + 1 - 1 = 2
    state, blocks = _ishida_osaka(5)
    state = march(state, "ishida", "osaka", blocks, ["kyoto", "minakuchi"])
    assert set(where(state, blocks)) == {"minakuchi"} and state["phase"] == "move"
    # leaving one behind, 4 blocks get 3 and reach Kuwana along Kyoto-Minakuchi
    state, blocks = _ishida_osaka(5)
    b_block = put(state, "mori_cav", "sawayama")
    state = march(state, "ishida", "osaka", blocks[:4], ["kyoto", "minakuchi", "kuwana"])
    assert set(where(state, blocks[:4])) == {"kuwana"} and state["where"][blocks[4]] == "osaka"
    # B: its route would reuse the Kyoto-Minakuchi highway: illegal, so it ends in Kyoto
    state = act(state, "ishida", type="end_move") if state["phase"] == "pick" else state
    state = march(state, "ishida", "sawayama", [b_block], ["kyoto"])
    assert "minakuchi" not in _steps(state, "ishida")
    assert illegal(state, "ishida", type="step", to="minakuchi")
    state = act(state, "ishida", type="halt")
    assert state["where"][b_block] == "kyoto"


@pytest.mark.rule("SK-7.3.4a", "SK-7.3.4b", "SK-7.3.3c")
def test_movement_example_c_and_d() -> None:
    # C (AMB-05 reading): a lone block without Leadership moves 1 location
    state = blank()
    lone = put(state, "ukita_2", "ayabe")
    state = movement(state, "ishida")
    state = march(state, "ishida", "ayabe", [lone], ["miyazu"])
    assert state["where"][lone] == "miyazu" and state["phase"] == "move"
    # D: a stack with a leader moves 2 (1 + Leadership); the leader is announced, not shown
    state = blank()
    group = [put(state, "ukita_leader", "ayabe"), put(state, "ukita_2", "ayabe")]
    state = movement(state, "ishida")
    state = march(state, "ishida", "ayabe", group, ["miyazu", "tsuruga"])
    assert set(where(state, group)) == {"tsuruga"}
    public = [en(e["text"]) for e in ENGINE.view(state, "tokugawa")["log"]]
    assert any("declares a leader" in t for t in public)
    assert not any("Ukita leader" in t for t in public)


@pytest.mark.rule("SK-7.3.3b", "SK-7.3.4d", "SK-4.5c", "SK-7.3.4e")
def test_movement_example_e_and_highway_bonus() -> None:
    # E: Leadership (Kyoto, Ishida's capital) but the route leaves the highway: 2 locations
    state = blank()
    block = put(state, "mori_2", "kyoto")
    state = movement(state, "ishida")
    state = march(state, "ishida", "kyoto", [block], ["sawayama", "tsuruga"])
    assert state["where"][block] == "tsuruga" and state["phase"] == "move"
    # all on highways: 3; Leadership from capital + leader counts only once (+1)
    state = blank()
    block = put(state, "mori_2", "kyoto")
    put(state, "mori_terumoto", "kyoto")
    state = movement(state, "ishida")
    state = march(state, "ishida", "kyoto", [block], ["sawayama", "gifu"])
    assert _steps(state, "ishida") == ["iwamura", "kiyosu"] or "iwamura" in _steps(state, "ishida")
    assert "kiyosu" not in _steps(state, "ishida")  # Gifu-Kiyosu is a road: the 3rd step must be highway
    state = act(state, "ishida", type="step", to="iwamura")
    assert state["where"][block] == "iwamura" and state["phase"] == "pick"
    # Edo is not Ishida's capital: no Leadership there for Ishida
    state = blank()
    block = put(state, "mori_2", "edo")
    state = movement(state, "ishida")
    state = march(state, "ishida", "edo", [block], ["mito"])
    assert state["where"][block] == "mito" and state["phase"] == "move"


@pytest.mark.rule("SK-7.3.4c")
def test_enemy_colour_castle_gives_no_leadership() -> None:
    state = blank()
    block = put(state, "mori_2", "okazaki")  # a Tokugawa castle, held by Ishida
    state = movement(state, "ishida")
    assert state["castles"]["okazaki"] == "ishida"
    state = march(state, "ishida", "okazaki", [block], ["kiyosu"])
    # only the highway bonus: Okazaki-Kiyosu-Kuwana
    state = act(state, "ishida", type="step", to="kuwana")
    assert state["phase"] == "move"


@pytest.mark.rule("SK-7.3.3d", "SK-7.3.3e", "SK-7.3.3f", "SK-3.3c")
def test_forced_march() -> None:
    state = blank()
    pair = [put(state, "ukita_2", "ayabe"), put(state, "ukita_3", "ayabe")]
    card = give(state, "ishida", "mori_single")
    give(state, "ishida", "ukita_single")
    state = movement(state, "ishida")
    state = march(state, "ishida", "ayabe", pair, [])
    state = act(state, "ishida", type="forced_march", card=card)
    assert card in state["discards"]["ishida"]
    assert "forced_march" not in types(state, "ishida")  # at most one per move
    state = act(state, "ishida", type="step", to="miyazu")
    assert "drop" not in types(state, "ishida")  # the group stays together
    state = act(state, "ishida", type="step", to="tsuruga")
    assert set(where(state, pair)) == {"tsuruga"}
    # after a drop-off no forced march may be bought
    state = blank()
    trio = [put(state, "ukita_leader", "ayabe"), put(state, "ukita_2", "ayabe"), put(state, "ukita_3", "ayabe")]
    give(state, "ishida", "mori_single")
    state = movement(state, "ishida")
    state = march(state, "ishida", "ayabe", trio, ["miyazu"])
    state = act(state, "ishida", type="drop", block=trio[2])
    assert "forced_march" not in types(state, "ishida")


@pytest.mark.rule("SK-7.3.5a", "SK-7.3.5b", "SK-7.3.6b")
def test_stack_size_penalty_and_no_move_at_zero() -> None:
    state = blank()
    five = [put(state, f, "ayabe") for f in ("ukita_2", "ukita_3", "mori_2", "mori_3", "kobayakawa_2")]
    state = movement(state, "ishida")
    state = act(state, "ishida", type="activate", loc="ayabe")
    for b in five:
        state = act(state, "ishida", type="add", block=b)
    assert "go" not in types(state, "ishida")  # DV-01: 1 - 1 = 0
    state = act(state, "ishida", type="end_move")
    # with four, the group moves 1
    state = blank()
    four = [put(state, f, "ayabe") for f in ("ukita_2", "ukita_3", "mori_2", "mori_3")]
    put(state, "kobayakawa_2", "ayabe")
    state = movement(state, "ishida")
    state = march(state, "ishida", "ayabe", four, ["himeji"])
    assert set(where(state, four)) == {"himeji"}


@pytest.mark.rule("SK-7.3.1b", "SK-7.3.1c", "SK-7.3.1d", "SK-7.3.1e", "SK-7.3.1f", "SK-4.1c", "SK-4.1b")
def test_groups_split_drop_off_and_move_once() -> None:
    state = blank()
    blocks = [put(state, f, "kyoto") for f in ("ukita_leader", "ukita_2", "ukita_3", "mori_2")]
    friend = put(state, "mori_3", "minakuchi")
    state = movement(state, "ishida")
    state = march(state, "ishida", "kyoto", blocks[:2], ["minakuchi"])
    # while a group moves, nothing else may start (moves never interleave)
    assert set(types(state, "ishida")) <= {"step", "forced_march", "drop", "split", "halt"}
    state = act(state, "ishida", type="drop", block=blocks[1])
    state = act(state, "ishida", type="step", to="kuwana")
    assert state["where"][blocks[1]] == "minakuchi" and state["where"][friend] == "minakuchi"
    assert state["where"][blocks[0]] == "kuwana"  # the friend was not picked up
    # another group from the same activation takes a different path (only adjacent steps)
    state = act(state, "ishida", type="halt")
    assert state["phase"] == "pick"
    state = act(state, "ishida", type="add", block=blocks[2])
    state = act(state, "ishida", type="go")
    assert _steps(state, "ishida") == ["ayabe", "osaka", "sawayama"]  # Kyoto-Minakuchi already used
    state = act(state, "ishida", type="step", to="ayabe")
    state = act(state, "ishida", type="halt")
    assert state["phase"] == "pick"
    state = act(state, "ishida", type="end_move")
    # moved blocks may not move again; Kyoto cannot be activated twice
    locs = [a["loc"] for a in actions(state, "ishida", "activate")]
    assert "kyoto" not in locs and "kuwana" not in locs and "ayabe" not in locs
    # the friend at Minakuchi has not moved, but both roads out of Minakuchi are used up
    assert "minakuchi" not in locs
    # no stacking limit, and every block ends in a location
    assert all(w in ("bag", "kyoto", "minakuchi", "kuwana", "ayabe") for w in state["where"].values())


@pytest.mark.rule("SK-7.3.2a", "SK-4.2b")
def test_stop_at_enemy_and_take_resources_on_the_way() -> None:
    state = blank()
    mover = put(state, "mori_2", "kyoto")
    put(state, "date_2", "kiyosu")
    state = movement(state, "ishida")
    state = march(state, "ishida", "kyoto", [mover], ["minakuchi", "kuwana", "kiyosu"])
    assert state["where"][mover] == "kiyosu" and state["phase"] == "move"
    assert state["resources"]["kuwana"] == "ishida"  # moved through it
    state = blank()
    mover = put(state, "mori_2", "kyoto")
    put(state, "date_2", "minakuchi")
    state = movement(state, "ishida")
    state = march(state, "ishida", "kyoto", [mover], ["minakuchi"])
    assert state["phase"] == "move"  # stopped despite allowance left


@pytest.mark.rule("SK-7.1a", "SK-7.1b", "SK-7.1c", "SK-7.1h", "SK-7.1f", "SK-7.2c")
def test_levels_and_their_costs() -> None:
    state = blank()
    stacks = [put(state, f, loc) for f, loc in zip(FOUR, ("ayabe", "himeji", "tsuruga", "kumano"), strict=True)]
    put(state, "ukita_2", "reinf")
    c1 = give(state, "ishida", "mori_single")
    state = movement(state, "ishida")
    state["phase"] = "level"
    levels = [a["level"] for a in actions(state, "ishida", "level")]
    assert levels == ["none", "minimal", "limited"]  # full needs 2 cards
    state = act(state, "ishida", type="level", level="limited")
    assert types(state, "ishida") == ["pay"]
    state = act(state, "ishida", type="pay", card=c1)
    assert state["phase"] == "move" and c1 in state["discards"]["ishida"]
    # limited: 2 moves + a Muster (DV-18: never 3 moves + a Muster)
    state = march(state, "ishida", "ayabe", [stacks[0]], ["miyazu"])
    state = march(state, "ishida", "himeji", [stacks[1]], ["osaka"])
    state = act(state, "ishida", type="muster", loc="himeji")
    state = act(state, "ishida", type="muster_add", block=actions(state, "ishida", "muster_add")[0]["block"])
    state = act(state, "ishida", type="muster_done")
    assert types(state, "ishida") == ["end_movement"]


@pytest.mark.rule("SK-7.1e", "SK-7.1d", "SK-7.1g")
def test_minimal_none_and_full() -> None:
    state = blank()
    placed = [put(state, f, loc) for f, loc in zip(FOUR, ("ayabe", "himeji", "tsuruga", "kumano"), strict=True)]
    put(state, "ukita_2", "reinf")
    state = movement(state, "ishida", "minimal")
    state = march(state, "ishida", "ayabe", placed[:1], ["miyazu"])
    assert types(state, "ishida") == ["end_movement"]  # one move OR a Muster
    # No Movement: exchange cards instead
    state = blank()
    put(state, "mori_2", "ayabe")
    a = give(state, "ishida", "mori_single")
    b = give(state, "ishida", "ukita_sword")
    state = movement(state, "ishida", "none")
    assert "activate" not in types(state, "ishida") and "muster" not in types(state, "ishida")
    state = act(state, "ishida", type="exchange", card=a)
    state = act(state, "ishida", type="exchange", card=b)
    state = act(state, "ishida", type="end_movement")
    assert len(state["hands"]["ishida"]) == 2 and a not in state["hands"]["ishida"]
    # Full: every stack may move and a Muster on top
    state = blank()
    stacks = [put(state, f, loc) for f, loc in zip(FOUR, ("ayabe", "himeji", "tsuruga", "kumano"), strict=True)]
    put(state, "ukita_2", "reinf")
    state = movement(state, "ishida", "full")
    for s, to in zip(stacks, ("miyazu", "osaka", "kitanosho", "tanabe"), strict=True):
        state = march(state, "ishida", state["where"][s], [s], [to])
    assert "muster" in types(state, "ishida")


@pytest.mark.rule("SK-7.3.1c", "SK-7.3.1g", "SK-7.3.5b")
def test_split_group_takes_a_different_path() -> None:
    state = blank()
    trio = [put(state, f, "kyoto") for f in ("mori_2", "mori_3", "ukita_2")]
    state = movement(state, "ishida")
    state = march(state, "ishida", "kyoto", trio, ["sawayama"])
    state = act(state, "ishida", type="split", block=trio[2])
    assert "forced_march" not in types(state, "ishida")
    state = act(state, "ishida", type="step", to="gifu")
    state = act(state, "ishida", type="step", to="iwamura")  # 1 + Leadership (capital) + highway
    assert where(state, trio[:2]) == ["iwamura", "iwamura"]
    # the branch goes on from Sawayama with what it had left, on roads not used yet
    assert state["phase"] == "march" and state["group"]["blocks"] == [trio[2]]
    assert _steps(state, "ishida") == ["tsuruga"]
    state = act(state, "ishida", type="step", to="tsuruga")
    assert state["where"][trio[2]] == "tsuruga" and state["phase"] == "move"
    assert all(b in state["movement"]["moved"] for b in trio)


@pytest.mark.rule("SK-7.3.1a")
def test_add_all_picks_every_movable_block() -> None:
    state = blank()
    blocks = [put(state, f, "ayabe") for f in ("ukita_leader", "ukita_2", "ukita_3")]
    fresh_muster = put(state, "mori_2", "ayabe")
    state = movement(state, "ishida")
    state["movement"]["mustered"].append(fresh_muster)
    state = act(state, "ishida", type="activate", loc="ayabe")
    state = act(state, "ishida", type="add_all")
    assert sorted(state["group"]["picked"]) == sorted(blocks)  # not the block mustered this turn
    assert "add_all" not in types(state, "ishida")
