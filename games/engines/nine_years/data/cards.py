"""STAND-IN 55-card deck: 30 Action cards (values 1-3) and 25 Event cards from the war's real events.

The published card texts are not available. Effects are ours and deliberately simple; each is one of the
kinds interpreted by provisional/events.py. ``year1693``: the card is set aside and added in 1693 (NY-5.2.2a).
"""

from __future__ import annotations

# Action cards: id -> value (number of actions, observed 1-3).
ACTION_CARDS: dict[str, int] = {f"A{n:02d}": (1 if n <= 10 else 2 if n <= 22 else 3) for n in range(1, 31)}

# Event cards: id -> (title, effect, year1693). Effects: (kind, *args).
EVENT_CARDS: dict[str, tuple[str, tuple, bool]] = {
    "E01": ("The Glorious Revolution: the Bill of Rights", ("vp", 1), False),
    "E02": ("The Boyne", ("reduce", "bourbon", "ireland", 2), False),
    "E03": ("Beachy Head", ("sea", "atlantic", "bourbon"), False),
    "E04": ("Barfleur–La Hogue", ("sea", "atlantic", "alliance"), False),
    "E05": ("Fleurus", ("reduce", "alliance", "lowcountries", 2), False),
    "E06": ("Steenkerque", ("reduce", "alliance", "lowcountries", 1), False),
    "E07": ("Neerwinden", ("reduce", "alliance", "lowcountries", 2), True),
    "E08": ("First siege of Namur", ("fortress_strength", "namur"), False),
    "E09": ("Second siege of Namur", ("fortress_strength", "namur"), True),
    "E10": ("Marsaglia", ("reduce", "alliance", "italy", 2), True),
    "E11": ("Staffarda", ("reduce", "alliance", "savoy", 1), False),
    "E12": ("Savoy's separate peace", ("savoy_peace",), True),
    "E13": ("Scotland Rises", ("scotland_rises",), False),
    "E14": ("Scottish Pacification", ("pacification",), False),
    "E15": ("Death of Louvois", ("lasting_resource_points", "bourbon", -1), False),
    "E16": ("Death of the Duke of Lorraine", ("death", "lorraine"), False),
    "E17": ("Relief of Derry", ("relief", "derry"), False),
    "E18": ("Treaty of Limerick", ("vp", 1), False),
    "E19": ("Great Famine", ("resource_points", "bourbon", -2), True),
    "E20": ("Bombardment of Brussels", ("vp", -1), False),
    "E21": ("Siege of Barcelona", ("fortress_strength", "barcelona"), False),
    "E22": ("Capitation tax", ("resource_points", "bourbon", 2), False),
    "E23": ("Subsidies of the Grand Alliance", ("resource_points", "alliance", 2), False),
    "E24": ("Frontenac's raids", ("king_williams_war", "bourbon"), False),
    "E25": ("Phips takes Port Royal", ("king_williams_war", "alliance"), False),
}

# What each kind of effect does, in words (PROVISIONAL.md 9 and the cards on the board): msgids, their
# fields filled by decks.event_text from the effect's arguments.
EFFECT_TEXTS: dict[str, str] = {
    "vp": "VP {delta} (the {gainer} gain {amount}).",
    "reduce": "Up to {count} full {side} corps in {region} are reduced (by space in alphabetical order).",
    "sea": "The {side} take control of the {sea} sea zone.",
    "fortress_strength": "If {space} is held by a side and its FS is above 1, its FS is lowered by 1 (an FS marker).",
    "relief": "{space} is restored to its full FS.",
    "lasting_resource_points": "The {side} receive {delta} RP every year from now on (lasting).",
    "resource_points": "The {side} receive {delta} RP in this year's Reinforcement Phase.",
    "death": "If {leader} is on his named side, he dies: his counter turns to his minor side for good (no VP).",
    "king_williams_war": "The King William's War marker moves one box toward the {side} end; VP changes by the "
    "difference.",
    "scotland_rises": "After the Revolution, if no Alliance corps is in the Highlands: Claverhouse and the "
    "fifth Jacobite corps enter the Highlands, which turn Bourbon (no VP). Otherwise no effect.",
    "pacification": "Edinburgh and the Highlands turn Alliance wherever no Bourbon corps stands (no VP).",
    "savoy_peace": "If Savoy is at war and the Bourbon hold a Savoyard fortress, the Bourbon may declare "
    "Savoy neutral at once (rule 7.2.1d–h, VP −1).",
}
