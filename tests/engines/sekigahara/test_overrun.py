"""SK-7.4: overruns (EX-03, DV-05 to DV-07)."""

from __future__ import annotations

import pytest

from games.engines.sekigahara.common import refresh_control
from games.engines.sekigahara.overrun import try_overrun

from .helpers import act, actions, blank, give, march, movement, put, where


@pytest.mark.rule("SK-7.4.1a", "SK-7.4.2a", "SK-7.4.2b", "SK-7.4.2c", "SK-7.4.2d", "SK-7.4.2e", "SK-8.10c")
def test_ex03_overrun_during_movement() -> None:
    state = blank()
    foe = put(state, "date_2", "sawayama")
    s1 = [put(state, "mori_2", "kyoto"), put(state, "mori_3", "kyoto")]
    s2 = [put(state, "ukita_2", "gifu"), put(state, "ukita_3", "gifu")]
    state = movement(state, "ishida")
    state = march(state, "ishida", "kyoto", s1, ["sawayama"])
    assert state["where"][foe] == "sawayama" and state["phase"] == "move"  # 2:1, S1 stops
    hand = len(state["hands"]["tokugawa"])
    state = march(state, "ishida", "gifu", s2, ["sawayama"])
    assert state["where"][foe] == "dead"  # 4:1 at once
    assert set(where(state, s1 + s2)) == {"sawayama"}  # the overrunning side loses nothing
    assert state["phase"] == "march"  # S2 may go on
    state = act(state, "ishida", type="step", to="tsuruga")
    assert set(where(state, s2)) == {"tsuruga"}
    assert len(state["hands"]["tokugawa"]) == hand  # floor(1/2) = 0 cards
    assert "sawayama" not in [a["loc"] for a in actions(state, "ishida", "activate")]  # S1 may not move again


@pytest.mark.rule("SK-7.4.1a", "SK-7.4.2d")
@pytest.mark.parametrize(
    ("mine", "theirs", "overrun"), [(4, 1, True), (3, 1, False), (8, 2, True), (7, 2, False), (12, 3, True)]
)
def test_dv05_ratios(mine: int, theirs: int, overrun: bool) -> None:
    state = blank()
    ishida = ["ukita_2", "ukita_3", "mori_2", "mori_3", "kobayakawa_2", "kobayakawa_3", "uesugi_3", "ukita_gun"]
    ishida += ["ukita_cav", "mori_gun", "mori_cav", "kobayakawa_gun"]
    for f in ishida[:mine]:
        put(state, f, "minakuchi")
    foes = [put(state, f, "minakuchi") for f in ("date_2", "date_3", "maeda_2")[:theirs]]
    assert try_overrun(state, "minakuchi", "ishida") is overrun
    assert (state["where"][foes[0]] == "dead") is overrun


@pytest.mark.rule("SK-7.4.3a")
def test_dv06_castle_holders_cannot_be_overrun() -> None:
    state = blank()
    for f in ("ukita_2", "ukita_3", "mori_2", "mori_3", "kobayakawa_2"):
        put(state, f, "okazaki")
    put(state, "date_2", "okazaki")
    state["castles"]["okazaki"] = "tokugawa"
    assert try_overrun(state, "okazaki", "ishida") is False


@pytest.mark.rule("SK-7.4.3b")
def test_dv07_besieged_blocks_count() -> None:
    state = blank()
    inside = [put(state, "ukita_2", "gifu"), put(state, "ukita_3", "gifu")]
    foes = [put(state, f, "gifu") for f in ("date_2", "date_3", "maeda_2")]
    state["sieges"]["gifu"] = {"side": "ishida", "blocks": inside}
    refresh_control(state)
    for f in ("mori_2", "mori_3", "kobayakawa_2", "kobayakawa_3", "uesugi_3", "ukita_gun"):
        put(state, f, "gifu")
    assert try_overrun(state, "gifu", "ishida") is False  # 8 v 3
    for f in ("ukita_cav", "mori_gun", "mori_cav", "kobayakawa_gun"):
        put(state, f, "gifu")
    give(state, "tokugawa", "date_single")
    hand = len(state["hands"]["tokugawa"])
    assert try_overrun(state, "gifu", "ishida") is True  # 12 v 3
    assert set(where(state, foes)) == {"dead"}
    assert len(state["hands"]["tokugawa"]) == hand + 1  # floor(3/2)
    refresh_control(state)
    assert "gifu" not in state["sieges"]


@pytest.mark.rule("SK-7.4.1b", "SK-8.9.3b")
def test_overrun_by_muster_and_discs_are_immune() -> None:
    state = blank()
    for f in ("fukushima_2", "fukushima_3", "fukushima_gun"):
        put(state, f, "kiyosu")
    reinf = put(state, "fukushima_cav", "reinf")
    foe = put(state, "mori_2", "kiyosu")
    state = movement(state, "tokugawa")
    state["movement"]["moved"].append(next(b for b, w in state["where"].items() if w == "kiyosu" and b[0] == "T"))
    state = act(state, "tokugawa", type="muster", loc="kiyosu")
    state = act(state, "tokugawa", type="muster_add", block=reinf)
    state = act(state, "tokugawa", type="muster_done")
    assert state["where"][foe] == "dead"
    # a disc neither stops movement nor can be overrun
    state = blank()
    mover = put(state, "date_2", "kyoto")
    state = movement(state, "tokugawa")
    state = march(state, "tokugawa", "kyoto", [mover], ["osaka"])
    assert state["phase"] == "march" and state["discs"]["hideyori"]
