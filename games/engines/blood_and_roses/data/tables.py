"""STAND-IN player-aid tables (BR-14.1c): every value here is the project's own invention, not GMT's.

The published Blood & Roses tables (Fire/Range DRM chart, Fire Results Table, Shock and Charge Tables,
Weapon System Matrix, shock-defence values, movement allowances, Terrain Effects Chart) are not in the
rulebook text. These stand-ins are shaped so that every result type can occur and calibrated so that
equal foot units one against one (Inf vs Inf, net DRM +1) give about 3 attacker-adverse and 5 defender
Disorder/Retreat rows out of 10 (data file §2.7). Replace any value here with the published one; no
rule code needs to change. RULES.md lists every table as a stand-in.
"""

from __future__ import annotations

TABLES_TITLE = "Stand-in tables (not the published Blood & Roses player aids)"

UNIT_TYPES = ("MM", "Cav", "DM", "UH", "Inf", "Lvy", "LB", "A", "HG", "Art")
MOUNTED = ("MM", "Cav")
MISSILE = ("LB", "A", "HG", "Art")

# Stand-in movement allowances (MP); a Disordered unit has one less (BR-14.2b).
MOVEMENT_ALLOWANCE = {"MM": 6, "Cav": 8, "DM": 4, "UH": 4, "Inf": 5, "Lvy": 4, "LB": 5, "A": 5, "HG": 5, "Art": 2}
LEADER_MA = 5  # BR-7.1i (rule value, not a stand-in)

# BR-12.3l, A24 (rule values): the shock DRM by the side of the defender attacked; attackers on more than
# one side get SHOCK_ANGLE_SIDES.
SHOCK_ANGLE = {"front": 0, "left": 2, "right": 2, "rear": 3}
SHOCK_ANGLE_SIDES = 4

# Stand-in shock-defence DRM printed on each counter (BR-2.2g, BR-12.3q): added to the attacker's DR.
SHOCK_DEFENCE = {"MM": 0, "Cav": 1, "DM": 0, "UH": 1, "Inf": 1, "Lvy": 1, "LB": 1, "A": 1, "HG": 2, "Art": 2}

# Stand-in Weapon System Matrix (BR-12.3s): attacker type -> defender type -> DRM; missing = 0.
# Rule examples kept: Inf vs Inf 0, DM vs Inf +1. Types absent as rows cannot initiate shock (A28).
WEAPON_MATRIX = {
    "MM": {"MM": 0, "Cav": 1, "DM": 0, "UH": 1, "Inf": 1, "Lvy": 2, "LB": 2, "A": 2, "HG": 2, "Art": 2},
    "Cav": {"MM": -2, "DM": -2, "UH": -1, "Inf": -1, "Lvy": 0, "LB": 1, "A": 1, "HG": 1, "Art": 1},
    "DM": {"MM": 0, "Cav": 1, "DM": 0, "UH": 1, "Inf": 1, "Lvy": 1, "LB": 1, "A": 1, "HG": 1, "Art": 1},
    "UH": {"MM": -1, "DM": -1, "Inf": 0, "LB": 1, "A": 1, "HG": 1, "Art": 1},
    "Inf": {"MM": -1, "Cav": 0, "DM": -1, "UH": 0, "Inf": 0, "Lvy": 0, "LB": 1, "A": 1, "HG": 1, "Art": 1},
    "Lvy": {"MM": -2, "Cav": -1, "DM": -2, "UH": -1, "Inf": -1, "Lvy": 0, "LB": 0, "A": 0, "HG": 0, "Art": 1},
}

# Stand-in Fire/Range DRM chart (BR-11.1b, BR-11.3a): type -> range -> DRM; the longest range listed is
# the maximum. Rule values kept: LB +1 at range 1; Art reaches 10 hexes.
RANGE_DRM = {
    "LB": {1: 1, 2: 0, 3: 0, 4: -1, 5: -2},
    "A": {1: 0, 2: 0, 3: -1},
    "HG": {1: 1, 2: 0, 3: -1},
    "Art": {1: 1, 2: 1, 3: 1, 4: 0, 5: 0, 6: 0, 7: -1, 8: -1, 9: -2, 10: -2},
}
# Stand-in situational fire DRMs; the rule values (BR-11.3c) are: target DM -1, firing over units -1,
# Disordered firer -2, Routed target +2. Stand-in addition: target mounted +1.
FIRE_DRM = {"target_DM": -1, "over_units": -1, "firer_disordered": -2, "target_routed": 2, "target_mounted": 1}

# Stand-in Fire Results Table (BR-11.3b, BR-14.1b): column -> rows of (lowest modified DR, result).
# Results: "-" none, "D" Disordered, "R" Retreat, "U" Unhorsed (MM only), "Rt" Rout, "E" eliminated.
FIRE_RESULTS = {
    "foot": ((-99, "-"), (6, "D"), (9, "R"), (11, "Rt"), (12, "E")),
    "foot_disordered": ((-99, "-"), (5, "D"), (7, "R"), (9, "Rt"), (11, "E")),
    "mounted": ((-99, "-"), (5, "D"), (8, "U"), (10, "R"), (11, "Rt"), (12, "E")),
    "mounted_disordered": ((-99, "-"), (4, "D"), (6, "U"), (8, "R"), (9, "Rt"), (11, "E")),
}

# Stand-in Shock and Charge Tables (BR-12.3e/f, BR-14.1b): column -> rows of (lowest modified DR,
# attacker result, defender result, continued attack). Attacker results: "-", "D" Disordered, "RD"
# attacker's choice Retreat or Disorder. Defender results: "-", "D", "R", "Rt", "E".
SHOCK_TABLE = {
    "normal": (
        (-99, "RD", "-", False),
        (1, "D", "-", False),
        (4, "-", "-", False),
        (6, "-", "D", False),
        (8, "-", "R", False),
        (9, "-", "D", True),
        (10, "-", "R", False),
        (11, "-", "Rt", False),
        (12, "-", "Rt", True),
        (13, "-", "E", False),
    ),
    "disordered": (
        (-99, "RD", "-", False),
        (1, "D", "-", False),
        (3, "-", "-", False),
        (5, "-", "R", False),
        (7, "-", "Rt", False),
        (8, "-", "R", True),
        (9, "-", "Rt", False),
        (10, "-", "Rt", True),
        (11, "-", "E", False),
    ),
}
CHARGE_TABLE = {
    "normal": (
        (-99, "RD", "-", False),
        (1, "D", "-", False),
        (3, "-", "-", False),
        (4, "-", "D", False),
        (6, "-", "D", True),
        (7, "-", "R", False),
        (8, "-", "Rt", False),
        (10, "-", "Rt", True),
        (11, "-", "E", False),
    ),
    "disordered": (
        (-99, "RD", "-", False),
        (1, "D", "-", False),
        (2, "-", "-", False),
        (3, "-", "R", False),
        (5, "-", "Rt", False),
        (7, "-", "Rt", True),
        (9, "-", "E", False),
    ),
}

# Stand-in Terrain Effects Chart (BR-2.1b, BR-7.1c/n): terrain -> class -> MP cost, "NA", or ("D", cost)
# for "may become Disordered"; "shock" is the DRM by attacker class (BR-12.3m); "blocks" = blocks LOS
# (BR-11.4b); "no_charge" = a charge may not enter or target it (BR-13.3k).
TERRAIN = {
    "clear": {"foot": 1, "mounted": 1, "shock": {"foot": 0, "mounted": 0}},
    "road": {"foot": 1, "mounted": 1, "shock": {"foot": 0, "mounted": 0}},
    "heath": {"foot": 2, "mounted": 2, "shock": {"foot": 0, "mounted": -1}},
    "marsh": {"foot": 3, "mounted": ("D", 3), "shock": {"foot": -1, "mounted": -2}, "no_charge": True},
    "village": {"foot": 2, "mounted": 3, "shock": {"foot": -1, "mounted": -2}, "blocks": True, "no_charge": True},
    "woods": {"foot": 2, "mounted": 3, "shock": {"foot": -1, "mounted": -2}, "blocks": True, "no_charge": True},
    "hedge": {"foot": 2, "mounted": 2, "shock": {"foot": -1, "mounted": -1}, "hg_blocks": True, "no_charge": True},
    "pond": {"foot": "NA", "mounted": "NA", "shock": {"foot": 0, "mounted": 0}},
}
# Stand-in hexside features: extra MP (or "NA"), shock DRM by attacker class when attacking across,
# whether a charge may cross (BR-13.3j).
HEXSIDES = {
    "stream": {"cost": 1, "shock": {"foot": -1, "mounted": -1}, "no_charge": False},
    "river": {"cost": 3, "shock": {"foot": -2, "mounted": -2}, "no_charge": True},
    "hedge": {"cost": 1, "shock": {"foot": -1, "mounted": -2}, "no_charge": True, "hg_blocks": True},
    "impassable": {"cost": "NA", "shock": {"foot": 0, "mounted": 0}, "no_charge": True},
}
CLIMB_COST = 1  # stand-in: +1 MP to move up one elevation level
TERRAIN_D_DISORDER_MAX = 4  # stand-in "D" procedure (A41): DR 0-4 on entry and the unit is Disordered

# Rule values (not stand-ins), kept beside the tables they complete.
FLIGHT_POINTS = {"MM": 3, "DM": 3, "UH": 3, "Cav": 2, "LB": 2, "A": 1, "HG": 1, "Inf": 1, "Lvy": 1, "Art": 0}
LEADER_FP, CINC_FP, KING_FP = 2, 5, 10  # BR-3.0f/g/i
REPLACEMENT = {"activation": 1, "range": 2, "charisma": 0}  # stand-in replacement-leader side
