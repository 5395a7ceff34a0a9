"""Every block design (face) of both coalitions and the daimyo they belong to.

A face: (side, daimyo, strength in mon, special symbol or "", leader dots (0 = not a leader),
any-card block). How many copies of each unmarked face are in the bags is in ``setup.BAG_COUNTS``.
"""

from __future__ import annotations

from typing import NamedTuple


class Face(NamedTuple):
    side: str
    daimyo: str
    strength: int  # SK-3.2b: number of mon, 1-4
    special: str  # SK-3.2c: "gun", "cavalry" or ""
    leader: int  # SK-3.2d: banner dots; 0 = not a leader
    any_card: bool  # SK-8.2.2c: the Ishida and Ii blocks take a card of any daimyo
    label: str


DAIMYO_SIDE: dict[str, str] = {
    "ishida": "ishida",
    "ukita": "ishida",
    "mori": "ishida",
    "kobayakawa": "ishida",
    "uesugi": "ishida",
    "tokugawa": "tokugawa",
    "ii": "tokugawa",
    "fukushima": "tokugawa",
    "maeda": "tokugawa",
    "date": "tokugawa",
}

DAIMYO_NAMES: dict[str, str] = {
    "ishida": "Ishida",
    "ukita": "Ukita",
    "mori": "Mori",
    "kobayakawa": "Kobayakawa",
    "uesugi": "Uesugi",
    "tokugawa": "Tokugawa",
    "ii": "Ii",
    "fukushima": "Fukushima",
    "maeda": "Maeda",
    "date": "Date",
}


def _f(side: str, daimyo: str, strength: int, special: str = "", leader: int = 0, any_card: bool = False) -> Face:
    name = DAIMYO_NAMES[daimyo]
    if leader:
        label = f"{name} leader"
    elif special:
        label = f"{name} {special}"
    else:
        label = f"{name} {strength}"
    return Face(side, daimyo, strength, special, leader, any_card, label)


FACES: dict[str, Face] = {}
for _side, _clans in (
    ("tokugawa", ("tokugawa", "fukushima", "maeda", "date")),
    ("ishida", ("ukita", "mori", "kobayakawa", "uesugi")),
):
    for _d in _clans:
        if _d != "uesugi":  # no 2-mon Uesugi face exists
            FACES[f"{_d}_2"] = _f(_side, _d, 2)
        FACES[f"{_d}_3"] = _f(_side, _d, 3)
        FACES[f"{_d}_gun"] = _f(_side, _d, 1, "gun")
        FACES[f"{_d}_cav"] = _f(_side, _d, 1, "cavalry")
FACES.update(
    {
        # Set-up-marked faces (SK-5.1c); they play exactly like the bag faces of the same design.
        "tokugawa_ieyasu": Face("tokugawa", "tokugawa", 1, "", 3, False, "Tokugawa Ieyasu"),
        "fukushima_leader": _f("tokugawa", "fukushima", 1, leader=1),
        "ii_naomasa": Face("tokugawa", "ii", 4, "", 0, True, "Ii Naomasa"),
        "maeda_leader": _f("tokugawa", "maeda", 1, leader=1),
        "date_leader": _f("tokugawa", "date", 1, leader=1),
        "ishida_mitsunari": Face("ishida", "ishida", 1, "", 3, True, "Ishida Mitsunari"),
        "ukita_leader": _f("ishida", "ukita", 1, leader=1),
        "kobayakawa_leader": _f("ishida", "kobayakawa", 1, leader=1),
        "mori_terumoto": Face("ishida", "mori", 1, "", 1, False, "Mori Terumoto"),
        "uesugi_leader": _f("ishida", "uesugi", 1, leader=1),
    }
)
