"""STAND-IN 1688 set-up (20.2): where every leader and corps starts. The published set-up is not available.

CORPS_SETUP: space -> list of (power, count). LEADER_SETUP: leader -> space ("out": not yet in play).
"""

from __future__ import annotations

CORPS_SETUP: dict[str, list[tuple[str, int]]] = {
    "lille": [("france", 4)],
    "metz": [("france", 3)],
    "strasbourg": [("france", 2)],
    "briancon": [("france", 1)],
    "perpignan": [("france", 2)],
    "paris": [("france", 1)],
    "london": [("jacobites", 3)],
    "dublin": [("jacobites", 1)],
    "amsterdam": [("dutch", 3)],
    "breda": [("dutch", 1)],
    "brussels": [("spain", 2)],
    "barcelona": [("spain", 1)],
    "milan": [("spain", 1)],
    "es_box": [("empire", 3), ("subsidy", 2)],
    "vienna": [("austria", 2)],
    "innsbruck": [("austria", 1)],
    "munich": [("bavaria", 2)],
}

LEADER_SETUP: dict[str, str] = {
    "luxembourg": "lille",
    "boufflers": "metz",
    "duras": "strasbourg",
    "catinat": "briancon",
    "noailles": "perpignan",
    "vauban": "lille",
    "tesse": "paris",
    "lorges": "metz",
    "james": "london",
    "marlborough": "london",
    "claverhouse": "out",  # NY-7.2.6a: arrives with Scotland Rises
    "william": "amsterdam",
    "waldeck": "breda",
    "athlone": "amsterdam",
    "gastanaga": "brussels",
    "lorraine": "es_box",
    "baden": "es_box",
    "eugene": "vienna",
    "max_emanuel": "munich",
    "victor_amadeus": "out",  # enters with Savoy in 1690 (NY-7.2.1b)
    "schomberg": "out",  # comes with the Glorious Revolution
}

# NY-7.2.6a: four Jacobite corps available at the start, the fifth only with Claverhouse.
JACOBITE_HELD_BACK = 1
# Savoy's corps enter in Turin when Savoy joins (1690, NY-7.2.1b).
SAVOY_ENTRY = [("turin", 2), ("cuneo", 1)]
# Glorious Revolution (20.2.5, provisional): British corps placed in London when it happens.
GR_BRITISH = 2
SEA_START = {"atlantic": "bourbon", "mediterranean": "bourbon"}  # observed: Bourbons began with the Atlantic
