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

TERRAIN = {f"{c:02d}08": "road" for c in range(1, 33)}
TERRAIN.update(
    {
        h: "marsh"
        for h in (
            "1311",
            "1411",
            "1511",
            "1611",
            "1711",
            "1811",
            "1812",
            "1911",
            "1912",
            "2012",
            "2013",
            "2113",
            "2114",
        )
    }
)
TERRAIN.update({h: "heath" for h in ("1502", "1602", "1503", "1603", "1604", "0415", "0515", "0416", "0516")})
TERRAIN.update({"1921": "village", "1922": "village"})

ELEVATION = {f"{c:02d}{r:02d}": 1 for c in range(25, 29) for r in range(2, 21)}
ELEVATION.update({h: 1 for h in ("0820", "0920", "1020", "1120", "0821", "0921", "1021", "0922", "1022")})
ELEVATION.update({h: 1 for h in ("1819", "1919", "2019", "2119", "1820", "1920", "2020")})


def _units(battle: str, facing: int, rows: list[tuple[str, str, str]]) -> dict:
    return {uid: {"type": t, "battle": battle, "hex": h, "facing": facing} for uid, t, h in rows}


UNITS: dict = {}
UNITS.update(
    _units(
        "norfolk",
        W,
        [
            ("Y-MM1", "MM", "2503"),
            ("Y-LB1", "LB", "2504"),
            ("Y-Art1", "Art", "2505"),
            ("Y-LB2", "LB", "2506"),
            ("Y-Inf1", "Inf", "2507"),
            ("Y-Inf2", "Inf", "2508"),
        ],
    )
)
UNITS.update(
    _units(
        "richard",
        W,
        [
            ("Y-DM1", "DM", "2509"),
            ("Y-LB3", "LB", "2510"),
            ("Y-Inf3", "Inf", "2511"),
            ("Y-Inf4", "Inf", "2512"),
            ("Y-Inf5", "Inf", "2513"),
            ("Y-MM2", "MM", "2610"),
            ("Y-MM3", "MM", "2611"),
        ],
    )
)
UNITS.update(
    _units(
        "northumberland",
        W,
        [
            ("Y-Inf6", "Inf", "2514"),
            ("Y-LB4", "LB", "2515"),
            ("Y-MM4", "MM", "2516"),
            ("Y-LB5", "LB", "2517"),
            ("Y-Cav1", "Cav", "2615"),
            ("Y-Cav2", "Cav", "2616"),
        ],
    )
)
UNITS.update(
    _units(
        "oxford",
        E,
        [
            ("L-Lvy1", "Lvy", "1202"),
            ("L-MM1", "MM", "1203"),
            ("L-Inf1", "Inf", "1204"),
            ("L-A1", "A", "1205"),
            ("L-Inf2", "Inf", "1206"),
            ("L-LB1", "LB", "1207"),
            ("L-Art1", "Art", "1208"),
            ("L-LB2", "LB", "1209"),
            ("L-Inf3", "Inf", "1210"),
            ("L-Lvy2", "Lvy", "1211"),
            ("L-MM2", "MM", "1212"),
        ],
    )
)
UNITS.update(
    _units(
        "henry",
        E,
        [
            ("L-HG1", "HG", "0807"),
            ("L-MM3", "MM", "0808"),
            ("L-Inf4", "Inf", "0809"),
            ("L-Inf5", "Inf", "0810"),
        ],
    )
)
UNITS.update(
    _units(
        "william",
        NE,
        [
            ("S-MM1", "MM", "0920"),
            ("S-MM2", "MM", "1020"),
            ("S-LB1", "LB", "1120"),
            ("S-Inf1", "Inf", "1021"),
        ],
    )
)
UNITS.update(
    _units(
        "stanley",
        NW,
        [
            ("S-Inf2", "Inf", "1819"),
            ("S-LB2", "LB", "1919"),
            ("S-Inf3", "Inf", "2019"),
            ("S-MM3", "MM", "2119"),
        ],
    )
)
UNITS["Y-Art1"]["limbered"] = False
UNITS["L-Art1"]["limbered"] = True
UNITS["L-Inf1"]["nationality"] = "Welsh"
UNITS["L-A1"]["nationality"] = "French"
UNITS["L-Inf2"]["nationality"] = "French"
UNITS["L-Inf4"]["nationality"] = "French"

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
    "battles": {
        "norfolk": {
            "division": "vanguard",
            "side": "york",
            "leader": "norfolk",
            "name": "Norfolk's vanguard",
            "flight_edge": "E",
            "banner": "2605",
        },
        "richard": {
            "division": "main",
            "side": "york",
            "leader": "richard",
            "name": "Richard's main Battle",
            "flight_edge": "E",
            "banner": "2711",
        },
        "northumberland": {
            "division": "rear",
            "side": "york",
            "leader": "northumberland",
            "name": "Northumberland's rearward",
            "flight_edge": "E",
            "banner": "2617",
            "roll_on_automatic": True,
        },
        "oxford": {
            "division": "vanguard",
            "side": "lancaster",
            "leader": "oxford",
            "name": "Oxford's Battle",
            "flight_edge": "W",
            "banner": "1107",
        },
        "henry": {
            "division": "main",
            "side": "lancaster",
            "leader": "henry",
            "name": "Henry's guard",
            "flight_edge": "W",
            "banner": "0708",
        },
        "william": {
            "division": "independent",
            "side": "lancaster",
            "leader": "william",
            "name": "Sir William Stanley",
            "flight_edge": "S",
            "banner": "1121",
            "uncommitted": True,
        },
        "stanley": {
            "division": "independent",
            "side": "lancaster",
            "leader": "stanley",
            "name": "Lord Stanley",
            "flight_edge": "S",
            "banner": "2020",
            "uncommitted": True,
        },
    },
    "leaders": {
        "richard": {
            "initials": "R",
            "name": "Richard III",
            "side": "york",
            "battle": "richard",
            "hex": "2610",
            "activation": 3,
            "range": 4,
            "charisma": 1,
            "cinc": True,
            "king": True,
        },
        "norfolk": {
            "initials": "Nf",
            "name": "Norfolk",
            "side": "york",
            "battle": "norfolk",
            "hex": "2506",
            "activation": 3,
            "range": 3,
            "charisma": 1,
        },
        "northumberland": {
            "initials": "Nb",
            "name": "Northumberland",
            "side": "york",
            "battle": "northumberland",
            "hex": "2515",
            "activation": 1,
            "range": 3,
            "charisma": 0,
        },
        "oxford": {
            "initials": "Ox",
            "name": "Oxford",
            "side": "lancaster",
            "battle": "oxford",
            "hex": "1207",
            "activation": 4,
            "range": 4,
            "charisma": 1,
        },
        "henry": {
            "initials": "H",
            "name": "Henry Tudor",
            "side": "lancaster",
            "battle": "henry",
            "hex": "0808",
            "activation": 2,
            "range": 3,
            "charisma": 0,
            "cinc": True,
        },
        "william": {
            "initials": "WS",
            "name": "Sir William Stanley",
            "side": "lancaster",
            "battle": "william",
            "hex": "1020",
            "activation": 3,
            "range": 3,
            "charisma": 1,
        },
        "stanley": {
            "initials": "TS",
            "name": "Thomas, Lord Stanley",
            "side": "lancaster",
            "battle": "stanley",
            "hex": "1919",
            "activation": 2,
            "range": 3,
            "charisma": 0,
        },
    },
    "units": UNITS,
    "seizure": {
        "lancaster": [
            {"id": "L1", "kind": "opportunity", "range": 6},
            {"id": "L2", "kind": "battle_cry"},
            {"id": "L3", "kind": "near_miss"},
            {"id": "L4", "kind": "into_the_breach"},
        ],
        "york": [
            {"id": "Y1", "kind": "opportunity", "range": 5},
            {"id": "Y2", "kind": "negation"},
            {"id": "Y3", "kind": "treachery"},
        ],
    },
    # Stand-in: the Tudor player may roll at the start of each automatic activation; 0-3 (40 %) and both
    # Stanley Battles join Henry. A Yorkist unit ending adjacent to a Stanley unit brings them in at once.
    "special": {"stanleys": {"battles": ["william", "stanley"], "roll_max": 3, "roller": "lancaster"}},
    "nightfall": STAND_INS["nightfall"],
}
