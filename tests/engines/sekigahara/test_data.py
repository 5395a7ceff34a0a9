"""Component facts, checked against the data modules and the set-up they produce."""

from __future__ import annotations

from collections import Counter
from itertools import pairwise

import pytest

from games.engines.sekigahara.data.blocks import DAIMYO_SIDE, FACES
from games.engines.sekigahara.data.cards import CARD_KINDS, DECKS
from games.engines.sekigahara.data.locations import CAPITALS, CASTLES, DISCS, LOCATIONS, MUSTER, RESOURCES
from games.engines.sekigahara.data.roads import ADJACENT, ROADS
from games.engines.sekigahara.data.setup import BAG_COUNTS, FIXED, RANDOM

from .helpers import fresh


@pytest.mark.rule("SK-1.1a", "SK-3.2a", "SK-3.2b", "SK-3.2c", "SK-3.2d", "SK-3.1a")
def test_blocks_48_per_side_with_one_identity_each() -> None:
    state = fresh()
    per_side = Counter(b[0] for b in state["faces"])
    assert per_side == {"I": 48, "T": 48}
    for b, f in state["faces"].items():
        face = FACES[f]
        assert face.side == ("ishida" if b[0] == "I" else "tokugawa")  # gold / black
        assert DAIMYO_SIDE[face.daimyo] == face.side  # exactly one daimyo (mon)
        assert 1 <= face.strength <= 4
        assert face.special in ("", "gun", "cavalry")
    assert FACES["ishida_mitsunari"].leader == 3 and FACES["tokugawa_ieyasu"].leader == 3
    assert FACES["ukita_leader"].leader == 1
    assert FACES["maeda_cav"].special == "cavalry" and FACES["mori_gun"].special == "gun"
    # stand-in bag table: 34 unmarked blocks per side, 14 marked
    for side in ("ishida", "tokugawa"):
        assert sum(BAG_COUNTS[side].values()) == 34
        marked = sum(len(v) for k, v in FIXED.items() if FACES[v[0]].side == side)
        assert marked == 14


@pytest.mark.rule("SK-3.3a", "SK-3.3g")
def test_two_decks_of_55_with_mon_bid_sword_loyalty() -> None:
    for side, deck in DECKS.items():
        assert sum(n for _, n in deck.values()) == 55
        assert all(k.side == side for k, _ in deck.values())
    kinds = CARD_KINDS
    assert kinds["mori_double"].double and not kinds["mori_double"].sword
    assert kinds["date_sword"].sword and kinds["date_sword"].daimyo == "date"
    assert kinds["ishida_loyalty"].loyalty and kinds["ishida_loyalty"].daimyo == ""
    assert kinds["tokugawa_loyalty"].bid == 8 and kinds["ukita_single"].bid == 1
    state = fresh()
    assert {c[0] for c in state["decks"]["ishida"] + state["hands"]["ishida"]} == {"i"}
    assert len(state["decks"]["tokugawa"]) + len(state["hands"]["tokugawa"]) == 55


@pytest.mark.rule("SK-4.1a", "SK-4.2a", "SK-4.3a", "SK-4.5a", "SK-4.5b", "SK-3.4a", "SK-9.1a", "SK-9.2a")
def test_map_facts() -> None:
    assert len(LOCATIONS) == 51 and len(ROADS) == 62
    assert sum(1 for r in ROADS if r[2] == "main") == 19
    assert all(a in LOCATIONS and b in LOCATIONS for a, b, _ in ROADS)
    assert len(RESOURCES) == 9 and "kyoto" in RESOURCES and "edo" in RESOURCES  # capitals are resources
    assert CAPITALS == {"kyoto": "ishida", "edo": "tokugawa"}
    assert Counter(CASTLES.values()) == {"ishida": 4, "tokugawa": 5}
    assert DISCS == {"hideyori": "osaka", "sanada": "ueda"}
    assert MUSTER["himeji"] == ("ukita", "mori") and MUSTER["edo"] == ("tokugawa",)
    assert dict(ADJACENT["kyoto"])["minakuchi"] is True  # the Kyoto-Minakuchi highway
    assert sum(n for _, n in RANDOM["ishida"]) == 10 and sum(n for _, n in RANDOM["tokugawa"]) == 8


TOKAIDO = ("kyoto", "minakuchi", "kuwana", "kiyosu", "okazaki", "hamamatsu", "sunpu", "numazu", "hakone", "edo")
NAKASENDO = ("kyoto", "sawayama", "gifu", "iwamura", "kiso", "suwa", "saku", "takasaki", "oshi", "edo")


@pytest.mark.rule("SK-4.1a", "SK-4.2a", "SK-4.3a", "SK-7.2.2a", "SK-3.3g")
def test_map_and_decks_match_the_data_file() -> None:
    """Exact facts from /work/shared/data/sekigahara.md (sections 3, 4 and 7)."""
    highways = {frozenset(p) for route in (TOKAIDO, NAKASENDO) for p in pairwise(route)}
    highways.add(frozenset(("osaka", "kyoto")))
    assert {frozenset((a, b)) for a, b, kind in ROADS if kind == "main"} == highways
    assert len({frozenset((a, b)) for a, b, _ in ROADS}) == 62  # no road listed twice
    assert sorted(RESOURCES) == sorted(
        ["kyoto", "edo", "tsuruga", "kuwana", "kiso", "takeda", "niigata", "takasaki", "shirakawa"]
    )
    assert CASTLES == {
        "osaka": "ishida", "gifu": "ishida", "ueda": "ishida", "aizu": "ishida",
        "miyazu": "tokugawa", "kanazawa": "tokugawa", "anotsu": "tokugawa", "okazaki": "tokugawa",
        "hakone": "tokugawa",
    }  # fmt: skip
    assert {d: loc for loc, clans in MUSTER.items() for d in clans} == {
        "tokugawa": "edo", "fukushima": "kiyosu", "maeda": "kanazawa", "date": "sendai",
        "ukita": "himeji", "mori": "himeji", "kobayakawa": "osaka", "uesugi": "aizu",
    }  # fmt: skip
    degrees = Counter(loc for a, b, _ in ROADS for loc in (a, b))
    assert degrees["kyoto"] == degrees["edo"] == 4 and min(degrees.values()) == 2
    counts = {k: n for deck in DECKS.values() for k, (_, n) in deck.items()}
    assert counts == {
        "tokugawa_loyalty": 4, "tokugawa_double": 1, "tokugawa_sword": 5, "tokugawa_single": 10,
        "fukushima_double": 1, "fukushima_sword": 4, "fukushima_single": 7,
        "maeda_double": 1, "maeda_sword": 4, "maeda_single": 7,
        "date_double": 1, "date_sword": 4, "date_single": 6,
        "ishida_loyalty": 3, "mori_double": 1, "mori_sword": 5, "mori_single": 10,
        "ukita_double": 1, "ukita_sword": 5, "ukita_single": 8,
        "kobayakawa_double": 1, "kobayakawa_sword": 5, "kobayakawa_single": 8,
        "uesugi_double": 1, "uesugi_sword": 3, "uesugi_single": 4,
    }  # fmt: skip
    bids = {k: CARD_KINDS[k].bid for k in ("ishida_loyalty", "mori_double", "mori_sword", "mori_single")}
    assert bids == {"ishida_loyalty": 7, "mori_double": 5, "mori_sword": 3, "mori_single": 1}
    bids = {k: CARD_KINDS[k].bid for k in ("tokugawa_loyalty", "date_double", "date_sword", "date_single")}
    assert bids == {"tokugawa_loyalty": 8, "date_double": 6, "date_sword": 4, "date_single": 2}
    assert FACES["ii_naomasa"].strength == 4 and FACES["ii_naomasa"].any_card and not FACES["ii_naomasa"].leader
    assert all(f.strength == 1 for f in FACES.values() if f.special or f.leader)  # gun, cavalry, leaders
