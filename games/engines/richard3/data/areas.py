"""The map: 33 areas (29 in England, Wales and the Isle of Man; four exile areas) and the three sea zones.

Facts from the Columbia Games map as recovered in `shared/data/richard3.json`; see RULES.md.
"""

from __future__ import annotations

from typing import NamedTuple

SEAS: tuple[str, ...] = ("Irish Sea", "North Sea", "English Channel")


class Area(NamedTuple):
    kind: str  # "land" or "exile"
    limit: int  # blocks the area supplies (R3-7.1a; exile areas R3-7.2)
    seas: tuple[str, ...]  # the sea zones the area is a port on
    major: bool = False  # major port
    city: str | None = None  # the city printed in the area
    city_side: str | None = None  # the side that city favours
    crown: bool = False
    cathedral: str | None = None
    wales: bool = False
    exile_of: str | None = None  # the side owning an exile area
    sea_only: bool = False  # entered by sea only (Isle of Man, the exile areas)


# name: Area(kind, supply limit, coastal sea zones, other facts when not the default)
_AREAS: dict[str, Area] = {
    "Scotland": Area("exile", 2, ("Irish Sea", "North Sea"), major=True, exile_of="lancaster"),
    "Northumbria": Area("land", 5, ("North Sea",), major=True, city="Newcastle", city_side="lancaster"),
    "Cumbria": Area("land", 4, ("Irish Sea",), crown=True),
    "North Yorks": Area("land", 4, ()),
    "East Yorks": Area("land", 4, ("North Sea",), major=True),
    "South Yorks": Area("land", 5, (), city="York", city_side="lancaster", crown=True, cathedral="York"),
    "Lancaster": Area("land", 4, ("Irish Sea",)),
    "Caernarvon": Area("land", 4, ("Irish Sea",), crown=True, wales=True),
    "Chester": Area("land", 4, ("Irish Sea",), major=True, crown=True),
    "Derby": Area("land", 4, (), crown=True),
    "Lincoln": Area("land", 4, ("North Sea",)),
    "Pembroke": Area("land", 4, ("Irish Sea",), crown=True, wales=True),
    "Powys": Area("land", 4, (), wales=True),
    "Hereford": Area("land", 4, ()),
    "Warwick": Area("land", 5, (), city="Coventry", city_side="lancaster", crown=True),
    "Leicester": Area("land", 4, ()),
    "Rutland": Area("land", 4, ("North Sea",)),
    "East Anglia": Area("land", 5, ("North Sea",), major=True, city="Norwich", city_side="york"),
    "Glamorgan": Area("land", 4, ("Irish Sea",), major=True, wales=True),
    "Gloucester": Area("land", 4, (), crown=True),
    "Oxford": Area("land", 4, ()),
    "Middlesex": Area("land", 5, ("North Sea",), major=True, city="London", city_side="york", crown=True),
    "Essex": Area("land", 4, ("North Sea",)),
    "Somerset": Area("land", 5, ("Irish Sea",), major=True, city="Bristol", city_side="lancaster"),
    "Wilts": Area("land", 5, (), city="Salisbury", city_side="york"),
    "Sussex": Area("land", 4, ("English Channel",), major=True, crown=True),
    "Kent": Area("land", 4, ("North Sea", "English Channel"), major=True, cathedral="Canterbury"),
    "Cornwall": Area("land", 4, ("Irish Sea", "English Channel"), major=True, crown=True),
    "Dorset": Area("land", 4, ("English Channel",)),
    "Isle of Man": Area("land", 4, ("Irish Sea",), sea_only=True),
    "Ireland": Area("exile", 2, ("Irish Sea",), major=True, exile_of="york", sea_only=True),
    "France": Area("exile", 4, ("Irish Sea", "English Channel"), major=True, exile_of="lancaster", sea_only=True),
    "Calais": Area("exile", 4, ("North Sea", "English Channel"), major=True, exile_of="york", sea_only=True),
}

# Area -> facts, one dict per area with the keys of Area (seas as a list).
AREAS: dict[str, dict] = {
    name: {
        "kind": row.kind,
        "seas": list(row.seas),
        "major": row.major,
        "city": row.city,
        "city_side": row.city_side,
        "crown": row.crown,
        "cathedral": row.cathedral,
        "wales": row.wales,
        "exile_of": row.exile_of,
        "sea_only": row.sea_only,
        "limit": row.limit,
    }
    for name, row in _AREAS.items()
}
