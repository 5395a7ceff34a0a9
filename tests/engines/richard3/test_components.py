"""Components, map facts, block data and the 1460 set-up (R3-0, R3-2, R3-3, R3-4)."""

from collections import Counter

import pytest

from games.engines.richard3 import ENGINE
from games.engines.richard3.board import ADJ, EXILES, WALES, heirs_of, roll, status
from games.engines.richard3.data.areas import AREAS, SEAS
from games.engines.richard3.data.blocks import BLOCKS
from games.engines.richard3.data.borders import BORDERS
from games.engines.richard3.data.cards import CARDS

from .helpers import clear, fresh, put


def where(state, side):
    out = {}
    for b, rec in state["blocks"].items():
        if BLOCKS[b]["side"] == side or (side == "york" and b == "R_Rebel"):
            out.setdefault(rec["at"], set()).add(b)
    return out


@pytest.mark.rule("R3-0.1a", "R3-0.1c", "R3-4.0a")
def test_two_roles_lancaster_starts_as_king():
    state = fresh()
    assert ENGINE.roles == ("lancaster", "york")
    assert state["king"] == "lancaster"
    assert state["crowned"] == {"lancaster": "L_HenryVI", "york": "Y_York"}
    assert state["campaign"] == 1 and state["last_campaign"] == 3


@pytest.mark.rule("R3-0.2a", "R3-5.1a", "R3-5.1c")
def test_deck_of_25():
    aps = Counter(ap for ap, ev in CARDS.values() if ev is None)
    assert aps == {2: 6, 3: 7, 4: 6}
    events = {ev: ap for ap, ev in CARDS.values() if ev}
    assert events == {"Force March": 1, "Muster": 0, "Piracy": 2, "Plague": 0, "Surprise": 1, "Treason": 1}


@pytest.mark.rule("R3-0.2b", "R3-0.2c")
def test_deal_seven_each_eleven_out():
    state = fresh(5)
    hands = state["hands"]
    assert len(hands["lancaster"]) == len(hands["york"]) == 7
    assert len(state["deck"]) == 11
    assert sorted(hands["lancaster"] + hands["york"] + state["deck"]) == sorted(CARDS)
    york_view = ENGINE.view(state, "york")
    assert [c["card"] for c in york_view["hand"]] == hands["york"]
    assert "deck" not in york_view and "hands" not in york_view


@pytest.mark.rule("R3-0.3a", "R3-3.0a", "R3-3.11a", "R3-3.12a", "R3-3.14a")
def test_blocks_and_dice():
    sides = Counter(b["side"] for b in BLOCKS.values())
    assert sides == {"york": 31, "lancaster": 31, "rebel": 1}
    assert {b["steps"] for b in BLOCKS.values()} == {2, 3, 4}
    assert all(b["init"] in "ABCD" and 1 <= b["fp"] <= 4 for b in BLOCKS.values())
    assert len({b for b in BLOCKS}) == 63
    state = fresh()
    dice = roll(state, 200)
    assert set(dice) == {1, 2, 3, 4, 5, 6}


@pytest.mark.rule("R3-2.1a", "R3-5.2.1a")
def test_border_colours():
    colours = Counter(c for _, _, c in BORDERS)
    assert colours == {"yellow": 24, "blue": 26, "red": 12}
    assert ("Middlesex", "Oxford", "yellow") in BORDERS or ("Oxford", "Middlesex", "yellow") in BORDERS


@pytest.mark.rule("R3-2.1b", "R3-2.1c", "R3-2.1d", "R3-2.1e", "R3-2.1f")
def test_area_status():
    state = clear(fresh())
    put(state, "L_Oxford", "Kent")
    assert status(state, "Kent", "lancaster") == "friendly"
    assert status(state, "Kent", "york") == "enemy"
    assert status(state, "Sussex", "york") == "vacant"
    put(state, "Y_Arundel", "Kent")
    assert status(state, "Kent", "york") == "contested" == status(state, "Kent", "lancaster")
    state["blocks"]["Y_Arundel"]["at"] = "Sussex"  # changes at once
    assert status(state, "Kent", "york") == "enemy"


@pytest.mark.rule("R3-2.2a", "R3-3.22a", "R3-2.2e", "R3-2.2f")
def test_shields_data():
    assert {b for b in BLOCKS if "Glamorgan" in BLOCKS[b]["seats"] and BLOCKS[b]["kind"] == "lord"} >= {
        "Y_Norfolk",
        "Y_Herbert",
        "Y_Warwick",
        "L_Buckingham",
    }
    assert len(BLOCKS["L_Northumberland"]["seats"]) == 3
    assert all(BLOCKS[h]["seats"] == ["South Yorks", "Hereford", "Rutland"] for h in heirs_of("york"))
    assert BLOCKS["L_Exeter"]["seats"][0] == "Cornwall"
    assert BLOCKS["L_Somerset"]["seats"][0] == "Dorset"
    assert BLOCKS["L_Richmond"]["seats"][0] == "Pembroke"


@pytest.mark.rule("R3-2.4a", "R3-2.4b", "R3-2.5a", "R3-2.6a", "R3-2.7a")
def test_cities_cathedrals_wales_exiles():
    cities = {f["city"]: f["city_side"] for f in AREAS.values() if f["city"]}
    assert cities == {
        "Bristol": "lancaster",
        "Coventry": "lancaster",
        "Newcastle": "lancaster",
        "York": "lancaster",
        "London": "york",
        "Norwich": "york",
        "Salisbury": "york",
    }
    levies = {b: BLOCKS[b]["seats"][0] for b in BLOCKS if BLOCKS[b]["kind"] == "levy"}
    for b, area in levies.items():
        assert AREAS[area]["city_side"] == BLOCKS[b]["side"]
    assert {a: f["cathedral"] for a, f in AREAS.items() if f["cathedral"]} == {
        "South Yorks": "York",
        "Kent": "Canterbury",
    }
    assert set(WALES) == {"Pembroke", "Caernarvon", "Powys", "Glamorgan"}
    assert all(AREAS[a]["kind"] == "land" for a in WALES)
    assert EXILES == {"lancaster": ("France", "Scotland"), "york": ("Calais", "Ireland")}


@pytest.mark.rule("R3-2.71a", "R3-2.72a", "R3-3.25a", "R3-2.81a", "R3-2.81b", "R3-2.82a", "R3-2.83a")
def test_exiles_and_seas():
    assert BLOCKS["Y_Irish"]["seats"] == ["Ireland"] and BLOCKS["L_Scots"]["seats"] == ["Scotland"]
    mercs = {b for b in BLOCKS if BLOCKS[b]["kind"] == "mercenary"}
    assert mercs == {"L_French", "L_Scots", "L_Welsh", "Y_Irish", "Y_Burgundian", "Y_Calais"}
    assert SEAS == ("Irish Sea", "North Sea", "English Channel")
    assert set(AREAS["Kent"]["seas"]) == {"North Sea", "English Channel"}
    assert set(AREAS["Cornwall"]["seas"]) == {"English Channel", "Irish Sea"}
    assert set(AREAS["Scotland"]["seas"]) == {"North Sea", "Irish Sea"}
    assert "Isle of Wight" not in AREAS and "Anglesey" not in AREAS
    majors = {a for a, f in AREAS.items() if f["major"]}
    assert len(majors) == 14 and "Dorset" not in majors and "Middlesex" in majors


@pytest.mark.rule("R3-3.13a", "R3-3.13b", "R3-3.13c", "R3-3.13d", "R3-3.22b", "R3-3.22c")
def test_loyalty_data():
    assert BLOCKS["L_Rivers"]["loyalty"] == 1 and BLOCKS["Y_Rivers"]["loyalty"] == 2
    assert BLOCKS["L_Oxford"]["rose"] and BLOCKS["Y_Norfolk"]["rose"]
    assert BLOCKS["Y_Kent"]["loyalty"] == "neville" and BLOCKS["L_Salisbury"]["loyalty"] == "neville"
    assert all(BLOCKS[h]["loyalty"] is None for h in heirs_of("york") if h != "Y_Clarence")
    two_sided = [b for b in BLOCKS if BLOCKS[b]["twin"]]
    assert len(two_sided) == 26
    state = fresh()
    for b in two_sided:  # at most one version in play
        assert "off" in (state["blocks"][b]["at"], state["blocks"][BLOCKS[b]["twin"]]["at"])


@pytest.mark.rule("R3-3.21a", "R3-3.21b", "R3-4.5a", "R3-4.3m", "R3-4.4h")
def test_heirs_and_minors():
    for side in ("york", "lancaster"):
        assert [BLOCKS[h]["rank"] for h in heirs_of(side)] == [1, 2, 3, 4, 5]
    state = fresh()
    minors = {b for b in BLOCKS if state["blocks"][b]["at"] == "minor"}
    assert minors == {"L_PrinceEdward", "L_Richmond", "Y_Clarence", "Y_Gloucester"}


@pytest.mark.rule("R3-3.23a", "R3-3.24a", "R3-3.26a")
def test_church_levies_rebel():
    assert {b for b in BLOCKS if BLOCKS[b]["kind"] == "church"} == {
        "L_Canterbury",
        "Y_Canterbury",
        "L_YorkChurch",
        "Y_YorkChurch",
    }
    assert {b for b in BLOCKS if BLOCKS[b]["kind"] == "bombard"} == {"L_Bombard", "Y_Bombard"}
    state = fresh()
    from games.engines.richard3.board import owner

    assert owner(state, "R_Rebel") == "york"
    state["king"] = "york"
    assert owner(state, "R_Rebel") == "lancaster"


LANCASTER_1460 = {
    "Middlesex": {"L_HenryVI"},
    "Dorset": {"L_Somerset"},
    "Cornwall": {"L_Exeter", "L_Devon"},
    "Pembroke": {"L_Pembroke"},
    "Wilts": {"L_Wiltshire"},
    "Essex": {"L_Oxford"},
    "Lincoln": {"L_Beaumont"},
    "North Yorks": {"L_Clifford"},
    "France": {"L_French"},
    "Scotland": {"L_Scots"},
    "pool": {
        "L_Buckingham",
        "L_Northumberland",
        "L_Shrewsbury",
        "L_Westmoreland",
        "L_Rivers",
        "L_Stanley",
        "L_Bristol",
        "L_Coventry",
        "L_Newcastle",
        "L_YorkLevy",
        "L_YorkChurch",
        "L_Bombard",
        "L_Welsh",
    },
    "minor": {"L_PrinceEdward", "L_Richmond"},
    "off": {"L_Canterbury", "L_Clarence", "L_Warwick", "L_Salisbury", "L_Kent"},
}
YORK_1460 = {
    "Ireland": {"Y_York", "Y_Rutland", "Y_Irish"},
    "Calais": {"Y_March", "Y_Warwick", "Y_Salisbury", "Y_Kent", "Y_Calais", "Y_Burgundian"},
    "pool": {
        "Y_Norfolk",
        "Y_Suffolk",
        "Y_Arundel",
        "Y_Essex",
        "Y_Worcester",
        "Y_Hastings",
        "Y_Herbert",
        "Y_Canterbury",
        "Y_London",
        "Y_Norwich",
        "Y_SalisburyLevy",
        "Y_Bombard",
        "R_Rebel",
    },
    "minor": {"Y_Clarence", "Y_Gloucester"},
    "off": {
        "Y_Exeter",
        "Y_Buckingham",
        "Y_Northumberland",
        "Y_Westmoreland",
        "Y_Shrewsbury",
        "Y_Rivers",
        "Y_Stanley",
        "Y_YorkChurch",
    },
}


@pytest.mark.rule(
    "R3-4.3a", "R3-4.3b", "R3-4.3c", "R3-4.3d", "R3-4.3e", "R3-4.3f", "R3-4.3g", "R3-4.3h", "R3-4.3i",
    "R3-4.3j", "R3-4.3k", "R3-4.3l", "R3-4.3n", "R3-4.3o", "R3-4.1a", "R3-4.2a", "R3-4.6a",
)  # fmt: skip
def test_lancaster_1460_setup_block_by_block():
    state = fresh()
    assert where(state, "lancaster") == LANCASTER_1460
    assert sum(len(v) for v in LANCASTER_1460.values()) == 31
    for b in LANCASTER_1460["Middlesex"] | LANCASTER_1460["pool"]:
        assert state["blocks"][b]["strength"] == BLOCKS[b]["steps"]


@pytest.mark.rule(
    "R3-4.4a", "R3-4.4b", "R3-4.4c", "R3-4.4d", "R3-4.4e", "R3-4.4f", "R3-4.4g", "R3-4.4i", "R3-4.4j",
)  # fmt: skip
def test_york_1460_setup_block_by_block():
    """E17: 9 on the map, 13 in the pool with the Rebel, 2 minors, 8 off-map."""
    state = fresh()
    assert where(state, "york") == YORK_1460
    on_map = sum(len(v) for k, v in YORK_1460.items() if k in AREAS)
    assert (on_map, len(YORK_1460["pool"]), len(YORK_1460["minor"]), len(YORK_1460["off"])) == (9, 13, 2, 8)


@pytest.mark.rule("R3-4.3o", "R3-4.4j", "R3-7.2a", "R3-7.2b")
def test_e17_initial_exiles_break_no_limit():
    from games.engines.richard3.board import supply_count

    state = fresh()
    assert supply_count(state, "Calais", "york") == (4, 4)
    assert supply_count(state, "Ireland", "york") == (2, 2)
    assert len([b for b in where(state, "lancaster") if b in AREAS]) == 10  # 11 blocks in 10 areas


def test_1485_scenario():
    state = fresh(1, "1485")
    assert state["king"] == "york" and state["campaign"] == 3
    assert state["crowned"] == {"york": "Y_Gloucester", "lancaster": "L_Richmond"}
    assert state["blocks"]["R_Rebel"]["at"] == "pool"


@pytest.mark.rule("R3-2.71b", "R3-2.82b")
def test_sea_only_areas_have_no_land_border():
    for area in ("Ireland", "Isle of Man", "France", "Calais"):
        assert ADJ[area] == []
    assert "Isle of Man" in BLOCKS["L_Stanley"]["seats"]


def test_1469_kingmaker_scenario_and_rescue():
    from games.engines.richard3.sequence import rescue_henry

    state = fresh(1, "1469")
    assert state["king"] == "york" and state["campaign"] == 2 and state["last_campaign"] == 2
    assert state["crowned"] == {"york": "Y_March", "lancaster": "L_HenryVI"}
    assert state["blocks"]["L_HenryVI"]["at"] == "prisoner"
    assert state["blocks"]["L_Warwick"]["at"] == "France" and state["blocks"]["Y_Warwick"]["at"] == "off"
    assert state["blocks"]["Y_York"]["at"] == "out"
    assert ENGINE.view(state, None)["prisoner"] is True
    rescue_henry(state)
    assert state["blocks"]["L_HenryVI"]["at"] == "prisoner"  # York holds London
    state["blocks"]["Y_March"]["at"] = "Kent"
    put(state, "L_Oxford", "Middlesex")
    rescue_henry(state)
    assert state["blocks"]["L_HenryVI"]["at"] == "Middlesex"
