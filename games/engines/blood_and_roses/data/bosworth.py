"""Bosworth, 22 August 1485: a schematic STAND-IN layout (data file §4), not the published battle book.

Map 32x22 hexes at 50 yards; Fenn Lane along row 08; the marsh between the armies; Richard's slight
ridge (level 1, columns 25-28); Crown Hill and the hill north of Dadlington (level 1); Dadlington
village. Ratings, Flight Levels, marker mix, the Stanley defection roll and nightfall are stand-ins
(the published values are in the battle book); the seizure counts (Henry 4, Richard 3) and
Northumberland's activation 1 with a roll on automatic activations are from play reports.
"""

from __future__ import annotations

E, NE, NW, W = 0, 1, 2, 3

# STAND-INS (not published values), in one table. Tuned with `python -m bench.playouts blood_and_roses`
# so that when both sides seek battle (the "purposeful" policy) nearly every game ends with an army
# failing its Loss Check, as the real battle ended with Richard's army broken: with York 18 / Lancaster
# 14 and nightfall at 40 activations one game in six still ended drawn at nightfall.
STAND_INS = {
    "flight_level": {"york": 16, "lancaster": 16},
    # No published time limit: the battle ends drawn at nightfall after this many activations.
    "nightfall": 60,
}

TERRAIN = {f"{c:02d}08": "road" for c in range(1, 33)}  # Fenn Lane
TERRAIN.update(dict.fromkeys(("1311", "1411", "1511", "1611", "1711", "1811", "1812", "1911"), "marsh"))
TERRAIN.update(dict.fromkeys(("1912", "2012", "2013", "2113", "2114"), "marsh"))
TERRAIN.update(dict.fromkeys(("1502", "1602", "1503", "1603", "1604", "0415", "0515", "0416", "0516"), "heath"))
TERRAIN.update({"1921": "village", "1922": "village"})

ELEVATION = {f"{c:02d}{r:02d}": 1 for c in range(25, 29) for r in range(2, 21)}
ELEVATION.update(dict.fromkeys(("0820", "0920", "1020", "1120", "0821", "0921", "1021", "0922", "1022"), 1))
ELEVATION.update(dict.fromkeys(("1819", "1919", "2019", "2119", "1820", "1920", "2020"), 1))

# One Battle a line: id, division (how the board stripes it), side, leader, name, flight edge, banner hex;
# then what only some have: uncommitted (the Stanleys), a roll on automatic activations (Northumberland).
ROLLS = {"roll_on_automatic": True}  # rolls even on an automatic activation (play reports)
UNCOMMITTED = {"uncommitted": True}  # joins only when the Stanleys declare
BATTLES = (
    ("norfolk", "vanguard", "york", "norfolk", "Norfolk's vanguard", "E", "2605", {}),
    ("richard", "main", "york", "richard", "Richard's main Battle", "E", "2711", {}),
    ("northumberland", "rear", "york", "northumberland", "Northumberland's rearward", "E", "2617", ROLLS),
    ("oxford", "vanguard", "lancaster", "oxford", "Oxford's Battle", "W", "1107", {}),
    ("henry", "main", "lancaster", "henry", "Henry's guard", "W", "0708", {}),
    ("william", "independent", "lancaster", "william", "Sir William Stanley", "S", "1121", UNCOMMITTED),
    ("stanley", "independent", "lancaster", "stanley", "Lord Stanley", "S", "2020", UNCOMMITTED),
)

# One leader a line: id, initials, name, side, Battle, hex, activation, range, charisma, CinC, king.
LEADERS = (
    ("richard", "R", "Richard III", "york", "richard", "2610", 3, 4, 1, True, True),
    ("norfolk", "Nf", "Norfolk", "york", "norfolk", "2506", 3, 3, 1, False, False),
    ("northumberland", "Nb", "Northumberland", "york", "northumberland", "2515", 1, 3, 0, False, False),
    ("oxford", "Ox", "Oxford", "lancaster", "oxford", "1207", 4, 4, 1, False, False),
    ("henry", "H", "Henry Tudor", "lancaster", "henry", "0808", 2, 3, 0, True, False),
    ("william", "WS", "Sir William Stanley", "lancaster", "william", "1020", 3, 3, 1, False, False),
    ("stanley", "TS", "Thomas, Lord Stanley", "lancaster", "stanley", "1919", 2, 3, 0, False, False),
)

# One unit a line: id, type, Battle, hex, facing (the vertex it faces).
UNITS = (
    ("Y-MM1", "MM", "norfolk", "2503", W),
    ("Y-LB1", "LB", "norfolk", "2504", W),
    ("Y-Art1", "Art", "norfolk", "2505", W),
    ("Y-LB2", "LB", "norfolk", "2506", W),
    ("Y-Inf1", "Inf", "norfolk", "2507", W),
    ("Y-Inf2", "Inf", "norfolk", "2508", W),
    ("Y-DM1", "DM", "richard", "2509", W),
    ("Y-LB3", "LB", "richard", "2510", W),
    ("Y-Inf3", "Inf", "richard", "2511", W),
    ("Y-Inf4", "Inf", "richard", "2512", W),
    ("Y-Inf5", "Inf", "richard", "2513", W),
    ("Y-MM2", "MM", "richard", "2610", W),
    ("Y-MM3", "MM", "richard", "2611", W),
    ("Y-Inf6", "Inf", "northumberland", "2514", W),
    ("Y-LB4", "LB", "northumberland", "2515", W),
    ("Y-MM4", "MM", "northumberland", "2516", W),
    ("Y-LB5", "LB", "northumberland", "2517", W),
    ("Y-Cav1", "Cav", "northumberland", "2615", W),
    ("Y-Cav2", "Cav", "northumberland", "2616", W),
    ("L-Lvy1", "Lvy", "oxford", "1202", E),
    ("L-MM1", "MM", "oxford", "1203", E),
    ("L-Inf1", "Inf", "oxford", "1204", E),
    ("L-A1", "A", "oxford", "1205", E),
    ("L-Inf2", "Inf", "oxford", "1206", E),
    ("L-LB1", "LB", "oxford", "1207", E),
    ("L-Art1", "Art", "oxford", "1208", E),
    ("L-LB2", "LB", "oxford", "1209", E),
    ("L-Inf3", "Inf", "oxford", "1210", E),
    ("L-Lvy2", "Lvy", "oxford", "1211", E),
    ("L-MM2", "MM", "oxford", "1212", E),
    ("L-HG1", "HG", "henry", "0807", E),
    ("L-MM3", "MM", "henry", "0808", E),
    ("L-Inf4", "Inf", "henry", "0809", E),
    ("L-Inf5", "Inf", "henry", "0810", E),
    ("S-MM1", "MM", "william", "0920", NE),
    ("S-MM2", "MM", "william", "1020", NE),
    ("S-LB1", "LB", "william", "1120", NE),
    ("S-Inf1", "Inf", "william", "1021", NE),
    ("S-Inf2", "Inf", "stanley", "1819", NW),
    ("S-LB2", "LB", "stanley", "1919", NW),
    ("S-Inf3", "Inf", "stanley", "2019", NW),
    ("S-MM3", "MM", "stanley", "2119", NW),
)
LIMBERED = {"Y-Art1": False, "L-Art1": True}  # BR-7.6a: how the guns start
NATIONALITY = {"L-Inf1": "Welsh", "L-A1": "French", "L-Inf2": "French", "L-Inf4": "French"}  # BR-2.2f

# Seizure markers (BR-6.3), one a line: side, id, kind, and the range of an Opportunity marker.
SEIZURE = (
    ("lancaster", "L1", "opportunity", 6),
    ("lancaster", "L2", "battle_cry", None),
    ("lancaster", "L3", "near_miss", None),
    ("lancaster", "L4", "into_the_breach", None),
    ("york", "Y1", "opportunity", 5),
    ("york", "Y2", "negation", None),
    ("york", "Y3", "treachery", None),
)


def _battles() -> dict:
    keys = ("division", "side", "leader", "name", "flight_edge", "banner")
    return {bid: {**dict(zip(keys, rest, strict=True)), **extra} for bid, *rest, extra in BATTLES}


def _leaders() -> dict:
    leaders = {}
    for lid, initials, name, side, battle, h, activation, reach, charisma, cinc, king in LEADERS:
        leader = {"initials": initials, "name": name, "side": side, "battle": battle, "hex": h}
        leader.update({"activation": activation, "range": reach, "charisma": charisma})
        leaders[lid] = {**leader, **({"cinc": True} if cinc else {}), **({"king": True} if king else {})}
    return leaders


def _units() -> dict:
    units = {}
    for uid, kind, battle, h, facing in UNITS:
        units[uid] = {"type": kind, "battle": battle, "hex": h, "facing": facing}
        if uid in LIMBERED:
            units[uid]["limbered"] = LIMBERED[uid]
        if uid in NATIONALITY:
            units[uid]["nationality"] = NATIONALITY[uid]
    return units


def _seizure() -> dict:
    markers: dict[str, list] = {"lancaster": [], "york": []}
    for side, mid, kind, reach in SEIZURE:
        markers[side].append({"id": mid, "kind": kind, **({"range": reach} if reach is not None else {})})
    return markers


BATTLE = {
    "name": "bosworth",
    "title": "Bosworth 1485 (schematic stand-in layout)",
    "cols": 32,
    "rows": 22,
    "terrain": TERRAIN,
    "elevation": ELEVATION,
    "hexsides": {},
    # Place names on the map (drawing only).
    "labels": [
        {"text": "Fenn Lane", "hex": "0507"},
        {"text": "Ambion Hill", "hex": "2701"},
        {"text": "the marsh", "hex": "1613"},
        {"text": "Dadlington", "hex": "2022"},
        {"text": "Crown Hill", "hex": "0922"},
    ],
    "first": "lancaster",
    "flight_level": STAND_INS["flight_level"],
    "battles": _battles(),
    "leaders": _leaders(),
    "units": _units(),
    "seizure": _seizure(),
    # Stand-in: the Tudor player may roll at the start of each automatic activation; 0-3 (40 %) and both
    # Stanley Battles join Henry. A Yorkist unit ending adjacent to a Stanley unit brings them in at once.
    "special": {"stanleys": {"battles": ["william", "stanley"], "roll_max": 3, "roller": "lancaster"}},
    "nightfall": STAND_INS["nightfall"],
}
